// rows28 (from red team round 26's test/redteam26/npm-dependencies-script.test.ts; red on integ 45e7d8c5).
// Red team round 26 on canon27/npm23 (package-manager lines read for the scripts they run): npm's `dependencies`
// life-cycle script (pre/post too) runs after ANY change to node_modules, `npm uninstall`/`npm rm` included. Under
// `deny @coder exec git push*` + `allow @coder exec *`, with package.json `dependencies` script (and pre/post) =
// `git push origin main` and a dependency `dep` installed:
// - R26-11: `npm install`, `npm i dep`, `npm ci`, `npm update`, `npm uninstall dep`, `npm rm dep`, `npm un dep`,
//   `npm remove dep` are all allowed: the `dependencies` scripts are not read by any command (the same commands
//   with a `postinstall` script in ctl/ are not allowed: controls). Checked with npm 11.19.1 offline (`npm uninstall dep` printed the
//   predependencies/dependencies/postdependencies scripts' output; npm docs "Life Cycle Operation Order": dependencies
//   runs "after any operations that modify the node_modules directory").
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe } from 'vitest';
import { decideRows, execDecider } from './helpers.js';

const PUSH = 'git push origin main';
const FILES: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'r', version: '1.0.0', dependencies: { dep: 'file:dep' }, scripts: { predependencies: PUSH, dependencies: PUSH, postdependencies: PUSH } }),
  'dep/package.json': JSON.stringify({ name: 'dep', version: '1.0.0' }),
  'node_modules/dep/package.json': JSON.stringify({ name: 'dep', version: '1.0.0' }),
  'ctl/package.json': JSON.stringify({ name: 'c', version: '1.0.0', scripts: { postinstall: PUSH } }),
};
const decide = execDecider(async (box) => {
  for (const [file, text] of Object.entries(FILES)) {
    await mkdir(dirname(join(box.root, file)), { recursive: true });
    await writeFile(join(box.root, file), text);
  }
});

describe('R26-11: npm commands that change node_modules run the `dependencies` scripts', () => {
  decideRows(decide, 'not allow', 'deny git push*: `%s` is not allowed', ['npm install', 'npm i dep', 'npm ci', 'npm update', 'npm uninstall dep', 'npm rm dep', 'npm un dep', 'npm remove dep', 'npm r dep', 'npm unlink dep', 'npm prune', 'npm dedupe', 'pnpm remove dep'], undefined, 60_000);
});

describe('controls (held)', () => {
  decideRows(decide, 'not allow', 'deny git push*: `%s` is not allowed', ['npm --prefix ctl install', 'npm --prefix ctl ci', 'cd ctl && npm i dep'], undefined, 60_000);
});

// Friction: an ordinary `dependencies` script (a build step) stays free to run by every such command.
const plain = execDecider(async (box) => {
  await writeFile(join(box.root, 'package.json'), JSON.stringify({ name: 'p', version: '1.0.0', scripts: { dependencies: 'tsc -b', postinstall: 'node setup.js' } }));
});
describe('controls (free)', () => {
  decideRows(plain, 'allow', 'deny git push*: `%s` stays allowed', ['npm install', 'npm rm dep', 'npm uninstall dep', 'npm prune'], undefined, 60_000);
});
