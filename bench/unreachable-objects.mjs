// Red team R27-4 (src/sandbox/unreachable-objects.ts): what masking unreachable git objects costs.
// 1. bwrap `true` with 0 and with MASKS empty-file binds over loose object files, alternating: the cost per mask.
// 2. UnreachableObjects.view on a generated repository (COMMITS commits of FILES files each, DANGLING dangling
//    blobs): cold (git asked), warm (a fresh instance reading the kept answer, as a one-shot `codeward exec`
//    does: the identity check only), and on a clean repository (no unreachable object).
// Run: node bench/unreachable-objects.mjs (bundles the sources with esbuild into bench/.fixtures).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const MASKS = Number(process.env.BENCH_MASKS ?? 64);
const COMMITS = 40;
const FILES = 50;
const DANGLING = 20;
const ROUNDS = 30;
const tmp = mkdtempSync(join(tmpdir(), 'cw-bench-unreach-'));
const entry = join(tmp, 'entry.ts');
writeFileSync(entry, [
  `export { UnreachableObjects } from ${JSON.stringify(join(SRC, 'sandbox/unreachable-objects.ts'))};`,
  `export { repositoryOf } from ${JSON.stringify(join(SRC, 'sandbox/tracked-secrets.ts'))};`,
].join('\n'));
const out = fileURLToPath(new URL('.fixtures/unreachable-objects/lib.mjs', import.meta.url));
await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', outfile: out, packages: 'external', logLevel: 'silent', absWorkingDir: fileURLToPath(new URL('..', import.meta.url)) });
const lib = await import(pathToFileURL(out).href);

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const env = { PATH: process.env.PATH, HOME: tmp };
const git = (cwd, ...args) => {
  const result = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@e', ...args], { cwd, encoding: 'utf8', env: { ...env, GIT_CONFIG_NOSYSTEM: '1' } });
  if (result.status !== 0) throw new Error(result.stderr);
  return result.stdout.trim();
};

function repository(name, dangling) {
  const root = join(tmp, name);
  mkdirSync(root);
  git(root, 'init', '-q');
  for (let c = 0; c < COMMITS; c++) {
    for (let f = 0; f < FILES; f++) writeFileSync(join(root, `f${f}.txt`), `${c} ${f}\n`);
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', `c${c}`);
  }
  const ids = [];
  for (let d = 0; d < dangling; d++) {
    writeFileSync(join(root, '.env'), `KEY=${d}\n`);
    git(root, 'add', '-f', '.env');
    ids.push(git(root, 'rev-parse', ':.env'));
    git(root, 'rm', '-q', '--cached', '.env');
  }
  return { root, ids };
}

// 1. bwrap with masks.
const masked = repository('masked', MASKS);
const objects = join(masked.root, '.git', 'objects');
const empty = join(tmp, 'empty');
writeFileSync(empty, '');
const base = ['--ro-bind', '/', '/', '--dev', '/dev', '--unshare-net'];
const binds = masked.ids.flatMap((id) => ['--ro-bind', empty, join(objects, id.slice(0, 2), id.slice(2))]);
const bwrap = (args) => {
  const start = performance.now();
  const result = spawnSync('bwrap', [...args, 'true']);
  if (result.status !== 0) throw new Error(String(result.stderr));
  return performance.now() - start;
};
const none = [];
const many = [];
for (let round = 0; round < ROUNDS + 3; round++) {
  const a = bwrap(base);
  const b = bwrap([...base, ...binds]);
  if (round < 3) continue;
  none.push(a);
  many.push(b);
}
console.log(`bwrap true: ${median(none).toFixed(1)} ms; with ${MASKS} masks: ${median(many).toFixed(1)} ms; per mask ${((median(many) - median(none)) / MASKS * 1000).toFixed(1)} µs`);

// 2. The check: cold, warm, clean.
const time = (fn) => {
  const start = performance.now();
  fn();
  return performance.now() - start;
};
await new Promise((resolve) => setTimeout(resolve, 2_100));
for (const [name, dangling] of [['dangling', DANGLING], ['clean', 0]]) {
  const { root } = repository(`check-${name}`, dangling);
  await new Promise((resolve) => setTimeout(resolve, 2_100));
  const repo = lib.repositoryOf(root);
  const file = join(tmp, `${name}.json`);
  const cold = [];
  const warm = [];
  for (let round = 0; round < 10; round++) {
    rmSync(file, { force: true });
    cold.push(time(() => new lib.UnreachableObjects(env, file).view(repo)));
  }
  let paths = 0;
  for (let round = 0; round < ROUNDS; round++) warm.push(time(() => (paths = new lib.UnreachableObjects(env, file).view(repo).paths.length)));
  console.log(`${name} repository (${COMMITS * (FILES + 2)} objects, ${paths} masked): cold ${median(cold).toFixed(1)} ms, warm ${median(warm).toFixed(2)} ms`);
}
rmSync(tmp, { recursive: true, force: true });
