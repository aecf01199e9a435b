import { realpath, stat, type FileHandle } from 'node:fs/promises';
import { lstatSync, type Stats } from 'node:fs';
import { basename, dirname, isAbsolute, join, posix, relative as relativePath, resolve as resolvePath, sep } from 'node:path';
import { fail, isCodewardError } from '../engine/errors.js';
import { isInside, toRel } from './contains.js';
import { expandPath, pathRepairs, type ExpandOptions } from './expand.js';
import { compileNonAccessible, type RelMatcher } from './globs.js';
import { Beneath } from './beneath.js';
import { openVerified, openVerifiedFile, type VerifiedFile } from './open.js';
import { resolveRealSync } from './realpath.js';
import { changed, credentialRefused, credentialStoreRefused, objectStoreRefused, errno, escapes, fsRefusal, notAccessible, sensitiveRefused } from './refusals.js';
import { isSensitivePath } from './sensitive.js';
import { markedStateAbove, ownStateFolders, ownStateRefused, ownStateRels } from './own-state.js';
import { enclosingRefusal } from './enclosing.js';
import { FolderListings } from './listings.js';
import { inObjectStore, ReaderHidden } from './reader-hidden.js';
import { anchoredAtRoot } from './anchored.js';
import { hiddenGlobsFor } from './hidden-paths.js';
import { DEFAULT_NON_ACCESSIBLE_GLOBS, type Access, type PathKind, type ResolvedPath, type WorkspaceOptions } from './types.js';

const ACCESSES: ReadonlySet<string> = new Set<Access>(['read', 'write', 'delete', 'list']);

// #nameVerdict bits, and how many verdicts one workspace keeps.
const SENSITIVE = 1;
const NON_ACCESSIBLE = 2;
const OWN_STATE = 4;
const NAME_VERDICTS_MAX = 4096;

// A `.` or `..` segment, an empty segment, or a trailing slash: what path.resolve would normalise away.
const NOT_NORMAL_RELATIVE = /(?:^|\/)\.\.?(?:\/|$)|\/\/|\/$/;

// The path jail: every path a command touches goes through resolve() first.
export class Workspace {
  // The real (symlink-free) root; everything handed out lies at or below it.
  readonly root: string;
  // The root as given, made absolute but not resolved; absolute inputs in this spelling are accepted too.
  readonly givenRoot: string;
  // Every act on a resolved path goes through this: a walk from a handle on the root that never follows
  // a symlink, acting relative to the parent folder's handle (see beneath.ts).
  readonly jail: Beneath;
  readonly #options: WorkspaceOptions;
  readonly #expand: ExpandOptions;
  readonly #nonAccessible: RelMatcher;
  readonly #readerHidden: ReaderHidden;
  // The non-accessible globs as they hold at this root: the given ones and the anchored ones written for a
  // folder above it, taken off their leading names (anchored.ts); the list every reader takes (setup.ts).
  readonly nonAccessibleGlobs: readonly string[];
  // codeward's own state folders inside the root (own-state.ts), relative; usually none.
  readonly #ownState: readonly string[];
  readonly #nameVerdicts = new Map<string, number>();
  // The root with one trailing separator, to join normal relative paths to.
  readonly #rootPrefix: string;

  private constructor(root: string, givenRoot: string, options: WorkspaceOptions) {
    this.root = root;
    this.givenRoot = givenRoot;
    this.jail = new Beneath(root);
    this.#options = options;
    this.#expand = { refuseSecrets: true, ...(options.env ? { env: options.env } : {}), ...(options.home !== undefined ? { home: options.home } : {}) };
    // A leading `/` anchors a glob at the root, as in .gitignore (red team R9-10: `/config/private/**` hid nothing).
    const globs = (options.nonAccessibleGlobs ?? DEFAULT_NON_ACCESSIBLE_GLOBS).map((glob) => (/^\/[^/]/.test(glob) ? glob.slice(1) : glob));
    this.nonAccessibleGlobs = [...new Set([...globs, ...anchoredAtRoot(globs, [root, givenRoot]).rests])];
    this.#nonAccessible = compileNonAccessible([...this.nonAccessibleGlobs, ...hiddenGlobsFor(root, options.hiddenPaths)]);
    this.#readerHidden = new ReaderHidden(root, options.home, options.env, options.keptFile === undefined ? undefined : new FolderListings(options.keptFile));
    this.#ownState = ownStateRels(root, options.ownState ?? []);
    this.#rootPrefix = root.endsWith(sep) ? root : root + sep;
  }

