// What an nx:run-commands target runs, with the options that change it (red team R20-8; nx's run-commands.impl):
// `cwd` moves the folder its commands run in (from the workspace's top, or absolute), `env` and `envFile` (a dotenv
// file, from the top) set variables for every command (NODE_OPTIONS, PATH ... read as the hook walk reads an
// `export`), `args`, `__unparsed__` and every option that is not run-commands' own are appended to each command
// (`--key=value`) unless `forwardAllArgs` is false. `{workspaceRoot}`/`{projectRoot}` are nx's tokens; an
// `{args.x}` interpolation, a cwd outside the work tree or a value that is not text is not modelled.
import { isAbsolute, relative, resolve } from 'node:path';
import type { Read } from './hook-tasks.js';
import { dotenvPairs } from './home-sources-dotenv.js';

// run-commands' own options (nx 20's `propKeys`): any other is forwarded to the commands.
const OWN = new Set(['command', 'commands', 'color', 'no-color', 'parallel', 'no-parallel', 'readyWhen', 'cwd', 'args', 'envFile', '__unparsed__', 'env', 'usePty', 'streamOutput', 'verbose', 'forwardAllArgs', 'tty']);
const NAME = /^[A-Za-z_]\w*$/;

export const quote = (word: string): string => `'${word.replace(/'/g, `'\\''`)}'`;

export interface NxRun {
  readonly top: string;
  readonly folder: string;
  readonly read: Read;
  // Lines that run where nx runs (the top) or in the project.
  readonly lines: string[];
  // Lines with their own folder (a `cwd`).
  readonly placed: [string, string][];
  // Files the target reads (an envFile: obeyed, present or not).
  readonly files: string[];
}

// nx's path tokens in an option's text.
export const tokens = (text: string, top: string, folder: string): string => text.replace(/\{workspaceRoot\}/g, top).replace(/\{projectRoot\}/g, relative(top, folder) || '.');

// The words forwarded to each command, or why not modelled.
function forwarded(options: Record<string, unknown>): string[] | string {
  const out: string[] = [];
  for (const each of [options['args'] ?? [], options['__unparsed__'] ?? []].flat()) {
    if (typeof each !== 'string') return 'an `args` that is not text';
    out.push(each);
  }
  for (const [key, value] of Object.entries(options)) {
    if (OWN.has(key)) continue;
    if (typeof value === 'object' && value !== null) return `option ${key} (forwarded to the commands, not text)`;
    out.push(value === true ? `--${key}` : value === false ? `--no-${key}` : quote(`--${key}=${String(value)}`));
  }
  return out;
}

// The lines of one run-commands target run with `options`, into `run`; or why not modelled.
export function runCommands(name: string, target: Record<string, unknown>, options: Record<string, unknown>, run: NxRun): string | undefined {
  const { top, folder, read } = run;
  const exports: string[] = [];
  const env = options['env'] ?? {};
  if (typeof env !== 'object' || env === null || Array.isArray(env)) return `target ${name}: an \`env\` that is not a table`;
  const pairs: [string, unknown][] = Object.entries(env);
  if (options['envFile'] !== undefined) {
    if (typeof options['envFile'] !== 'string') return `target ${name}: an \`envFile\` that is not text`;
    const file = resolve(top, tokens(options['envFile'], top, folder));
    run.files.push(file);
    pairs.unshift(...dotenvPairs(read(file) ?? ''));
  }
  for (const [key, value] of pairs) {
    if (!NAME.test(key) || typeof value !== 'string') return `target ${name}: an \`env\` entry ${key} codeward does not read`;
    exports.push(`export ${key}=${quote(tokens(value, top, folder))};`);
  }
  const cwd = options['cwd'];
  if (cwd !== undefined && typeof cwd !== 'string') return `target ${name}: a \`cwd\` that is not text`;
  const at = cwd === undefined ? undefined : resolve(top, tokens(cwd, top, folder));
  if (at !== undefined && (isAbsolute(relative(top, at)) || relative(top, at).startsWith('..'))) return `target ${name}: \`cwd\` ${cwd} (outside the work tree)`;
  const words = forwarded(options);
  if (typeof words === 'string') return `target ${name}: ${words}`;
  for (const each of [target['command'], options['command'], options['commands']].flat()) {
    if (each === undefined) continue;
    const command = typeof each === 'string' ? each : (each as Record<string, unknown> | null)?.['command'];
    if (typeof command !== 'string') return `target ${name}: a command that is not text`;
    if (/\{args\./.test(command)) return `target ${name}: \`${command}\` (an {args.} interpolation)`;
    const forward = options['forwardAllArgs'] !== false && (typeof each === 'string' || (each as Record<string, unknown>)['forwardAllArgs'] !== false);
    const line = [...exports, tokens(command, top, folder), ...(forward ? words : [])].join(' ');
    if (at === undefined) run.lines.push(line);
    else run.placed.push([at, line]);
  }
  return undefined;
}
