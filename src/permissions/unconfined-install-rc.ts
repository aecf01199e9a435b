import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { METADATA_MAX, readGitMetadataOr, unreadWhy } from '../git/config-read.js';
import { npmIni } from '../engine/npm-ini.js';
import { UNKNOWN } from './argv.js';
import { variable, type Call, type Inside } from './unconfined-install-options.js';

// The configuration files an installer reads on its own (issue 26): where it installs is computed from every
// input it reads, not only the line's options. A repository (or an earlier run with no OS sandbox) that ships
// `.yarnrc` `global true`, `.yarnrc.yml` `globalFolder: ~/x`, `.npmrc` `modules-dir=/x` or a pip.conf
// `target = /x` turns a plain `yarn add x` / `pip install x` into an install outside. Each file is read like
// git's metadata (config-read.ts: regular file, non-blocking, size-capped), never shown whole; one that
// cannot be read, a value set from a variable, or a key naming another configuration file is not proven
// inside (fail closed).

// How a file's lines give keys: `key=value` (pip.conf), npm's ini (engine/npm-ini.ts: inline `;`/`#` comments,
// quoted keys and values), `key value` (yarn 1), `key: value` (YAML).
export type RcFormat = 'ini' | 'npmrc' | 'yarnrc' | 'yml';

export interface RcRule {
  // Keys that install outside when true (`global`).
  readonly flags?: readonly string[];
  // Keys naming a folder the install writes (`prefix`); relative to the file's folder.
  readonly folders?: readonly string[];
  // Keys whose value must be one of these (npm's `location`: only `project`/`user` stay inside).
  readonly values?: Readonly<Record<string, readonly string[]>>;
  // Keys naming another configuration file (`userconfig`): not followed, not proven inside.
  readonly files?: readonly string[];
  // An ini file's sections the program reads for this call (pip: `[global]` and the command's own, `[install]`);
  // absent: every line. Case-insensitive (reading one section too many only asks a person).
  readonly sections?: readonly string[];
}

const MAX_FOLDERS = 64;
const FALSE = /^(?:false|0|no|off|)$/i;
const LINE: Record<Exclude<RcFormat, 'npmrc'>, RegExp> = {
  ini: /^\s*([^=;#\s[][^=]*?)\s*=\s*(.*?)\s*$/,
  yarnrc: /^\s*([^#\s]\S*)\s+(.*?)\s*$/,
  yml: /^\s*([A-Za-z][\w-]*)\s*:\s*(.*?)\s*$/,
};

// The user's home as the installer sees it: the line's or the engine's HOME.
export const userHome = (call: Call): string => variable(call.env, 'HOME') ?? homedir();

// `name` in every folder the line may run in and each folder above it, nearest first.
export function upward(folders: readonly string[], name: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const start of folders) {
    for (let folder = start; !seen.has(folder) && seen.size < MAX_FOLDERS; folder = dirname(folder)) {
      seen.add(folder);
      out.push(join(folder, name));
      if (dirname(folder) === folder) break;
    }
  }
  return out;
}

// The first setting of `file` that is not proven inside, as `FILE key=value`; undefined when none (or no file).
export function rcOutside(file: string, format: RcFormat, rule: RcRule, inside: Inside): string | undefined {
  if (!existsSync(file)) return undefined;
  const got = readGitMetadataOr(file);
  if (typeof got !== 'object') return unreadWhy(file, got, METADATA_MAX) ?? `${file} (not readable)`;
  const text = got.text;
  for (const { section, key: written, value, named } of settings(file, format, text)) {
    if (rule.sections !== undefined && !rule.sections.includes(section ?? '')) continue;
    // yarn 1 scopes an option to one command (`--install.modules-folder x`): read for every command.
    const key = written.replace(/^--/, '').replace(rule.sections === undefined ? /^$/ : /_/g, '-').replace(format === 'yarnrc' ? /^[a-z-]+\./ : /^$/, '').toLowerCase();
    const dynamic = /[$%`]/.test(value);
    const lower = (list: readonly string[] | undefined): string[] => (list ?? []).map((each) => each.toLowerCase());
    if (lower(rule.flags).includes(key) && (dynamic || !FALSE.test(value))) return named;
    if (lower(rule.files).includes(key)) return named;
    const allowed = Object.entries(rule.values ?? {}).find(([name]) => name.toLowerCase() === key)?.[1];
    if (allowed !== undefined && (dynamic || !allowed.includes(value.toLowerCase()))) return named;
    if (lower(rule.folders).includes(key) && (dynamic || value === '' || !inside(isAbsolute(value) || value.startsWith('~') ? value : resolve(dirname(file), value)))) return named;
  }
  return undefined;
}

// The settings of a file's text: section (ini), key, value as the program reads it, and the line for the reason.
function settings(file: string, format: RcFormat, text: string): { section?: string; key: string; value: string; named: string }[] {
  if (format === 'npmrc') return npmIni(text).map(({ section, key, value }) => ({ section: section.toLowerCase(), key, value: value === true ? 'true' : value, named: `${file} ${key}=${value === true ? '' : value}` }));
  const out: { section?: string; key: string; value: string; named: string }[] = [];
  let section: string | undefined;
  for (const line of text.split(/\r?\n/)) {
    const header = format === 'ini' ? /^\s*\[([^\]]*)\]/.exec(line) : null;
    if (header) section = header[1]!.trim().toLowerCase();
    const match = LINE[format].exec(line);
    if (!match) continue;
    out.push({ ...(section === undefined ? {} : { section }), key: match[1]!, value: match[2]!.replace(/^(["'])(.*)\1$/, '$2'), named: `${file} ${match[1]}${format === 'ini' ? '=' : format === 'yml' ? ': ' : ' '}${match[2]}` });
  }
  return out;
}

// The first of `files` with a setting not proven inside.
export const rcsOutside = (files: readonly string[], format: RcFormat, rule: RcRule, inside: Inside): string | undefined =>
  files.reduce<string | undefined>((found, file) => found ?? rcOutside(file, format, rule, inside), undefined);

// A file named by a value only known at run time cannot be read: not proven inside.
export const unknownFile = (value: string): boolean => value.startsWith(UNKNOWN) || /[$`*?[]/.test(value) || value === '';