  static async open(root: string, options: WorkspaceOptions = {}): Promise<Workspace> {
    return Workspace.#open(root, options, true);
  }

  // `asWorkspace`: a root commands will work in (refused inside a protected or hidden folder: enclosing.ts);
  // false for rooted(), a jail for codeward's own reads (a repository's git folder, its context files).
  static async #open(root: string, options: WorkspaceOptions, asWorkspace: boolean): Promise<Workspace> {
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
    const refused = asWorkspace ? enclosingRefusal(real, options.nonAccessibleGlobs ?? DEFAULT_NON_ACCESSIBLE_GLOBS, givenRoot) : undefined;
    if (refused) throw refused;
    return new Workspace(real, givenRoot, { ...options, ownState: options.ownState ?? ownStateFolders(options.env ?? process.env, options.home) });
  }

  // Another root with the same options: the jail of a folder around the workspace (the repository that
  // encloses a subfolder workspace, for codeward's own reads of its context files).
  async rooted(root: string): Promise<Workspace> {
    return Workspace.#open(root, this.#options, false);
  }

  // Where no program codeward starts may be found (sandbox/which.ts outsidePath): the workspace and what a run may write.
  get toolAreas(): readonly string[] {
    return [this.root, ...(this.#options.runWritable ?? [])];
  }

  // Same root (both spellings kept), other options; no filesystem access.
  withOptions(options: WorkspaceOptions): Workspace {
    // Other globs may hide the root itself (enclosing.ts).
    const refused = options.nonAccessibleGlobs === undefined ? undefined : enclosingRefusal(this.root, options.nonAccessibleGlobs, this.givenRoot);
    if (refused) throw refused;
    return new Workspace(this.root, this.givenRoot, { ...this.#options, ...options });
  }

  // The syscalls here (realpath, lstat) are synchronous: they are metadata lookups of a few microseconds,
  // far cheaper than the ~30 µs thread-pool round trip of each async call, and every call pays them.
  async resolve(input: string, access: Access): Promise<ResolvedPath> {
    // A hidden folder a run moved and codeward lost: nothing is shown until it is settled (fix67's LEFT: the
    // sandbox refused, the file tools showed it under its new name).
    const lost = this.#options.lostRecord;
    if (lost !== undefined && lstatSync(lost.file, { throwIfNoEntry: false }) !== undefined) await lost.settle();
    const repairs = sep === '/' && typeof input === 'string' && (input.includes('\\') || /^["']/.test(input)) ? pathRepairs(input) : [];
    return repairs.length === 0 ? this.#resolve(input, access) : this.#resolveRepaired(input, repairs, access);
  }

  // `src\math.js`, `"a.go"`: the name as written when it exists (quotes and backslashes are legal POSIX
  // file-name characters), else the first repair that exists (expand.ts), else the last one, each resolved
  // and jailed on its own: `..\..\etc` is refused like `../../etc`.
  #resolveRepaired(input: string, repairs: readonly string[], access: Access): ResolvedPath {
    const attempt = (form: string): ResolvedPath | undefined => {
      try {
        const resolved = this.#resolve(form, access);
        return resolved.kind === 'missing' ? undefined : resolved;
      } catch {
        return undefined;
      }
    };
    for (const form of [input, ...repairs]) {
      const found = attempt(form);
      if (found) return found;
    }
    return this.#resolve(repairs[repairs.length - 1]!, access);
  }

  #resolve(input: string, access: Access): ResolvedPath {
    if (!ACCESSES.has(access)) throw fail('C210', `unknown access kind: ${String(access)}`);
    const lexical = this.#lexical(input);
    this.#refuseByName(lexical, input, access);
    if (access === 'delete') return this.#resolveEntry(input, lexical);
    const { real, exists } = resolveRealSync(lexical, this.root, input);
    if (!isInside(this.root, real)) throw escapes(input);
    if (real !== lexical) this.#refuseByName(real, input, access);
    const rel = this.#rel(real);
    if (!exists) {
      if (access === 'read' || access === 'list') throw notAccessible(input);
      if (markedStateAbove(this.root, real, false) !== undefined) throw ownStateRefused(input);
      return { input, real, rel, kind: 'missing', isLink: false, lexical, stats: undefined };
    }
    const { stats, isLink } = statBoth(lexical, real, input);
    if (markedStateAbove(this.root, real, stats.isDirectory()) !== undefined) throw ownStateRefused(input);
    if (access === 'read' && stats.isFile() && this.#readerHidden.credentialConfig(real, lexical)) throw credentialRefused(input);
    if (access === 'read' && stats.isFile() && this.#readerHidden.credentialStore(real, rel)) throw credentialStoreRefused(input);
    if (access === 'read' && inObjectStore(rel)) throw objectStoreRefused(input);
    return { input, real, rel, kind: kindOf(stats), isLink, lexical, stats };
  }

  // For listings: is this workspace-relative entry (forward slashes) non-accessible? The root never is.
  isNonAccessible(rel: string): boolean {
    const normal = posix.normalize(rel).replace(/\/+$/, '');
    if (normal === '.' || normal === '' || normal === '..' || normal.startsWith('../')) return false;
    const inside = normal.startsWith('/') ? normal.slice(1) : normal;
    return this.#nonAccessible(inside) || this.#isOwnState(inside);
  }

  // Cheaper form for walks: an entry is non-accessible when its parent was, or when it matches by itself.
  isNonAccessibleEntry(rel: string, parentNonAccessible: boolean): boolean {
    return parentNonAccessible || this.#nonAccessible.entry(rel) || this.#isOwnState(rel);
  }

  // isNonAccessibleEntry for the entries of one folder (workspace-relative, '' for the root), decided once per
  // folder: a walk then tests each entry by its name (`nonAccessibleIn(f, b)(name) === isNonAccessibleEntry(f/name, b)`).
  nonAccessibleIn(folderRel: string, folderNonAccessible: boolean): (name: string) => boolean {
    if (folderNonAccessible || (folderRel !== '' && this.#isOwnState(folderRel))) return () => true;
    const prefix = folderRel === '' ? '' : `${folderRel}/`;
    const byName = this.#nonAccessible.folder(prefix);
    const own = this.#ownState.filter((rel) => rel.startsWith(prefix) && !rel.includes('/', prefix.length)).map((rel) => rel.slice(prefix.length));
    return own.length === 0 ? byName : (name) => byName(name) || own.includes(name);
  }

  // For readers that cannot ask per file (search, code index, references, git-diff): non-accessible, or a
  // file `read` refuses or asks a person for by itself (reader-hidden.ts, red team R8-10).
  isHiddenFromReaders(rel: string): boolean {
    return this.isNonAccessible(rel) || this.#readerHidden.has(posix.normalize(rel).replace(/^\/+|\/+$/g, ''));
  }

  isHiddenFromReadersEntry(rel: string, parentHidden: boolean): boolean {
    return this.isNonAccessibleEntry(rel, parentHidden) || this.#readerHidden.entry(rel, false);
  }

  // A folder's verdict (search's folder filter): git loads no folder as a config, so the walk of the workspace's
  // repository configs (git/workspace-loads.ts) is not needed for it.
  isFolderHiddenFromReaders(rel: string, parentHidden: boolean): boolean {
    return this.isNonAccessibleEntry(rel, parentHidden) || this.#readerHidden.folder(rel);
  }

  // The same without the credential store content check (reader-hidden.ts entry): for folders, and for
  // listings whose files are read only through `resolve(rel, 'read')`, which makes that check.
  isHiddenFromReadersByName(rel: string, parentHidden: boolean): boolean {
    return this.isNonAccessibleEntry(rel, parentHidden) || this.#readerHidden.entry(rel, true);
  }

  // Everything isHiddenFromReadersByName's verdicts depend on beside the path, as one string: two workspaces
  // (two processes) with the same key give every path the same verdict, but a file named as a repository's own
  // config (`config`, `config.worktree`: git/config-secrets.ts isRepositoryConfig), judged by its content. A listing filtered by name is kept
  // across calls under it (code/index/kept-listing.ts). undefined: a file it depends on changed just now.
  readerFilterKey(): string | undefined {
    const configs = this.#readerHidden.byNameInputs();
    return configs === undefined ? undefined : JSON.stringify([this.root, this.nonAccessibleGlobs, hiddenGlobsFor(this.root, this.#options.hiddenPaths), this.#ownState, configs]);
  }

  // codeward's own state folders inside the root (relative): none unless the root holds the user's cache.
  get ownStateInside(): readonly string[] {
    return this.#ownState;
  }

  #isOwnState(rel: string): boolean {
    // Listings ask for every entry: no closure made when the root holds no state folder (the usual case).
    return this.#ownState.length > 0 && this.#ownState.some((own) => rel === own || rel.startsWith(`${own}/`));
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
    return openVerified(path, this.jail);
  }

  // openRead plus the descriptor's stat in one object; small files are read with synchronous syscalls.
  async openReadFile(path: ResolvedPath): Promise<VerifiedFile> {
    if (!isInside(this.root, path.real)) throw escapes(path.input);
    return openVerifiedFile(path, this.jail);
  }

  // Steps 1-3: validate the string, expand ~ and $VAR, anchor at the real root, normalise, jail lexically.
  #lexical(input: string): string {
    if (typeof input !== 'string') throw fail('C210', 'path must be a string');
    if (input.includes('\0')) throw fail('C210', 'path contains a NUL byte');
    // Only `~` and `$` expand; any other string comes back unchanged, so skip the call for it.
    const expanded = input.startsWith('~') || input.includes('$') ? expandPath(input, this.#expand) : input === '' ? '.' : input;
    if (expanded.includes('\0')) throw fail('C210', 'path contains a NUL byte after expansion');
    if (!isAbsolute(expanded)) {
      // A relative path without `.`/`..`/empty segments or a trailing slash is already normal: resolve()
      // would only join it to the root (and walk it character by character to find that out).
      const lexical = sep === '/' && !NOT_NORMAL_RELATIVE.test(expanded) ? this.#rootPrefix + expanded : resolvePath(this.root, expanded);
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
  #resolveEntry(input: string, lexical: string): ResolvedPath {
    if (lexical === this.root) throw fail('C210', 'refusing to delete the workspace root itself');
    const parent = resolveRealSync(dirname(lexical), this.root, input);
    const real = join(parent.real, basename(lexical));
    if (!isInside(this.root, real)) throw escapes(input);
    if (real === this.root) throw fail('C210', 'refusing to delete the workspace root itself');
    this.#refuseByName(real, input, 'delete');
    const rel = this.#rel(real);
    let stats: Stats;
    try {
      stats = lstatSync(real);
    } catch (error) {
      if (errno(error) === 'ENOENT' || errno(error) === 'ENOTDIR') return { input, real, rel, kind: 'missing', isLink: false, lexical, stats: undefined };
      throw fsRefusal(error, input);
    }
    const isLink = stats.isSymbolicLink();
    if (markedStateAbove(this.root, real, stats.isDirectory()) !== undefined) throw ownStateRefused(input);
    return { input, real, rel, kind: isLink ? 'symlink' : kindOf(stats), isLink, lexical, stats };
  }

  // Sensitive system paths and non-accessible globs, by name; 'list' may show a non-accessible folder.
  #refuseByName(abs: string, input: string, access: Access): void {
    const verdict = this.#nameVerdict(abs);
    if (verdict & SENSITIVE) throw sensitiveRefused(input);
    if (verdict & OWN_STATE) throw ownStateRefused(input);
    if (access !== 'list' && verdict & NON_ACCESSIBLE) throw notAccessible(input);
  }

  // Both name checks are pure functions of the absolute path (fixed root, fixed globs), so their verdicts
  // are remembered: an agent reads the same files again and again, and the glob matching was a good part
  // of every call. Bounded; cleared when full.
  #nameVerdict(abs: string): number {
    let verdict = this.#nameVerdicts.get(abs);
    if (verdict === undefined) {
      const rel = this.#rel(abs);
      verdict = (isSensitivePath(abs) ? SENSITIVE : 0) | (this.#nonAccessible(rel) ? NON_ACCESSIBLE : 0) | (this.#isOwnState(rel) ? OWN_STATE : 0);
      if (this.#nameVerdicts.size >= NAME_VERDICTS_MAX) this.#nameVerdicts.clear();
      this.#nameVerdicts.set(abs, verdict);
    }
    return verdict;
  }

  // toRel(this.root, abs) for a normalised absolute path: inside the root (the usual case) on POSIX it is
  // the rest of the string after the root, without path.relative's two resolves.
  #rel(abs: string): string {
    if (sep === '/' && abs.length > this.root.length && isInside(this.root, abs)) {
      return abs.slice(this.root.endsWith('/') ? this.root.length : this.root.length + 1);
    }
    return toRel(this.root, abs);
  }
}

// lstat only: one call when no link is involved. `real` itself must never be a link (else it changed).
function statBoth(lexical: string, real: string, input: string): { stats: Stats; isLink: boolean } {
  try {
    if (lexical === real) {
      const stats = lstatSync(real);
      if (stats.isSymbolicLink()) throw changed(input);
      return { stats, isLink: false };
    }
    const own = lstatSync(lexical);
    const stats = lstatSync(real);
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
