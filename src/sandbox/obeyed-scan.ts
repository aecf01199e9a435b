import { whereLinksLead } from '../workspace/links-lead.js';
import { lstatSync, mkdirSync, readdirSync, readlinkSync, realpathSync, renameSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { isObeyedLater, mayEndAt, reachesAnyName, type Obeyed, type ObeyedContext } from '../permissions/obeyed.js';
import { mayBeCompiledCache } from '../permissions/compiled-caches.js';
import { gitDirShaped } from '../permissions/git-shape.js';
import { pycMismatch } from './pyc-leftovers.js';
import { gitDirOf, gitProgramsIn } from './nested-git.js';
import { moveAside } from './planted.js';
import { bytePath, holdsBelow, listBytes, setAside, setAsideMessage } from './byte-names.js';

// A name that is not UTF-8 (byte-names.ts) in the folder `path` (`rel`): set aside to its UTF-8 spelling when it is, or
// holds, a nested `.git` or a path the catalogue protects (red team R40-a7: `d\xfe` with core.fsmonitor set was never
// judged, and a plain `git status` ran it); the lossy name otherwise (nothing there to judge).
function spell(path: string, rel: string, raw: Buffer, pass: Pass): string {
  const lossy = rel === '' ? raw.toString('utf8') : `${rel}/${raw.toString('utf8')}`;
  const obeyed = (below: string): boolean => /(?:^|\/)\.git$/i.test(below) || isObeyedLater(below, pass.ctx) !== undefined;
  if (!holdsBelow(bytePath(path, raw), lossy, obeyed)) return raw.toString('utf8');
  try {
    const name = setAside(path, raw);
    pass.renamed.push(setAsideMessage(rel, raw, name, 'a git folder or a file that tools obey'));
    return name;
  } catch (error) {
    pass.renamed.push(`${lossy} holds a git folder or a file that tools obey, and its name is not UTF-8 and could not be renamed (${(error as Error).message}): what is in it was not judged; rename it yourself`);
    return raw.toString('utf8');
  }
}

// The write gate after a sandboxed run (THREAT-MODEL "One write gate"): every path of the workspace the
// catalogue (permissions/obeyed.ts) protects, AT ANY DEPTH, is found by a walk before the run (those that
// exist are bound read-only, sandbox.ts) and again after it; whatever is new or changed is moved aside
// (`NAME.planted-by-sandbox-TIME`, planted.ts) and named in the run's warnings, so nothing a sandboxed
// process wrote is obeyed by the next `codeward -C pkg agent`, `cargo build` or editor. A nested `.git`
// (a clone made in the run, a submodule's `.git` file) is judged by what git would run from it
// (nested-git.ts): a config naming a program, an executable hook, a `.git` file naming such a folder.
// Every name is judged, also one holding codeward's own aside mark (red team R34-3: `zz.planted-by-sandbox-1.pth`
// was skipped, and Python runs every `*.pth`): what was moved aside earlier is unchanged since, so the comparison
// of before and after leaves it alone. A folder the walk cannot list (R34-5) is moved aside whole when the run
// made or changed it.
//
// A symlink the run made or changed is judged by what it makes reachable under its own name (reaches(), R36-2);
// `node_modules` and its `.bin` are listed through a link, so PATH's spelling is what is judged.
//
// Not walked: `node_modules` (dependencies an installer writes, entered by no tool the catalogue lists; its `.bin`
// programs are judged one by one)
// and the root `.git` (guarded by mounts, guards.ts). Folder listings are kept between runs of one engine
// and read again only when the folder's ctime changed (bench/sandbox.mjs has the cost).

const SKIPPED = new Set(['node_modules']);
// Existing protected paths bound read-only; past this many, the rest are only checked after the run.
const MAX_READ_ONLY = 2000;
// Entries a new or changed symlink's reach is judged through (reaches()); past them, it is moved aside.
const REACH_BUDGET = 20_000;

interface Listing {
  readonly key: string;
  readonly entries: readonly { readonly name: string; readonly dir: boolean; readonly link?: true }[];
}

// What one protected path is, for "changed since": type, inode, creation and change time (a write
// through another hard link changes the ctime too), size.
function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

function signature(path: string): string | undefined {
  try {
    const stats = lstatSync(path, { bigint: true });
    const born = stats.birthtimeNs > 0n ? stats.birthtimeNs : 0n;
    return `${stats.mode}:${stats.ino}:${stats.dev}:${born}:${stats.ctimeNs}:${stats.size}`;
  } catch {
    return undefined;
  }
}

// HEAD and objects and refs (or a commondir), each a folder, a link or a file: git-shape.ts's one predicate.
function isGitDirShape(entries: Listing['entries']): boolean {
  return gitDirShaped((name) => entries.some((entry) => entry.name === name));
}

// Red team round 6 R6-7 (in-place runs): where a symlink at `rel` leads when that is outside the workspace and
// outside the system's program folders (a venv's `bin/python -> /usr/bin/python3` stays); else undefined.
const SYSTEM = /^\/(?:usr|bin|sbin|lib|lib32|lib64|libx32|opt|nix|snap)(?:\/|$)/;
function realOr(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return path;
  }
}

