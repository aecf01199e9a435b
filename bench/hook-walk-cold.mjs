// Issue 26/31 (reach19): the CPU cost of the write gate's hook walk over a real node_modules. A temporary project
// (a hard-link copy of this repository's node_modules: vitest, eslint and their ~480 packages) with an executable
// pre-commit hook `npx vitest run` + `npx eslint .`; each `codeward --yes write` is one process of the built
// binary: `cold` with an empty state folder (nothing kept), `warm` right after another write (the kept walk is
// checked by its stamps). Prints the user+system CPU seconds (GNU time) per row, median of --runs.
//   node bench/hook-walk-cold.mjs [--runs N] [--dist DIR]... (several --dist: measured side by side, in turn)
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CLEAN_ENV, DIST, NODE, ROOT } from './lib.mjs';

const argv = process.argv.slice(2);
const runs = Number(argv.includes('--runs') ? argv[argv.indexOf('--runs') + 1] : 5);
const dists = argv.flatMap((word, at) => (word === '--dist' ? [resolve(argv[at + 1])] : []));
if (dists.length === 0) dists.push(DIST);

const work = mkdtempSync(join(tmpdir(), 'cw-hook-walk-'));
const ws = join(work, 'ws');
mkdirSync(join(ws, 'src'), { recursive: true });
// Hard links: the same files as main's install, no 600 MB copy (same file system as the repository).
const copied = spawnSync('cp', ['-al', realpathSync(join(ROOT, 'node_modules')), join(ws, 'node_modules')]);
if (copied.status !== 0) throw new Error(`cp -al: ${copied.stderr}`);
writeFileSync(join(ws, 'package.json'), JSON.stringify({ name: 'bench', devDependencies: { vitest: '*', eslint: '*' } }));
writeFileSync(join(ws, 'src', 'a.ts'), 'export const a = 1;\n');
spawnSync('git', ['init', '-q'], { cwd: ws });
writeFileSync(join(ws, '.git/hooks/pre-commit'), '#!/bin/sh\nnpx vitest run\nnpx eslint .\n');
chmodSync(join(ws, '.git/hooks/pre-commit'), 0o755);

// One write as a process: CPU seconds (user + system) of it and its children.
function write(dist, home, count) {
  const env = { ...CLEAN_ENV, HOME: home, CODEWARD_STATE_DIR: join(home, 'state'), CODEWARD_NO_SERVE: '1' };
  const times = join(work, 'time.txt');
  const run = spawnSync('/usr/bin/time', ['-f', '%U %S', '-o', times, NODE, join(dist, 'bin', 'codeward.js'), '-C', ws, '--yes', '--json', 'write', '--file', 'src/a.ts', '--content', `export const a = ${count};\n`], { env, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`write exited ${run.status}: ${run.stdout.slice(0, 400)} ${run.stderr.slice(0, 400)}`);
  const [user, system] = readFileSync(times, 'utf8').trim().split('\n').pop().split(' ').map(Number);
  return user + system;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const samples = new Map(dists.flatMap((dist) => [[`${dist} cold`, []], [`${dist} warm`, []]]));
let count = 0;
for (let round = 0; round < runs; round++) {
  for (const dist of dists) {
    const home = join(work, `home-${round}-${dists.indexOf(dist)}`);
    mkdirSync(home, { recursive: true });
    samples.get(`${dist} cold`).push(write(dist, home, ++count));
    samples.get(`${dist} warm`).push(write(dist, home, ++count));
  }
}
for (const [name, values] of samples) console.log(`${name}: median ${median(values).toFixed(2)} s CPU (${values.map((v) => v.toFixed(2)).join(' ')})`);
rmSync(work, { recursive: true, force: true });
