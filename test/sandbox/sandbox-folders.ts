// The folders of a test that runs the real binary's sandboxed exec: a workspace, codeward's state folder, a folder
// of scripts OUTSIDE /tmp (the sandbox's /tmp is a private tmpfs: the scripts are read from here) and a HOME whose
// own config names that folder (the default-deny view shows nothing outside the workspace but what the user
// names). Fresh for each test, removed after it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { REPO_ROOT, removeDir, runCli, tempDir, writeFiles, type CliResult } from '../helpers/fixture.js';

export interface SandboxFolders {
  readonly root: string;
  readonly state: string;
  readonly markers: string;
  readonly home: string;
}

// Registers the test file's beforeEach and afterEach (call at its top level); `made` receives each test's folders.
export function sandboxFolders(name: string, made: (folders: SandboxFolders) => void): void {
  let folders: SandboxFolders | undefined;
  beforeEach(async () => {
    const markers = await realpath(await mkdtemp(join(existsSync('/var/tmp') ? '/var/tmp' : REPO_ROOT, `codeward-${name}-out-`)));
    folders = { root: await tempDir(`codeward-${name}-ws-`), state: await tempDir(`codeward-${name}-state-`), markers, home: await tempDir(`codeward-${name}-home-`) };
    await writeFiles(folders.home, { '.codeward/config.json': JSON.stringify({ sandboxReadable: [markers] }) });
    made(folders);
  });
  afterEach(async () => {
    for (const path of Object.values(folders ?? {})) await removeDir(path);
  });
}

export interface ScriptRun {
  // The program that runs the script file (default bash) and the file's extension.
  readonly program?: string;
  readonly ext?: string;
  // Staged (the default of a platform with overlay) or in place (the fallback without it, forced here: the guard
  // that moves planted files aside after the run is what most of these tests attack).
  readonly staged?: boolean;
}

// Writes `script` into the scripts folder and runs `<program> <file>` through `codeward exec` in `folders.root`.
export function runScript(folders: SandboxFolders, script: string, { program = 'bash', ext = 'sh', staged = false }: ScriptRun = {}): CliResult {
  const file = join(folders.markers, `script-${Math.random().toString(36).slice(2)}.${ext}`);
  spawnSync('sh', ['-c', `cat > "${file}"`], { input: script });
  return runCli(['--json', '-C', folders.root, 'exec', '--cmd', `${program} ${file}`], { env: { CODEWARD_STATE_DIR: folders.state, ...(staged ? {} : { CODEWARD_NO_OVERLAY: '1' }), GIT_CONFIG_NOSYSTEM: '1', HOME: folders.home } });
}
