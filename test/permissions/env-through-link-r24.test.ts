// Red team round 24, R24-1 (homeenv25's tool homes and the write gate's variable table, src/permissions/obeyed-env*.ts):
// codeward's own environment names a workspace path through a symbolic link to the workspace (the person's
// `~/work -> /data/work`, macOS' /tmp -> /private/tmp, a dev container's /workspace -> /workspaces/x): the program
// that later reads the variable follows the link into the workspace, but the gate compares the value's spelling
// with the workspace's real path, so the file the variable names is written under --yes, unasked. The same values
// spelled with the workspace's own path ask (controls).
import { execFileSync } from 'node:child_process';
import { symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

let base: string;
let count = 0;
beforeAll(async () => {
  base = await tempDir('r24-envlink-');
});
afterAll(async () => {
  await removeDir(base);
});

// The write of `file` under --yes with `name` = `@W@/value` in codeward's environment, where @W@ is the workspace's
// path (`linked`: a symbolic link to the workspace outside it).
async function written(name: string, value: string, file: string, linked: boolean): Promise<string> {
  const top = join(base, `w${++count}`), home = join(base, `h${count}`), link = join(base, `l${count}`);
  await writeFiles(top, { 'src/a.ts': '1\n' });
  await writeFiles(home, { '.keep': '' });
  execFileSync('git', ['init', '-q', top]);
  await symlink(top, link);
  const at = `${linked ? link : top}/${value}`;
  const full = name === 'PATH' ? `${at}:${process.env['PATH'] ?? ''}` : at;
  const result = runCli(['--json', '-C', top, 'write', '--path', file, '--content', '#!/bin/sh\nid\n'], { env: { HOME: home, CODEWARD_NO_SERVE: '1', [name]: full } });
  return result.json.ok ? 'ok' : result.json.error?.code ?? result.stdout;
}

const ROWS = [
  ['CARGO_HOME', 'ch', 'ch/config.toml'],
  ['GIT_CONFIG_GLOBAL', 'gc', 'gc'],
  ['ZDOTDIR', 'z', 'z/.zshrc'],
  ['PATH', 'bin', 'bin/git'],
  ['PRE_COMMIT_HOME', 'pc', 'pc/x'],
] as const;

describe('R24-1: a variable naming the workspace through a symbolic link', () => {
  test.each(ROWS)('%s=LINK/%s: writing %s asks', async (name, value, file) => {
    expect(await written(name, value, file, true)).toBe('C241');
  }, 60_000);

  test.each(ROWS)('control (held): %s=WS/%s: writing %s asks', async (name, value, file) => {
    expect(await written(name, value, file, false)).toBe('C241');
  }, 60_000);
});
