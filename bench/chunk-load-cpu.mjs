// Issue 31: what LOADING a set of bundle chunks costs, apart from running anything (not part of run.mjs).
//   node bench/chunk-load-cpu.mjs [--dist DIR ...] [--rounds N] GROUP[+GROUP...] ...
// For each build (one or more --dist; dist/ by default) and each GROUP list (chunk name prefixes as
// scripts/chunk-groups.mjs names them: bin-core, cli-core, obeyed, exec-core ...), a fresh Node process imports
// every chunk file of those groups and reports its own CPU time (user+sys) for the imports; the median of
// --rounds (7) processes, interleaved across builds. A lever that moves code out of a call's chunks shows here
// as the difference between two builds, without the call's work or its child processes (bwrap, git) around it.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DIST, NODE, median } from './lib.mjs';

const argv = process.argv.slice(2);
const dists = argv.flatMap((arg, index) => (argv[index - 1] === '--dist' ? [resolve(arg)] : []));
const rounds = Number(argv.includes('--rounds') ? argv[argv.indexOf('--rounds') + 1] : 7);
const groups = argv.filter((arg, index) => !arg.startsWith('--') && !['--dist', '--rounds'].includes(argv[index - 1] ?? ''));
if (groups.length === 0) {
  console.error('usage: node bench/chunk-load-cpu.mjs [--dist DIR ...] [--rounds N] GROUP[+GROUP...] ...');
  process.exit(2);
}
const builds = dists.length > 0 ? dists : [DIST];

// The process each sample runs: imports the files named on its command line, prints its CPU in ms.
const CHILD = `const t = process.cpuUsage();
for (const file of process.argv.slice(1)) await import('file://' + file);
const u = process.cpuUsage(t);
console.log((u.user + u.system) / 1000);`;

function chunksOf(dist, list) {
  const names = list.split('+');
  const files = readdirSync(join(dist, 'chunks')).filter((file) => file.endsWith('.js') && names.some((name) => file.startsWith(`${name}-`)));
  const missing = names.filter((name) => !files.some((file) => file.startsWith(`${name}-`)));
  if (missing.length > 0) throw new Error(`${dist}: no chunk of group ${missing.join(', ')}`);
  return files.map((file) => join(dist, 'chunks', file));
}

const samples = new Map();
for (let round = 0; round < rounds; round += 1) {
  for (const list of groups) {
    for (const dist of builds) {
      const run = spawnSync(NODE, ['--input-type=module', '-e', CHILD, ...chunksOf(dist, list)], { encoding: 'utf8' });
      if (run.status !== 0) throw new Error(`${dist} ${list}: ${run.stderr}`);
      const key = `${list}\t${dist}`;
      samples.set(key, [...(samples.get(key) ?? []), Number(run.stdout.trim())]);
    }
  }
}
console.log(`${rounds} rounds; median CPU ms of importing the groups' chunks (no call run)`);
for (const [key, values] of samples) {
  const [list, dist] = key.split('\t');
  console.log(`${list.padEnd(40)} ${median(values).toFixed(1).padStart(7)}  ${dist}`);
}
