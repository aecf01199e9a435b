// Which project settings files apply to a workspace that is a SUBFOLDER of a project (red team R9-9): a
// session opened at `sub` (-C sub, cd sub, an MCP root, a worker's base_path, the agent started there)
// read only `sub/.codeward/...`, so the project's non-accessible globs (`**/keys/**`) and deny rules
// (`@coder * sub/db/**`) held at the top and vanished below it. One walk for every door (every door reads
// its project settings through policy-load.ts readProjectSettings): from the workspace's parent up to the
// git top, through a submodule's `.git` file (every folder on the way that holds settings files applies),
// or, outside a repository, to the first folder that holds some; bounded, never at or above the home folder
// (its .codeward is the user's own) nor `/`; a settings file another account owns is not looked at. Each
// enclosing project's files are trusted or not by the same record as at its top (`codeward trust` there);
// its globs and rules are re-based to the workspace (workspace/rebase.ts).
import { dirname, join, relative, sep } from 'node:path';
import { lstatQuiet } from '../files/stat-quiet.js';
import { isInside } from '../workspace/contains.js';
import { rebaseRulePath } from '../workspace/rebase.js';
import { PROJECT_SETTINGS_FILES, readProjectSnapshot, type ProjectSnapshot } from './policy-sources.js';
import { trustState, type TrustState } from './policy-trust.js';
import type { SourceRule } from './policy.js';

export interface EnclosingProject {
  readonly snapshot: ProjectSnapshot;
  readonly trust: TrustState;
  // The workspace's names below the project's folder (['sub'], ['pkgs', 'a']).
  readonly below: readonly string[];
}

// How many folders above the workspace are looked at.
const MAX_LEVELS = 32;

// A repository's top: a `.git` folder. A `.git` file (a submodule, a linked worktree) is a part of the
// project above it: the walk goes on to the superproject.
const gitTop = (folder: string): boolean => lstatQuiet(join(folder, '.git'))?.isDirectory() === true;
// A settings file of the user or root: one another account left in a shared folder above the workspace
// (/tmp/.codeward/policy.json) is not a project's, and would stop or fail every session below it.
function holdsSettings(folder: string): boolean {
  const uid = process.getuid?.();
  return PROJECT_SETTINGS_FILES.some((name) => {
    const stats = lstatQuiet(join(folder, name));
    return stats !== undefined && (uid === undefined || stats.uid === uid || stats.uid === 0);
  });
}

// The folders above `root` (a real path) whose settings apply to it, nearest first.
export function enclosingFolders(root: string, home: string | undefined): string[] {
  if (gitTop(root)) return [];
  const found: string[] = [];
  let folder = root;
  for (let level = 0; level < MAX_LEVELS; level += 1) {
    const parent = dirname(folder);
    if (parent === folder || parent === sep) break;
    folder = parent;
    if (home !== undefined && isInside(folder, home)) break;
    if (holdsSettings(folder)) found.push(folder);
    if (gitTop(folder)) return found;
  }
  return found.slice(0, 1);
}

// The enclosing projects of `root` (a real path), each read once and checked against the trust record.
export async function enclosingProjects(root: string, home: string | undefined): Promise<EnclosingProject[]> {
  return Promise.all(enclosingFolders(root, home).map(async (folder) => {
    const snapshot = await readProjectSnapshot(folder);
    return { snapshot, trust: await trustState(snapshot, home), below: relative(folder, root).split(sep) };
  }));
}

// Command words whose rules are shell lines or search terms, never a path (`@coder exec make sub`).
const TEXT_COMMANDS: ReadonlySet<string> = new Set(['exec', 'bash', 'shell', 'run_command', 'run-command', 'run_shell_command', 'execute_command', 'execute', 'search', 'grep', 'rg', 'search_files', 'find_in_files', 'search_code']);
const PATH_FORM = /^@coder ([^\s*?\\]+|\*) ((?:[^\s\\]|\\.)+)$/;

// An enclosing project's rules as they hold at the workspace: a rule naming a path is re-based (dropped
// when the path lies outside the workspace); a rule of a shell line, a search term or flags stays as written.
export function rebaseRules(rules: readonly SourceRule[], project: EnclosingProject): SourceRule[] {
  const out: SourceRule[] = [];
  for (const rule of rules) {
    const form = PATH_FORM.exec(rule.pattern);
    if (!form || TEXT_COMMANDS.has(form[1]!) || form[2]!.startsWith('-')) {
      out.push(rule);
      continue;
    }
    const rebased = rebaseRulePath(form[2]!, project.below);
    if (rebased === undefined) continue;
    const path = 'covers' in rebased ? '.' : rebased.rest;
    const note = `${project.snapshot.root}'s rule ${JSON.stringify(rule.pattern)}, re-based to this workspace (${project.below.join('/')})`;
    out.push({ ...rule, pattern: `@coder ${form[1]} ${path}`, note: rule.note ? `${rule.note}; ${note}` : note });
  }
  return out;
}
