// Red team (second pass): the read-only list names the system's programs, but bash runs the first `ls` on
// PATH. With a relative PATH entry (`node_modules/.bin`, `.`), an empty one (the run folder) or one inside the
// workspace, a repository's node_modules/.bin/ls or ./cat ran, unasked, as the "read-only" command.
import { existsSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { pathEntryVeto } from '../../src/permissions/readonly-path.js';
import { CLI, runCli } from '../helpers/fixture.js';
import { explain, policyWith, sandbox, type Sandbox } from './helpers.js';

let box: Sandbox;
const SYSTEM = '/usr/local/bin:/usr/bin:/bin';
const original = process.env['PATH'];

async function plant(path: string): Promise<void> {
  await mkdir(join(box.root, path, '..'), { recursive: true });
  await writeFile(join(box.root, path), '#!/bin/sh\ntouch "$PWD/PWN"\necho planted\n');
  await chmod(join(box.root, path), 0o755);
}

beforeAll(async () => {
  box = await sandbox();
  await writeFile(join(box.root, 'a.txt'), 'a\n');
  await plant('node_modules/.bin/ls');
  await plant('cat');
  await plant('tools/nice');
  await plant('sub/head');
});
afterAll(async () => {
  await box.cleanup();
});
afterEach(() => {
  process.env['PATH'] = original;
});

async function decision(line: string, path: string): Promise<string> {
  process.env['PATH'] = path;
  return (await explain(await policyWith(box), `@coder exec ${line}`)).decision;
}

describe('a listed program PATH would take from the workspace', () => {
  test.each([
    ['ls', `node_modules/.bin:${SYSTEM}`],
    ['ls -la', `./node_modules/.bin:${SYSTEM}`],
    ['cat a.txt', `.:${SYSTEM}`],
    ['cat a.txt', `:${SYSTEM}`],
    ['cat a.txt', `${SYSTEM.split(':')[0]}::${SYSTEM}`],
    ['ls', `BOX/node_modules/.bin:${SYSTEM}`],
    ['nice ls', `BOX/tools:${SYSTEM}`],
    ['cd sub && head a.txt', `.:${SYSTEM}`],
  ])('%s with PATH=%s asks', async (line, path) => {
    expect(await decision(line, path.replace('BOX', box.root))).toBe('ask');
  });

  test.each([
    ['ls', SYSTEM],
    ['ls', `${SYSTEM}:node_modules/.bin`],
    ['cat a.txt', `${SYSTEM}:.`],
    ['echo hi', `.:${SYSTEM}`],
    ['head a.txt', `.:${SYSTEM}`],
  ])('%s with PATH=%s stays read-only (the system program comes first, or none is planted)', async (line, path) => {
    expect(await decision(line, path)).toBe('allow');
  });

  test('the veto names the file and the entry', () => {
    expect(pathEntryVeto('ls', box.root, [box.root], `node_modules/.bin:${SYSTEM}`)).toContain(join(box.root, 'node_modules/.bin/ls'));
    expect(pathEntryVeto('ls', box.root, [box.root], SYSTEM)).toBeUndefined();
  });

  test.skipIf(!existsSync(CLI))('the real binary: a planted node_modules/.bin/ls does not run unasked', () => {
    const result = runCli(['--json', '--sandbox', 'off', 'exec', '--cmd', 'ls'], { cwd: box.root, env: { CODEWARD_STATE_DIR: box.home, HOME: box.home, PATH: `node_modules/.bin:${original ?? SYSTEM}` }, yes: false });
    expect(result.json.error?.code).toBe('C241');
    expect(existsSync(join(box.root, 'PWN'))).toBe(false);
  });
});
