// Red team round 25, R25-9 (npm23/runners26 + ci82 "a runner after cd asks under a deny rule"): a package script or
// task run from a folder the LINE moves to is judged from the call's own folder. Under `deny @coder exec git push*`
// + `allow @coder exec *`, with sub/package.json `g` = `git push origin main` (also packages/m of a workspace, and
// sub's Makefile / justfile recipe g): `cd sub && npm run g`, `cd sub; npm run g`, `(cd sub && npm run g)`,
// `pushd sub && npm run g`, `env -C sub npm run g`, `cd sub && yarn g`, `cd sub && make g`, `cd sub && just g` are
// allowed today; `npm --prefix sub run g` and `make -C sub g` are not (controls). The root package.json has no `g`.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explain, policyWith, sandbox, type Sandbox } from './helpers.js';

const DENY = ['deny @coder exec git push*', 'allow @coder exec *'];
const PUSH = 'git push origin main';
const FILES: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'r', version: '1.0.0', scripts: { test: 'echo ok' } }),
  'sub/package.json': JSON.stringify({ name: 's', version: '1.0.0', scripts: { g: PUSH } }),
  'sub/Makefile': `g:\n\t${PUSH}\n`,
  'sub/justfile': `g:\n\t${PUSH}\n`,
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

describe('R25-9: a runner the line runs after moving to another folder', () => {
  it.each(['cd sub && npm run g', 'cd sub; npm run g', '(cd sub && npm run g)', 'pushd sub && npm run g', 'env -C sub npm run g', 'cd sub && yarn g', 'cd sub && make g', 'cd sub && just g'])('deny git push*: `%s` is not allowed', async (line) => {
    expect(await decide(line)).not.toBe('allow');
  });
  it.each(['npm --prefix sub run g', 'make -C sub g', 'npm run test && git push origin main'])('control (held): `%s` is not allowed', async (line) => {
    expect(await decide(line)).not.toBe('allow');
  });
});

describe('R25-9, held-back spellings and controls', () => {
  it.each(['cd "$D" && npm run g', 'cd ~/x && npm run g', 'cd - && npm run g', 'cd .. && npm run g', 'env --chdir=sub npm run g', '(cd sub; make g); echo done'])('deny git push*: `%s` is not allowed', async (line) => {
    expect(await decide(line)).not.toBe('allow');
  });
  it.each(['cd sub && npm run missing', 'npm test', 'cd sub && ls'])('control: `%s` stays allowed', async (line) => {
    expect(await decide(line)).toBe('allow');
  });
});
