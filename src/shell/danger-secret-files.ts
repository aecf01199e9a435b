// The exec door's half of "what read refuses, exec refuses too": every file a command line names
// (see namedPaths), resolved the way the shell and the kernel will (run folder, `cd` targets, `~`,
// globs expanded against the disk, symlinks followed), checked against the workspace's non-accessible
// globs. A hit is refused with read's own C211 wording before anything runs.
import { existsSync, readdirSync, realpathSync, type Dirent } from 'node:fs';
import { dirname, isAbsolute, join, posix } from 'node:path';
import picomatch from '../workspace/picomatch.js';
import { SENSITIVE_SYSTEM_PATHS } from '../workspace/sensitive.js';
import { dotGlob, namedPaths, type NamedPath } from './danger-secrets.js';
import type { ShellParse, SimpleCommand } from './parse-types.js';

export interface SecretFilesContext {
  // The real path of the folder the command runs in.
  readonly runDir: string;
  readonly home: string;
  // The workspace's real root and its non-accessible test (on a root-relative path, forward slashes).
  readonly root: string;
  isNonAccessible(rel: string): boolean;
}

export interface SecretFileHit {
  // The path as the command wrote it.
  readonly path: string;
  readonly command: string;
  // Found below a folder a recursive search reads (`grep -r KEY .`), not named by the command.
  readonly searched?: boolean;
}

