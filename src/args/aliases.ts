import { didYouMean } from '../text/suggest.js';
import { fail, type CodewardError } from '../engine/errors.js';
import { toCamel, type FlagInfo } from '../engine/flag-names.js';
import type { AnyCommand } from '../engine/command.js';
import type { Registry } from '../engine/registry.js';

// Other names models use (lower-cased camelCase) → canonical flags by preference; used only for flags the command lacks.
const GENERIC_FLAG_ALIASES: Readonly<Record<string, readonly string[]>> = {
  path: ['file', 'dir'],
  filepath: ['file', 'path'],
  filename: ['file', 'path'],
  file: ['path'],
  directory: ['dir', 'path'],
  cwd: ['dir', 'path'],
  workdir: ['dir', 'path'],
  workingdir: ['dir', 'path'],
  workingdirectory: ['dir', 'path'],
  folder: ['dir', 'path'],
  dir: ['path'],
  query: ['term'],
  pattern: ['term'],
  regex: ['term'],
  search: ['term'],
  searchterm: ['term'],
  command: ['cmd'],
  contents: ['content'],
  body: ['content'],
  data: ['content'],
  text: ['content'],
  old: ['search'],
  oldtext: ['search'],
  oldstring: ['search'],
  new: ['replace'],
  newtext: ['replace'],
  newstring: ['replace'],
  begin: ['start'],
  from: ['start'],
  offset: ['start'],
  startline: ['start'],
  to: ['end'],
  endline: ['end'],
  depth: ['maxDepth'],
  maxdepth: ['maxDepth'],
  limit: ['maxResults'],
};

export interface ResolvedFlag {
  readonly info: FlagInfo;
  // True when the key was another name for the flag; a canonical spelling of the same flag wins.
  readonly viaAlias: boolean;
}

// Maps a key as a model wrote it (`--max-bytes`, `max_bytes`, `MaxBytes`, `path`) to the command's flag.
export function resolveFlag(command: AnyCommand, flags: readonly FlagInfo[], key: string): ResolvedFlag | undefined {
  const camel = toCamel(key.trim().replace(/^-+/, ''));
  const lower = camel.toLowerCase();
  const exact = flags.find((flag) => flag.name === camel) ?? flags.find((flag) => flag.name.toLowerCase() === lower);
  if (exact) return { info: exact, viaAlias: false };
  const byName = (name: string): FlagInfo | undefined => flags.find((flag) => flag.name === name);
  const own = Object.entries(command.flagAliases ?? {}).find(([alias]) => toCamel(alias).toLowerCase() === lower);
  const ownTarget = own && byName(own[1]);
  if (ownTarget) return { info: ownTarget, viaAlias: true };
  for (const candidate of GENERIC_FLAG_ALIASES[lower] ?? []) {
    const target = byName(candidate);
    if (target) return { info: target, viaAlias: true };
  }
  return undefined;
}

export function flagList(flags: readonly FlagInfo[]): string {
  return flags.map((flag) => `--${flag.cli}`).join(', ');
}

export function unknownFlag(command: AnyCommand, flags: readonly FlagInfo[], key: string): CodewardError {
  const shown = key.trim().replace(/^-+/, '');
  return fail('C210', `unknown flag --${shown} for ${command.name}${didYouMean(shown, flags.map((flag) => flag.cli), '--')}; valid flags: ${flagList(flags)}`);
}

// The spellings a name a model used may stand for (`read_file`, `Read-File`, `coder::read`), tried in order.
export function commandNameVariants(name: string): string[] {
  const base = name.trim().replace(/^@?coder(?:::|\.|\s+)/i, '');
  return [base, base.replace(/_/g, '-'), base.replace(/-/g, '_'), base.replace(/[-_\s]/g, '')];
}

// A command by the name a model used (`read_file`, `Read-File`, `coder::read`); unknown → C210 listing valid ones.
export function resolveCommand(registry: Registry, name: unknown): AnyCommand {
  if (typeof name !== 'string' || name.trim() === '') {
    throw fail('C210', `the command name must be a non-empty string; valid commands: ${registry.names().join(', ')}`);
  }
  for (const variant of commandNameVariants(name)) {
    const command = registry.find(variant);
    if (command) return command;
  }
  return registry.get(name);
}

// Whether a name resolves to a command, without throwing.
export function findCommand(registry: Registry, name: string): AnyCommand | undefined {
  try {
    return resolveCommand(registry, name);
  } catch {
    return undefined;
  }
}
