// TypeScript's path aliases for `references` and `rename-symbol`: a non-relative import (`@app/greet`,
// `src/greet` under a baseUrl) reaches a workspace file through the nearest tsconfig.json or jsconfig.json
// above the importing file (its `compilerOptions.paths` and `baseUrl`, with relative `extends` followed a
// few levels), as tsc resolves it: an exact pattern first, else the wildcard pattern with the longest
// prefix, each of its targets in order; then the baseUrl itself. Configs are read through the workspace
// jail (readOwnFile); one that is missing, refused or does not parse gives no alias.
import path from 'node:path';
import { readOwnFile } from '../workspace/own-read.js';
import type { Workspace } from '../workspace/workspace.js';
import { jsonrepair } from '../args/jsonrepair.js';

const posix = path.posix;
const CONFIG_NAMES = ['tsconfig.json', 'jsconfig.json'];
const MAX_EXTENDS = 4;

// The workspace-relative paths (before any file ending) an import specifier can mean, [] when none.
export type AliasResolver = (from: string, specifier: string) => string[];

interface Aliases {
  // Workspace-relative folder the targets are relative to (baseUrl, else the config's folder).
  readonly base: string;
  readonly baseUrl: boolean;
  readonly paths: readonly (readonly [string, readonly string[]])[];
}

interface CompilerPaths {
  baseUrl?: string;
  paths?: Record<string, unknown>;
  // The folder of the config that set each (targets are relative to it).
  baseFrom?: string;
  pathsFrom?: string;
}

async function parseConfig(workspace: Workspace, rel: string): Promise<{ extends?: unknown; compilerOptions?: { baseUrl?: unknown; paths?: unknown } } | undefined> {
  const read = await readOwnFile(workspace, rel, { maxBytes: 256 * 1024 });
  if (read.kind !== 'file') return undefined;
  try {
    const parsed: unknown = JSON.parse(jsonrepair(read.text));
    return typeof parsed === 'object' && parsed !== null ? parsed : undefined;
  } catch {
    return undefined;
  }
}

// The compiler options' baseUrl and paths of the config `rel`, its relative `extends` under it.
async function compilerPaths(workspace: Workspace, rel: string, depth = 0): Promise<CompilerPaths | undefined> {
  const config = await parseConfig(workspace, rel);
  if (config === undefined) return undefined;
  const folder = posix.dirname(rel);
  const parent = typeof config.extends === 'string' && /^\.\.?\//.test(config.extends) && depth < MAX_EXTENDS
    ? await compilerPaths(workspace, posix.normalize(posix.join(folder, config.extends.endsWith('.json') ? config.extends : `${config.extends}.json`)), depth + 1)
    : undefined;
  const options = config.compilerOptions ?? {};
  const own: CompilerPaths = {
    ...(typeof options.baseUrl === 'string' ? { baseUrl: options.baseUrl, baseFrom: folder } : {}),
    ...(typeof options.paths === 'object' && options.paths !== null ? { paths: options.paths as Record<string, unknown>, pathsFrom: folder } : {}),
  };
  return { ...parent, ...own };
}

async function aliasesOf(workspace: Workspace, rel: string): Promise<Aliases | undefined> {
  const found = await compilerPaths(workspace, rel);
  if (found === undefined || (found.baseUrl === undefined && found.paths === undefined)) return undefined;
  const base = found.baseUrl !== undefined ? posix.normalize(posix.join(found.baseFrom!, found.baseUrl)) : found.pathsFrom!;
  const paths = Object.entries(found.paths ?? {})
    .map(([pattern, targets]) => [pattern, Array.isArray(targets) ? targets.filter((target): target is string => typeof target === 'string') : []] as const);
  return { base, baseUrl: found.baseUrl !== undefined, paths };
}

const inside = (rel: string): boolean => rel !== '..' && !rel.startsWith('../') && !posix.isAbsolute(rel);

// What `specifier` means under these aliases (tsc's order: exact, longest wildcard prefix, baseUrl).
export function resolveAlias(aliases: Aliases, specifier: string): string[] {
  const exact = aliases.paths.find(([pattern]) => pattern === specifier);
  let targets: string[] = exact === undefined ? [] : [...exact[1]];
  if (exact === undefined) {
    let best = -1;
    for (const [pattern, list] of aliases.paths) {
      const star = pattern.indexOf('*');
      if (star === -1 || pattern.indexOf('*', star + 1) !== -1) continue;
      const [prefix, suffix] = [pattern.slice(0, star), pattern.slice(star + 1)];
      if (prefix.length <= best || specifier.length < prefix.length + suffix.length || !specifier.startsWith(prefix) || !specifier.endsWith(suffix)) continue;
      best = prefix.length;
      const matched = specifier.slice(prefix.length, specifier.length - suffix.length);
      targets = list.map((target) => target.replace('*', matched));
    }
  }
  if (aliases.baseUrl) targets.push(specifier);
  return targets.map((target) => posix.normalize(posix.join(aliases.base, target))).filter(inside);
}

// A resolver for the files given: each file's nearest config (looked up once per folder).
export async function loadAliases(workspace: Workspace, files: readonly string[]): Promise<AliasResolver> {
  const byFolder = new Map<string, Aliases | undefined>();
  const nearest = async (folder: string): Promise<Aliases | undefined> => {
    if (byFolder.has(folder)) return byFolder.get(folder);
    let found: Aliases | undefined;
    const present = (await Promise.all(CONFIG_NAMES.map(async (name) => {
      const rel = folder === '.' ? name : `${folder}/${name}`;
      return (await readOwnFile(workspace, rel, { maxBytes: 1 })).kind === 'file' ? rel : undefined;
    }))).find((rel) => rel !== undefined);
    if (present !== undefined) found = await aliasesOf(workspace, present);
    else if (folder !== '.') found = await nearest(posix.dirname(folder));
    byFolder.set(folder, found);
    return found;
  };
  const known = new Map<string, Aliases | undefined>();
  for (const file of files) known.set(file, await nearest(posix.dirname(file)));
  return (from, specifier) => {
    const aliases = known.get(from);
    return aliases === undefined || specifier.startsWith('.') ? [] : resolveAlias(aliases, specifier);
  };
}
