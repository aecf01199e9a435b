// The cost of resolving the home catalogue and the home's secrets by real path (red team R7-11, R7-13): per
// write decision (the gate's ObeyedContext, warm FolderListings as the policy keeps them, and cold as the
// callers without one build it), and once per engine (the secret globs). A/B in one process, alternating:
// the same workspace with a HOME that links into it (a GNU stow layout over a populated home) and with an
// empty HOME (the rows of the whole decision include what the linked ~/.gitconfig costs git's part, and what
// the start-up files source: R9-4). Run: node bench/home-links.mjs (bundles the sources with esbuild into bench/.fixtures).
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const ROUNDS = 300;
const tmp = mkdtempSync(join(tmpdir(), 'cw-bench-home-'));
const entry = join(tmp, 'entry.ts');
writeFileSync(entry, [
  `export { obeyedContext } from ${JSON.stringify(join(SRC, 'permissions/obeyed-context.ts'))};`,
  `export { isObeyedLater } from ${JSON.stringify(join(SRC, 'permissions/obeyed.ts'))};`,
  `export { FolderListings } from ${JSON.stringify(join(SRC, 'workspace/listings.ts'))};`,
  `export { obeyedHomeLinks } from ${JSON.stringify(join(SRC, 'permissions/obeyed-home-links.ts'))};`,
  `export { linkedSecretGlobs } from ${JSON.stringify(join(SRC, 'sandbox/home-secrets.ts'))};`,
].join('\n'));
// Inside the repository (gitignored), so the bundle finds node_modules.
const out = fileURLToPath(new URL('.fixtures/home-links/lib.mjs', import.meta.url));
await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', outfile: out, packages: 'external', logLevel: 'silent', absWorkingDir: fileURLToPath(new URL('..', import.meta.url)) });
const lib = await import(pathToFileURL(out).href);

// A populated home: 30 dot-folders of 20 subfolders each, 40 program folders in .config; a dotfiles
// repository with 20 file links (some inside real folders), 5 folder links and 6 secret links.
const home = join(tmp, 'home');
const empty = join(tmp, 'empty-home');
const root = join(home, 'dotfiles');
mkdirSync(empty, { recursive: true });
for (let i = 0; i < 30; i++) for (let j = 0; j < 20; j++) mkdirSync(join(home, `.tool${i}`, `sub${j}`), { recursive: true });
for (let i = 0; i < 40; i++) mkdirSync(join(home, '.config', `app${i}`), { recursive: true });
for (let i = 0; i < 500; i++) mkdirSync(join(root, 'src', `m${i}`), { recursive: true });
const put = (rel) => {
  mkdirSync(join(root, rel, '..'), { recursive: true });
  writeFileSync(join(root, rel), 'x\n');
};
const link = (rel, at) => {
  mkdirSync(join(home, at, '..'), { recursive: true });
  symlinkSync(join(root, rel), join(home, at));
};
const fileLinks = [['shell/rc.sh', '.bashrc'], ['shell/profile', '.profile'], ['git/gitconfig', '.gitconfig'], ['tmux.conf', '.tmux.conf'], ['vimrc', '.vimrc'], ['kube/config', '.kube/config'], ['npmrc', '.npmrc'], ['netrc', '.netrc'], ['docker/config.json', '.docker/config.json']];
for (let i = 0; i < 15; i++) fileLinks.push([`config/app${i}/conf.toml`, `.config/app${i}/conf.toml`]);
for (const [rel, at] of fileLinks) {
  put(rel);
  link(rel, at);
}
for (const [rel, at] of [['bin', '.local/bin'], ['fish', '.config/fish'], ['nvim', '.config/nvim'], ['ssh', '.ssh'], ['aws', '.aws']]) {
  mkdirSync(join(root, rel), { recursive: true });
  link(rel, at);
}
// Start-up files that source workspace files (red team R9-4): a real ~/.zshrc with a guard, a loop and a
// variable, the linked rc.sh sourcing two more levels.
put('shell/aliases.sh');
put('shell/two.sh');
for (let i = 0; i < 8; i++) put(`zsh.d/p${i}.zsh`);
writeFileSync(join(home, '.zshrc'), 'D=$HOME/dotfiles\n[ -f $D/shell/aliases.sh ] && source $D/shell/aliases.sh\nfor f in ~/dotfiles/zsh.d/*.zsh; do . "$f"; done\n');
writeFileSync(join(root, 'shell/rc.sh'), '. ~/dotfiles/shell/two.sh\n');

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const time = (fn) => {
  const start = performance.now();
  fn();
  return performance.now() - start;
};
const warm = { [home]: new lib.FolderListings(), [empty]: new lib.FolderListings() };
const samples = { warmLinked: [], warmEmpty: [], coldLinked: [], coldEmpty: [], secretsLinked: [], secretsEmpty: [], linksLinked: [], linksEmpty: [], linksColdLinked: [], linksColdEmpty: [] };
const own = { [home]: new lib.FolderListings(), [empty]: new lib.FolderListings() };
for (let i = 0; i < ROUNDS; i++) {
  for (const [h, suffix] of [[home, 'Linked'], [empty, 'Empty']]) {
    samples[`warm${suffix}`].push(time(() => lib.isObeyedLater('src/m1/a.ts', lib.obeyedContext(root, h, warm[h]))));
    samples[`cold${suffix}`].push(time(() => lib.isObeyedLater('src/m1/a.ts', lib.obeyedContext(root, h, new lib.FolderListings()))));
    samples[`links${suffix}`].push(time(() => lib.obeyedHomeLinks([root], h, own[h])));
    samples[`linksCold${suffix}`].push(time(() => lib.obeyedHomeLinks([root], h, new lib.FolderListings())));
    samples[`secrets${suffix}`].push(time(() => lib.linkedSecretGlobs(root, [h])));
  }
}
if (!lib.isObeyedLater('shell/rc.sh', lib.obeyedContext(root, home, warm[home]))) throw new Error('the linked start-up file is not obeyed');
if (process.env.SOURCED !== '0' && !lib.isObeyedLater('zsh.d/p1.zsh', lib.obeyedContext(root, home, warm[home]))) throw new Error('the sourced file is not obeyed');
const row = (name, a, b) => console.log(`${name.padEnd(36)} linked ${median(samples[a]).toFixed(3)} ms  empty HOME ${median(samples[b]).toFixed(3)} ms  added ${(median(samples[a]) - median(samples[b])).toFixed(3)} ms`);
row('write decision, warm (the gate)', 'warmLinked', 'warmEmpty');
row('write decision, cold (no listings)', 'coldLinked', 'coldEmpty');
row('home links alone, warm', 'linksLinked', 'linksEmpty');
row('home links alone, cold', 'linksColdLinked', 'linksColdEmpty');
row('secret globs (once per engine)', 'secretsLinked', 'secretsEmpty');
rmSync(tmp, { recursive: true, force: true });
