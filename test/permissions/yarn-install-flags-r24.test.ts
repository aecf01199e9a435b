// Red team round 24, R24-5 (lead's fix of R23-6, run-scripts.ts LIFECYCLE / decide-scripts.ts): `yarn install` is
// judged against deny rules (its root lifecycle scripts run), but the same install with the options every CI uses
// is not: `yarn install --frozen-lockfile` (yarn 1), `yarn install --immutable` (yarn 2+), a bare `yarn
// --frozen-lockfile`. Checked with yarn 1.22.22 (npx) on this machine: `yarn install --frozen-lockfile` ran the root
// package's preinstall, install, postinstall and prepare. Today each is allowed under `deny @coder exec git push*`
// + `allow @coder exec *` while those scripts are `git push origin main`.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decideRows, DENY_PUSH, execDecider, explain, policyWith, sandbox } from './helpers.js';

const PUSH = 'git push origin main';

const decide = execDecider(async (box) => {
  await writeFile(join(box.root, 'package.json'), JSON.stringify({ name: 'p', version: '1.0.0', scripts: { preinstall: PUSH, postinstall: PUSH, prepare: PUSH } }));
});

describe('R24-5: yarn\'s install with options', () => {
  it('deny git push*: yarn install with only a `prepare` script pushing is not allowed', async () => {
    const only = await sandbox();
    try {
      await writeFile(join(only.root, 'package.json'), JSON.stringify({ name: 'p', version: '1.0.0', scripts: { prepare: PUSH } }));
      expect((await explain(await policyWith(only, DENY_PUSH), '@coder exec yarn install')).decision).not.toBe('allow');
    } finally {
      await only.cleanup();
    }
  });

  decideRows(decide, 'not allow', 'deny git push*: %s is not allowed', [
    'yarn install --frozen-lockfile',
    'yarn install --immutable',
    'yarn --frozen-lockfile',
    'yarn install --production',
    'yarn install --check-files',
    'yarn --silent',
    'yarn -s',
  ]);

  decideRows(decide, 'not allow', 'control (held): %s is not allowed', ['yarn install', 'yarn', 'npm ci', 'pnpm install --frozen-lockfile']);
});

describe('R24-5 class: npm audit fix installs (its lifecycle scripts run)', () => {
  decideRows(decide, 'not allow', '%s is not allowed', ['npm audit fix']);

  decideRows(decide, 'allow', 'friction control: %s stays allowed', ['npm ls', 'npm view zod version', 'npm outdated', 'npm audit', 'npm --version', 'yarn --version']);
});