const MAX_GLOB_RESULTS = 2000;
const MAX_GLOB_DIRS = 256;
const GLOB_CHARS = /[*?[]/;

// The account and key files of the sensitive system paths `read` refuses (/proc, /sys, /dev and /boot
// are left out: /dev/null and /proc/cpuinfo are everyday exec operands).
const SECRET_SYSTEM = SENSITIVE_SYSTEM_PATHS.filter((path) => path.startsWith('/etc/')).flatMap((path) => [path, `/private${path}`]);

function hidden(abs: string, context: SecretFilesContext): boolean {
  const normal = posix.normalize(abs);
  if (SECRET_SYSTEM.some((path) => normal === path || normal.startsWith(`${path}/`))) return true;
  const root = context.root.endsWith('/') ? context.root : `${context.root}/`;
  if (normal === context.root) return false;
  // Outside the workspace the globs are matched on the path from `/` (`**/.env` still matches).
  const rel = normal.startsWith(root) ? normal.slice(root.length) : normal.replace(/^\/+/, '');
  return rel !== '' && context.isNonAccessible(rel);
}

function real(abs: string): string | undefined {
  try {
    return realpathSync.native(abs);
  } catch {
    return undefined;
  }
}

// Expands a glob (absolute pattern) against the disk, the way bash would (dot files only when the
// segment starts with a dot, unless dotglob is on). Bounded.
function expand(pattern: string, dot: boolean): string[] {
  const segments = pattern.split('/').filter((segment) => segment !== '');
  let current = ['/'];
  let scanned = 0;
  for (const segment of segments) {
    if (!GLOB_CHARS.test(segment)) {
      current = current.map((dir) => join(dir, segment));
      continue;
    }
    const matcher = picomatch(segment, { dot: dot || segment.startsWith('.') });
    const next: string[] = [];
    for (const dir of current) {
      if (++scanned > MAX_GLOB_DIRS || next.length >= MAX_GLOB_RESULTS) break;
      let names: string[];
      try {
        names = readdirSync(dir);
      } catch {
        continue;
      }
      for (const name of names) if (matcher(name) && next.length < MAX_GLOB_RESULTS) next.push(join(dir, name));
    }
    current = next;
  }
  return current;
}

function bases(named: NamedPath, context: SecretFilesContext): string[] {
  const out = [context.runDir];
  for (const dir of named.dirs) {
    const expanded = dir === '~' || dir.startsWith('~/') ? context.home + dir.slice(1) : dir;
    out.push(isAbsolute(expanded) ? posix.normalize(expanded) : join(context.runDir, expanded));
  }
  return out;
}

function absolutes(named: NamedPath, context: SecretFilesContext): string[] {
  const tilde = /^~([+-]?)(?=\/|$)/.exec(named.path);
  // `~` is home; `~+` the current folder (and `~-` the previous one, taken as the current one).
  const path = tilde ? (tilde[1] === '' ? context.home : context.runDir) + named.path.slice(tilde[0].length) : named.path;
  if (path.startsWith('~')) return [];
  return isAbsolute(path) ? [posix.normalize(path)] : bases(named, context).map((base) => join(base, path));
}

export function secretFile(parse: ShellParse, context: SecretFilesContext): SecretFileHit | undefined {
  const dot = dotGlob(parse);
  for (const named of namedPaths(parse)) {
    for (const abs of absolutes(named, context)) {
      const globbed = named.glob && GLOB_CHARS.test(abs);
      if (globbed) {
        // A glob under a non-accessible folder (`secrets/*`) matches only hidden files.
        const fixed = abs.slice(0, abs.search(GLOB_CHARS));
        const folder = fixed.slice(0, fixed.lastIndexOf('/')) || '/';
        if (hidden(folder, context)) return { path: named.path, command: named.command };
      }
      for (const candidate of globbed ? expand(abs, dot) : [abs]) {
        // A word that cannot be a path here (a URL, a branch name `feature/secrets/x`) is no file.
        if (!globbed && !existsSync(dirname(candidate))) continue;
        if (hidden(candidate, context)) return { path: named.path, command: named.command };
        const resolved = real(candidate);
        if (resolved !== undefined && resolved !== candidate && hidden(resolved, context)) return { path: named.path, command: named.command };
      }
    }
  }
  return searchedSecret(parse, context);
}

// --- recursive searches ----------------------------------------------------------------------------

const MAX_WALK = 20000;

// The folders a recursive search reads, when the command is one: `grep -r X [DIR...]`, `rg X [DIR]`
// (hidden files only with --hidden / -. / -uu), `git grep --no-index X`, `ag`, `ack`, `ugrep -r`,
// `diff -r A B`, `git diff --no-index A B`.
function searchRoots(command: SimpleCommand): { roots: string[]; hidden: boolean } | undefined {
  const name = command.name?.toLowerCase() ?? '';
  const args = command.args;
  const operands = (from: readonly string[]): string[] => {
    const rest = from.filter((arg) => !arg.startsWith('-'));
    return rest.length > 1 ? rest.slice(1) : ['.'];
  };
  if (/^(?:grep|egrep|fgrep|zgrep|ugrep)$/.test(name)) {
    const recursive = args.some((arg, i) => /^-[a-zA-Z]*[rR]/.test(arg) || /^--(?:recursive|dereference-recursive|directories=recurse)$/.test(arg) || arg === '-drecurse' || (arg === '-d' && args[i + 1] === 'recurse'));
    return recursive ? { roots: operands(args), hidden: true } : undefined;
  }
  if (name === 'rg' || name === 'ag' || name === 'ack' || name === 'pt') {
    const hidden = name === 'ack' || args.some((arg) => /^--(?:hidden|no-ignore|unrestricted|all-types|skip-vcs-ignores)/.test(arg) || /^-[a-zA-Z]*(?:\.|uu|u.*u)/.test(arg) || arg === '-a');
    return { roots: operands(args), hidden };
  }
  // Commands that read every file below their folder operands: `find . -exec cat {} +`, `tar c .`,
  // `zip -r - .`, `cp -r . /tmp/x`.
  if (name === 'find' || name === 'fd' || name === 'fdfind') {
    if (!args.some((arg) => /^-(?:exec|execdir|ok|okdir|x|X|-exec|-exec-batch)$/.test(arg))) return undefined;
    const first = args.findIndex((arg) => /^[-(!]/.test(arg));
    const roots = name === 'find' ? (first === 0 ? ['.'] : args.slice(0, first < 0 ? args.length : first)) : ['.'];
    return { roots, hidden: true };
  }
  if (name === 'tar' && args.some((arg) => /^-?[a-zA-Z]*c/.test(arg) || arg === '--create')) return { roots: args.filter((arg) => !arg.startsWith('-')), hidden: true };
  if ((name === 'zip' || name === 'cp' || name === 'scp' || name === 'rsync') && args.some((arg) => /^-[a-zA-Z]*[rRa]/.test(arg) || /^--(?:recurse-paths|recursive|archive)$/.test(arg))) {
    return { roots: args.filter((arg) => !arg.startsWith('-')), hidden: true };
  }
  // `diff -r A B` prints the lines of every file below both folders (-N: of files in one only too).
  if ((name === 'diff' || name === 'colordiff') && args.some((arg) => /^-[a-zA-Z]*r/.test(arg) || arg === '--recursive')) {
    return { roots: args.flatMap((arg) => (/^--(?:from|to)-file=/.test(arg) ? [arg.slice(arg.indexOf('=') + 1)] : arg.startsWith('-') ? [] : [arg])), hidden: true };
  }
  if (name === 'git' && args.includes('--no-index') && args.includes('diff')) {
    // `git diff --no-index A B` with folders compares every file below them, content included.
    const rest = args.slice(args.indexOf('diff') + 1);
    return { roots: rest.filter((arg) => !arg.startsWith('-')), hidden: true };
  }
  if (name === 'git') {
    const grep = args.indexOf('grep');
    if (grep < 0 || !args.some((arg) => arg === '--no-index' || arg === '--untracked')) return undefined;
    const rest = args.slice(grep + 1);
    const dash = rest.indexOf('--');
    return { roots: dash >= 0 ? rest.slice(dash + 1) : operands(rest), hidden: true };
  }
  return undefined;
}

// The first non-accessible file below `dir` (bounded; undefined when none was found in the bound).
function hiddenBelow(dir: string, hiddenFiles: boolean, context: SecretFilesContext): string | undefined {
  const queue = [dir];
  let seen = 0;
  while (queue.length > 0) {
    const current = queue.shift()!;
    let entries: Dirent[];
    try {
      entries = readdirSync(current, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (++seen > MAX_WALK) return undefined;
      if (entry.name === '.git' || (!hiddenFiles && entry.name.startsWith('.'))) continue;
      const abs = join(current, entry.name);
      if (hidden(abs, context)) return abs;
      if (entry.isSymbolicLink()) {
        // grep -R, rg -L, tar -h, cp -L follow links: judge the target (not walked further).
        const target = real(abs);
        if (target !== undefined && hidden(target, context)) return abs;
        continue;
      }
      if (entry.isDirectory()) queue.push(abs);
    }
  }
  return undefined;
}

// A recursive search over a folder holding a non-accessible file (`grep -r KEY .` with a .env below).
export function searchedSecret(parse: ShellParse, context: SecretFilesContext): SecretFileHit | undefined {
  for (const command of parse.commands) {
    const search = searchRoots(command);
    if (!search) continue;
    for (const root of search.roots) {
      const abs = isAbsolute(root) ? root : join(context.runDir, root);
      if (!existsSync(abs)) continue;
      const found = hiddenBelow(abs, search.hidden, context);
      if (found) {
        const rel = found.startsWith(`${context.root}/`) ? found.slice(context.root.length + 1) : found;
        return { path: rel, command: command.text.trim(), searched: true };
      }
    }
  }
  return undefined;
}
