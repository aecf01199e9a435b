// npm 10/11 (@npmcli/config env-replace.js) replaces `${NAME}` / `${NAME?}` in an .npmrc's KEYS as in its values
// (pm22 LEFT): `script-${X?}shell=./tools/sh` with X unset is npm's script-shell. engine/npm-ini.ts, the one
// .npmrc reader, now replaces both like npm; a key that names a variable and may be a setting's in another
// environment makes the reading unknown. The rows were red on the old reader (the key stayed `script-${X?}shell`).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, test } from 'vitest';
import { npmIni } from '../../src/engine/npm-ini.js';
import { createEngine } from '../../src/setup.js';
import { questionText } from '../../src/permissions/question.js';
import type { ApprovalAnswer, ApprovalRequest } from '../../src/permissions/types.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { hookVerdict } from './hook-check.js';
import { sandbox, type Sandbox } from './helpers.js';

const UNSET = 'CW_NPM23_UNSET';
const ENV = { X: 'x', E: '' };

describe('npm env-replace on keys and values (the rows npm 11.19 gives)', () => {
  it.each<[string, string, string | true]>([
    ['script-${X?}shell=./a', 'script-xshell', './a'],
    ['script-${Y?}shell=./b', 'script-shell', './b'],
    ['script-${Y}shell=./c', 'script-${Y}shell', './c'],
    ['a${E}b=${X}', 'ab', 'x'],
    ['k=\\${X}', 'k', '${X}'],
    ['k=\\\\${X}', 'k', '${X}'],
    ['k=\\\\\\${X}', 'k', '\\x'],
    ['k\\${Y?}z=1', 'k${Y?}z', '1'],
    ['v=${Y?}./t', 'v', './t'],
    ['v=${Y}/t', 'v', '${Y}/t'],
    ['q="${X}"', 'q', 'x'],
    ['n=${A${X}}', 'n', '${Ax}'],
    ['m=${X?}${Y?}${Z}', 'm', 'x${Z}'],
    ['script-${Y?}shell', 'script-shell', true],
  ])('%s', (line, key, value) => {
    const [entry] = npmIni(line, ENV);
    expect([entry!.key, entry!.value]).toEqual([key, value]);
  });
});

describe('hook walk: a key set from the environment', () => {
  let base: string;
  let count = 0;
  beforeAll(async () => {
    base = await tempDir('cw-npm23-keys-');
    await writeFiles(join(base, 'home'), { '.keep': '' });
  });
  afterAll(async () => removeDir(base));
  const PKG = { 'package.json': JSON.stringify({ scripts: { test: 'vitest run' } }) };

  it.each([
    `script-\${${UNSET}?}shell=./tools/sh\n`,
    `script-\${${UNSET}}shell=./tools/sh\n`,
    `node-\${${UNSET}?}options=--require ./tools/x.js\n`,
    `\${${UNSET}?}script-shell=./tools/sh\n`,
  ])('.npmrc %j + npm test: unmodeled, naming script-shell / the key', async (npmrc) => {
    const found = await hookVerdict(join(base, `r${++count}`), 'npm test', { ...PKG, '.npmrc': npmrc, 'tools/sh': '#!/bin/sh\n', 'tools/x.js': '' });
    expect(found.unmodeled).toBeDefined();
    expect(found.unmodeled).toMatch(/script-shell|key set from the environment/);
  });

  it('control: `//${HOST}/:_authToken=${TOKEN}` stays modelled', async () => {
    const found = await hookVerdict(join(base, `r${++count}`), 'npm test', { ...PKG, '.npmrc': '//${NPM_HOST}/:_authToken=${NPM_TOKEN}\n' });
    expect(found.unmodeled).toBeUndefined();
  });
});

describe('"always" for npm test: a script-shell set through a key with a variable', () => {
  let box: Sandbox;
  beforeEach(async () => {
    box = await sandbox();
  });
  afterEach(async () => box.cleanup());
  const put = async (rel: string, text: string): Promise<void> => {
    await mkdir(join(box.root, rel, '..'), { recursive: true });
    await writeFile(join(box.root, rel), text);
  };
  async function call(answer: ApprovalAnswer): Promise<ApprovalRequest[]> {
    const asked: ApprovalRequest[] = [];
    const engine = await createEngine({ workspace: box.root, env: { HOME: box.home }, permissions: { home: box.home, approver: async (request) => (asked.push(request), answer) } });
    try {
      await engine.run({ cmd: 'exec', args: { cmd: 'npm test' } });
      return asked;
    } finally {
      await engine.close();
    }
  }

  // With `?` and the variable unset it is npm's script-shell here; either way another environment decides.
  test.each([`script-\${${UNSET}?}shell=./scripts/evil\n`, `script-\${${UNSET}}shell=./scripts/evil\n`, `Script-\${${UNSET}?}Shell=./scripts/evil\n`])('%j: no "always", the question says why', async (npmrc) => {
    await put('package.json', JSON.stringify({ name: 'w', scripts: { test: 'echo hi' } }));
    await put('.npmrc', npmrc);
    const first = await call('no');
    expect(first).toHaveLength(1);
    expect(first[0]!.options).not.toContain('always');
    expect(questionText(first[0]!).join('\n')).toContain('a key set from the environment');
  });

  test('control: a registry token key with variables keeps the "always"', async () => {
    await put('package.json', JSON.stringify({ name: 'w', scripts: { test: 'echo hi' } }));
    await put('.npmrc', '//${NPM_HOST}/:_authToken=${NPM_TOKEN}\n@s:registry=https://${NPM_HOST}/\n');
    expect((await call('no'))[0]!.options).toContain('always');
  });
});
