import { lstatSync, readlinkSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

// THE place the kernel reaches for a path word (red team R43-b2, R43-b3): open, execve and chdir walk a path part by
// part, each link followed BEFORE the `..` after it, so with a link `l -> d/e`, `l/../ok.sh` is d/ok.sh; a lexical
// join (path.resolve, path.join, normalize) made it ./ok.sh and the readers judged the wrong file or folder. Every
// reader that turns a path word into "the file or folder the program opens" goes through here (scripts, `./x`
// programs, #! interpreters, env -C / sudo -D / cd -P / make -C / git -C folders, --git-dir, GIT_DIR, PATH folders);
// bash's own `cd` without -P is logical and is read lexically where bash is (decide-script-dirs.ts, git-folders.ts).
// `from`: the folder the word is read from (a logical folder is fine: the kernel's folder is the same place).
// `trusted`: a folder taken as written (the workspace root): a path under it is walked from it, so a root spelled
// through a link keeps its spelling. The last part is followed too (a link to a script runs its target), unless
// `keepLast` (a reader that judges the link by its own spelling and opens it later).
// undefined: the place cannot be followed: a `..` after a part that is not there now (the line may make it a link),
// or more than MAX_LINKS links (the kernel's ELOOP).
const MAX_LINKS = 40;

// `passed`: told each folder a `..` leaves (a reader checks that the line does not write it first: a folder there now
// may be a link by then, `rm -r e; ln -s d/f e; sh e/../x.sh`). `missing`: told the part not there now that a `..`
// follows (undefined is answered: a line that makes it a link first, `ln -s ~/w l && cp x l/../.bashrc`, fix83).
export interface KernelWalk {
  readonly trusted?: string;
  readonly keepLast?: boolean;
  readonly passed?: (folder: string) => void;
  readonly missing?: (path: string) => void;
}

export function kernelPlace(from: string, spelling: string, walk: KernelWalk = {}): string | undefined {
  const { trusted, keepLast = false, passed, missing } = walk;
  const raw = spelling.startsWith('/') ? spelling : `${from}/${spelling}`;
  const start = trusted !== undefined && (raw === trusted || raw.startsWith(`${trusted}/`)) ? trusted : '/';
  const parts = raw.slice(start === '/' ? 0 : start.length).split('/');
  let at = start;
  let links = 0;
  while (parts.length > 0) {
    const part = parts.shift()!;
    if (part === '' || part === '.') continue;
    if (part === '..') {
      passed?.(at);
      at = dirname(at);
      continue;
    }
    const next = join(at, part);
    const link = linkOf(next);
    if (link === null && parts.includes('..')) {
      missing?.(next);
      return undefined;
    }
    if (link === null) return join(next, ...parts.filter((each) => each !== '' && each !== '.'));
    if (link === undefined || (keepLast && parts.length === 0)) {
      at = next;
      continue;
    }
    if (++links > MAX_LINKS) return undefined;
    parts.unshift(...link.split('/'));
    if (link.startsWith('/')) at = '/';
  }
  return at;
}

// A link's target, undefined for another kind of file, null when nothing is there.
function linkOf(path: string): string | undefined | null {
  try {
    return lstatSync(path).isSymbolicLink() ? readlinkSync(path) : undefined;
  } catch {
    return null;
  }
}

// The folder a run of folder steps reaches (`make -C a -C ..`, `git -C a -C b`), each from the one before.
export function kernelSteps(from: string, steps: readonly string[], walk: KernelWalk = {}): string | undefined {
  let at: string | undefined = from;
  for (const step of steps) at = at === undefined ? undefined : kernelPlace(at, step, walk);
  return at;
}

// Whether a folder stands at `path` now (links followed).
export function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

// The folders a shell's `cd WORD` from `from` may reach: with -P (or `set -P`) the kernel's place; bash's logical cd
// reads `..` lexically (its own canonicalization), and where that folder is not there bash chdirs to WORD as written,
// so the kernel's place is a candidate too. undefined: a place that cannot be followed (the caller's folder is lost).
export function cdPlaces(from: string, word: string, physical: boolean): string[] | undefined {
  const kernel = kernelPlace(from, word);
  if (physical) return kernel === undefined ? undefined : [kernel];
  // logical: bash's cd without -P canonicalizes `..` on the text of $PWD/WORD.
  const lexical = resolve(from, word);
  if (isFolder(lexical)) return [lexical];
  return kernel === undefined ? undefined : [...new Set([lexical, kernel])];
}