function leadsOut(root: string, rel: string): string | undefined {
  const path = join(root, rel);
  let target: string;
  try {
    target = resolve(dirname(path), readlinkSync(path));
  } catch {
    return undefined;
  }
  const real = whereLinksLead(target);
  const roots = [root, realOr(root)];
  const inside = (at: string): boolean => roots.some((base) => at === base || at.startsWith(`${base}/`));
  return inside(target) && inside(real) ? undefined : SYSTEM.test(real) && SYSTEM.test(target) ? undefined : target;
}

export interface Found {
  // Workspace-relative path → signature: catalogue paths, and the control files of nested git folders.
  readonly hits: Map<string, string>;
  // Topmost catalogue paths (absolute), to bind read-only.
  readonly tops: string[];
  // The same, workspace-relative.
  readonly topRels: string[];
  // Nested `.git` entries (relative).
  readonly gits: string[];
  // What the walk set aside (a name that is not UTF-8: byte-names.ts), one warning each.
  readonly renamed: string[];
  // Every symlink (relative) → signature: one the run made or changed that leads out of the workspace is moved aside.
  readonly links: Map<string, string>;
  // Compiled caches of sources not themselves obeyed (pyc: judged by their header after the run, never bound
  // read-only: Python writes them in ordinary runs; pyc-leftovers.ts) → signature.
  readonly caches: Map<string, string>;
  // Folders the walk could not list (relative) → signature: one the run made or changed is moved aside whole.
  readonly unlistable: Map<string, string>;
}

// Every git folder the walk found (a nested `.git` folder, a folder of git's shape, the folder a nested
// `.git` file names when it lies in the workspace), absolute: bound read-only as a whole.
function nestedGitFolders(root: string, gits: readonly string[]): string[] {
  const folders = new Set<string>();
  for (const rel of gits) {
    const dir = gitDirOf(join(root, rel));
    if (dir?.startsWith(`${root}/`)) folders.add(dir);
  }
  return [...folders];
}

// One walk's context: what the git configuration names for the run it belongs to, and the folders it could not list
// (find() collects them into Found.unlistable).
interface Pass {
  readonly ctx: ObeyedContext;
  readonly configured: ReadonlySet<string>;
  readonly unreadable: Set<string>;
  // Names set aside (not UTF-8), one warning each (Found.renamed).
  readonly renamed: string[];
}

// One run's snapshot (red team R36-6): start() returns it, finish() judges against it. The instance keeps no per-run
// state, so runs of one engine that overlap (the MCP door runs tools/calls in parallel) each see every change since
// their own start.
export interface ObeyedRun {
  // The protected paths that exist (absolute), to bind read-only.
  readonly readOnly: string[];
  readonly ctx: ObeyedContext;
  readonly before: Found;
}

