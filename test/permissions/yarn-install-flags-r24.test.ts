// Red team round 24, R24-5 (lead's fix of R23-6, run-scripts.ts LIFECYCLE / decide-scripts.ts): `yarn install` is
// judged against deny rules (its root lifecycle scripts run), but the same install with the options every CI uses
// is not: `yarn install --frozen-lockfile` (yarn 1), `yarn install --immutable` (yarn 2+), a bare `yarn
// --frozen-lockfile`. Checked with yarn 1.22.22 (npx) on this machine: `yarn install --frozen-lockfile` ran the root
// package's preinstall, install, postinstall and prepare. Today each is allowed under `deny @coder exec git push*`
// + `allow @coder exec *` while those scripts are `git push origin main`.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explain, policyWith, sandbox, type Sandbox } from './helpers.js';

const DENY = ['deny @coder exec git push*', 'allow @coder exec *'];
const PUSH = 'git push origin main';

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
  await writeFile(join(box.root, 'package.json'), JSON.stringify({ name: 'p', version: '1.0.0', scripts: { preinstall: PUSH, postinstall: PUSH, prepare: PUSH } }));
});
afterAll(async () => box.cleanup());
const decide = async (line: string): Promise<string> => (await explain(await policyWith(box, DENY), `@coder exec ${line}`)).decision;

describe('R24-5: yarn\'s install with options', () => {
  it('deny git push*: yarn install with only a `prepare` script pushing is not allowed', async () => {
    const only = await sandbox();
    try {
      await writeFile(join(only.root, 'package.json'), JSON.stringify({ name: 'p', version: '1.0.0', scripts: { prepare: PUSH } }));
      expect((await explain(await policyWith(only, DENY), '@coder exec yarn install')).decision).not.toBe('allow');
    } finally {
      await only.cleanup();
    }
  });

  it.each([
    'yarn install --frozen-lockfile',
    'yarn install --immutable',
    'yarn --frozen-lockfile',
    'yarn install --production',
    'yarn install --check-files',
    'yarn --silent',
    'yarn -s',
  ])('deny git push*: %s is not allowed', async (line) => {
    expect(await decide(line)).not.toBe('allow');
  });

  it.each(['yarn install', 'yarn', 'npm ci', 'pnpm install --frozen-lockfile'])('control (held): %s is not allowed', async (line) => {
    expect(await decide(line)).not.toBe('allow');
  });
});

describe('R24-5 class: npm audit fix installs (its lifecycle scripts run)', () => {
  it.each(['npm audit fix'])('%s is not allowed', async (line) => {
    expect(await decide(line)).not.toBe('allow');
  });

  it.each(['npm ls', 'npm view zod version', 'npm outdated', 'npm audit', 'npm --version', 'yarn --version'])('friction control: %s stays allowed', async (line) => {
    expect(await decide(line)).toBe('allow');
  });
});
