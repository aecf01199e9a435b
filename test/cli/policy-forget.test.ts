// `codeward policy forget` through the real binary (issue 28): an "always" answer could not be taken back.
import { mkdir, realpath, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { answersFileFor } from '../../src/permissions/index.js';
import { removeDir, runCli, tempDir, writeFiles, type CliResult } from '../helpers/fixture.js';

let root: string;
let home: string;
beforeEach(async () => {
  root = await realpath(await tempDir('cw-forget-'));
  home = await tempDir('cw-forget-home-');
});
afterEach(async () => {
  for (const dir of [root, home]) await removeDir(dir);
});

const cw = (args: readonly string[]): CliResult => runCli(['-C', root, ...args], { env: { HOME: home, CODEWARD_STATE_DIR: `${home}/state` }, yes: false });

it('lists the remembered answers, forgets one by number or pattern, and the call asks again', async () => {
  await writeFiles(root, { 'a.txt': 'a\n' });
  const file = answersFileFor(home, root);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify({ rules: [{ pattern: '@coder write a.txt', action: 'allow' }, { pattern: '@coder exec make', action: 'deny' }] }));
  expect(cw(['write', '--file', 'a.txt', '--content', 'b']).status).toBe(0);
  expect(cw(['policy', 'forget']).stdout).toBe('1  allow @coder write a.txt\n2  deny  @coder exec make\nremove one with: codeward policy forget N (or its pattern in quotes)\n');
  expect(cw(['policy', 'forget', '1']).stdout).toBe('forgot: allow @coder write a.txt (the next such call asks again)\n');
  expect(cw(['write', '--file', 'a.txt', '--content', 'c']).stderr).toMatch(/^error C241/);
  const json = cw(['--json', 'policy', 'forget', '@coder exec make']);
  expect(json.json).toMatchObject({ ok: true, data: { rules: [], removed: { pattern: '@coder exec make', action: 'deny' } } });
  expect(cw(['policy', 'forget', '3']).status).toBe(2);
});