export class ObeyedScan {
  // Caches only, shared by every run of the engine (none is a run's state).
  private readonly listings = new Map<string, Listing>();
  private readonly endsAt = new Map<string, boolean>();
  // isObeyedLater of each pyc the walks met, per context (a venv holds thousands, each ~0.1 ms to judge:
  // the walk after the run, and the next run with the same context, judge only new ones).
  private readonly caches = new WeakMap<ObeyedContext, Map<string, ReturnType<typeof isObeyedLater>>>();
  // What the finishes of this engine moved aside (relative): an overlapping run's restoreMoved never moves one back.
  private readonly asides = new Set<string>();

  constructor(private readonly root: string) {}

  // `follow`: a symlink at `rel` to a folder inside the workspace is listed as that folder (R36-2).
  private list(rel: string, pass: Pass, follow = false): Listing['entries'] {
    const path = rel === '' ? this.root : join(this.root, rel);
    let key: string;
    try {
      const stats = follow && this.linkedInside(rel) ? statSync(path, { bigint: true }) : lstatSync(path, { bigint: true });
      if (!stats.isDirectory()) return [];
      key = `${stats.ino}:${stats.ctimeNs}`;
    } catch {
      return [];
    }
    const cached = this.listings.get(rel);
    if (cached && cached.key === key) return cached.entries;
    let entries: Listing['entries'];
    try {
      // By bytes (red team R40-a7): a name that is not UTF-8 holding what git or a tool obeys is set aside (spell).
      entries = listBytes(path).map(({ raw, name, faithful, entry }) => ({ name: faithful ? name : spell(path, rel, raw, pass), dir: entry.isDirectory(), ...(entry.isSymbolicLink() ? { link: true as const } : {}) }));
    } catch {
      // Red team R34-5: a run chooses the modes of what it makes (`chmod 311 x`: traversable, not listable), and
      // a folder read as empty hid x/AGENTS.md and x/.vscode/tasks.json (read by path, no listing needed).
      pass.unreadable.add(rel);
      return [];
    }
    this.listings.set(rel, { key, entries });
    return entries;
  }

  // Every file and folder under a protected folder is protected too (a write through a hard link shows
  // in its ctime).
  private inside(rel: string, found: Found, depth: number, pass: Pass): void {
    for (const entry of this.list(rel, pass)) {
      const child = `${rel}/${entry.name}`;
      const sig = signature(join(this.root, child));
      if (sig) found.hits.set(child, sig);
      if (entry.dir && depth < 32) this.inside(child, found, depth + 1, pass);
    }
  }

  // One configured path inside a folder the walk skips, when it exists (a folder with everything below it).
  // `watchOnly`: reached through a symlink, judged after the run, never bound (a bind resolves the link: R34-4).
  private named(rel: string, found: Found, pass: Pass, watchOnly = false): void {
    const sig = signature(join(this.root, rel));
    if (!sig || !isObeyedLater(rel, pass.ctx)) return;
    found.hits.set(rel, sig);
    if (watchOnly) return;
    found.tops.push(join(this.root, rel));
    found.topRels.push(rel);
    if (lstatSync(join(this.root, rel)).isDirectory()) this.inside(rel, found, 0, pass);
  }

  // A nested `.git`: a file (a submodule's or worktree's pointer) is bound read-only; a folder's control
  // files are judged after the run by what git would run from them.
  private git(rel: string, found: Found, dir: boolean, pass: Pass): void {
    found.gits.push(rel);
    if (!dir) found.tops.push(join(this.root, rel));
    for (const name of ['', '/config', '/config.worktree', '/commondir', '/hooks']) {
      const sig = signature(join(this.root, rel + name));
      if (sig) found.hits.set(rel + name, sig);
    }
    for (const entry of this.list(`${rel}/hooks`, pass)) {
      const sig = signature(join(this.root, rel, 'hooks', entry.name));
      if (sig) found.hits.set(`${rel}/hooks/${entry.name}`, sig);
    }
  }

