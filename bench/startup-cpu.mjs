// Issue 31: two builds' cold calls side by side by CPU time, for a loaded machine where wall time swings:
//   node bench/startup-cpu.mjs --before <dist> [--after dist] [--rounds N] [read|exec|tree|search ...]
// Like bench/startup-ab.mjs (same calls, same small workspace, interleaved rounds, CODEWARD_NO_SERVE=1), but
// each sample is the user+sys CPU of the call and every process it waited for (bash's `times` after the
// call: the sandbox's bwrap, unshare and mount included), so the load of other processes does not count.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { CLEAN_ENV, FIXTURES, NODE, abArgs, median } from './lib.mjs';
import { CALLS, projectWorkspace } from './loads.mjs';

const { names, builds, rounds } = abArgs(process.argv.slice(2), 'bench/startup-cpu.mjs');

// The CPU milliseconds `command args` and its children used (bash's `times`: children's user and sys).
function cpu(command, args, env) {
  const result = spawnSync('bash', ['-c', '"$@" >/dev/null 2>&1; echo "exit $?"; times', 'cpu', command, ...args], { env, encoding: 'utf8' });
  const lines = result.stdout.trim().split('\n');
  if (lines[0] !== 'exit 0') throw new Error(`bench/startup-cpu.mjs: ${command} ${args.join(' ')}: ${lines[0]}`);
  const seconds = (text) => { const [, m, s] = /(\d+)m([\d.]+)s/.exec(text); return Number(m) * 60 + Number(s); };
  const [user, sys] = lines.at(-1).split(' ');
  return (seconds(user) + seconds(sys)) * 1000;
}

const work = projectWorkspace('startup-cpu');
try {
  const env = { ...CLEAN_ENV, CODEWARD_NO_SERVE: '1' };
  const calls = names.length ? names : Object.keys(CALLS);
  const cases = [['node -e 0', ['-e', '0']]];
  // Each build's own state folder (kept answers and code caches): a shared one makes interleaved builds of
  // different identities miss each other's kept answers on every call (perf31j).
  const envOf = Object.fromEntries(Object.keys(builds).map((side) => {
    const state = join(FIXTURES, `startup-cpu-state-${side}`);
    mkdirSync(state, { recursive: true, mode: 0o700 });
    return [side, { ...env, CODEWARD_STATE_DIR: state }];
  }));
  for (const call of calls) for (const [side, dist] of Object.entries(builds)) cases.push([`${call} ${side}`, [join(dist, 'bin', 'codeward.js'), '-C', work, '--json', ...CALLS[call]], envOf[side]]);
  const samples = Object.fromEntries(cases.map(([name]) => [name, []]));
  const load = loadavg()[0];
  for (let round = 0; round < rounds + 2; round += 1) {
    // alternate the order each round; the first two rounds warm the file cache and are dropped
    for (const [name, args, caseEnv] of round % 2 ? [...cases].reverse() : cases) {
      const ms = cpu(NODE, args, caseEnv ?? env);
      if (round >= 2) samples[name].push(ms);
    }
  }
  const node = median(samples['node -e 0']);
  console.log(`load average ${load.toFixed(2)} -> ${loadavg()[0].toFixed(2)}; node -e 0 ${node.toFixed(1)} ms CPU; ${rounds} rounds`);
  for (const call of calls) {
    const [b, a] = [median(samples[`${call} before`]), median(samples[`${call} after`])];
    console.log(`${call.padEnd(7)} CPU before ${b.toFixed(1)} ms (${(b / node).toFixed(2)}x)  after ${a.toFixed(1)} ms (${(a / node).toFixed(2)}x)  after/before ${(a / b).toFixed(3)}`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
