import { dirname, join, normalize, relative, resolve } from 'node:path';
import { parseYaml } from '../engine/yaml.js';
import { isInside } from '../workspace/contains.js';
import { readLinkBeneath } from '../workspace/link-beneath.js';
import { listBeneath, lstatBeneath, readBeneath } from '../workspace/own-read-sync.js';
import { lazyMatcher } from '../workspace/picomatch.js';

// Which workspace packages a package manager's line is aimed at (issue 26 LEFT, fix39): `npm exec -w a`,
// `npm -ws exec`, `pnpm -r exec`, `pnpm --filter a exec`, `yarn workspace a exec|run`, `yarn workspaces foreach`,
// `bun --filter a`. Such a run puts THAT package's node_modules/.bin first on PATH (run-script-bin-shadows.ts
// binFoldersOnPath). undefined: not aimed (the run folder's package); 'all': every workspace package (-r, -ws, or a
// filter or glob not resolved here: fail closed); else the values as written.
export type Aim = 'all' | readonly string[] | undefined;

const VALUED: Readonly<Record<string, readonly string[]>> = { npm: ['-w', '--workspace'], pnpm: ['-F', '--filter', '--filter-prod'], bun: ['-F', '--filter'] };
const ALL: Readonly<Record<string, RegExp>> = { npm: /^(?:-ws|--workspaces(?:=true)?|--ws)$/, pnpm: /^(?:-r|--recursive)$/, bun: /^--workspaces$/ };

export function workspaceAim(program: string, rest: readonly string[]): Aim {
  if (program === 'yarn' && rest[0] === 'workspace') return rest[1] === undefined ? 'all' : [rest[1]];
  if (program === 'yarn' && rest[0] === 'workspaces') return 'all';
  const valued = VALUED[program];
  if (valued === undefined) return undefined;
  const values: string[] = [];
  for (let i = 0; i < rest.length && rest[i] !== '--'; i++) {
    const word = rest[i]!;
    if (ALL[program]!.test(word)) return 'all';
    const name = valued.find((option) => word === option || word.startsWith(`${option}=`) || (option.length === 2 && word.startsWith(option) && !word.startsWith('--')));
    if (name === undefined) continue;
    const value = word === name ? rest[++i] : word.slice(name.length).replace(/^=/, '');
    if (value === undefined) return 'all';
    values.push(value);
  }
  return values.length === 0 ? undefined : values;
}

interface Package {
  readonly dir: string;
  readonly name?: string;
}