  // Whether `rel` resolves (through any symlink on the way) to a folder or file inside the workspace.
  private linkedInside(rel: string): boolean {
    const real = realOr(join(this.root, rel));
    const base = realOr(this.root);
    return real === base || real.startsWith(`${base}/`);
  }

  // Red team R36-2: the walk judges real names, but a symlink makes its target's names reachable under its own
  // (`node_modules -> nm` makes `nm/.bin/git` the program npm's PATH finds as `node_modules/.bin/git`). What a new or
  // changed link to a folder of the workspace makes reachable, spelled through it (links below followed, cycles
  // and installed packages' contents but their `.bin` left out, as the walk leaves them), is judged by the write
  // gate's predicate: the first protected path it reaches, or undefined. Past REACH_BUDGET entries it is judged
  // as reaching one (it cannot be vouched for).
  private reaches(rel: string, ctx: ObeyedContext): { readonly path: string; readonly obeyed: Obeyed | undefined } | undefined {
    if (!this.linkedInside(rel)) return undefined;
    let budget = REACH_BUDGET;
    const visit = (dir: string, chain: readonly string[]): { readonly path: string; readonly obeyed: Obeyed | undefined } | undefined => {
      const real = realOr(join(this.root, dir));
      if (chain.includes(real) || chain.length > 32) return undefined;
      let entries: string[];
      try {
        entries = readdirSync(join(this.root, dir));
      } catch {
        return undefined;
      }
      const installed = dir.slice(dir.lastIndexOf('/') + 1).toLowerCase() === 'node_modules';
      for (const name of installed ? entries.filter((entry) => entry === '.bin') : entries) {
        if (--budget < 0) return { path: dir, obeyed: undefined };
        const child = `${dir}/${name}`;
        const obeyed = isObeyedLater(child, ctx);
        if (obeyed && obeyed.compiledFrom === undefined) return { path: child, obeyed };
        let folder = false;
        try {
          folder = statSync(join(this.root, child)).isDirectory() && this.linkedInside(child);
        } catch {
          // dangling: nothing reachable below it
        }
        const found = folder ? visit(child, [...chain, real]) : undefined;
        if (found) return found;
      }
      return undefined;
    };
    return visit(rel, []);
  }

  private cacheVerdict(rel: string, ctx: ObeyedContext): ReturnType<typeof isObeyedLater> {
    let verdicts = this.caches.get(ctx);
    if (!verdicts) this.caches.set(ctx, (verdicts = new Map()));
    if (!verdicts.has(rel)) verdicts.set(rel, isObeyedLater(rel, ctx));
    return verdicts.get(rel);
  }

  // mayEndAt by name, kept for the engine's life (the catalogue does not change; a big tree repeats names).
  private mayEnd(name: string): boolean {
    let ends = this.endsAt.get(name);
    if (ends === undefined) {
      ends = mayEndAt(name);
      this.endsAt.set(name, ends);
    }
    return ends;
  }

