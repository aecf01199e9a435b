// Issue 31: two builds' cold calls side by side (not part of run.mjs), for start-up changes:
//   node bench/startup-ab.mjs --before <dist of the base commit, inside this checkout so it finds node_modules> [--after dist] [--rounds N] [read|exec|tree|search ...]
// Each round runs `node -e 0`, then every call with the before and the after build, alternating, on a small
// temporary workspace in bench/.fixtures (CODEWARD_NO_SERVE=1: no warm engine); prints each median, its ratio to `node -e 0`
// and after/before, with the load average. Every call must answer ok.
import { mkdirSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { CLEAN_ENV, FIXTURES, NODE, abArgs, alternate, median } from './lib.mjs';
import { CALLS, projectWorkspace } from './loads.mjs';

const { names, builds, rounds } = abArgs(process.argv.slice(2), 'bench/startup-ab.mjs');

const work = projectWorkspace('startup-ab');
try {
  const env = { ...CLEAN_ENV, CODEWARD_NO_SERVE: '1' };
  const okJson = (r) => {
    try {
      return JSON.parse(r.stdout).ok === true ? undefined : `not ok: ${r.stdout.slice(0, 200)}`;
    } catch {
      return `exit ${r.status}: no JSON`;
    }
  };
  const calls = names.length ? names : Object.keys(CALLS);
  const cases = [{ name: 'node -e 0', command: NODE, args: ['-e', '0'], env }];
  for (const call of calls) {
    for (const [side, dist] of Object.entries(builds)) {
      // Each build's own state folder (kept answers, code caches): a shared one makes interleaved builds of
      // different identities miss each other's kept answers on every call (perf31j).
      const state = join(FIXTURES, `startup-ab-state-${side}`);
      mkdirSync(state, { recursive: true, mode: 0o700 });
      cases.push({ name: `${call} ${side}`, command: NODE, args: [join(dist, 'bin', 'codeward.js'), '-C', work, '--json', ...CALLS[call]], env: { ...env, CODEWARD_STATE_DIR: state }, check: okJson });
    }
  }
  const load = loadavg()[0];
  const { samples, errors } = alternate(cases, { runs: rounds, warmup: 2 });
  if (Object.keys(errors).length) throw new Error(`bench/startup-ab.mjs: ${JSON.stringify(errors)}`);
  const node = median(samples['node -e 0']);
  console.log(`load average ${load.toFixed(2)} -> ${loadavg()[0].toFixed(2)}; node -e 0 ${node.toFixed(1)} ms; ${rounds} rounds`);
  for (const call of calls) {
    const [b, a] = [median(samples[`${call} before`]), median(samples[`${call} after`])];
    console.log(`${call.padEnd(7)} before ${b.toFixed(1)} ms (${(b / node).toFixed(2)}x)  after ${a.toFixed(1)} ms (${(a / node).toFixed(2)}x)  after/before ${(a / b).toFixed(3)}`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
