// The command lines the commit-hook runners lefthook and pre-commit take from their configuration
// (hook-configs.ts reads them with the other runner configurations), read like the hook's own.
import { resolve } from 'node:path';
import type { Read } from './hook-tasks.js';

export const LEFTHOOK_CONFIGS: readonly string[] = ['lefthook.yml', 'lefthook.yaml', '.lefthook.yml', '.lefthook.yaml', 'lefthook-local.yml', '.lefthook-local.yml'];
export const PRE_COMMIT_CONFIGS: readonly string[] = ['.pre-commit-config.yaml'];

// The values of `key:` lines in `files` (relative to the top), quotes removed.
function keyed(files: readonly string[], key: string, top: string, read: Read): string[] {
  const lines: string[] = [];
  for (const text of files.map((file) => read(resolve(top, file)))) {
    for (const found of text?.matchAll(new RegExp(String.raw`^\s*-?\s*${key}:\s*(.+)$`, 'gm')) ?? []) lines.push(found[1]!.replace(/^(["'])(.*)\1\s*$/, '$2'));
  }
  return lines;
}

// The files a hook runner hands its commands are only known at run time (red team R13-26): lefthook's
// {staged_files}/{all_files}/{push_files}/{files} placeholders, and pre-commit's filenames, passed by default.
export const lefthookCommands = (top: string, read: Read): string[] =>
  keyed(LEFTHOOK_CONFIGS, 'run', top, read).map((line) => line.replace(/\{(?:staged_files|all_files|push_files|files)\}/g, '"$LEFTHOOK_FILES"'));

export const preCommitCommands = (top: string, read: Read): string[] => keyed(PRE_COMMIT_CONFIGS, 'entry', top, read).map((line) => `${line} "$PRE_COMMIT_FILES"`);
