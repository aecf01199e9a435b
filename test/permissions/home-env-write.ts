// The CLI writes the round-24 rows share: one write under --yes by the real binary in a fresh git repository, the
// answer `ok` or the error code (C241: the file is obeyed, a person decides). `@WS@` in a value or text stands for
// the workspace's path.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { runCli, writeFiles } from '../helpers/fixture.js';

let count = 0;

const fill = (text: string, top: string): string => text.replaceAll('@WS@', top);
const answer = (top: string, home: string, file: string, content: string, env: Record<string, string>): string => {
  const result = runCli(['--json', '-C', top, 'write', '--path', file, '--content', content], { env: { HOME: home, CODEWARD_NO_SERVE: '1', ...Object.fromEntries(Object.entries(env).map(([name, value]) => [name, fill(value, top)])) } });
  return result.json.ok ? 'ok' : result.json.error?.code ?? result.stdout;
};

// The workspace and an empty home side by side below `base`; `env`: codeward's environment.
export async function envWritten(base: string, env: Record<string, string>, file: string, content = '#!/bin/sh\nid\n'): Promise<string> {
  const top = join(base, `w${++count}`), home = join(base, `h${count}`);
  await writeFiles(top, { 'src/a.ts': '1\n' });
  await writeFiles(home, { '.keep': '' });
  execFileSync('git', ['init', '-q', top]);
  return answer(top, home, file, content, env);
}

// The workspace at ~/proj; `homeFiles`: the home's files (home-relative), `workspace`: more workspace files.
export async function homeWritten(base: string, homeFiles: Record<string, string>, file: string, content = '#!/bin/sh\nid\n', more: { workspace?: Record<string, string>; env?: Record<string, string> } = {}): Promise<string> {
  const home = join(base, `h${++count}`), top = join(home, 'proj');
  const filled = (files: Record<string, string>): Record<string, string> => Object.fromEntries(Object.entries(files).map(([at, text]) => [at, fill(text, top)]));
  await writeFiles(top, { 'src/a.ts': '1\n', ...filled(more.workspace ?? {}) });
  execFileSync('git', ['init', '-q', top]);
  await writeFiles(home, { '.keep': '', ...filled(homeFiles) });
  return answer(top, home, file, content, more.env ?? {});
}
