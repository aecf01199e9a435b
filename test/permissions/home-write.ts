// One CLI call in a fresh git repository, with a home folder the test lays out first (files, and symlinks from
// the home into the workspace) and codeward's environment. homeWritten: a write under --yes, the real binary's
// answer, `ok` or the error code (C241: the file is obeyed, a person decides), like test/permissions/cli-write.ts
// with the home under the test's control. homeRun: any call (`yes`: with --yes), its JSON result. `@WS@` in a
// file's text (the home's or the workspace's) or in a variable's value stands for the workspace's path.
import { execFileSync } from 'node:child_process';
import { mkdir, symlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { runCli, writeFiles, type CliResult } from '../helpers/fixture.js';

let count = 0;

export interface Home {
  readonly files?: Record<string, string>;
  // Home path -> workspace-relative path it links to.
  readonly links?: Record<string, string>;
  // Empty folders made in the home (a large tree).
  readonly folders?: readonly string[];
}

export interface Layout {
  // The workspace at ~/proj (inside the home) instead of beside it.
  readonly inHome?: boolean;
  // codeward's environment besides HOME.
  readonly env?: Record<string, string>;
}

const filled = (values: Record<string, string>, top: string): Record<string, string> => Object.fromEntries(Object.entries(values).map(([name, text]) => [name, text.replaceAll('@WS@', top)]));

export async function homeRun(base: string, home: Home, workspace: Record<string, string>, args: readonly string[], yes = true, layout: Layout = {}): Promise<CliResult> {
  const homeDir = join(base, `h${++count}`), top = layout.inHome ? join(homeDir, 'proj') : join(base, `w${count}`);
  await writeFiles(top, { 'src/a.ts': '1\n', ...filled(workspace, top) });
  execFileSync('git', ['init', '-q', top]);
  await writeFiles(homeDir, { '.keep': '', ...filled(home.files ?? {}, top) });
  for (const folder of home.folders ?? []) await mkdir(join(homeDir, folder), { recursive: true });
  for (const [at, target] of Object.entries(home.links ?? {})) {
    await mkdir(dirname(join(homeDir, at)), { recursive: true });
    await symlink(join(top, target), join(homeDir, at));
  }
  return runCli(['--json', '-C', top, ...args], { env: { HOME: homeDir, CODEWARD_NO_SERVE: '1', ...filled(layout.env ?? {}, top) }, yes });
}

// `more.workspace`: more workspace files.
export async function homeWritten(base: string, home: Home, file: string, content = '#!/bin/sh\ntouch /tmp/pwn\n', more: Layout & { workspace?: Record<string, string> } = {}): Promise<string> {
  const result = await homeRun(base, home, more.workspace ?? {}, ['write', '--path', file, '--content', content], true, more);
  return result.json.ok ? 'ok' : result.json.error?.code ?? result.stdout;
}