// The folders of the aimed packages (absolute), or why they are not known here (then the run is unread).
export function aimedFolders(root: string, aim: 'all' | readonly string[]): string[] | string {
  const packages = workspacePackages(root);
  if (typeof packages === 'string') return packages;
  if (aim === 'all') return packages.map((pkg) => pkg.dir);
  const picked = aim.map((value) => {
    if (/[*?!^[\]{}$`]|\.\.\./.test(value.replace(/^\{(.*)\}$/, '$1'))) return undefined;
    const path = normalize(value.replace(/^\{(.*)\}$/, '$1'));
    const found = packages.filter((pkg) => pkg.name === value || relative(root, pkg.dir) === path);
    return found.length === 0 ? undefined : found;
  });
  return picked.some((found) => found === undefined) ? packages.map((pkg) => pkg.dir) : picked.flatMap((found) => found!.map((pkg) => pkg.dir));
}

const MAX_FOLDERS = 2000;
const MAX_DEPTH = 8;

// The workspace packages the root's package.json `workspaces` and pnpm-workspace.yaml `packages` name (negations
// ignored: more folders, never fewer), each a folder below the root with a package.json; read through the jail.
function workspacePackages(root: string): Package[] | string {
  const patterns = [...patternsOf(readJson(root, 'package.json'), (json) => (Array.isArray(json['workspaces']) ? json['workspaces'] : (json['workspaces'] as Record<string, unknown> | undefined)?.['packages'])),
    ...patternsOf(readYaml(root), (yaml) => yaml['packages'])].filter((pattern) => !pattern.startsWith('!'));
  const folders = new Set<string>();
  for (const pattern of patterns) {
    const clean = normalize(pattern).replace(/\/+$/, '');
    if (clean.startsWith('..') || clean.startsWith('/')) continue;
    const parts = clean.split('/');
    const literal = parts.findIndex((part) => /[*?[\]{}!]/.test(part));
    if (literal < 0) {
      folders.add(join(root, clean));
      continue;
    }
    const match = lazyMatcher(clean, { dot: false });
    const stuck = walk(root, join(root, ...parts.slice(0, literal)), 0, (rel) => match(rel), parts.includes('**') ? MAX_DEPTH : parts.length - literal, folders);
    if (stuck !== undefined) return stuck;
  }
  const found: Package[] = [];
  for (const named of folders) {
    // Red team R38-b7: a package folder that is a link (packages/a -> ../vendor/a) is the folder it leads to, as npm
    // follows it; one leading out of the workspace, or whose package.json is a link or lies under one, is not known here.
    const dir = linkTarget(root, named);
    const read = dir === undefined ? 'link' : readBeneath(root, join(dir, 'package.json'), 1 << 20);
    if (read === 'link') return linked(root, named);
    const json = typeof read === 'object' ? parseJson(read.bytes.toString('utf8')) : undefined;
    if (json !== undefined) found.push({ dir: dir!, ...(typeof json['name'] === 'string' ? { name: json['name'] } : {}) });
  }
  return found;
}

const MAX_HOPS = 8;

// Why the packages are not known here: a link not followed (out of the workspace, under another link, or walked into).
const linked = (root: string, abs: string): string => `the workspace folder ${relative(root, abs)} is a link, whose packages are not read here`;

// The folder `abs` leads to once its links are followed (each read through the jail: no link on the way), or
// undefined when a link leads out of the workspace or the chain is too long.
function linkTarget(root: string, abs: string): string | undefined {
  let at = abs;
  for (let hop = 0; hop <= MAX_HOPS; hop++) {
    if (lstatBeneath(root, at)?.isSymbolicLink() !== true) return at;
    const text = readLinkBeneath(root, at);
    if (text === undefined) return undefined;
    at = resolve(dirname(at), text);
    if (at === root || !isInside(root, at)) return undefined;
  }
  return undefined;
}

function walk(root: string, dir: string, depth: number, match: (rel: string) => boolean, max: number, into: Set<string>): string | undefined {
  if (depth >= max) return undefined;
  const listed = listBeneath(root, dir, MAX_FOLDERS);
  if (listed === 'link') return linked(root, dir);
  for (const entry of listed?.entries ?? []) {
    if ((entry.kind !== 'folder' && entry.kind !== 'link') || entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const abs = join(dir, entry.name);
    if (match(relative(root, abs))) into.add(abs);
    // A link that matches is a package (followed by workspacePackages); one the glob would walk into is not read here.
    if (entry.kind === 'link') {
      if (depth + 1 < max) return linked(root, abs);
      continue;
    }
    if (into.size > MAX_FOLDERS) return `the workspace names more than ${MAX_FOLDERS} package folders, not all read here`;
    const stuck = walk(root, abs, depth + 1, match, max, into);
    if (stuck !== undefined) return stuck;
  }
  return undefined;
}

function patternsOf<T>(value: T | undefined, pick: (value: T) => unknown): string[] {
  const list = value === undefined ? undefined : pick(value);
  return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
}

function readText(root: string, rel: string): string | undefined {
  const read = readBeneath(root, join(root, rel), 1 << 20);
  return typeof read === 'object' ? read.bytes.toString('utf8') : undefined;
}

function readJson(root: string, rel: string): Record<string, unknown> | undefined {
  return parseJson(readText(root, rel) ?? 'null');
}

function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    const json = JSON.parse(text) as unknown;
    return typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function readYaml(root: string): Record<string, unknown> | undefined {
  try {
    const yaml = parseYaml(readText(root, 'pnpm-workspace.yaml') ?? '') as unknown;
    return typeof yaml === 'object' && yaml !== null ? (yaml as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
