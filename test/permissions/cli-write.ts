// One CLI write under --yes in a fresh git repository holding project env files (mise, asdf, direnv): the real
// binary's answer, `ok` or the error code (C241: the file is obeyed, a person decides). `sub`: the workspace is
// that subfolder of the repository (`-C outer/sub`), whose enclosing folders' files count too.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { runCli, writeFiles } from '../helpers/fixture.js';

let count = 0;

export async function cliWritten(base: string, files: Record<string, string>, file: string, sub?: string): Promise<string> {
  const top = join(base, `w${++count}`), home = join(base, `h${count}`);
  await writeFiles(top, { 'src/a.ts': '1\n', ...(sub ? { [`${sub}/src/a.ts`]: '1\n' } : {}), ...files });
  execFileSync('git', ['init', '-q', top]);
  await writeFiles(home, { '.keep': '' });
  const result = runCli(['--json', '-C', sub ? join(top, sub) : top, 'write', '--path', file, '--content', '#!/bin/sh\ntouch /tmp/pwn\n'], { env: { HOME: home } });
  return result.json.ok ? 'ok' : result.json.error?.code ?? result.stdout;
}
