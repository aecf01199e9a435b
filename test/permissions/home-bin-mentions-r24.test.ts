// Red team round 24, R24-18 (homenames25's mention search runs over the home's DOT-files only; R22b-6's PATH folders
// are looked at for links only): the person's own scripts in ~/bin (on PATH: Debian's ~/.profile adds it) or in any
// PATH folder are programs they run by name; one that sources or runs a workspace file (`. ~/proj/tools/env.sh`,
// `exec ~/proj/tools/deploy.sh`) makes that file run at the next `deploy`. The same script in ~/.local/bin asks
// (control); in ~/bin, also with ~/bin first on PATH, the workspace file is written under --yes, unasked.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

let base: string;
let count = 0;
beforeAll(async () => {
  base = await tempDir('r24-homebin-');
});
afterAll(async () => {
  await removeDir(base);
});

// The write of `file` under --yes; the workspace at ~/proj; the home script `at` (`onPath`: its folder first on PATH).
async function written(at: string, text: string, file: string, onPath: boolean): Promise<string> {
  const home = join(base, `h${++count}`), top = join(home, 'proj');
  await writeFiles(top, { 'src/a.ts': '1\n' });
  execFileSync('git', ['init', '-q', top]);
  await writeFiles(home, { '.keep': '', [at]: text });
  const path = onPath ? `${join(home, at, '..')}:${process.env['PATH'] ?? ''}` : process.env['PATH'] ?? '';
  const result = runCli(['--json', '-C', top, 'write', '--path', file, '--content', 'echo hi\n'], { env: { HOME: home, CODEWARD_NO_SERVE: '1', PATH: path } });
  return result.json.ok ? 'ok' : result.json.error?.code ?? result.stdout;
}

describe('R24-18: a PATH script outside the dot-folders naming a workspace file', () => {
  test.each([
    ['bin/deploy', 'tools/env.sh', false, '#!/bin/sh\n. ~/proj/tools/env.sh\n'],
    ['bin/deploy', 'tools/env.sh', true, '#!/bin/sh\n. ~/proj/tools/env.sh\n'],
    ['bin/deploy', 'tools/deploy.sh', true, '#!/bin/sh\nexec "$HOME/proj/tools/deploy.sh" "$@"\n'],
  ])('~/%s naming WS/%s (its folder first on PATH: %s): writing it asks', async (at, file, onPath, text) => {
    expect(await written(at, text, file, onPath)).toBe('C241');
  }, 60_000);

  test('control (held): the same script in ~/.local/bin asks', async () => {
    expect(await written('.local/bin/deploy', '#!/bin/sh\n. ~/proj/tools/env.sh\n', 'tools/env.sh', true)).toBe('C241');
  }, 60_000);
});