  private walk(rel: string, found: Found, depth: number, pass: Pass): void {
    const wide = reachesAnyName(pass.ctx);
    const byPath = wide || pass.configured.size > 0;
    const entries = this.list(rel, pass);
    // A folder git takes for a git directory by its shape, whatever its name (R5-8, git-shape.ts).
    if (isGitDirShape(entries)) this.git(rel, found, true, pass);
    for (const entry of entries) {
      const child = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (entry.link) {
        const sig = signature(join(this.root, child));
        if (sig) found.links.set(child, sig);
      }
      // A file no catalogue pattern can end at, in a context that names no path: nothing more to ask (the
      // common case, decided by its name alone: a 20,000-file tree is walked twice per run).
      const cache = !entry.dir && mayBeCompiledCache(entry.name);
      if (!entry.dir && !byPath && !cache && !this.mayEnd(entry.name)) continue;
      if (entry.name.toLowerCase() === '.git') {
        if (rel !== '') this.git(child, found, entry.dir, pass);
        continue;
      }
      // Above a protected path nothing matched (the walk stops there): only a pattern ending at this name can.
      const obeyed = cache ? this.cacheVerdict(child, pass.ctx) : (wide || this.mayEnd(entry.name) || pass.configured.has(child)) ? isObeyedLater(child, pass.ctx) : undefined;
      if (obeyed?.compiledFrom !== undefined) {
        const sig = signature(join(this.root, child));
        if (sig && !entry.dir) found.caches.set(child, sig);
      } else if (obeyed) {
        const sig = signature(join(this.root, child));
        if (sig) found.hits.set(child, sig);
        found.tops.push(join(this.root, child));
        found.topRels.push(child);
        if (entry.dir) this.inside(child, found, 0, pass);
      } else if (entry.dir && !SKIPPED.has(entry.name) && depth < 64) {
        this.walk(child, found, depth + 1, pass);
      } else if (entry.dir && !SKIPPED.has(entry.name)) {
        // Red team R36-10: past the walk's depth the folder is judged as one it cannot list (fail closed: moved
        // aside whole when the run made or changed it), never skipped.
        pass.unreadable.add(child);
      } else if (entry.dir || (entry.link && SKIPPED.has(entry.name))) {
        // Installed packages are not walked, but a path the configuration names there is (red team R14-8: the
        // package a hook's `npx lint-staged` runs, hook-bins.ts), and so is each program of its `.bin` (R33-4: one
        // named like a program of PATH or a shell runs in its place in every package script: obeyed-bin-shadows.ts).
        for (const path of pass.configured) if (path.startsWith(`${child}/`)) this.named(path, found, pass);
        // The same through a symlink (R36-2: `node_modules -> nm`, `node_modules/.bin -> ../tools`): PATH is
        // spelled with the link's names, so a program is judged by them; the link itself is watched.
        if (SKIPPED.has(entry.name)) {
          const bin = `${child}/.bin`;
          const sig = isLink(join(this.root, bin)) ? signature(join(this.root, bin)) : undefined;
          if (sig) found.links.set(bin, sig);
          const linked = entry.link === true || sig !== undefined;
          for (const program of this.list(bin, pass, true)) this.named(`${bin}/${program.name}`, found, pass, linked);
        }
      }
    }
  }

  private find(ctx: ObeyedContext): Found {
    const found: Found = { hits: new Map(), tops: [], topRels: [], gits: [], links: new Map(), caches: new Map(), unlistable: new Map(), renamed: [] };
    const pass: Pass = { ctx, configured: new Set([...ctx.gitPaths, ...(ctx.own ?? [])]), unreadable: new Set(), renamed: [] };
    this.walk('', found, 0, pass);
    found.renamed.push(...pass.renamed);
    for (const rel of pass.unreadable) {
      const sig = signature(join(this.root, rel));
      if (sig) found.unlistable.set(rel, sig);
    }
    for (const rel of this.redirecting(pass.configured)) {
      const sig = signature(join(this.root, rel));
      if (sig) found.hits.set(rel, sig);
    }
    return found;
  }

  // Red team H-A: the walk does not follow symlinks, so a run that makes `tools` a link to a folder of its
  // own (`ln -s t9 tools`, with `core.fsmonitor = sh tools/fsm.sh`) redirected what git runs without
  // touching a path the catalogue names. Every folder above a path git's configuration names that is a
  // symlink now is judged with it: new or changed, it is moved aside like the path it redirects.
  private redirecting(configuredPaths: ReadonlySet<string>): string[] {
    const links = new Set<string>();
    for (const configured of configuredPaths) {
      const parts = configured.split('/');
      for (let i = 1; i < parts.length; i++) {
        const above = parts.slice(0, i).join('/');
        if (above === '' || above === '..' || above.startsWith('../')) continue;
        try {
          if (lstatSync(join(this.root, above)).isSymbolicLink()) links.add(above);
        } catch {
          break;
        }
      }
    }
    return [...links];
  }

