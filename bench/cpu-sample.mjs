// Wall AND CPU time of one call and every process it waited for (bwrap, unshare, rg included): a python3 helper
// runs the calls and reads its children's rusage, whose CPU times are in µs (bash's `times` counts 10 ms ticks).
// On a loaded machine a call's wall time counts its waits for a core; its CPU time does not (issue 31's rows).
//   const sampler = cpuSampler(); const { status, wall, cpu } = await sampler.sample(command, args, cwd, env); sampler.close();
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const HELPER = `import json, resource, subprocess, sys, time
for line in sys.stdin:
    call = json.loads(line)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    status = subprocess.run(call['argv'], cwd=call['cwd'], env=call['env'], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    print(json.dumps({'status': status, 'wall': wall * 1000, 'cpu': cpu * 1000}), flush=True)
`;

export function cpuSampler() {
  const helper = spawn('python3', ['-c', HELPER], { stdio: ['pipe', 'pipe', 'inherit'] });
  const replies = createInterface({ input: helper.stdout })[Symbol.asyncIterator]();
  return {
    // { status, wall, cpu } in ms of `command args` run in `cwd` with `env`, output discarded.
    async sample(command, args, cwd, env) {
      helper.stdin.write(`${JSON.stringify({ argv: [command, ...args], cwd, env })}\n`);
      return JSON.parse((await replies.next()).value);
    },
    close: () => helper.stdin.end(),
  };
}
