// Red team round 24, R24-10 (left25/npm23 decide-scripts: a workspace member's scripts judged against deny rules):
// `npm run g --workspaces`, `pnpm -r g`, `yarn workspace m g`, `yarn workspaces foreach run g`, `bun --filter m g`
// are judged, but yarn 1's `yarn workspaces run g` (runs g in every workspace: checked with yarn 1.22.22 on this
// machine) and lerna's `lerna run g` / `npx lerna run g` (the npm script in every package, by lerna's docs; lerna
// not installed) are not. Under `deny @coder exec git push*` + `allow @coder exec *` each is allowed while the
// member's g is `git push origin main`. (R23-13's other task runners are being fixed; lerna was not in its list.)
import { writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe } from 'vitest';
import { decideRows, execDecider } from './helpers.js';

const PUSH = 'git push origin main';

const decide = execDecider(async (box) => {
  await writeFile(join(box.root, 'package.json'), JSON.stringify({ name: 'root', private: true, workspaces: ['packages/*'] }));
  await writeFile(join(box.root, 'lerna.json'), JSON.stringify({ packages: ['packages/*'], version: '0.0.0' }));
  await mkdir(join(box.root, 'packages/m'), { recursive: true });
  await writeFile(join(box.root, 'packages/m/package.json'), JSON.stringify({ name: 'm', version: '1.0.0', scripts: { g: PUSH, build: 'tsc -p .' } }));
});

describe('R24-10: runners of every workspace member\'s script', () => {
  decideRows(decide, 'not allow', 'deny git push*: %s is not allowed', ['yarn workspaces run g', 'lerna run g', 'npx lerna run g', 'lerna run g --scope m']);

  decideRows(decide, 'not allow', 'control (held): %s is not allowed', ['npm run g --workspaces', 'pnpm -r g', 'yarn workspace m g', 'yarn workspaces foreach run g', 'bun --filter m g']);

  decideRows(decide, 'allow', 'friction control: %s stays allowed', ['lerna run build', 'yarn workspaces run build', 'lerna run build --scope m', 'lerna list', 'lerna run nothing-here']);
});