  private redirects(rel: string, ctx: ObeyedContext): string | undefined {
    return ctx.gitPaths.find((configured) => configured.startsWith(`${rel}/`));
  }

  // Before the run: the protected paths that exist (absolute), to bind read-only. `ctx`: what the git
  // configuration names now (permissions/obeyed-context.ts). `gitReadOnly` (a line that runs more than git,
  // shell/git-only-line.ts): every nested git folder whole, too (red team R13-8: an in-place run rewrote a
  // nested clone's loose objects; no after-run check can vouch for them, the reason the root's is read-only).
  start(ctx: ObeyedContext, gitReadOnly: boolean): ObeyedRun {
    const before = this.find(ctx);
    // A symlink is watched, never bound over (red team R34-4: a venv's `bin/python -> python3` made bwrap fail every
    // in-place run; the walk after the run moves aside a link the run replaced or changed: its signature is lstat's).
    const tops = before.tops.filter((path) => !isLink(path));
    return { readOnly: [...(gitReadOnly ? nestedGitFolders(this.root, before.gits) : []), ...tops.slice(0, MAX_READ_ONLY)], ctx, before };
  }

  // After the run: moves aside what is new or changed since ITS start (also what an overlapping run wrote meanwhile);
  // one warning per path.
  finish(run: ObeyedRun): string[] {
    const { before, ctx } = run;
    const after = this.find(ctx);
    const under = (rel: string, folder: string): boolean => rel === folder || rel.startsWith(`${folder}/`);
    const warnings: string[] = [...before.renamed.splice(0), ...after.renamed];
    const moved: string[] = [];
    const restored = this.restoreMoved(before, after, warnings, ctx);
    const changed = [...after.hits].filter(([rel, sig]) => before.hits.get(rel) !== sig && !restored.some((folder) => under(rel, folder))).map(([rel]) => rel);
    for (const git of after.gits) {
      if (!changed.some((rel) => under(rel, git))) continue;
      const at = /(?:^|\/)\.git$/i.test(git) ? git.slice(0, -'/.git'.length) : git;
      for (const { path, why } of gitProgramsIn(join(this.root, git))) warnings.push(this.aside(path, `${why}; a plain git command in ${at || '.'} would run it`));
      moved.push(git);
    }
    for (const rel of changed.sort((a, b) => a.length - b.length)) {
      if (moved.some((folder) => under(rel, folder))) continue;
      const entry = isObeyedLater(rel, ctx);
      const redirected = entry ? undefined : this.redirects(rel, ctx);
      if (!entry && !redirected) continue;
      moved.push(rel);
      warnings.push(this.aside(join(this.root, rel), entry ? `${entry.pattern} is obeyed by ${entry.by}` : `a symlink above ${redirected}, which git's configuration runs or reads`));
    }
    for (const [rel, sig] of after.unlistable) {
      if (rel === '' || before.unlistable.get(rel) === sig || moved.some((folder) => under(rel, folder))) continue;
      moved.push(rel);
      warnings.push(this.aside(join(this.root, rel), 'a folder it left unlistable (its mode lets nobody read what it holds), so what it planted there cannot be judged'));
    }
    for (const [rel, sig] of after.caches) {
      const source = before.caches.get(rel) === sig || moved.some((folder) => under(rel, folder)) ? '' : isObeyedLater(rel, ctx)?.compiledFrom;
      const why = source ? pycMismatch(rel, source, [this.root]) : undefined;
      if (why) warnings.push(this.aside(join(this.root, rel), `Python bytecode that Python did not make from ${source}: ${why}`));
    }
    for (const [rel, sig] of after.links) {
      if (before.links.get(rel) === sig || moved.some((folder) => under(rel, folder))) continue;
      const target = leadsOut(this.root, rel);
      const reached = target ? undefined : this.reaches(rel, ctx);
      if (target) warnings.push(this.aside(join(this.root, rel), `a symlink to ${target}, outside the workspace: a later build, copy or redirection that writes ${rel} would write there`));
      else if (reached) {
        const why = reached.obeyed ? `${reached.path}, which ${reached.obeyed.by} obeys (${reached.obeyed.pattern})` : `more under ${reached.path} than can be judged`;
        warnings.push(this.aside(join(this.root, rel), `a symlink that makes reachable ${why}`));
        moved.push(rel);
      }
    }
    return warnings;
  }

