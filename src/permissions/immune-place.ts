// Where a shell line's path arguments land. The immune path classes were matched on a path as written, so
// `cd .git/hooks && touch pre-commit`, `exec --dir .git --cmd 'echo x >> config'`, `env -C .codeward sh ...`
// or a path through a symlink the repository ships (`g -> .git`: `echo x > g/hooks/pre-commit`) wrote a
// git hook, the git config or the policy with only --yes (the OS sandbox stopped it; without one, nothing
// did). Here a relative path is also taken from the run folder, from every folder a `cd`/`pushd` of the
// line names and from a wrapper's folder option, with symlinks resolved, relative to the workspace root.
import type { FolderListings } from '../workspace/listings.js';
import type { ObeyedContextOf } from './immune.js';
import type { LineWritesClass } from './line-writes-type.js';
import { lstatSync, realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { ShellParse } from '../shell/parse-types.js';
import { UNKNOWN } from './argv.js';
import { lineFolders as wrapperLineFolders } from './wrapper-folders.js';
import { cdTargets, physicalCd } from '../shell/cd-operand.js';
import { cdPlaces, kernelPlace } from '../workspace/kernel-place.js';
import { homeFolders } from './home-folders.js';

export interface ShellPlace {
  // The workspace root and the folder the line runs in (absolute).
  readonly root: string;
  readonly runDir: string;
  // The folder cache of the write gate's symlink walk (the engine's policy's), when the caller has one.
  readonly listings?: FolderListings;
  // obeyed-context.ts's obeyedContext, which a written path's judgement needs (immune-shell.ts): decide.ts
  // loads it on demand (obeyed-on-demand.ts), decide-path-loaded.ts has it at hand.
  readonly obeyed?: ObeyedContextOf;
  // written-before.ts's LineWrites, which a program's command file (psql -f, sqlite3 -init, gdb -x) needs
  // (immune-code.ts): loaded the same way (obeyed-on-demand.ts), at hand in decide-path-loaded.ts.
  readonly lineWrites?: LineWritesClass;
  // No OS sandbox contains the run (the call's judged.unconfined): nothing judges where a relative read lands after
  // a move only known at run time, so it may be a key in ~/.ssh (red team R34-1). Absent: a sandbox's view does.
  readonly unconfined?: true;
}

// The place's LineWrites: a command file judged without it fails (never judged as if the line wrote nothing).
export function lineWritesOf(place: Pick<ShellPlace, 'lineWrites'>): LineWritesClass {
  if (!place.lineWrites) throw new Error('immuneShell: a command file is judged without LineWrites (decide.ts loads it; decide-path-loaded.ts has it)');
  return place.lineWrites;
}

const MAX_BASES = 16;
const DOTDOT = /(?:^|\/)\.\.(?:\/|$)/;
// Placements (argument x base folder) judged per line; a longer line is not judged path by path.
const MAX_PLACEMENTS = 20000;

function realOrSelf(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return path;
  }
}

// The path with every symlink of its longest existing prefix resolved (the rest appended as written), by the kernel's
// walk (kernel-place.ts; a path it cannot follow is given as written). A dangling link is followed to where it points (red team R14b-4: `bin -> /srv/none/bin`, then `echo x > bin`
// or `cp x bin` writes there; realpath alone stopped at the link and answered a path inside the workspace).
export function resolveExisting(abs: string): string {
  return kernelPlace('/', abs) ?? abs;
}

// The run folder and every folder the line's cd/pushd/popd commands may reach (chained: `cd .git; cd hooks`), as the
// one cd reader reads them (shell/cd-operand.ts: `cd -P -- D`, `pushd -n D`, `builtin cd D`, CDPATH; R31). The home
// (`cd`, `cd ~`, `cd ~/x`, `cd "$HOME"`) is a base too (fix32b: `cd ~ && echo x >> .bashrc` is the home's start-up
// file, `cd ~ && rm -rf *` the home's contents). `lost`: a move to a folder only known at run time (`cd "$D"`, `cd
// ~user`, `cd -`: OLDPWD; a CDPATH only known at run time): a relative path after it may be anywhere (fix32b: it was
// judged from the folders known, so `cd "$D" && touch hooks/pre-commit` with D=.git was not the hooks folder).
// `popd` returns to a folder pushed before it (already a base).
export function lineMoves(parse: ShellParse, place: ShellPlace): { bases: string[]; lost?: string } {
  const bases = [place.runDir];
  let lost: string | undefined;
  // `cd -P`, `set -P`: the kernel's place; bash's logical cd otherwise (kernel-place.ts cdPlaces, R43-b2).
  const physicalShell = physicalCd(parse.commands);
  for (const command of parse.commands) {
    const targets = cdTargets(command);
    if (targets === undefined) continue;
    if (targets.kind === 'unknown') lost ??= command.text.trim();
    for (const value of targets.folders) {
      const spelled = value.startsWith('~') ? homeFolders(value) : [value];
      if (value === '' || value.includes(UNKNOWN) || spelled === undefined) {
        if (value !== '') lost ??= command.text.trim();
        continue;
      }
      for (const folder of spelled) {
        for (const base of [...bases]) {
          const next = cdPlaces(base, folder, targets.physical === true || physicalShell);
          if (next === undefined) lost ??= command.text.trim();
          for (const each of next ?? []) if (bases.length < MAX_BASES && !bases.includes(each)) bases.push(each);
        }
      }
    }
  }
  return lost === undefined ? { bases } : { bases, lost };
}

export const lineFolders = (parse: ShellParse, place: ShellPlace): string[] => lineMoves(parse, place).bases;

