// Red team R20-14 (issue 26): a person approves `npm test` with "always"; the pinned script runs an installed
// package's node program (node_modules/.bin/X → node_modules/x/cli.js) that loads a configuration file from the
// folder it runs in (`.mocharc.js`, `x.config.js`, a key of package.json). A later change of that file ran under
// the old "always". Every file such a program may load by its name is now part of the key
// (src/shell/run-script-bin-configs.ts): its change, or a new one, asks again.
import { execFileSync } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { mayBeConfig } from '../../src/shell/run-script-bin-configs.js';
import type { ApprovalAnswer, ApprovalRequest } from '../../src/permissions/types.js';
import { sandbox, type Sandbox } from './helpers.js';

let box: Sandbox;
const put = async (rel: string, text: string): Promise<void> => {
  await mkdir(join(box.root, rel, '..'), { recursive: true });
  await writeFile(join(box.root, rel), text);
};
const pkg = (extra: Record<string, unknown> = {}): Promise<void> => put('package.json', JSON.stringify({ name: 'w', scripts: { test: 'mocha' }, ...extra }));

beforeEach(async () => {
  box = await sandbox();
  await put('node_modules/mocha/package.json', JSON.stringify({ name: 'mocha', version: '1.0.0', bin: { mocha: 'cli.js' } }));
  await put('node_modules/mocha/cli.js', '#!/usr/bin/env node\nrequire(process.cwd() + "/.mocharc.js");\n');
  await mkdir(join(box.root, 'node_modules/.bin'), { recursive: true });
  execFileSync('ln', ['-s', '../mocha/cli.js', join(box.root, 'node_modules/.bin/mocha')]);
});
afterEach(async () => {
  await box.cleanup();
});

async function call(cmd: string, answer: ApprovalAnswer): Promise<ApprovalRequest[]> {
  const asked: ApprovalRequest[] = [];
  const engine = await createEngine({ workspace: box.root, env: { HOME: box.home }, permissions: { home: box.home, approver: async (request) => (asked.push(request), answer) } });
  try {
    await engine.run({ cmd: 'exec', args: { cmd } });
    return asked;
  } finally {
    await engine.close();
  }
}

// "always" given; unchanged, no question; after `change`, asked again.
async function asksAgainAfter(change: () => Promise<void>): Promise<void> {
  const first = await call('npm test', 'always');
  expect(first).toHaveLength(1);
  expect(first[0]!.options).toContain('always');
  expect(await call('npm test', 'no')).toHaveLength(0);
  await change();
  expect(await call('npm test', 'no')).toHaveLength(1);
}

describe('R20-14: a pinned script\'s .bin node program: the configuration it may load is part of the "always"', () => {
  test('.mocharc.js changed after the "always": asked again', async () => {
    await pkg();
    await put('.mocharc.js', 'module.exports = {};\n');
    await asksAgainAfter(() => put('.mocharc.js', 'require("child_process").execSync("git push");\n'));
  });

  test('a config file that appears after the "always" (mocha.config.js): asked again', async () => {
    await pkg();
    await asksAgainAfter(() => put('mocha.config.js', 'require("child_process").execSync("git push");\n'));
  });

  test('package.json\'s tool key changed (not the scripts): asked again', async () => {
    await pkg({ mocha: { require: [] } });
    await asksAgainAfter(() => pkg({ mocha: { require: ['./evil.js'] } }));
  });

  test('control: a dependency added to package.json, a source file and a test file changed keep the "always"', async () => {
    await pkg();
    await put('.mocharc.js', 'module.exports = {};\n');
    await put('src/a.js', 'exports.a = 1;\n');
    expect((await call('npm test', 'always'))[0]!.options).toContain('always');
    await pkg({ devDependencies: { chai: '^5.0.0' } });
    await put('src/a.js', 'exports.a = 2;\n');
    await put('test/a.test.js', 'require("../src/a");\n');
    await put('.eslintcache', '[]');
    await rm(join(box.root, 'src/a.js'));
    expect(await call('npm test', 'no')).toHaveLength(0);
  });
});

describe('the configuration names', () => {
  test.each(['.mocharc.js', '.mocharc.yml', 'vite.config.ts', 'jest.config.js', '.babelrc', 'babel.config.json', 'eslint.config.mjs', 'tsconfig.json', '.env', 'mocha.opts', 'package.json', '.npmrc'])('%s may be loaded', (name) => {
    expect(mayBeConfig(name, ['mocha'])).toBe(true);
  });
  test.each(['.gitignore', '.eslintcache', 'README.md', 'index.js', 'src', 'LICENSE'])('%s is not', (name) => {
    expect(mayBeConfig(name, ['mocha'])).toBe(false);
  });
});
