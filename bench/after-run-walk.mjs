// The after-run walk's cost (issues 26 and 31; sandbox/modes.ts clearRiskyModes, modes-find.ts): a CLI
// `--sandbox workspace-write exec --cmd true --yes` with a sandboxWritable cache of 100,000 files in 1,000 folders
// (red team rt39a "Cost": every exec paid 1.6-2.6 s for it), two builds interleaved call by call, and the same
// call with an empty sandboxWritable folder and with none, for scale. Each build is copied first (a rebuild meanwhile changes nothing measured).
// Usage: node bench/after-run-walk.mjs --before <dist of the base commit> [--after dist] [--rounds N]
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { CLEAN_ENV, FIXTURES, abArgs, interleavedCpu, median, round } from './lib.mjs';

const { builds, rounds } = abArgs(process.argv.slice(2), 'bench/after-run-walk.mjs');
const DIR = join(FIXTURES, 'after-run-walk');
const WS = join(DIR, 'ws');
const CACHE = join(DIR, 'cache');
const EMPTY = join(DIR, 'empty');
// The cache; an empty sandboxWritable folder (cache - empty is the walk's own cost); none.
const HOMES = [['home-cache', [CACHE]], ['home-empty', [EMPTY]], ['home-none', []]];
const FOLDERS = 1_000;
const FILES = 100;

function generate() {
  if (existsSync(join(DIR, '.done')) && existsSync(EMPTY)) return;
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(WS, { recursive: true });
  writeFileSync(join(WS, 'README.md'), 'walk\n');
  spawnSync('git', ['init', '-q'], { cwd: WS });
  for (let folder = 0; folder < FOLDERS; folder += 1) {
    const dir = join(CACHE, `p${folder % 10}`, `d${folder}`);
    mkdirSync(dir, { recursive: true });
    for (let file = 0; file < FILES; file += 1) writeFileSync(join(dir, `f${file}`), '');
  }
  mkdirSync(EMPTY, { recursive: true });
  for (const [name, writable] of HOMES) {
    mkdirSync(join(DIR, name, '.codeward'), { recursive: true });
    writeFileSync(join(DIR, name, '.codeward', 'config.json'), JSON.stringify({ sandboxWritable: writable }));
  }
  writeFileSync(join(DIR, '.done'), '');
}

generate();
const cases = [];
for (const [label, dist] of Object.entries(builds)) {
  const copy = join(DIR, `dist-${label}`);
  rmSync(copy, { recursive: true, force: true });
  cpSync(dist, copy, { recursive: true });
  for (const [home] of HOMES) {
    const env = { ...CLEAN_ENV, HOME: join(DIR, home), CODEWARD_STATE_DIR: join(DIR, `state-${label}-${home}`), CODEWARD_NO_SERVE: '1' };
    cases.push({ name: `${label} ${home}`, args: [join(copy, 'bin', 'codeward.js'), '-C', WS, '--json', '--sandbox', 'workspace-write', 'exec', '--cmd', 'true', '--yes'], env });
  }
}
// Wall and CPU (user+sys of the call and every process it waited for: find, bwrap) of each call, the order of the
// cases reversed every other round; a loaded box's wall time counts its waits for a core, CPU time does not.
const load = loadavg()[0];
const samples = await interleavedCpu(cases, rounds, DIR);
const ms = (name, kind) => median(samples[name][kind]);
console.log(`after-run walk: exec true, ${FOLDERS * FILES} files in sandboxWritable, ${rounds} rounds interleaved (1 warm-up); load ${round(load)} -> ${round(loadavg()[0])} (${readFileSync('/proc/loadavg', 'utf8').trim()})`);
for (const name of Object.keys(samples)) console.log(`  ${name}: wall ${round(ms(name, 'wall'), 0)} ms, cpu ${round(ms(name, 'cpu'), 0)} ms  wall [${samples[name].wall.map((each) => round(each, 0)).join(', ')}] cpu [${samples[name].cpu.map((each) => round(each, 0)).join(', ')}]`);
for (const kind of ['wall', 'cpu']) {
  const cost = (label) => ms(`${label} home-cache`, kind) - ms(`${label} home-empty`, kind);
  console.log(`  ${kind}: the cache's cost (cache - empty) before ${round(cost('before'), 0)} ms, after ${round(cost('after'), 0)} ms (${round(cost('after') / cost('before'))}x); with the cache after/before ${round(ms('after home-cache', kind) / ms('before home-cache', kind))}`);
}
