// pm22 LEFT (run-script-bin-configs.ts): a configuration the script line names (`"test": "mocha --config cfg/m.js"`,
// `--config=cfg/m.js`, `-c`, a folder of configurations) and one in a folder above the run folder (where eslint,
// babel, prettier look) were not part of a pinned `npm test`'s key: approve "always", edit the file, the next
// `npm test` ran without a question. Each is keyed now. Red on old.
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createEngine } from '../../src/setup.js';
import type { ApprovalAnswer, ApprovalRequest } from '../../src/permissions/types.js';
import { sandbox, type Sandbox } from './helpers.js';

let box: Sandbox;
const put = async (rel: string, text: string): Promise<void> => {
  await mkdir(join(box.root, rel, '..'), { recursive: true });
  await writeFile(join(box.root, rel), text);
};

beforeEach(async () => {
  box = await sandbox();
  await put('node_modules/mocha/package.json', JSON.stringify({ name: 'mocha', version: '1.0.0', bin: { mocha: 'cli.js' } }));
  await put('node_modules/mocha/cli.js', '#!/usr/bin/env node\n');
  await mkdir(join(box.root, 'node_modules/.bin'), { recursive: true });
  execFileSync('ln', ['-s', '../mocha/cli.js', join(box.root, 'node_modules/.bin/mocha')]);
});
afterEach(async () => box.cleanup());

async function call(answer: ApprovalAnswer, dir?: string): Promise<ApprovalRequest[]> {
  const asked: ApprovalRequest[] = [];
  const engine = await createEngine({ workspace: box.root, env: { HOME: box.home }, permissions: { home: box.home, approver: async (request) => (asked.push(request), answer) } });
  try {
    await engine.run({ cmd: 'exec', args: { cmd: 'npm test', ...(dir ? { dir } : {}) } });
    return asked;
  } finally {
    await engine.close();
  }
}

async function asksAgainAfter(change: () => Promise<void>, dir?: string): Promise<void> {
  const first = await call('always', dir);
  expect(first).toHaveLength(1);
  expect(first[0]!.options).toContain('always');
  expect(await call('no', dir)).toHaveLength(0);
  await change();
  expect(await call('no', dir)).toHaveLength(1);
}

const EVIL = 'require("child_process").execSync("git push");\n';

describe('a configuration named on the pinned script line is keyed', () => {
  test.each(['mocha --config cfg/m.js', 'mocha --config=cfg/m.js', 'mocha -c cfg/m.js', 'mocha --require cfg/m.js', 'mocha -r ./cfg/m.js'])('%s: cfg/m.js edited asks again', async (script) => {
    await put('package.json', JSON.stringify({ name: 'w', scripts: { test: script } }));
    await put('cfg/m.js', 'module.exports = {};\n');
    await asksAgainAfter(() => put('cfg/m.js', EVIL));
  });

  test('mocha --config cfgdir (a folder): its .mocharc.js edited asks again', async () => {
    await put('package.json', JSON.stringify({ name: 'w', scripts: { test: 'mocha --config cfgdir' } }));
    await put('cfgdir/.mocharc.js', 'module.exports = {};\n');
    await asksAgainAfter(() => put('cfgdir/.mocharc.js', EVIL));
  });

  test('a named configuration that appears after the "always" asks again', async () => {
    await put('package.json', JSON.stringify({ name: 'w', scripts: { test: 'mocha --config cfg/m.js' } }));
    await asksAgainAfter(() => put('cfg/m.js', EVIL));
  });

  test('run in pkg/: a configuration in the folder above (.mocharc.js at the top) edited asks again', async () => {
    await put('pkg/package.json', JSON.stringify({ name: 'w', scripts: { test: 'mocha' } }));
    await put('.mocharc.js', 'module.exports = {};\n');
    await asksAgainAfter(() => put('.mocharc.js', EVIL), 'pkg');
  });

  test('control: the test and source files the line names stay free', async () => {
    await put('package.json', JSON.stringify({ name: 'w', scripts: { test: 'mocha --config cfg/m.js test/a.test.js' } }));
    await put('cfg/m.js', 'module.exports = {};\n');
    await put('test/a.test.js', 'require("../src/a");\n');
    await put('src/a.js', 'exports.a = 1;\n');
    expect((await call('always'))[0]!.options).toContain('always');
    await put('src/a.js', 'exports.a = 2;\n');
    await put('src/b.js', 'exports.b = 2;\n');
    expect(await call('no')).toHaveLength(0);
  });
});
