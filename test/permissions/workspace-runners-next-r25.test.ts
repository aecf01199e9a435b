// Red team round 25, R25-10 (R24-10's fix: yarn workspaces run / lerna run [--scope] read members' scripts): the next
// spellings. A workspace (package.json workspaces, lerna.json, pnpm-workspace.yaml: packages/*) whose packages/m
// scripts `g`/`preg` = `git push origin main`; under `deny @coder exec git push*` + `allow @coder exec *`:
// `lerna run --scope m g` (the option before the script: yargs takes it anywhere), `lerna exec -- npm run g` /
// `lerna exec npm run g` / `npx lerna exec -- npm run g` (the command run in every package's folder), `pnpm -r
// --parallel g`, `pnpm --recursive exec npm run g`, `npm exec -w m -- npm run g` are allowed today; `lerna run g
// --scope m`, `pnpm -r run g`, `npm run g -w m` are not (controls). lerna/pnpm by their docs (not installed here).
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explain, policyWith, sandbox, type Sandbox } from './helpers.js';

const DENY = ['deny @coder exec git push*', 'allow @coder exec *'];
const PUSH = 'git push origin main';
const FILES: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'r', version: '1.0.0', workspaces: ['packages/*'] }),
  'lerna.json': JSON.stringify({ version: '1.0.0', packages: ['packages/*'] }),
  'pnpm-workspace.yaml': 'packages: ["packages/*"]\n',
  'packages/m/package.json': JSON.stringify({ name: 'm', version: '1.0.0', scripts: { g: PUSH, preg: PUSH } }),
};

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
  for (const [file, text] of Object.entries(FILES)) {
    await mkdir(dirname(join(box.root, file)), { recursive: true });
    await writeFile(join(box.root, file), text);
  }
});
afterAll(async () => box.cleanup());
const decide = async (line: string): Promise<string> => (await explain(await policyWith(box, DENY), `@coder exec ${line}`)).decision;

describe('R25-10: workspace members\' scripts, the next spellings', () => {
  it.each(['lerna run --scope m g', 'lerna exec -- npm run g', 'lerna exec npm run g', 'npx lerna exec -- npm run g', 'pnpm -r --parallel g', 'pnpm --recursive exec npm run g', 'npm exec -w m -- npm run g'])('deny git push*: `%s` is not allowed', async (line) => {
    expect(await decide(line)).not.toBe('allow');
  });
  it.each(['lerna run g --scope m', 'pnpm -r run g', 'npm run g -w m', 'yarn workspaces foreach -A run g'])('control (held): `%s` is not allowed', async (line) => {
    expect(await decide(line)).not.toBe('allow');
  });
});
