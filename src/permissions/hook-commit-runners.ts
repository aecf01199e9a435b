// What the commit-hook runners lefthook and pre-commit run from their configuration (red team R13-26, R14-3),
// read like the hook's own lines. An ALLOW-LIST of the keys the walk understands: listing bad keys did not
// converge (lefthook's `extends:`, `source_dir`, `scripts:`, `remotes:`, its TOML/JSON files; pre-commit's block
// scalar `entry: |`, `args:`, `language: script`, a repository in the work tree), so any key it does not know,
// a file it cannot parse or a value it cannot follow makes the walk unmodeled (`unknown`, naming the key);
// what it does know is followed exactly: command lines, the files and folders they run (`named`).
import { basename, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { Read } from './hook-tasks.js';

// lefthook reads `lefthook.<ext>`, `.lefthook.<ext>`, `.config/lefthook.<ext>` and the `-local` variants.
const LEFTHOOK_EXTS = ['yml', 'yaml', 'json', 'jsonc', 'toml'];
export const LEFTHOOK_CONFIGS: readonly string[] = ['lefthook', '.lefthook', '.config/lefthook', 'lefthook-local', '.lefthook-local', '.config/lefthook-local'].flatMap((stem) => LEFTHOOK_EXTS.map((ext) => `${stem}.${ext}`));
export const PRE_COMMIT_CONFIGS: readonly string[] = ['.pre-commit-config.yaml', '.pre-commit-config.yml'];

export interface RunnerParts {
  readonly lines: string[];
  // Absolute: files and folders the runner runs (a folder: everything below it).
  readonly named: string[];
  unknown?: string;
}

type Table = Record<string, unknown>;
const isTable = (value: unknown): value is Table => typeof value === 'object' && value !== null && !Array.isArray(value);
const strings = (value: unknown): string[] => [value].flat().filter((each): each is string => typeof each === 'string');
// A word for a command line, quoted for the shell when it needs to be.
const quoted = (word: string): string => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`);

// One configuration file's data, or why it cannot be read (a format without a parser here: lefthook's TOML).
function load(path: string, read: Read): { data?: unknown; why?: string } {
  const text = read(path);
  if (text === undefined) return {};
  if (path.endsWith('.toml')) return { why: 'a TOML configuration (not read by codeward)' };
  try {
    return { data: /\.jsonc?$/.test(path) ? JSON.parse(text) : parseYaml(text) };
  } catch {
    return { why: 'a configuration codeward cannot parse' };
  }
}

// lefthook: the keys of the whole file, of a hook, of a command / job, and which of them are command lines.
const LEFTHOOK_TOP = new Set(['min_version', 'colors', 'no_tty', 'skip_output', 'output', 'assert_lefthook_installed', 'skip_lfs', 'extends', 'source_dir', 'source_dir_local', 'rc']);
const LEFTHOOK_HOOK = new Set(['parallel', 'piped', 'follow', 'exclude_tags', 'skip', 'only', 'files', 'commands', 'scripts', 'jobs', 'fail_on_changes']);
const LEFTHOOK_JOB = new Set(['name', 'run', 'script', 'runner', 'root', 'files', 'glob', 'exclude', 'file_types', 'tags', 'skip', 'only', 'interactive', 'use_stdin', 'stage_fixed', 'fail_text', 'priority', 'timeout', 'group', 'parallel', 'piped', 'jobs']);
const PLACEHOLDERS = /\{(?:staged_files|all_files|push_files|files)\}/g;
const MAX_EXTENDS = 8;

// The lines and files of the lefthook configurations at the top (every hook's: which one git runs is its own).
export function lefthookParts(top: string, read: Read): RunnerParts {
  const parts: RunnerParts = { lines: [], named: [resolve(top, '.lefthook'), resolve(top, '.lefthook-local')] };
  const unknown = (file: string, why: string): void => void (parts.unknown ??= `${file}: ${why}`);
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file) || seen.size >= MAX_EXTENDS) return;
    seen.add(file);
    const { data, why } = load(resolve(top, file), read);
    if (why !== undefined) return unknown(file, why);
    if (!isTable(data)) return;
    const sources = [...strings(data['source_dir']), ...strings(data['source_dir_local'])];
    for (const [key, value] of Object.entries(data)) {
      if (key === 'extends') for (const extended of strings(value)) {
        parts.named.push(resolve(top, extended));
        visit(extended);
      } else if (key === 'rc' || key === 'source_dir' || key === 'source_dir_local') parts.named.push(...strings(value).map((path) => resolve(top, path)));
      else if (!LEFTHOOK_TOP.has(key) && !/^[a-z][a-z-]*$/.test(key)) unknown(file, `\`${key}\` (a key codeward does not model)`);
      else if (!LEFTHOOK_TOP.has(key)) lefthookHook(key, value, sources, top, parts, (why) => unknown(file, why));
    }
  };
  for (const file of LEFTHOOK_CONFIGS) visit(file);
  return parts;
}

// One hook's table (`pre-commit:`): its commands, scripts and jobs.
function lefthookHook(hook: string, value: unknown, sources: readonly string[], top: string, parts: RunnerParts, unknown: (why: string) => void): void {
  if (!isTable(value)) return unknown(`\`${hook}\` (a key codeward does not model)`);
  const job = (name: string, entry: unknown, script: boolean): void => {
    if (!isTable(entry)) return;
    const root = strings(entry['root']).map((folder) => `cd ${quoted(folder)} && `)[0] ?? '';
    for (const [key, item] of Object.entries(entry)) {
      if (!LEFTHOOK_JOB.has(key)) unknown(`\`${hook}.${name}.${key}\` (a key codeward does not model)`);
      // `root: web/`: the command runs in that folder (read as `cd web && …`).
      else if (key === 'run' || key === 'files') parts.lines.push(...strings(item).map((line) => `${root}${line.replace(PLACEHOLDERS, '"$LEFTHOOK_FILES"')}`));
      else if (key === 'group' && isTable(item)) job(`${name}.group`, item, false);
      else if (key === 'jobs' && Array.isArray(item)) item.forEach((each, at) => job(`${name}[${at}]`, each, false));
    }
    // A script of the source folders (`.lefthook/<hook>/<name>`), run by its runner: the runner and the file.
    const file = script ? name : strings(entry['script'])[0];
    if (file !== undefined) {
      const paths = ['.lefthook', '.lefthook-local', ...sources].map((folder) => resolve(top, folder, hook, file));
      parts.named.push(...paths);
      const runner = strings(entry['runner'])[0];
      parts.lines.push(...paths.map((path) => (runner === undefined ? quoted(path) : `${runner} ${quoted(path)}`)));
    }
  };
  for (const [key, item] of Object.entries(value)) {
    if (!LEFTHOOK_HOOK.has(key)) unknown(`\`${hook}.${key}\` (a key codeward does not model)`);
    else if (key === 'files') parts.lines.push(...strings(item));
    else if ((key === 'commands' || key === 'scripts') && isTable(item)) for (const [name, entry] of Object.entries(item)) job(name, entry, key === 'scripts');
    else if (key === 'jobs' && Array.isArray(item)) item.forEach((each, at) => job(`jobs[${at}]`, each, false));
  }
}

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
    const { data, why } = load(resolve(top, file), read);
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
