import { lstat, realpath, stat, type FileHandle } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { basename, dirname, isAbsolute, join, posix, relative as relativePath, resolve as resolvePath } from 'node:path';
import { fail, isCodewardError } from '../engine/errors.js';
import { isInside, toRel } from './contains.js';
import { expandPath, type ExpandOptions } from './expand.js';
import { compileNonAccessible, type RelMatcher } from './globs.js';
import { openVerified } from './open.js';
import { resolveReal } from './realpath.js';
import { changed, errno, escapes, fsRefusal, notAccessible } from './refusals.js';
import { isSensitivePath } from './sensitive.js';
import { DEFAULT_NON_ACCESSIBLE_GLOBS, type Access, type PathKind, type ResolvedPath, type WorkspaceOptions } from './types.js';

const ACCESSES: ReadonlySet<string> = new Set<Access>(['read', 'write', 'delete', 'list']);

// The path jail: every path a command touches goes through resolve() first.
export class Workspace {
  // The real (symlink-free) root; everything handed out lies at or below it.
  readonly root: string;
  // The root as given, made absolute but not resolved; absolute inputs in this spelling are accepted too.
  readonly givenRoot: string;
  readonly #options: WorkspaceOptions;
  readonly #expand: ExpandOptions;
  readonly #nonAccessible: RelMatcher;

  private constructor(root: string, givenRoot: string, options: WorkspaceOptions) {
    this.root = root;
    this.givenRoot = givenRoot;
    this.#options = options;
    this.#expand = { ...(options.env ? { env: options.env } : {}), ...(options.home !== undefined ? { home: options.home } : {}) };
    this.#nonAccessible = compileNonAccessible(options.nonAccessibleGlobs ?? DEFAULT_NON_ACCESSIBLE_GLOBS);
  }

  static async open(root: string, options: WorkspaceOptions = {}): Promise<Workspace> {
    if (typeof root !== 'string' || root.includes('\0')) throw fail('C210', 'workspace must be a path string without NUL bytes');
    const givenRoot = resolvePath(root);
    let real: string;
    let stats: Stats;
    try {
      real = await realpath(givenRoot);
      stats = await stat(real);
    } catch (error) {
      const code = errno(error);
      if (code === 'ENOENT' || code === 'ENOTDIR') throw fail('C211', `workspace not found: ${root}`);
      throw fsRefusal(error, `workspace ${root}`);
    }
    if (!stats.isDirectory()) throw fail('C210', `workspace is not a directory: ${root}`);
    return new Workspace(real, givenRoot, options);
  }

