// Issue 26/31 (pkgfast25): the CPU of one installed package's own reach (src/permissions/node-package-reach.ts), cold,
// per package: each of its files scanned (strings, templates, regular expressions, comments), judged by the scoped
// taint rule (program mode: vite, eslint...) or by default deny (--strict: a preload). Each measure is a fresh
// process (nothing kept), median of --runs; several --src folders (another checkout's src/) are measured side by
// side, in turn, and the ratio to the first printed.
//   node bench/package-reach-cpu.mjs [--runs N] [--strict] [--src DIR]... [--top DIR] [package...]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { NODE, ROOT } from './lib.mjs';

const argv = process.argv.slice(2);
const valued = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const runs = Number(valued('--runs', 5));
const strict = argv.includes('--strict');
const top = resolve(valued('--top', ROOT));
const srcs = argv.flatMap((word, at) => (word === '--src' ? [resolve(argv[at + 1])] : []));
if (srcs.length === 0) srcs.push(join(ROOT, 'src'));
const skip = new Set(argv.flatMap((word, at) => (['--runs', '--src', '--top'].includes(word) ? [at, at + 1] : word === '--strict' ? [at] : [])));
const named = argv.filter((_word, at) => !skip.has(at));
const packages = named.length > 0 ? named : ['typescript', 'vite', 'vitest', 'eslint'];

const work = mkdtempSync(join(tmpdir(), 'cw-reach-cpu-'));
// One bundle per src: reads with node's fs (no jail: the cost measured is the scan and the rules).
const bundles = await Promise.all(srcs.map(async (src, at) => {
  const entry = join(work, `entry-${at}.mjs`);
  writeFileSync(entry, `import { readFileSync, realpathSync, statSync } from 'node:fs';
import { packageReach } from ${JSON.stringify(join(src, 'permissions', 'node-package-reach.ts'))};
const read = (p) => { try { return readFileSync(p, 'utf8'); } catch { return undefined; } };
const isFile = (p) => { try { return statSync(p).isFile(); } catch { return false; } };
const [top, name, strict] = process.argv.slice(2);
const folder = realpathSync(top + '/node_modules/' + name);
const files = [];
// The files read first (the disk cache warm, the parse of the bundle done): only the scan and rules are timed.
packageReach(folder, top, (p) => (files.push(p), read(p)), isFile, undefined, strict === '1');
const texts = new Map(files.map((p) => [p, read(p)]));
const start = process.cpuUsage();
const reach = packageReach(folder, top, (p) => texts.get(p) ?? read(p), isFile, undefined, strict === '1');
const used = process.cpuUsage(start);
console.log(JSON.stringify({ ms: (used.user + used.system) / 1000, unknown: reach.unknown ?? null }));
`);
  const outfile = join(work, `bundle-${at}.mjs`);
  await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', outfile, logLevel: 'error', absWorkingDir: ROOT });
  return outfile;
}));

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const name of packages) {
  const samples = srcs.map(() => []);
  const verdicts = srcs.map(() => '');
  for (let round = 0; round < runs; round++) {
    bundles.forEach((bundle, at) => {
      const run = spawnSync(NODE, [bundle, top, name, strict ? '1' : '0'], { encoding: 'utf8' });
      if (run.status !== 0) throw new Error(`${name}: ${run.stderr.slice(0, 400)}`);
      const { ms, unknown } = JSON.parse(run.stdout.trim().split('\n').pop());
      samples[at].push(ms);
      verdicts[at] = unknown === null ? 'free' : `unknown: ${unknown.slice(0, 100)}`;
    });
  }
  const first = median(samples[0]);
  srcs.forEach((src, at) => console.log(`${name} ${strict ? 'strict' : 'program'} ${src}: median ${median(samples[at]).toFixed(0)} ms CPU (x${(median(samples[at]) / first).toFixed(2)}) ${verdicts[at]}`));
}
rmSync(work, { recursive: true, force: true });
