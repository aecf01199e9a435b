// A hook line run in another folder by a wrapper (`env -iC pkgs/a npm run lint`, `sudo -D pkgs/a ./check.sh`): the
// hook walk (obeyed-hooks.ts) reads the wrapper's folder through the ONE table and token reader of "a wrapper runs
// its command in another folder" (wrapper-folders.ts), not a hand copy of it. The old copy knew `env -C D`,
// `env --chdir D` and `env --chdir=D` only: a short cluster (`env -iC`), an attached value (`env -CD`), sudo's `-D`,
// unshare's and nsenter's `-w`/`--wd` left the walk reading the top folder's package.json and scripts, and the
// package's own script file (the one the hook runs) was written unasked under --yes.
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const place = rowPlace('cw-hook-wrap-');
const pkg = (name: string, scripts: Record<string, string>): string => JSON.stringify({ name, scripts });
const FILES = {
  'package.json': JSON.stringify({ name: 'root', private: true }),
  'pkgs/a/package.json': pkg('@x/a', { lint: 'node l.js', build: 'node b.js' }), 'pkgs/a/l.js': '', 'pkgs/a/b.js': '', 'pkgs/a/src/index.js': '',
  'pkgs/a/check.sh': 'echo ok\n', 'pkgs/a/r.js': '', 'pkgs/a/i.mjs': '',
};

// `modeled: false`: unshare and nsenter start tasks the walk does not model (hook-unmodeled.ts): every runner file of
// the tree is obeyed then (the package's other files too), so those rows held before as well; kept as controls.
const ROWS: readonly { readonly prefix: string; readonly modeled: boolean }[] = [
  { prefix: 'env -iC pkgs/a', modeled: true }, { prefix: 'env -Cpkgs/a', modeled: true }, { prefix: 'env -i -C"pkgs/a"', modeled: true },
  { prefix: 'unshare -w pkgs/a', modeled: false }, { prefix: 'unshare --wd=pkgs/a', modeled: false }, { prefix: 'nsenter -t 1 --wd=pkgs/a', modeled: false },
];

describe('a wrapper\'s folder in a hook line, read through wrapper-folders.ts', () => {
  it.each(ROWS)('$prefix npm run lint: that package\'s manifest and script', async ({ prefix, modeled }) => {
    await checkHookRow(place.next(), place.home, { hook: `${prefix} npm run lint`, files: FILES, asks: ['pkgs/a/package.json', 'pkgs/a/l.js'], free: modeled ? ['pkgs/a/b.js', 'pkgs/a/src/index.js'] : [] });
  }, 60_000);
  it.each(['env -iC pkgs/a', 'sudo -D pkgs/a', 'sudo -nD pkgs/a', 'sudo -u root --chdir=pkgs/a'])('%s ./check.sh: the script there', async (prefix) => {
    await checkHookRow(place.next(), place.home, { hook: `${prefix} ./check.sh`, files: FILES, asks: ['pkgs/a/check.sh'], free: ['pkgs/a/src/index.js'] });
  }, 60_000);
  it('control: env -C pkgs/a (the old copy\'s spelling) still reads the package', async () => {
    await checkHookRow(place.next(), place.home, { hook: 'env -C pkgs/a npm run lint', files: FILES, asks: ['pkgs/a/package.json', 'pkgs/a/l.js'], free: ['pkgs/a/b.js', 'pkgs/a/src/index.js'] });
  }, 60_000);
  // What a line feeds to node from the folder a wrapper starts it in (hook-fed.ts read `env -C`/`--chdir` only).
  it.each(['sudo -D pkgs/a', 'env -iC pkgs/a', 'sudo --chd=pkgs/a'])('%s node -r ./r.js --import ./i.mjs l.js: the loads from there', async (prefix) => {
    await checkHookRow(place.next(), place.home, { hook: `${prefix} node -r ./r.js --import ./i.mjs l.js`, files: FILES, asks: ['pkgs/a/r.js', 'pkgs/a/i.mjs', 'pkgs/a/l.js'], free: ['pkgs/a/src/index.js'] });
  }, 60_000);
  // A package manager's own folder option (hook-tasks.ts had `--prefix`/`-C`/`--dir`/`--cwd` exact, any manager).
  it.each(['npm -Cpkgs/a run lint', 'pnpm -Cpkgs/a lint', 'pnpm --dir=pkgs/a lint', 'yarn --cwd pkgs/a lint', 'npm --prefix=pkgs/a run lint'])('%s: that package\'s script', async (hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: FILES, asks: ['pkgs/a/package.json', 'pkgs/a/l.js'], free: ['pkgs/a/b.js', 'pkgs/a/src/index.js'] });
  }, 60_000);
});