  // Same root (both spellings kept), other options; no filesystem access.
  withOptions(options: WorkspaceOptions): Workspace {
    return new Workspace(this.root, this.givenRoot, { ...this.#options, ...options });
  }

  async resolve(input: string, access: Access): Promise<ResolvedPath> {
    if (!ACCESSES.has(access)) throw fail('C210', `unknown access kind: ${String(access)}`);
    const lexical = this.#lexical(input);
    this.#refuseByName(lexical, input, access);
    if (access === 'delete') return this.#resolveEntry(input, lexical);
    const { real, exists } = await resolveReal(lexical, this.root, input);
    if (!isInside(this.root, real)) throw escapes(input);
    if (real !== lexical) this.#refuseByName(real, input, access);
    const rel = toRel(this.root, real);
    if (!exists) {
      if (access === 'read' || access === 'list') throw notAccessible(input);
      return { input, real, rel, kind: 'missing', isLink: false, lexical, stats: undefined };
    }
    const { stats, isLink } = await statBoth(lexical, real, input);
    return { input, real, rel, kind: kindOf(stats), isLink, lexical, stats };
  }

  // For listings: is this workspace-relative entry (forward slashes) non-accessible? The root never is.
  isNonAccessible(rel: string): boolean {
    const normal = posix.normalize(rel).replace(/\/+$/, '');
    if (normal === '.' || normal === '' || normal === '..' || normal.startsWith('../')) return false;
    return this.#nonAccessible(normal.startsWith('/') ? normal.slice(1) : normal);
  }

  // Cheaper form for walks: an entry is non-accessible when its parent was, or when it matches by itself.
  isNonAccessibleEntry(rel: string, parentNonAccessible: boolean): boolean {
    return parentNonAccessible || this.#nonAccessible.entry(rel);
  }

  // Forward-slash path of `abs` relative to the root ('.' for the root); either root spelling works.
  relative(abs: string): string {
    const normal = resolvePath(abs);
    if (!isInside(this.root, normal) && isInside(this.givenRoot, normal)) return toRel(this.givenRoot, normal);
    return toRel(this.root, normal);
  }

  contains(abs: string): boolean {
    return isAbsolute(abs) && isInside(this.root, resolvePath(abs));
  }

  // Opens a resolved file for reading without following a symlink swapped in after resolve().
  async openRead(path: ResolvedPath): Promise<FileHandle> {
    if (!isInside(this.root, path.real)) throw escapes(path.input);
    return openVerified(path);
  }

  // Steps 1-3: validate the string, expand ~ and $VAR, anchor at the real root, normalise, jail lexically.
  #lexical(input: string): string {
    if (typeof input !== 'string') throw fail('C210', 'path must be a string');
    if (input.includes('\0')) throw fail('C210', 'path contains a NUL byte');
    const expanded = expandPath(input === '' ? '.' : input, this.#expand);
    if (expanded.includes('\0')) throw fail('C210', 'path contains a NUL byte after expansion');
    if (!isAbsolute(expanded)) {
      const lexical = resolvePath(this.root, expanded);
      if (!isInside(this.root, lexical)) throw escapes(input);
      return lexical;
    }
    const normal = resolvePath(expanded);
    if (isSensitivePath(normal)) throw notAccessible(input);
    if (isInside(this.root, normal)) return normal;
    // Re-anchor the given spelling on the real root so later syscalls never go through the root's own link.
    if (isInside(this.givenRoot, normal)) return resolvePath(this.root, relativePath(this.givenRoot, normal));
    throw escapes(input);
  }

  // For delete the last component is never followed: a link is removed itself, never its target.
  async #resolveEntry(input: string, lexical: string): Promise<ResolvedPath> {
    if (lexical === this.root) throw fail('C210', 'refusing to delete the workspace root itself');
    const parent = await resolveReal(dirname(lexical), this.root, input);
    const real = join(parent.real, basename(lexical));
    if (!isInside(this.root, real)) throw escapes(input);
    if (real === this.root) throw fail('C210', 'refusing to delete the workspace root itself');
    this.#refuseByName(real, input, 'delete');
    const rel = toRel(this.root, real);
    let stats: Stats;
    try {
      stats = await lstat(real);
    } catch (error) {
      if (errno(error) === 'ENOENT' || errno(error) === 'ENOTDIR') return { input, real, rel, kind: 'missing', isLink: false, lexical, stats: undefined };
      throw fsRefusal(error, input);
    }
    const isLink = stats.isSymbolicLink();
    return { input, real, rel, kind: isLink ? 'symlink' : kindOf(stats), isLink, lexical, stats };
  }

  // Sensitive system paths and non-accessible globs, by name; 'list' may show a non-accessible folder.
  #refuseByName(abs: string, input: string, access: Access): void {
    if (isSensitivePath(abs)) throw notAccessible(input);
    if (access !== 'list' && this.#nonAccessible(toRel(this.root, abs))) throw notAccessible(input);
  }
}

// lstat only: one call when no link is involved. `real` itself must never be a link (else it changed).
async function statBoth(lexical: string, real: string, input: string): Promise<{ stats: Stats; isLink: boolean }> {
  try {
    if (lexical === real) {
      const stats = await lstat(real);
      if (stats.isSymbolicLink()) throw changed(input);
      return { stats, isLink: false };
    }
    const [own, stats] = await Promise.all([lstat(lexical), lstat(real)]);
    if (stats.isSymbolicLink()) throw changed(input);
    return { stats, isLink: own.isSymbolicLink() };
  } catch (error) {
    throw isCodewardError(error) ? error : fsRefusal(error, input);
  }
}

function kindOf(stats: Stats): PathKind {
  if (stats.isFile()) return 'file';
  if (stats.isDirectory()) return 'dir';
  return 'other';
}
