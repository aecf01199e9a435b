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
// load time: ws -> bufferutil, red team R44-a1). Only names that stay inside a node_modules folder.
export function loadedNames(json: PackageJson | undefined): string[] {
  const names = [json?.dependencies, json?.optionalDependencies, json?.peerDependencies, json?.peerDependenciesMeta].flatMap((field) => (typeof field === 'object' && field !== null ? Object.keys(field) : []));
  return [...new Set(names)].filter(packageName);
}

// The names a package is started by: its bin's keys (a string bin: the unscoped package name).
export function binNames(json: PackageJson | undefined): string[] {
  const bin = json?.bin;
  const names = typeof bin === 'string' ? (typeof json?.name === 'string' ? [basename(json.name)] : []) : typeof bin === 'object' && bin !== null ? Object.keys(bin) : [];
  return names.filter((name) => name !== '' && !/[/\\]|^\.\.?$/.test(name));
}

// `name` or `@scope/name`, no part empty, `.` or `..`.
export const packageName = (name: string): boolean => /^(?:@[^/\\]+\/)?[^/\\]+$/.test(name) && !name.split('/').some((part) => part === '.' || part === '..' || part === '@');
