import { readFileSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, resolve } from 'node:path';
import { parseGitConfigFile } from '../git/config-file.js';

// Paths in the workspace that a repository's own git config makes git run or read, outside the sandbox:
// the core.hooksPath folder (husky's `.husky/_` runs the hooks in `.husky/`, so that folder too),
// included config files, and programs named by a relative or workspace path (core.fsmonitor = ./x,
// a filter or diff driver script, sshCommand, credential helpers…). They are guarded like `.git/hooks`.

export interface ConfigRefs {
  readonly folders: string[];
  readonly files: string[];
}

const PROGRAM_KEY = /^(?:fsmonitor|sshcommand|editor|pager|askpass|textconv|command|external|helper|process|clean|smudge|program|cmd|gitproxy)$/;
const MAX_INCLUDES = 5;

// The program of a command line: its first word, when it names a path (has a slash). `!cmd` (an
// alias-style shell command) names its first word too.
function programPath(value: string): string | undefined {
  const text = value.trim().replace(/^!\s*/, '');
  const first = /^(?:"([^"]+)"|'([^']+)'|(\S+))/.exec(text);
  const word = first?.[1] ?? first?.[2] ?? first?.[3];
  return word && word.includes('/') ? word : undefined;
}

function expand(path: string, base: string, home: string | undefined): string | undefined {
  if (path.startsWith('~/')) return home ? resolve(home, path.slice(2)) : undefined;
  if (path.startsWith('~')) return undefined;
  return isAbsolute(path) ? path : resolve(base, path);
}

// `files`: the config files git reads for this repository (its own, its common folder's, the user's).
export function gitConfigRefs(root: string, files: readonly string[], home: string | undefined): ConfigRefs {
  const refs: ConfigRefs = { folders: [], files: [] };
  const seen = new Set<string>();
  const visit = (file: string, depth: number): void => {
    if (seen.has(file) || depth > MAX_INCLUDES) return;
    seen.add(file);
    let text: string;
    try {
      // Not a FIFO or device: reading one would block codeward before the run.
      if (!statSync(file).isFile()) return;
      text = readFileSync(file, 'utf8');
    } catch {
      return;
    }
    for (const { section, key, value: raw } of parseGitConfigFile(text).entries) {
      const value = raw ?? '';
      if (key === 'hookspath') {
        // Relative to the top of the working tree (git runs hooks there).
        const folder = expand(value, root, home);
        if (!folder) continue;
        refs.folders.push(folder);
        if (basename(folder) === '_') refs.folders.push(dirname(folder));
      } else if ((section === 'include' || section === 'includeif') && key === 'path') {
        // Relative to the file that includes it.
        const included = expand(value, dirname(file), home);
        if (!included) continue;
        refs.files.push(included);
        visit(included, depth + 1);
      } else if (PROGRAM_KEY.test(key)) {
        const program = programPath(value);
        const path = program ? expand(program, root, home) : undefined;
        if (path) refs.files.push(path);
      }
    }
  };
  for (const file of files) visit(file, 0);
  return refs;
}
