// What lefthook runs from its configuration (red team R13-26, R14-3, R15-11, R15-20), read with the real parsers
// (YAML, JSON, TOML) through an ALLOW-LIST of keys: known keys are followed exactly, any other key, a file it
// cannot parse or a value it cannot follow makes the walk unmodeled (`unknown`, naming it).
// Every configuration name lefthook reads is read (a missing one costs nothing); only `extends` hops count
// toward the bound, and reaching it is unmodeled (a chain longer than codeward follows).
import { resolve } from 'node:path';
import type { Read } from './hook-tasks.js';
import { isTable, loadConfig, quoted, strings, type RunnerParts, type Table } from './hook-runner-config.js';

// lefthook reads `lefthook.<ext>`, `.lefthook.<ext>`, `.config/lefthook.<ext>` and the `-local` variants.
const LEFTHOOK_EXTS = ['yml', 'yaml', 'json', 'jsonc', 'toml'];
export const LEFTHOOK_CONFIGS: readonly string[] = ['lefthook', '.lefthook', '.config/lefthook', 'lefthook-local', '.lefthook-local', '.config/lefthook-local'].flatMap((stem) => LEFTHOOK_EXTS.map((ext) => `${stem}.${ext}`));

// The keys of the whole file, of a hook, of a command / job, and which of them are command lines.
const TOP = new Set(['min_version', 'colors', 'no_tty', 'skip_output', 'output', 'assert_lefthook_installed', 'skip_lfs', 'extends', 'source_dir', 'source_dir_local', 'rc']);
const HOOK = new Set(['parallel', 'piped', 'follow', 'exclude_tags', 'skip', 'only', 'files', 'commands', 'scripts', 'jobs', 'fail_on_changes']);
const JOB = new Set(['name', 'run', 'script', 'runner', 'root', 'files', 'glob', 'exclude', 'file_types', 'tags', 'skip', 'only', 'interactive', 'use_stdin', 'stage_fixed', 'fail_text', 'priority', 'timeout', 'group', 'parallel', 'piped', 'jobs']);
const PLACEHOLDERS = /\{(?:staged_files|all_files|push_files|files)\}/g;
// `extends` hops followed from the configuration files; one more is unmodeled.
export const MAX_EXTENDS = 8;

// The lines and files of the lefthook configurations at the top (every hook's: which one git runs is its own).
export function lefthookParts(top: string, read: Read): RunnerParts {
  const parts: RunnerParts = { lines: [], named: [resolve(top, '.lefthook'), resolve(top, '.lefthook-local')] };
  const unknown = (file: string, why: string): void => void (parts.unknown ??= `${file}: ${why}`);
  const seen = new Set<string>();
  const visit = (file: string, hops: number): void => {
    if (seen.has(file)) return;
    if (hops > MAX_EXTENDS) return unknown(file, `more than ${MAX_EXTENDS} \`extends\` hops (not followed by codeward)`);
    seen.add(file);
    const { data, why } = loadConfig(resolve(top, file), read);
    if (why !== undefined) return unknown(file, why);
    if (data === undefined || data === null) return;
    if (!isTable(data)) return unknown(file, 'not a table of hooks (a form codeward does not model)');
    const sources = [...strings(data['source_dir']), ...strings(data['source_dir_local'])];
    for (const [key, value] of Object.entries(data)) {
      if (key === 'extends') for (const extended of strings(value)) {
        parts.named.push(resolve(top, extended));
        visit(extended, hops + 1);
      } else if (key === 'rc' || key === 'source_dir' || key === 'source_dir_local') parts.named.push(...strings(value).map((path) => resolve(top, path)));
      else if (!TOP.has(key) && !/^[a-z][a-z-]*$/.test(key)) unknown(file, `\`${key}\` (a key codeward does not model)`);
      else if (!TOP.has(key)) lefthookHook(key, value, sources, top, parts, (why) => unknown(file, why));
    }
  };
  for (const file of LEFTHOOK_CONFIGS) visit(file, 0);
  return parts;
}

// `skip:` / `only:` (hook or job): `true`, a git state (`merge`, `rebase`), or a list of those and of tables
// `{ ref: main }` / `{ run: CMD }`. lefthook runs a `run:` condition's command to decide: it is a command line.
// Any other form is unmodeled.
function conditions(where: string, value: unknown, parts: RunnerParts, unknown: (why: string) => void): void {
  for (const each of [value].flat()) {
    if (typeof each === 'boolean' || typeof each === 'string') continue;
    if (!isTable(each)) return unknown(`\`${where}\` (a condition codeward does not model)`);
    for (const [key, item] of Object.entries(each)) {
      if (key === 'run' && typeof item === 'string') parts.lines.push(item);
      else if (key !== 'ref' || typeof item !== 'string') return unknown(`\`${where}.${key}\` (a condition codeward does not model)`);
    }
  }
}

// One hook's table (`pre-commit:`): its commands, scripts and jobs.
function lefthookHook(hook: string, value: unknown, sources: readonly string[], top: string, parts: RunnerParts, unknown: (why: string) => void): void {
  if (!isTable(value)) return unknown(`\`${hook}\` (a key codeward does not model)`);
  const job = (name: string, entry: unknown, script: boolean): void => {
    if (!isTable(entry)) return unknown(`\`${hook}.${name}\` (a form codeward does not model)`);
    const root = strings(entry['root']).map((folder) => `cd ${quoted(folder)} && `)[0] ?? '';
    for (const [key, item] of Object.entries(entry)) {
      if (!JOB.has(key)) unknown(`\`${hook}.${name}.${key}\` (a key codeward does not model)`);
      // `root: web/`: the command runs in that folder (read as `cd web && …`).
      else if (key === 'run' || key === 'files') parts.lines.push(...strings(item).map((line) => `${root}${line.replace(PLACEHOLDERS, '"$LEFTHOOK_FILES"')}`));
      else if (key === 'skip' || key === 'only') conditions(`${hook}.${name}.${key}`, item, parts, unknown);
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
  for (const [key, item] of Object.entries(value as Table)) {
    if (!HOOK.has(key)) unknown(`\`${hook}.${key}\` (a key codeward does not model)`);
    else if (key === 'files') parts.lines.push(...strings(item));
    else if (key === 'skip' || key === 'only') conditions(`${hook}.${key}`, item, parts, unknown);
    else if ((key === 'commands' || key === 'scripts') && isTable(item)) for (const [name, entry] of Object.entries(item)) job(name, entry, key === 'scripts');
    else if (key === 'jobs' && Array.isArray(item)) item.forEach((each, at) => job(`jobs[${at}]`, each, false));
  }
}
