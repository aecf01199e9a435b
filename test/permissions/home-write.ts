// One CLI call in a fresh git repository, with a home folder the test lays out first (files, and symlinks from
// the home into the workspace). homeWritten: a write under --yes, the real binary's answer, `ok` or the error code
// (C241: the file is obeyed, a person decides), like test/permissions/cli-write.ts with the home under the test's
// control. homeRun: any call (`yes`: with --yes), its JSON result.
import { execFileSync } from 'node:child_process';
import { mkdir, symlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { runCli, writeFiles, type CliResult } from '../helpers/fixture.js';

let count = 0;

export interface Home {
  // `@WS@` in a file's text stands for the workspace's path.
  readonly files?: Record<string, string>;
  // Home path -> workspace-relative path it links to.
  readonly links?: Record<string, string>;
  // Empty folders made in the home (a large tree).
  readonly folders?: readonly string[];
}

export async function homeRun(base: string, home: Home, workspace: Record<string, string>, args: readonly string[], yes = true): Promise<CliResult> {
  const top = join(base, `w${++count}`), homeDir = join(base, `h${count}`);
  await writeFiles(top, { 'src/a.ts': '1\n', ...workspace });
  execFileSync('git', ['init', '-q', top]);
  await writeFiles(homeDir, { '.keep': '', ...Object.fromEntries(Object.entries(home.files ?? {}).map(([at, text]) => [at, text.replaceAll('@WS@', top)])) });
  for (const folder of home.folders ?? []) await mkdir(join(homeDir, folder), { recursive: true });
  for (const [at, target] of Object.entries(home.links ?? {})) {
    await mkdir(dirname(join(homeDir, at)), { recursive: true });
    await symlink(join(top, target), join(homeDir, at));
  }
  return runCli(['--json', '-C', top, ...args], { env: { HOME: homeDir, CODEWARD_NO_SERVE: '1' }, yes });
}

export async function homeWritten(base: string, home: Home, file: string, content = '#!/bin/sh\ntouch /tmp/pwn\n'): Promise<string> {
  const result = await homeRun(base, home, {}, ['write', '--path', file, '--content', content]);
  return result.json.ok ? 'ok' : result.json.error?.code ?? result.stdout;
}
