// The floor of a `tree` whose listing comes from ripgrep, written in Node (issue 31):
//   node bench/floor/tree-rg.mjs RG_PATH ROOT files|exact
// prints tree's JSON envelope ({entries: [{path, type}]}, depth-first, each folder's entries by name) for ROOT.
//   files: `rg --files --null --sort path` with tree's ignore semantics; folders are derived from the file
//          paths. rg never prints a symlink, a socket or fifo, or a folder with no listed file below it,
//          so this lists less than tree does: the cheapest an rg-based tree can be.
//   exact: the same, plus what tree also lists and rg cannot: every listed folder is read (readdir through
//          its descriptor, as the jail does) for symlinks, other entries and folders with no listed file,
//          which are tested against the .gitignore files (the `ignore` package) and walked the same way.
// No jail, permission, validation or non-accessible test: bench/tree-sources.mjs times it beside `codeward
// tree` and raw rg, so the difference is what the engine's start and its per-entry work cost.
import { spawn } from 'node:child_process';
import { closeSync, constants, openSync, readFileSync, readdirSync } from 'node:fs';
import ignore from 'ignore';

const [rgPath, root, mode] = process.argv.slice(2);
const ARGS = ['--files', '--null', '--sort', 'path', '--no-config', '--no-require-git', '--no-ignore-parent', '--no-ignore-global', '--no-ignore-exclude', '--no-ignore-dot', '--iglob', '!.*', '--iglob', '!node_modules/', '--iglob', '!vendor/'];
const FD = `/proc/${process.pid}/fd/`;

// folder ('' = root) → its listed children, in rg's order (already by name)
const children = new Map([['', []]]);
function addFolder(folder) {
  const cut = folder.lastIndexOf('/');
  const parent = cut < 0 ? '' : folder.slice(0, cut);
  if (!children.has(parent)) addFolder(parent);
  children.get(parent).push({ path: folder, type: 'dir' });
  children.set(folder, []);
}

await new Promise((resolve, reject) => {
  const child = spawn(rgPath, ARGS, { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] });
  let rest;
  child.stdout.on('data', (chunk) => {
    const buf = rest ? Buffer.concat([rest, chunk]) : chunk;
    let start = 0;
    for (let end = buf.indexOf(0); end !== -1; end = buf.indexOf(0, start)) {
      const path = buf.toString('utf8', start, end);
      start = end + 1;
      const cut = path.lastIndexOf('/');
      const folder = cut < 0 ? '' : path.slice(0, cut);
      if (!children.has(folder)) addFolder(folder);
      children.get(folder).push({ path, type: 'file' });
    }
    rest = start < buf.length ? buf.subarray(start) : undefined;
  });
  child.once('error', reject);
  child.once('close', resolve);
});

const byPath = (a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
const typeOf = (dirent) => (dirent.isSymbolicLink() ? 'symlink' : dirent.isDirectory() ? 'dir' : dirent.isFile() ? 'file' : 'other');

// Reads `folder` (open at descriptor `fd`) for what rg cannot print; `layers`: the .gitignore rules above it.
function supplement(fd, folder, layers) {
  const dirents = readdirSync(FD + fd, { withFileTypes: true });
  const prefix = folder === '' ? '' : `${folder}/`;
  let own = layers;
  if (dirents.some((dirent) => dirent.name === '.gitignore')) {
    own = [...layers, { skip: prefix.length, rules: ignore().add(readFileSync(`${FD}${fd}/.gitignore`, 'utf8')) }];
  }
  const listed = children.get(folder) ?? [];
  if (!children.has(folder)) children.set(folder, listed);
  const known = new Set(listed.map((entry) => entry.path));
  let added = false;
  for (const dirent of dirents) {
    const name = dirent.name;
    if (name.charCodeAt(0) === 46 || dirent.isFile()) continue;
    const type = typeOf(dirent);
    const path = prefix + name;
    if (type === 'dir' && (known.has(path) || name === 'node_modules' || name === 'vendor')) continue;
    if (own.some((layer) => layer.rules.ignores(path.slice(layer.skip) + (type === 'dir' ? '/' : '')))) continue;
    listed.push({ path, type });
    added = true;
  }
  if (added) listed.sort(byPath);
  for (const entry of listed) {
    if (entry.type !== 'dir') continue;
    const child = openSync(`${FD}${fd}/${entry.path.slice(prefix.length)}`, constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW);
    try {
      supplement(child, entry.path, own);
    } finally {
      closeSync(child);
    }
  }
}

if (mode === 'exact') {
  const fd = openSync(root, constants.O_RDONLY | constants.O_DIRECTORY);
  supplement(fd, '', []);
  closeSync(fd);
}
const entries = [];
const emit = (folder) => {
  for (const entry of children.get(folder) ?? []) {
    entries.push(entry);
    if (entry.type === 'dir') emit(entry.path);
  }
};
emit('');
process.stdout.write(`${JSON.stringify({ ok: true, cmd: 'tree', data: { dir: '.', entries, truncated: false } })}\n`);
