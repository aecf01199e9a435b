import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, relative } from 'node:path';
import { repositoryRefs } from '../sandbox/git-config.js';
import type { ObeyedContext } from './obeyed.js';

// git's hook names: with core.hooksPath naming the workspace root itself, these files at the root are hooks.
const HOOK_NAMES = [
  'applypatch-msg', 'pre-applypatch', 'post-applypatch', 'pre-commit', 'pre-merge-commit', 'prepare-commit-msg', 'commit-msg',
  'post-commit', 'pre-rebase', 'post-checkout', 'post-merge', 'pre-push', 'pre-receive', 'update', 'proc-receive', 'post-receive',
  'post-update', 'reference-transaction', 'push-to-checkout', 'pre-auto-gc', 'post-rewrite', 'sendemail-validate',
  'fsmonitor-watchman', 'p4-changelist', 'p4-prepare-changelist', 'p4-post-changelist', 'p4-pre-submit', 'post-index-change',
];

function real(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return path;
  }
}

// The git part of the write gate's context for a workspace: what the configuration of its repository
// (its own, or the one enclosing a subfolder workspace) makes git run or read, as workspace-relative
// paths (as written and with symlinks resolved). Read fresh on every call: a config changed by a person
// between two calls counts at once.
export function obeyedContext(root: string, home: string | undefined = homedir()): ObeyedContext {
  const refs = repositoryRefs(root, home);
  const roots = [...new Set([root, real(root)])];
  const gitPaths = new Set<string>();
  for (const path of [...refs.folders, ...refs.files]) {
    for (const spelled of new Set([path, real(path)])) {
      for (const base of roots) {
        const rel = relative(base, spelled);
        if (rel === '') for (const name of HOOK_NAMES) gitPaths.add(name);
        else if (!rel.startsWith('..') && !isAbsolute(rel)) gitPaths.add(rel.split('\\').join('/'));
      }
    }
  }
  return { gitPaths: [...gitPaths] };
}
