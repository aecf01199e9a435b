// What a justfile's or Taskfile's settings make its recipes run with (red team R21-8), beside their lines
// (hook-taskfiles.ts): the shell every recipe line runs through (just `set shell`, `set script-interpreter`), the
// env files loaded as the recipes' environment (just `set dotenv-path` / `dotenv-filename` / `dotenv-load` /
// `dotenv-required`, Taskfile `dotenv:`: their NODE_OPTIONS, BASH_ENV ... reach the programs, read like node's env
// files by obeyed-hooks.ts), the variables exported to the recipes (just `export X := ".."` or `set export`,
// Taskfile `env:`), and the folders recipes run in (just `set working-directory`, `[working-directory(..)]`,
// Taskfile `dir:`, an include's `dir:`). A setting only known at run time (a backtick, a `{{.VAR}}` template, a
// value that is not a plain string) makes the run unknown (fail closed).
import { dirname, resolve } from 'node:path';
import { parseYaml } from '../engine/yaml.js';
import { object } from './hook-editor-named.js';

export interface RunnerSettings {
  // Command lines the runner starts for every recipe (its shell, with the words it is given).
  readonly lines: string[];
  // Files obeyed, existing or not (absolute).
  readonly named: string[];
  // Env files read as the recipes' environment (absolute; obeyed, existing or not).
  readonly envFiles: string[];
  // `NAME=VALUE` set for every recipe's programs.
  readonly assignments: string[];
  // Folders the recipes run in besides the runner's own (absolute).
  readonly folders: string[];
  unknown?: string;
}

export const newSettings = (): RunnerSettings => ({ lines: [], named: [], envFiles: [], assignments: [], folders: [] });

const STRING = /^(?:"((?:\\.|[^"\\])*)"|'([^']*)')$/;
// A just string literal's text, or undefined (an expression, a backtick: only known at run time).
const literal = (text: string): string | undefined => {
  const found = STRING.exec(text.trim());
  return found === null ? undefined : (found[1] ?? found[2]!);
};
const SHELLS = /^set\s+(shell|windows-shell|script-interpreter)\s*:=\s*\[(.*)\]\s*$/;
const DOTENV = /^set\s+(dotenv-path|dotenv-filename|dotenv-load|dotenv-required|working-directory|export)\b\s*(?::=\s*(.*?))?\s*$/;

// The folder and its ancestors up to the filesystem's root (the caller keeps those inside the work tree).
function upwards(folder: string): string[] {
  const out = [folder];
  while (dirname(out[out.length - 1]!) !== out[out.length - 1]) out.push(dirname(out[out.length - 1]!));
  return out;
}

// One justfile's settings, exports and working-directory attributes (its folder `dir`), into `out`.
export function justSettings(text: string, dir: string, out: RunnerSettings): void {
  const unknown = (why: string): void => void (out.unknown ??= `a justfile ${why} (only known at run time)`);
  let exportAll = false;
  const assigned: [string, string][] = [];
  let dotenv: string | undefined;
  let dotenvFile: string | undefined;
  for (const line of text.split('\n').map((each) => each.replace(/\s+#.*$/, '').trimEnd())) {
    const shell = SHELLS.exec(line);
    if (shell) {
      const words = shell[2]!.split(',').map((each) => each.trim()).filter(Boolean).map(literal);
      if (words.some((word) => word === undefined)) unknown(`\`${line}\``);
      const plain = words.filter((word): word is string => word !== undefined);
      out.lines.push(plain.map((word) => `'${word.replace(/'/g, "'\\''")}'`).join(' '));
      for (const word of plain) if (word.includes('/') && !word.startsWith('-')) out.named.push(resolve(dir, word));
      continue;
    }
    const setting = DOTENV.exec(line);
    if (setting) {
      const value = setting[2] === undefined || /^(?:true|false)$/.test(setting[2]) ? setting[2] ?? 'true' : literal(setting[2]);
      if (value === undefined) unknown(`\`${line}\``);
      else if (setting[1] === 'export') exportAll = value === 'true';
      else if (setting[1] === 'working-directory') out.folders.push(resolve(dir, value));
      else if (setting[1] === 'dotenv-path') dotenv = value;
      else if (setting[1] === 'dotenv-filename') dotenvFile = value;
      else if (value === 'true') dotenvFile ??= '.env';
      continue;
    }
    const attribute = /^\s*\[.*\bworking-directory\s*(?:\(|:)\s*(.*?)\s*\)?\s*\]\s*$/.exec(line);
    if (attribute) {
      const value = literal(attribute[1]!);
      if (value === undefined) unknown(`\`${line}\``);
      else out.folders.push(resolve(dir, value));
      continue;
    }
    const assignment = /^(export\s+)?([A-Za-z_][\w-]*)\s*:=\s*(.*)$/.exec(line);
    if (assignment) assigned.push([assignment[1] === undefined ? '' : 'export', `${assignment[2]!}=${literal(assignment[3]!) ?? `$(${assignment[3]!})`}`]);
  }
  out.assignments.push(...assigned.filter(([exported]) => exported !== '' || exportAll).map(([, word]) => word));
  // dotenv-path: relative to the working folder; dotenv-filename (and .env): there and in each folder above.
  if (dotenv !== undefined) out.envFiles.push(resolve(dir, dotenv));
  else if (dotenvFile !== undefined) out.envFiles.push(...upwards(dir).map((folder) => resolve(folder, dotenvFile)));
}

const TEMPLATE = /\{\{|\$/;

// A Taskfile's env files, variables and folders (its own and its tasks'; an include's `dir:`), from folder `dir`.
export function taskfileSettings(text: string, dir: string, out: RunnerSettings): void {
  let data: unknown;
  try {
    data = parseYaml(text);
  } catch {
    out.unknown ??= 'a Taskfile codeward cannot read';
    return;
  }
  const root = object(data);
  const strings = (value: unknown): string[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]).map((each) => (typeof each === 'string' ? each : '\u0000'));
  const place = (value: string, what: string): string | undefined => {
    if (value.includes('\u0000') || TEMPLATE.test(value)) {
      out.unknown ??= `a Taskfile ${what} \`${value}\` (only known at run time)`;
      return undefined;
    }
    return resolve(dir, value);
  };
  const scope = (entry: Record<string, unknown>): void => {
    for (const file of strings(entry['dotenv'])) {
      const path = place(file, 'dotenv file');
      if (path !== undefined) out.envFiles.push(path);
    }
    for (const [name, value] of Object.entries(object(entry['env']))) out.assignments.push(`${name}=${typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '$(sh)'}`);
    if (entry['dir'] !== undefined) {
      const path = place(strings(entry['dir'])[0]!, 'dir');
      if (path !== undefined) out.folders.push(path);
    }
  };
  scope(root);
  for (const task of Object.values(object(root['tasks']))) scope(object(task));
  for (const include of Object.values(object(root['includes']))) scope({ dir: object(include)['dir'] });
}
