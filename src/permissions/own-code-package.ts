// The package.json fields own-code.ts reads: what a package loads (the names node resolves from it) and how it is
// started (its bin names).
import { basename, join } from 'node:path';
import { readGitMetadataOr } from '../git/config-read.js';

const MAX_PACKAGE_JSON = 1024 * 1024;

export interface PackageJson {
  readonly name?: unknown;
  readonly bin?: unknown;
  readonly dependencies?: unknown;
  readonly optionalDependencies?: unknown;
  readonly peerDependencies?: unknown;
  readonly peerDependenciesMeta?: unknown;
  readonly main?: unknown;
  readonly imports?: unknown;
}

// Regular files only, size-capped, never blocking (config-read.ts); undefined: none or not JSON.
export function packageJson(folder: string): PackageJson | 'unread' | undefined {
  const got = readGitMetadataOr(join(folder, 'package.json'), MAX_PACKAGE_JSON);
  if (typeof got !== 'object') return got === 'absent' || got === 'folder' ? undefined : 'unread';
  try {
    const json: unknown = JSON.parse(got.text);
    return typeof json === 'object' && json !== null ? (json as PackageJson) : undefined;
  } catch {
    return undefined;
  }
}

// Every name the package may load: dependencies, optional ones and peers (an optional peer is `require`d in a try at
// load time: ws -> bufferutil, red team R44-a1), and the package each "imports" (#x) target names (R45-a1: node looks
// it up from the package like a dependency). Only names that stay inside a node_modules folder.
export function loadedNames(json: PackageJson | undefined): string[] {
  const names = [json?.dependencies, json?.optionalDependencies, json?.peerDependencies, json?.peerDependenciesMeta].flatMap((field) => (typeof field === 'object' && field !== null ? Object.keys(field) : []));
  return [...new Set([...names, ...importedNames(json?.imports)])].filter(packageName);
}

// The bare package names among the targets of an "imports" map, through arrays and nested conditions (bounded):
// `dep`, `dep/sub.js`, `@s/dep/x` name dep, dep, @s/dep; "./x" stays in the package (node refuses one leaving it),
// "node:fs" is built in.
function importedNames(imports: unknown): string[] {
  const names: string[] = [];
  const visit = (value: unknown, depth: number): void => {
    if (names.length > 200 || depth > 8) return;
    if (typeof value === 'string') {
      if (/^[./#]|:/.test(value)) return;
      const parts = value.split('/');
      names.push(parts.slice(0, value.startsWith('@') ? 2 : 1).join('/'));
    } else if (typeof value === 'object' && value !== null) for (const inner of Object.values(value)) visit(inner, depth + 1);
  };
  if (typeof imports === 'object' && imports !== null) for (const target of Object.values(imports)) visit(target, 0);
  return names;
}

// The names a package is started by: its bin's keys (a string bin: the unscoped package name).
export function binNames(json: PackageJson | undefined): string[] {
  const bin = json?.bin;
  const names = typeof bin === 'string' ? (typeof json?.name === 'string' ? [basename(json.name)] : []) : typeof bin === 'object' && bin !== null ? Object.keys(bin) : [];
  return names.filter((name) => name !== '' && !/[/\\]|^\.\.?$/.test(name));
}

// `name` or `@scope/name`, no part empty, `.` or `..`.
export const packageName = (name: string): boolean => /^(?:@[^/\\]+\/)?[^/\\]+$/.test(name) && !name.split('/').some((part) => part === '.' || part === '..' || part === '@');
