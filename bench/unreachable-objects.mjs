// Red team R27-4 (src/sandbox/unreachable-objects.ts, unreachable-quarantine.ts): what keeping unreachable git
// objects out of the sandbox's view costs, for 0 / 100 / 1000 of them.
// 1. bwrap `true`, alternating: the plain view; the view hiding the quarantine folder (one mount: what codeward
//    does); and, for reference, the design it replaced, an empty-file mask bound over each object (one mount
//    each: its cost grows faster than the count, so past 32 git was hidden).
// 2. UnreachableObjects.view on those repositories: the first call (git asked, the objects moved), warm (a fresh
//    instance reading the kept answer, as a one-shot `codeward exec` does: the identity check only).
// The whole `exec true` per count is a row of bench/sandbox.mjs. Run: node bench/unreachable-objects.mjs
// (bundles the sources with esbuild into bench/.fixtures).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const COUNTS = [0, 100, 1000];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
// The old design's masks are slow past a few hundred: fewer rounds for them.
const MASK_ROUNDS = 5;
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
const time = (fn) => {
  const start = performance.now();
  fn();
  return performance.now() - start;
};

// A repository with one commit and `count` dangling blobs (written loose by one git call), and their ids.
function repository(name, count) {
  const root = join(tmp, name);
  mkdirSync(join(root, 'blobs'), { recursive: true });
  const git = (args, input) => spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@e', ...args], { cwd: root, input, encoding: 'utf8', env: { ...env, GIT_CONFIG_NOSYSTEM: '1' } }).stdout.trim();
  git(['init', '-q']);
  writeFileSync(join(root, 'a.txt'), 'a\n');
  git(['add', 'a.txt']);
  git(['commit', '-qm', 'one']);
  const files = Array.from({ length: count }, (_, n) => join(root, 'blobs', `env-${n}`));
  for (const [n, file] of files.entries()) writeFileSync(file, `KEY=${n}\n`);
  const ids = count === 0 ? [] : git(['hash-object', '-w', '--stdin-paths'], files.join('\n')).split('\n');
  rmSync(join(root, 'blobs'), { recursive: true, force: true });
  return { root, ids };
}

// 1. bwrap.
const empty = join(tmp, 'empty');
const emptyDir = join(tmp, 'empty-dir');
writeFileSync(empty, '');
mkdirSync(emptyDir);
const base = ['--ro-bind', '/', '/', '--dev', '/dev', '--unshare-net'];
const bwrap = (args) => {
  const start = performance.now();
  const result = spawnSync('bwrap', [...args, 'true']);
  if (result.status !== 0) throw new Error(String(result.stderr));
  return performance.now() - start;
};
const repos = COUNTS.map((count) => ({ count, ...repository(`r${count}`, count) }));
const plain = [];
const hidden = [];
for (let round = 0; round < ROUNDS + 3; round++) {
  const a = bwrap(base);
  const b = bwrap([...base, '--ro-bind', emptyDir, join(repos[0].root, '.git', 'objects')]);
  if (round < 3) continue;
  plain.push(a);
  hidden.push(b);
}
console.log(`bwrap true: plain view ${median(plain).toFixed(1)} ms; hiding one folder (the quarantine) ${median(hidden).toFixed(1)} ms`);
for (const { count, root, ids } of repos.filter((repo) => repo.count > 0)) {
  const objects = join(root, '.git', 'objects');
  const binds = ids.flatMap((id) => ['--ro-bind', empty, join(objects, id.slice(0, 2), id.slice(2))]);
  const none = [];
  const masked = [];
  for (let round = 0; round < MASK_ROUNDS + 1; round++) {
    const a = bwrap(base);
    const b = bwrap([...base, ...binds]);
    if (round < 1) continue;
    none.push(a);
    masked.push(b);
  }
  console.log(`  the replaced design, ${count} masks: ${median(masked).toFixed(1)} ms (plain ${median(none).toFixed(1)} ms): ${(median(masked) / median(none)).toFixed(1)}x`);
}

// 2. The check.
await new Promise((resolve) => setTimeout(resolve, 2_100));
for (const { count, root } of repos) {
  const file = join(tmp, `kept-${count}.json`);
  const repo = lib.repositoryOf(root);
  let paths;
  const first = time(() => (paths = new lib.UnreachableObjects(env, file).view(repo)));
  // Past the file system's timestamp tick: the answer after the move is kept from the next call on.
  await new Promise((resolve) => setTimeout(resolve, 2_100));
  const second = time(() => new lib.UnreachableObjects(env, file).view(repo));
  const warm = [];
  for (let round = 0; round < ROUNDS; round++) warm.push(time(() => (paths = new lib.UnreachableObjects(env, file).view(repo))));
  console.log(`${count} unreachable: first call (git, move) ${first.toFixed(1)} ms, next (git again, kept) ${second.toFixed(1)} ms, warm ${median(warm).toFixed(2)} ms; hidden: ${paths.paths.map((entry) => entry.path.slice(root.length + 1)).join(', ') || 'nothing'}${paths.hide ? `; git hidden: ${paths.hide}` : ''}`);
}
rmSync(tmp, { recursive: true, force: true });
