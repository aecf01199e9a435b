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
import { describe, expect, it } from 'vitest';
import { decideRows, DENY_PUSH, execDecider, explain, policyWith, sandbox } from './helpers.js';

const PUSH = 'git push origin main';
const SCRIPTS = { preinstall: PUSH, postinstall: PUSH, prepare: PUSH, prepack: PUSH, prepublishOnly: PUSH, preversion: PUSH, start: PUSH, restart: PUSH, test: 'vitest run' };

const decide = execDecider(async (box) => {
  await writeFile(join(box.root, 'package.json'), JSON.stringify({ name: 'p', version: '1.0.0', scripts: SCRIPTS }));
});

describe('R23-6: npm commands that run the root package\'s lifecycle scripts', () => {
  decideRows(decide, 'not allow', 'deny git push*: %s is not allowed', [
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
  ]);

  decideRows(decide, 'deny', 'control (held): %s is denied', ['npm start', 'npm restart', 'npm run start', 'yarn install']);
});

describe('lifecycle scripts judged, not guessed', () => {
  decideRows(decide, 'not allow', 'deny git push*: %s (options change no lifecycle script) is not allowed', ['npm ci --no-audit', 'npm i -D vitest', 'npm install --prefer-offline']);

  it('a package without lifecycle scripts installs freely under the same rules', async () => {
    const plain = await sandbox();
    try {
      await writeFile(join(plain.root, 'package.json'), JSON.stringify({ name: 'q', version: '1.0.0', scripts: { test: 'vitest run', build: 'tsc' } }));
      for (const line of ['npm install', 'npm ci', 'npm pack', 'pnpm install', 'yarn']) expect((await explain(await policyWith(plain, DENY_PUSH), `@coder exec ${line}`)).decision).toBe('allow');
    } finally {
      await plain.cleanup();
    }
  });
});
