// Issue 31 (perf44): a sandboxed `exec true` whose view cache misses, two builds interleaved, by CPU:
//   node bench/view-miss-ab.mjs --before <dist> [--after dist] [--rounds N]
// Before each call the walk's kept answer `toolchains+scripts` is dropped from the build's view-cache.json, as when
// a shown folder's times changed (pyenv's shims under `pyenv rehash`): the walk is made again, and the scripts of
// every shown bin folder are judged again, or (script-verdicts.ts) only those whose identity changed. Each sample is
// the CPU of the call and every process it waited for (cpu-sample.mjs); the first two rounds are dropped.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { cpuSampler } from './cpu-sample.mjs';
import { CLEAN_ENV, FIXTURES, NODE, abArgs, median } from './lib.mjs';
import { CALLS, projectWorkspace } from './loads.mjs';

const { builds, rounds } = abArgs(process.argv.slice(2), 'bench/view-miss-ab.mjs');

// The walk's kept answer dropped from every view-cache.json of `state` (one per workspace).
function dropWalk(state) {
  const folder = join(state, 'workspaces');
  for (const name of readdirSync(folder, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    const file = join(folder, name.name, 'view-cache.json');
    try {
      const kept = JSON.parse(readFileSync(file, 'utf8'));
      delete kept.entries['toolchains+scripts'];
      writeFileSync(file, JSON.stringify(kept));
    } catch {
      // Not written yet.
    }
  }
}

const work = projectWorkspace('view-miss');
const sampler = cpuSampler();
try {
  const sides = Object.entries(builds).map(([side, dist]) => {
    const state = join(FIXTURES, `view-miss-state-${side}`);
    mkdirSync(join(state, 'workspaces'), { recursive: true, mode: 0o700 });
    return { side, state, args: [join(dist, 'bin', 'codeward.js'), '-C', work, '--json', ...CALLS.exec], env: { ...CLEAN_ENV, CODEWARD_NO_SERVE: '1', CODEWARD_STATE_DIR: state } };
  });
  const samples = Object.fromEntries(sides.map(({ side }) => [side, []]));
  const load = loadavg()[0];
  for (let round = 0; round < rounds + 2; round += 1) {
    for (const { side, state, args, env } of round % 2 ? [...sides].reverse() : sides) {
      dropWalk(state);
      const { status, cpu } = await sampler.sample(NODE, args, work, env);
      if (status !== 0) throw new Error(`bench/view-miss-ab.mjs: ${side}: exit ${status}`);
      if (round >= 2) samples[side].push(cpu);
    }
  }
  const [b, a] = [median(samples.before), median(samples.after)];
  console.log(`load average ${load.toFixed(2)} -> ${loadavg()[0].toFixed(2)}; ${rounds} rounds; exec true, view walk made again`);
  console.log(`CPU before ${b.toFixed(1)} ms  after ${a.toFixed(1)} ms  after/before ${(a / b).toFixed(3)}`);
} finally {
  sampler.close();
  rmSync(work, { recursive: true, force: true });
}
