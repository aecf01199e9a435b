// Red team R27-4 past the bound of masks (issue git31): what each way of keeping unreachable LOOSE objects out
// of a sandboxed run costs, at 16 / 64 / 512 / 5000 unreachable objects in a repository of COMMITS x FILES
// reachable loose objects (40 x 50: ~2,080 loose objects git reaches), as bwrap `true` medians:
//   base    no mount over the objects (today's `exec true` floor on this machine);
//   masks   today: one empty-file bind per unreachable object (bounded at 32; past it git is hidden);
//   folder  option (a): a read-only tmpfs per fan-out folder holding an unreachable object + a bind of each
//           reachable object of those folders back in;
//   view    option (b, built): the objects folder bound from a view of copies in the state folder, the real
//           pack/ and info/ bound inside it (3 mounts whatever the count);
// and the view's build cost (objects-view.ts syncObjectsView): cold, warm (nothing to do), one new object.
// Option (c, built: objects-pack-view.ts) (a filtered pack of the reachable set): `git pack-objects --stdout` of
// `rev-list --objects --all --reflog --indexed-objects` + `index-pack`, for this repository and a ~20,000-object
// one (PACK_REPO=/path adds one of yours: only read).
// Run: node bench/unreachable-objects-view.mjs (bundles the sources with esbuild into bench/.fixtures).
import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const COUNTS = (process.env.BENCH_COUNTS ?? '16,64,512,5000').split(',').map(Number);
const COMMITS = 40;
const FILES = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const tmp = mkdtempSync(join(tmpdir(), 'cw-bench-objview-'));
const entry = join(tmp, 'entry.ts');
writeFileSync(entry, `export { syncObjectsView } from ${JSON.stringify(join(SRC, 'sandbox/objects-view.ts'))};\n`);
const out = fileURLToPath(new URL('.fixtures/unreachable-objects-view/lib.mjs', import.meta.url));
await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', outfile: out, packages: 'external', logLevel: 'silent', absWorkingDir: fileURLToPath(new URL('..', import.meta.url)) });
const lib = await import(pathToFileURL(out).href);

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const env = { PATH: process.env.PATH, HOME: tmp, GIT_CONFIG_NOSYSTEM: '1' };
const git = (cwd, args, input) => {
  const result = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@e', ...args], { cwd, encoding: 'utf8', env, input, maxBuffer: 1 << 28 });
  if (result.status !== 0) throw new Error(result.stderr);
  return result.stdout.trim();
};
const time = (fn) => {
  const start = performance.now();
  fn();
  return performance.now() - start;
};

function repository(name, commits, files) {
  const root = join(tmp, name);
  mkdirSync(root);
  git(root, ['init', '-q']);
  for (let c = 0; c < commits; c++) {
    for (let f = 0; f < files; f++) writeFileSync(join(root, `f${f}.txt`), `${c} ${f}\n`);
    git(root, ['add', '-A']);
    git(root, ['commit', '-qm', `c${c}`]);
  }
  return root;
}

