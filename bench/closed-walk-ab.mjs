// The kept walks of a cold exec (issues 26 and 31, walk49), two builds interleaved call by call: `--sandbox off`'s
// jail (as root: the closed walk of the whole root; kept per folder in the state folder until perf42, which measured
// with this bench that the kept walk saved nothing (330 vs 327 ms CPU) and dropped it: sandbox/closed-folders.ts) and `--sandbox workspace-write` with an empty sandboxWritable folder
// (its home walks kept only when the state folder is out of every writable folder's reach: kept-across.ts
// stateUnwritable) and with none, for scale. CPU (the call and every process it waited for) and wall medians.
// Usage: node bench/closed-walk-ab.mjs --before <dist of the base commit> [--after dist] [--rounds N]
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { CLEAN_ENV, FIXTURES, abArgs, interleavedCpu, median, round } from './lib.mjs';

const { builds, rounds } = abArgs(process.argv.slice(2), 'bench/closed-walk-ab.mjs');
const DIR = join(FIXTURES, 'closed-walk-ab');
const WS = join(DIR, 'ws');
const EMPTY = join(DIR, 'empty');
const CASES = [
  ['off', 'home-none', []],
  ['workspace-write', 'home-empty', [EMPTY]],
  ['workspace-write', 'home-none', []],
];

if (!existsSync(join(DIR, '.done'))) {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(WS, { recursive: true });
  mkdirSync(EMPTY, { recursive: true });
  writeFileSync(join(WS, 'README.md'), 'walk\n');
  spawnSync('git', ['init', '-q'], { cwd: WS });
  for (const [, home, writable] of CASES) {
    mkdirSync(join(DIR, home, '.codeward'), { recursive: true });
    writeFileSync(join(DIR, home, '.codeward', 'config.json'), JSON.stringify({ sandboxWritable: writable }));
  }
  writeFileSync(join(DIR, '.done'), '');
}
const cases = [];
for (const [label, dist] of Object.entries(builds)) {
  // A copy: a rebuild meanwhile changes nothing measured.
  const copy = join(DIR, `dist-${label}`);
  rmSync(copy, { recursive: true, force: true });
  cpSync(dist, copy, { recursive: true });
  for (const [sandbox, home] of CASES) {
    const name = `${label} ${sandbox} ${home}`;
    const env = { ...CLEAN_ENV, HOME: join(DIR, home), CODEWARD_STATE_DIR: join(DIR, `state-${name.replaceAll(' ', '-')}`), CODEWARD_NO_SERVE: '1' };
    cases.push({ name, args: [join(copy, 'bin', 'codeward.js'), '-C', WS, '--json', '--sandbox', sandbox, 'exec', '--cmd', 'true', '--yes'], env });
  }
}
const load = loadavg()[0];
const samples = await interleavedCpu(cases, rounds, DIR);
console.log(`closed walk a/b: cold exec true, ${rounds} rounds interleaved (1 warm-up); load ${round(load)} -> ${round(loadavg()[0])}`);
for (const [name, { wall, cpu }] of Object.entries(samples)) console.log(`  ${name}: cpu ${round(median(cpu), 0)} ms, wall ${round(median(wall), 0)} ms`);
