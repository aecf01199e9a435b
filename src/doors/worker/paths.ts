import { lstat, realpath } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { errnoOf, osText, werr } from './errors.js';
import type { WorkerContext } from './config.js';

// A wire path after the jail accepted it.
export interface Resolved {
  // Absolute path to operate on (symlinks resolved; a missing tail appended as is).
  readonly abs: string;
  // `abs` relative to the base, forward slashes; '' for the base itself.
  readonly rel: string;
}

function inside(base: string, abs: string): boolean {
  return abs === base || abs.startsWith(base.endsWith(sep) ? base : base + sep);
}

export function relOf(ctx: WorkerContext, abs: string): string {
  if (abs === ctx.base) return '';
  return abs.slice(ctx.base.length + (ctx.base.endsWith(sep) ? 0 : 1)).split(sep).join('/');
}

// Seed 003's PathResolver. Absolute → C210; outside the base → C215; a dangling symlink → C215.
// Unlike the original, `..` is applied component by component after the symlinks before it were
// resolved, so `missing/../escape/file` (escape → outside) is C215 instead of a jail bypass.
export async function resolvePath(ctx: WorkerContext, path: string): Promise<Resolved> {
  if (path.startsWith('/')) throw werr('C210', `path must be relative to base_path: ${path}`);
  if (path.includes('\0')) throw werr('C210', `path must not contain a NUL byte: ${JSON.stringify(path)}`);
  let current = ctx.base;
  // Once a component is missing, everything after it is missing too (only `..` can climb back out).
  let missingFrom: string | undefined;
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      current = dirname(current);
      if (missingFrom !== undefined && !inside(missingFrom, current)) missingFrom = undefined;
      continue;
    }
    current = join(current, part);
    if (missingFrom !== undefined) continue;
    let isLink: boolean;
    try {
      isLink = (await lstat(current)).isSymbolicLink();
    } catch (error) {
      const code = errnoOf(error);
      if (code === 'ENOENT' || code === 'ENOTDIR') {
        missingFrom = current;
        continue;
      }
      throw werr('C216', `canonicalize ${path}: ${osText(error)}`);
    }
    if (!isLink) continue;
    try {
      current = await realpath(current);
    } catch (error) {
      const code = errnoOf(error);
      if (code === 'ENOENT' || code === 'ENOTDIR') throw werr('C215', `${path}: dangling symlink in path: ${current}`);
      throw werr('C216', `canonicalize ${path}: ${osText(error)}`);
    }
  }
  if (!inside(ctx.base, current)) throw werr('C215', `path escapes base_path: ${path}`);
  return { abs: current, rel: relOf(ctx, current) };
}

// resolve + the non_accessible_globs check on the resolved path (read-file, create, update, delete).
export async function requireWritable(ctx: WorkerContext, path: string): Promise<Resolved> {
  const resolved = await resolvePath(ctx, path);
  if (ctx.nonAccessible(resolved.rel)) throw werr('C211', `path is non-accessible per config: ${path}`);
  return resolved;
}