const root = repository('repo', COMMITS, FILES);
const objects = join(root, '.git', 'objects');
const reachable = git(root, ['rev-list', '--objects', '--all', '--reflog', '--indexed-objects']).split('\n').map((line) => line.slice(0, 40));
const empty = join(tmp, 'empty');
writeFileSync(empty, '');
const base = ['--ro-bind', '/', '/', '--dev', '/dev', '--unshare-net'];
const bwrap = (args) => time(() => {
  const result = spawnSync('bwrap', [...args, 'true']);
  if (result.status !== 0) throw new Error(String(result.stderr));
});
const path = (id) => join(objects, id.slice(0, 2), id.slice(2));
console.log(`repository: ${reachable.length} reachable loose objects`);
let made = 0;
for (const count of COUNTS) {
  // Dangling blobs up to `count` (one hash-object call).
  const more = [];
  for (let i = made; i < count; i++) more.push(`secret ${i}\n`);
  const dir = join(tmp, `blobs-${count}`);
  mkdirSync(dir);
  more.forEach((text, i) => writeFileSync(join(dir, String(i)), text));
  if (more.length > 0) git(root, ['hash-object', '-w', ...more.map((_, i) => join(dir, String(i)))]);
  made = count;
  const known = new Set(reachable);
  const loose = readdirSync(objects).filter((d) => /^[0-9a-f]{2}$/.test(d)).flatMap((d) => readdirSync(join(objects, d)).map((n) => d + n));
  const unreachable = loose.filter((id) => !known.has(id));
  const masks = unreachable.flatMap((id) => ['--ro-bind', empty, path(id)]);
  const folders = [...new Set(unreachable.map((id) => id.slice(0, 2)))];
  const back = loose.filter((id) => known.has(id) && folders.includes(id.slice(0, 2)));
  const folder = [...folders.flatMap((d) => ['--tmpfs', join(objects, d)]), ...back.flatMap((id) => ['--ro-bind', path(id), path(id)]), ...folders.flatMap((d) => ['--remount-ro', join(objects, d)])];
  const view = join(tmp, `view-${count}`, 'objects');
  const cold = time(() => lib.syncObjectsView(view, objects, reachable));
  const warm = median(Array.from({ length: 5 }, () => time(() => lib.syncObjectsView(view, objects, reachable))));
  const views = ['--ro-bind', view, objects, '--ro-bind', join(objects, 'pack'), join(objects, 'pack'), '--ro-bind', join(objects, 'info'), join(objects, 'info')];
  const rows = { base: [], masks: [], folder: [], view: [] };
  // bwrap refuses more than 9000 arguments; option (a) past ~500 mounts takes seconds: measured twice.
  const fits = (args) => args.length + base.length < 8900;
  const slow = folder.length / 3 > 500;
  for (let round = 0; round < ROUNDS + 1; round++) {
    const a = bwrap(base);
    const b = fits(masks) ? bwrap([...base, ...masks]) : NaN;
    const c = !fits(folder) || (slow && round > 2) ? NaN : bwrap([...base, ...folder]);
    const d = bwrap([...base, ...views]);
    if (round === 0) continue;
    rows.base.push(a);
    if (!Number.isNaN(b)) rows.masks.push(b);
    if (!Number.isNaN(c)) rows.folder.push(c);
    rows.view.push(d);
  }
  const m = Object.fromEntries(Object.entries(rows).map(([k, v]) => [k, v.length > 0 ? median(v) : NaN]));
  const r = (k) => (Number.isNaN(m[k]) ? 'n/a (over bwrap\'s 9000 arguments)' : `${m[k].toFixed(1)} ms (${(m[k] / m.base).toFixed(2)}x)`);
  console.log(`${String(count).padStart(5)} unreachable: base ${m.base.toFixed(1)} ms | masks (${unreachable.length} mounts) ${r('masks')} | folder (${folders.length} tmpfs + ${back.length} binds) ${r('folder')} | view (3 mounts) ${r('view')} | view build cold ${cold.toFixed(0)} ms, warm ${warm.toFixed(1)} ms`);
}
// One new reachable object: the view's incremental build.
writeFileSync(join(root, 'new.txt'), 'new\n');
git(root, ['add', 'new.txt']);
git(root, ['commit', '-qm', 'new']);
const now = git(root, ['rev-list', '--objects', '--all', '--reflog', '--indexed-objects']).split('\n').map((line) => line.slice(0, 40));
console.log(`view after one commit (3 new objects): ${time(() => lib.syncObjectsView(join(tmp, `view-${COUNTS.at(-1)}`, 'objects'), objects, now)).toFixed(1)} ms`);

// Option (c): a pack of the reachable set, written into a state-like folder.
// As objects-pack-view.ts makes it: `pack-objects --stdout` (a base name would put tmp_pack_* in the
// repository's own objects/pack first) into a file, then `index-pack` there, outside any repository.
const packTime = (repo) => {
  const list = git(repo, ['rev-list', '--objects', '--all', '--reflog', '--indexed-objects']).split('\n').map((line) => line.slice(0, 40));
  const dir = mkdtempSync(join(tmp, 'pack-'));
  const took = time(() => {
    const fd = openSync(join(dir, 'p.pack'), 'w');
    const packed = spawnSync('git', ['pack-objects', '--stdout', '-q'], { cwd: repo, env, input: `${list.join('\n')}\n`, stdio: ['pipe', fd, 'ignore'] });
    closeSync(fd);
    const indexed = spawnSync('git', ['index-pack', '-o', 'p.idx', 'p.pack'], { cwd: dir, env: { ...env, GIT_CEILING_DIRECTORIES: tmp }, stdio: 'ignore' });
    if (packed.status !== 0 || indexed.status !== 0) throw new Error('pack failed');
  });
  return `${list.length} objects: ${took.toFixed(0)} ms`;
};
console.log(`option (c) pack-objects of the reachable set: bench repository ${packTime(root)}`);
const big = repository('big', 200, 100);
console.log(`option (c) pack-objects of the reachable set: ~20k-object loose repository ${packTime(big)}`);
git(big, ['gc', '-q']);
console.log(`option (c) pack-objects of the reachable set: same repository packed ${packTime(big)}`);
if (process.env.PACK_REPO) console.log(`option (c) pack-objects of the reachable set: ${process.env.PACK_REPO} ${packTime(process.env.PACK_REPO)}`);
rmSync(tmp, { recursive: true, force: true });
