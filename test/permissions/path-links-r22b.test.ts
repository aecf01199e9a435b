// Red team round 22b, R22b-6 (R7-11's "a home path that resolves into the workspace", for the folders of PATH): the
// classic install of a developer tool from its checkout, `ln -s ~/dev/tool/bin/tool /usr/local/bin/tool` (or into a
// ~/scripts folder the user put on PATH), makes a workspace file the program every later `tool` runs. The write gate
// obeys PATH folders that lie inside the workspace (obeyed-env.ts: PATH) and the links of the home catalogue's
// folders (~/.local/bin, ~/bin: home-links.ts), but not a link into the workspace from a PATH folder elsewhere, so
// the agent's write of bin/tool goes through under --yes. (Here the PATH folder stands for /usr/local/bin: a
// folder outside the home and the workspace.) The same link from ~/.local/bin asks (the control).
import { execFileSync } from 'node:child_process';
import { mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

let base: string;
let count = 0;
beforeAll(async () => {
  base = await tempDir('rt22b-path-');
});
afterAll(async () => {
  await removeDir(base);
});

// `folder`: where the link `tool -> WS/bin/tool` is made: 'home:REL' a home folder, else a folder outside both;
// `onPath`: whether that folder is put first on PATH.
async function written(folder: string, onPath: boolean): Promise<string> {
  const top = join(base, `w${++count}`), home = join(base, `h${count}`);
  const dir = folder.startsWith('home:') ? join(home, folder.slice('home:'.length)) : join(base, `${folder}${count}`);
  await writeFiles(top, { 'src/a.ts': '1\n' });
  await writeFiles(home, { '.keep': '' });
  execFileSync('git', ['init', '-q', top]);
  await mkdir(dir, { recursive: true });
  await symlink(join(top, 'bin/tool'), join(dir, 'tool'));
  const result = runCli(['--json', '-C', top, 'write', '--path', 'bin/tool', '--content', '#!/bin/sh\nid\n'], {
    env: { HOME: home, CODEWARD_NO_SERVE: '1', ...(onPath ? { PATH: `${dir}:${process.env['PATH'] ?? ''}` } : {}) },
  });
  return result.json.ok ? 'ok' : result.json.error?.code ?? result.stdout;
}

describe('R22b-6: a PATH folder outside the home catalogue linking into the workspace', () => {
  test('a /usr/local/bin-like PATH folder with tool -> WS/bin/tool: writing bin/tool asks', async () => {
    expect(await written('usr-local-bin', true)).toBe('C241');
  }, 60_000);

  test('~/scripts on PATH with tool -> WS/bin/tool: writing bin/tool asks', async () => {
    expect(await written('home:scripts', true)).toBe('C241');
  }, 60_000);

  test('control (held): ~/.local/bin/tool -> WS/bin/tool asks', async () => {
    expect(await written('home:.local/bin', false)).toBe('C241');
  }, 60_000);
});
