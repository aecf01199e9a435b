import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

// One temp folder for a test file's homes (made before its tests, removed after: call at the file's top level), and
// the write of `file` under --yes, the workspace (a git repository) at ~/`rel`, the home file `at` holding
// `text(workspace path)`: 'ok', or the error's code.
export function mentionWriter(prefix: string): (at: string, text: (ws: string) => string, file: string, rel?: string) => Promise<string> {
  let base = '';
  let count = 0;
  beforeAll(async () => {
    base = await tempDir(prefix);
  });
  afterAll(async () => {
    await removeDir(base);
  });
  return async (at, text, file, rel = 'proj') => {
    const home = join(base, `h${++count}`), top = join(home, rel);
    await writeFiles(top, { 'src/a.ts': '1\n' });
    execFileSync('git', ['init', '-q', top]);
    await writeFiles(home, { '.keep': '', [at]: text(top) });
    const result = runCli(['--json', '-C', top, 'write', '--path', file, '--content', 'import os\nos.system("id")\n'], { env: { HOME: home, CODEWARD_NO_SERVE: '1' } });
    return result.json.ok ? 'ok' : result.json.error?.code ?? result.stdout;
  };
}
