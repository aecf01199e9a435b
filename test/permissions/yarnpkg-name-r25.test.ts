// Red team round 25, R25-7 (R24-5's fix, run-scripts.ts: yarn's install with any options runs the root lifecycle
// scripts): Debian and Ubuntu ship yarn as `yarnpkg` (apt package yarnpkg; /usr/bin/yarnpkg, the same yarn 1).
// Under `deny @coder exec git push*` + `allow @coder exec *` with preinstall/postinstall/prepare and `g` =
// `git push origin main`: `yarnpkg install`, bare `yarnpkg`, `yarnpkg g`, `yarnpkg run g` are allowed today, while
// the same words after `yarn` are not (controls).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explain, policyWith, sandbox, type Sandbox } from './helpers.js';

const DENY = ['deny @coder exec git push*', 'allow @coder exec *'];
const PUSH = 'git push origin main';

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
  await writeFile(join(box.root, 'package.json'), JSON.stringify({ name: 'p', version: '1.0.0', scripts: { preinstall: PUSH, postinstall: PUSH, prepare: PUSH, g: PUSH } }));
});
afterAll(async () => box.cleanup());
const decide = async (line: string): Promise<string> => (await explain(await policyWith(box, DENY), `@coder exec ${line}`)).decision;

describe('R25-7: yarn under its Debian name', () => {
  it.each(['yarnpkg install', 'yarnpkg', 'yarnpkg g', 'yarnpkg run g'])('deny git push*: `%s` is not allowed', async (line) => {
    expect(await decide(line)).not.toBe('allow');
  });
  it.each(['yarn install', 'yarn', 'yarn g', 'yarn run g'])('control (held): `%s` is not allowed', async (line) => {
    expect(await decide(line)).not.toBe('allow');
  });
});