  // Red team H7: a protected path that existed before the run and is gone after it (`mv pkg pkg2` renames
  // the folder above a read-only `pkg/.codeward`, so `codeward -C pkg` lost its project deny rules). Found
  // elsewhere with the very same identity (inode, creation and change time, size: not one byte changed) it
  // is moved back where it was (what now stands there is moved aside first); found nowhere, the run's
  // warnings say it is gone. Returns the new places (relative) that were handled.
  private restoreMoved(before: Found, after: Found, warnings: string[], ctx: ObeyedContext): string[] {
    const handled: string[] = [];
    const bySig = new Map<string, string>();
    // Not what a finish moved aside (an overlapping run's, R36-6): the run that changed it judged it already.
    const asideAt = (rel: string): boolean => [...this.asides].some((aside) => rel === aside || rel.startsWith(`${aside}/`));
    for (const [rel, sig] of after.hits) if (!before.hits.has(rel) && !asideAt(rel)) bySig.set(sig, rel);
    for (const rel of before.topRels) {
      const sig = before.hits.get(rel);
      if (sig === undefined || after.hits.get(rel) === sig) continue;
      const now = bySig.get(sig);
      const entry = isObeyedLater(rel, ctx);
      const what = entry ? `${entry.pattern}, obeyed by ${entry.by}` : 'a protected path';
      if (now === undefined) {
        if (!after.hits.has(rel)) warnings.push(`a sandboxed command removed or moved ${rel} (${what}); it is not in the workspace any more, so what it said (deny rules, instructions) no longer applies: restore it (git checkout, undo) before running codeward there`);
        continue;
      }
      const path = join(this.root, rel);
      try {
        if (lstatSync(path, { throwIfNoEntry: false })) warnings.push(this.aside(path, `it stands where ${rel} was`));
        mkdirSync(dirname(path), { recursive: true });
        renameSync(join(this.root, now), path);
        warnings.push(`a sandboxed command moved ${rel} (${what}) to ${now}; it was moved back, unchanged`);
        handled.push(now, rel);
      } catch (error) {
        warnings.push(`a sandboxed command moved ${rel} (${what}) to ${now}, and it could not be moved back (${(error as Error).message}): its rules no longer apply at ${rel}; move it back before running codeward there`);
      }
    }
    return handled;
  }

  private aside(path: string, why: string): string {
    const rel = path.slice(this.root.length + 1);
    try {
      const aside = moveAside(path);
      if (aside) this.asides.add(aside.slice(this.root.length + 1));
      const where = aside ? `moved to ${aside.slice(this.root.length + 1)}` : 'removed (it could not be moved)';
      return `a sandboxed command created or changed ${rel} (${why}); it was ${where} and is not obeyed (review it and move it back yourself if you meant it)`;
    } catch (error) {
      return `a sandboxed command created or changed ${rel} (${why}) and it could be neither moved aside nor removed (${(error as Error).message}); remove it before running anything in this workspace`;
    }
  }
}
