// What the commit-hook runners lefthook and pre-commit run from their configuration (red team R13-26, R14-3),
// read like the hook's own lines. An ALLOW-LIST of the keys the walk understands: listing bad keys did not
// converge (lefthook's `extends:`, `source_dir`, `scripts:`, `remotes:`, its TOML/JSON files; pre-commit's block
// scalar `entry: |`, `args:`, `language: script`, a repository in the work tree), so any key it does not know,
// a file it cannot parse or a value it cannot follow makes the walk unmodeled (`unknown`, naming the key);
// what it does know is followed exactly: command lines, the files and folders they run (`named`).
import { basename, resolve } from 'node:path';
import type { Read } from './hook-tasks.js';
import { lefthookParts } from './hook-lefthook.js';
import { isTable, loadConfig, quoted, strings, type RunnerParts, type Table } from './hook-runner-config.js';

export { LEFTHOOK_CONFIGS } from './hook-lefthook.js';
export type { RunnerParts } from './hook-runner-config.js';
export const PRE_COMMIT_CONFIGS: readonly string[] = ['.pre-commit-config.yaml', '.pre-commit-config.yml'];

// pre-commit: the keys of the file, of a repository, of a hook; the languages whose entry is a command line run
// in the work tree (docker builds the repository's Dockerfile, conda/coursier/… install what they name).
const PRE_COMMIT_TOP = new Set(['repos', 'default_install_hook_types', 'default_language_version', 'default_stages', 'files', 'exclude', 'fail_fast', 'minimum_pre_commit_version', 'ci']);
const PRE_COMMIT_REPO = new Set(['repo', 'rev', 'hooks']);
const PRE_COMMIT_HOOK = new Set(['id', 'name', 'entry', 'language', 'files', 'exclude', 'types', 'types_or', 'exclude_types', 'args', 'stages', 'additional_dependencies', 'always_run', 'pass_filenames', 'require_serial', 'verbose', 'log_file', 'minimum_pre_commit_version', 'description', 'alias', 'language_version', 'fail_fast']);
const LANGUAGES = new Set(['system', 'unsupported', 'script', 'unsupported_script', 'python', 'node', 'ruby', 'perl', 'lua', 'golang', 'rust', 'pygrep', 'fail']);
const REMOTE = /^(?:https?|ssh|git|file):\/\/|^[\w.-]+@[\w.-]+:/;

// The lines and files of the pre-commit configuration (`config`: the file the hook line names, else the default).
export function preCommitParts(top: string, read: Read, config?: string): RunnerParts {
  const parts: RunnerParts = { lines: [], named: [] };
  for (const file of config === undefined ? PRE_COMMIT_CONFIGS : [config]) {
    const unknown = (why: string): void => void (parts.unknown ??= `${file}: ${why}`);
    const { data, why } = loadConfig(resolve(top, file), read);
    if (why !== undefined) unknown(why);
    if (!isTable(data)) continue;
    for (const key of Object.keys(data)) if (!PRE_COMMIT_TOP.has(key)) unknown(`\`${key}\` (a key codeward does not model)`);
    for (const repo of Array.isArray(data['repos']) ? data['repos'] : []) {
      if (!isTable(repo)) continue;
      for (const key of Object.keys(repo)) if (!PRE_COMMIT_REPO.has(key)) unknown(`\`repos.${key}\` (a key codeward does not model)`);
      const url = strings(repo['repo'])[0] ?? '';
      // A repository of the work tree (`repo: ./tools/hooks`, `repo: .`): its hooks and what they run are files here.
      if (url !== 'local' && url !== 'meta' && !REMOTE.test(url)) unknown(`\`repo: ${url}\` (hooks from a repository of the work tree)`);
      for (const hook of Array.isArray(repo['hooks']) ? repo['hooks'] : []) if (isTable(hook)) preCommitHook(hook, url, top, parts, unknown);
    }
  }
  return parts;
}

function preCommitHook(hook: Table, url: string, top: string, parts: RunnerParts, unknown: (why: string) => void): void {
  const id = strings(hook['id'])[0] ?? '?';
  for (const key of Object.keys(hook)) if (!PRE_COMMIT_HOOK.has(key)) unknown(`\`${id}.${key}\` (a key codeward does not model)`);
  const language = strings(hook['language'])[0] ?? (url === 'local' ? 'system' : undefined);
  if (language !== undefined && !LANGUAGES.has(language)) unknown(`\`${id}: language: ${language}\` (a language codeward does not model)`);
  // A dependency that is a path (`./tools/plugin`, `-e .`) installs work-tree code.
  for (const dependency of strings(hook['additional_dependencies'])) if (/^[./~]|^-e\b|^file:|\s/.test(dependency.trim())) unknown(`\`${id}: additional_dependencies: ${dependency}\` (installs code of the work tree)`);
  const entry = strings(hook['entry'])[0];
  // pygrep's entry is a pattern, fail's a message: nothing runs.
  if (entry === undefined || language === 'pygrep' || language === 'fail') return;
  // The entry (a block or folded scalar too: one command line) with `args` appended, then the files.
  const line = `${entry.replace(/\s*\n\s*/g, ' ').trim()} ${strings(hook['args']).map(quoted).join(' ')} "$PRE_COMMIT_FILES"`;
  parts.lines.push(line);
  // `language: script`: the entry's first word is a file of the repository, run as it stands.
  if ((language === 'script' || language === 'unsupported_script') && url === 'local') parts.named.push(resolve(top, entry.trim().split(/\s+/)[0]!));
}

// What the commit-hook runners a hook line's `words` start run (lefthook, pre-commit with its `-c FILE`).
export function commitRunnerParts(words: readonly string[], top: string, read: Read): RunnerParts {
  const names = words.map((word) => basename(word));
  const parts: RunnerParts = { lines: [], named: [] };
  const add = (more: RunnerParts): void => {
    parts.lines.push(...more.lines);
    parts.named.push(...more.named);
    if (more.unknown !== undefined) parts.unknown ??= more.unknown;
  };
  if (names.includes('lefthook')) add(lefthookParts(top, read));
  if (names.some((name) => name === 'pre-commit' || name === 'pre_commit' || name === '-mpre_commit')) {
    const at = words.findIndex((word) => /^(?:-c|--config)(?:=|$)/.test(word));
    const flag = at < 0 ? undefined : words[at]!.includes('=') ? words[at]!.slice(words[at]!.indexOf('=') + 1) : words[at + 1];
    add(preCommitParts(top, read, flag === undefined || /[$`]/.test(flag) ? undefined : flag));
  }
  return parts;
}