// Folder options of programs that run a command elsewhere (`env -C DIR cmd`, `env --chdir=DIR sh -c ...`,
// `sudo -D DIR`, `unshare -w DIR`, `nsenter --wd=DIR`; `make -C`, `tar -C` too), read from the whole line's
// text (every command string in it too), since a wrapper's words are not kept with the commands of the shell
// string it runs.
// A folder the kernel's chdir reaches (kernel-place.ts: `env -C l/..` with l -> .git/hooks/x is .git/hooks), or as the
// program reads it: npm/pnpm/yarn take `..` on the text (wrapper-folders.ts `logical`). A folder word the kernel's
// walk cannot follow from a base (a `..` after a part not there there) fails its chdir: its lexical place stands in.
export function wrapperFolders(source: string, bases: readonly string[]): string[] {
  const out: string[] = [];
  for (const word of wrapperLineFolders(source).filter((each) => each.program !== 'find' && each.folder !== undefined)) {
    const value = word.folder!;
    if (value === '' || value.startsWith('-') || value.startsWith('~') || value.includes('$')) continue;
    for (const base of bases) {
      // logical: npm --prefix, pnpm --dir, yarn --cwd are node's path.resolve (on the text).
      const place = (word.logical ? undefined : kernelPlace(base, value)) ?? resolve(base, value);
      if (out.length < MAX_BASES) out.push(place);
    }
  }
  return out;
}

// The folder words themselves, as written (`~`, `$D` included), read by wrapper-folders.ts's table (the one
// decide-script-dirs.ts reads too). A folder only known at run time (`nsenter -w` alone) is given as `$?`; find's
// `-execdir` is not a folder option here (its folders are under find's start folders, which are judged as paths).
export function wrapperFolderWords(source: string): string[] {
  return wrapperLineFolders(source).filter((word) => word.program !== 'find').map((word) => word.folder ?? '$?').filter((value) => value !== '' && !value.startsWith('-'));
}

// The workspace-relative spellings of a path argument taken from each base folder: as written, and with
// symlinks resolved (the folder's real path, cached, then the last name if it is a link). Paths resolving
// outside the workspace are given absolute. A line has a budget of placements; past it, spellings() is
// undefined and the caller cannot tell where the paths land.
export type Changed = (folder: string) => boolean;

export class Placer {
  private readonly root: string;
  private readonly folders = new Map<string, string>();
  private budget = MAX_PLACEMENTS;

  constructor(
    private readonly place: ShellPlace,
    private readonly bases: readonly string[],
    // The line moved to a folder only known at run time: a relative path may be anywhere.
    private readonly lost = false,
  ) {
    this.root = realOrSelf(place.root);
  }

  private real(abs: string): string {
    const parent = dirname(abs);
    let folder = this.folders.get(parent);
    if (folder === undefined) {
      folder = parent === abs ? abs : resolveExisting(parent);
      this.folders.set(parent, folder);
    }
    // placed: the last name in its parent's real folder.
    const leaf = join(folder, basename(abs));
    try {
      return lstatSync(leaf).isSymbolicLink() ? realOrSelf(leaf) : leaf;
    } catch {
      return leaf;
    }
  }

  // The kernel's place of a spelling with `..` (`abs` when a part not there now fails the kernel's walk), null when an
  // earlier step may make the part not there now or replace a folder the `..` leaves (by a link: unknown).
  private kernel(base: string, value: string, abs: string, changed: Changed): string | null {
    const left: string[] = [];
    let absent: string | undefined;
    const place = kernelPlace(base, value, { keepLast: true, passed: (folder) => left.push(folder), missing: (path) => (absent = path) });
    if ((absent !== undefined && changed(absent)) || left.some(changed)) return null;
    return place ?? abs;
  }

  // `write`: after a move only known at run time, a relative WRITE may land anywhere (unknown); a relative read is
  // judged as written (its name) where a sandbox runs the line: its view judges where the read lands (`cd "$(git
  // rev-parse --show-toplevel)" && npm test` runs). With no sandbox nothing does (unconfined.ts lets reads leave):
  // `cd "$(cat d.txt)" && cat id_rsa` may print ~/.ssh's key, so a read is unknown there too (red team R34-1).
  // `changed`: whether a step of the line before the path's command may write (so replace by a link) a folder.
  spellings(arg: string, write = true, changed: Changed = () => false): string[] | undefined {
    const value = arg.startsWith('--') && arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : arg;
    if (value === '' || value.includes(UNKNOWN) || value.startsWith('~') || value.startsWith('-') || value.includes('://')) return [];
    if (this.lost && !isAbsolute(value)) return write || this.place.unconfined ? undefined : [];
    const out = new Set<string>();
    for (const base of isAbsolute(value) ? [this.place.runDir] : this.bases) {
      if (--this.budget < 0) return undefined;
      // As written: the lexical path and its real path (a link along it followed, R14b-4).
      // logical: the spelling as written is judged too (more judged), beside the kernel's place below.
      const abs = resolve(base, value);
      // A `..` is taken after the link before it, as the kernel does (kernel-place.ts: `touch l/../pre-commit` with
      // l -> .git/hooks/x writes .git/hooks/pre-commit). A `..` after a part not there now that an earlier step may
      // make, or leaving a folder it may replace (`ln -s ~/work l && cp x l/../.bashrc`, `rmdir e; ln -s ~/work e;
      // ...`): unknown (fix83); a part nothing makes fails the kernel's walk (the lexical place stands in).
      const kernel = DOTDOT.test(value) ? this.kernel(base, value, abs, changed) : abs;
      if (kernel === null) return undefined;
      for (const candidate of new Set([abs, this.real(abs), kernel, this.real(kernel)])) {
        const rel = relative(this.root, candidate);
        const inside = rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
        out.add(inside ? rel.split('\\').join('/') : candidate);
      }
    }
    out.delete(arg);
    return [...out];
  }
}
