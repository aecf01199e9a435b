// Red team round 23, R23-6 (class npm23 decide-scripts: a runner's scripts judged against deny/ask rules): npm's own
// commands run the ROOT package's lifecycle scripts — `npm install`/`npm i`/`npm ci`/`npm install-test`/`npm cit`
// run preinstall, install, postinstall and prepare; `npm pack`/`npm publish` prepack and prepare; `npm version`
// preversion/version/postversion. decide-scripts judges `npm run x`/`npm test`/`npm start`/`npm restart`/`npm stop`
// (denied) but not these. Checked with npm 11.19 on this machine (offline, no dependencies): `npm install` printed
// what preinstall, postinstall and prepare run; `npm ci` the same; `npm pack --dry-run` prepack and prepare; `npm
// version patch --no-git-tag-version` preversion. (pnpm install and a bare `yarn` (= yarn install) run the same
// root scripts by their documentation; pnpm/yarn are not installed here. `yarn install` itself is judged: control.)
// Today each line is allowed under `deny @coder exec git push*` + `allow @coder exec *`, and runs `git push`.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explain, policyWith, sandbox, type Sandbox } from './helpers.js';

const DENY = ['deny @coder exec git push*', 'allow @coder exec *'];
const PUSH = 'git push origin main';
const SCRIPTS = { preinstall: PUSH, postinstall: PUSH, prepare: PUSH, prepack: PUSH, prepublishOnly: PUSH, preversion: PUSH, start: PUSH, restart: PUSH, test: 'vitest run' };

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
  await writeFile(join(box.root, 'package.json'), JSON.stringify({ name: 'p', version: '1.0.0', scripts: SCRIPTS }));
});
afterAll(async () => box.cleanup());
const decide = async (line: string): Promise<string> => (await explain(await policyWith(box, DENY), `@coder exec ${line}`)).decision;

describe('R23-6: npm commands that run the root package\'s lifecycle scripts', () => {
  it.each([
    'npm install',
    'npm i',
    'npm ci',
    'npm install-test',
    'npm cit',
    'npm pack',
    'npm publish',
    'npm version patch',
    'pnpm install',
    'yarn',
  ])('deny git push*: %s is not allowed', async (line) => {
    expect(await decide(line)).not.toBe('allow');
  });

  it.each(['npm start', 'npm restart', 'npm run start', 'yarn install'])('control (held): %s is denied', async (line) => {
    expect(await decide(line)).toBe('deny');
  });
});

describe('lifecycle scripts judged, not guessed', () => {
  it.each(['npm ci --no-audit', 'npm i -D vitest', 'npm install --prefer-offline'])('deny git push*: %s (options change no lifecycle script) is not allowed', async (line) => {
    expect(await decide(line)).not.toBe('allow');
  });

  it('a package without lifecycle scripts installs freely under the same rules', async () => {
    const plain = await sandbox();
    try {
      await writeFile(join(plain.root, 'package.json'), JSON.stringify({ name: 'q', version: '1.0.0', scripts: { test: 'vitest run', build: 'tsc' } }));
      for (const line of ['npm install', 'npm ci', 'npm pack', 'pnpm install', 'yarn']) expect((await explain(await policyWith(plain, DENY), `@coder exec ${line}`)).decision).toBe('allow');
    } finally {
      await plain.cleanup();
    }
  });
});
