import { fail } from '../engine/errors.js';
import { readUserConfig } from '../engine/config-user.js';
import { realOf, within } from './paths.js';

// Environment variable names as --pass-env and `passEnv` take them.
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function checkEnvNames(names: readonly string[], where: string): string[] {
  const bad = names.filter((name) => !NAME.test(name));
  if (bad.length > 0) throw fail('C210', `${where}: ${bad.map((name) => JSON.stringify(name)).join(', ')} is not an environment variable name; use letters, digits and _ (e.g. --pass-env GITHUB_TOKEN)`);
  return [...names];
}

export interface UserSandboxSettings {
  // Secret-looking variables exec and test may see.
  readonly passEnv: string[];
  // More home paths shown read-only in the sandbox (`~/x` or absolute), besides HOME_READABLE.
  readonly sandboxReadable: string[];
  // Variables whose values are places, not tool homes (checked here, at start; the write gate reads them itself:
  // config-user.ts userEnvPlaces).
  readonly envPlaces: string[];
  // About the user config files (another one beside the one read).
  readonly warnings: readonly string[];
}

function stringList(value: unknown, file: string, key: string, example: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string' || item === '')) throw fail('C210', `${file}: ${key} must be a list of strings, e.g. ${example}`);
  return value as string[];
}

// `passEnv` and `sandboxReadable` from the user's own config (~/.codeward/config, config.json, .yaml or
// .yml: the one file readUserConfig picks, the same the agent reads). Only the user's file counts: a
// repository's .codeward/config.json can neither let a secret through nor show a hidden file (unless the
// workspace is the home folder, where it is the same file).
export async function userSandboxSettings(home: string | undefined, workspace?: string): Promise<UserSandboxSettings> {
  const file = await readUserConfig(home, workspace);
  if (!file) return { passEnv: [], sandboxReadable: [], envPlaces: [], warnings: [] };
  return {
    passEnv: checkEnvNames(stringList(file.values['passEnv'], file.path, 'passEnv', '["GITHUB_TOKEN"]'), `${file.path}: passEnv`),
    sandboxReadable: stringList(file.values['sandboxReadable'], file.path, 'sandboxReadable', '["~/.mytool"]'),
    envPlaces: checkEnvNames(stringList(file.values['envPlaces'], file.path, 'envPlaces', '["PROJECT_SRC"]'), `${file.path}: envPlaces`),
    warnings: file.warnings,
  };
}

// The workspace root a door may open: never `/` (every file in reach, and the sandbox would bind the
// whole file system writable). The home folder is allowed with a warning (its dot-files are then
// workspace files: all but a short list are hidden from readers, home-shown.ts).
export function checkWorkspaceRoot(root: string, home: string | undefined): string | undefined {
  if (root === '/') throw fail('C210', 'refusing / as the workspace: every file of the machine would be in reach and writable by sandboxed commands; pass the project folder with -C DIR');
  const real = home && home.startsWith('/') ? realOf(home) : undefined;
  if (real && within(real, root)) {
    const what = real === root ? `the workspace is your home folder (${root})` : `the workspace ${root} holds your home folder (${real})`;
    return `${what}: its dot-files (shell start-up files, tool settings) are workspace files: every one but the start-up, editor and git files codeward shows when nothing in them looks secret is hidden from reads, search and the sandbox (show more with "sandboxReadable" in ~/.codeward/config.json); pass the project folder with -C DIR`;
  }
  return undefined;
}
