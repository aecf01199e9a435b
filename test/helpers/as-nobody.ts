// Running the real binary as a normal user (root passes over file modes): nobody when the tests run as root,
// as CI does, else the runner itself. The checkout may sit in a folder nobody cannot enter (a fresh clone in
// a 0700 temp folder): then `reachable` is false and such tests are skipped (exec needs node_modules too).
import { spawnSync } from 'node:child_process';
import { chownSync } from 'node:fs';
import { join } from 'node:path';
import { AS_NOBODY, NOBODY } from './bare-cli.js';
import { CLI, REPO_ROOT, tempDir } from './fixture.js';

export { NOBODY } from './bare-cli.js';
export const asRoot = process.getuid?.() === 0;
const ids: readonly string[] = asRoot ? AS_NOBODY : [];
export const reachable = !asRoot || spawnSync(ids[0]!, [...ids.slice(1), 'test', '-r', CLI, '-a', '-r', join(REPO_ROOT, 'node_modules/web-tree-sitter/package.json')]).status === 0;

// A fresh temp folder owned by the user the binary runs as.
export async function userDir(prefix: string): Promise<string> {
  const dir = await tempDir(prefix);
  if (asRoot) chownSync(dir, NOBODY, NOBODY);
  return dir;
}

// `codeward --yes -C root --json ...args` as that user; `json` is {} when stdout was not JSON.
export function cliAsUser(root: string, env: NodeJS.ProcessEnv, args: readonly string[]): { ok: boolean; text: string; json: any } {
  const [command, ...rest] = [...ids, process.execPath, CLI, '--yes', '-C', root, '--json', ...args];
  const result = spawnSync(command!, rest, { cwd: REPO_ROOT, env: { ...process.env, ...env }, encoding: 'utf8' });
  let json: any = {};
  try {
    json = JSON.parse(result.stdout);
  } catch {
    // the caller asserts on ok and shows text
  }
  return { ok: json.ok === true, text: result.stdout + result.stderr, json };
}
