// What a program the hooks run loads from the work tree before its first instruction (red team R22-6): a native
// program's interpreter, library folders and library paths (native-opens.ts), and the interpreter a script's `#!`
// line names (the kernel opens a relative one from the working folder; `#!/usr/bin/env tools/x` too). Obeyed: the
// files (queued, so what they load is read in turn) and the library folders (`folder/**`: the loader looks there
// for every library, the C library's too, and in its glibc-hwcaps subfolders). System paths stay free. What cannot
// be told (a malformed header, a bound hit, an ELF for another processor) fails closed, naming it.
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { readGitMetadataHead } from '../git/config-read.js';
import { below, nativeOpens, type TreePlace } from './native-opens.js';
import { inside } from './hook-spelling.js';
import { shebangEnv } from '../shell/env-words.js';
import { isNative, stats, type Walk } from './hook-walk.js';

// The folders a relative name may be opened from: the top of the work tree (where git runs a hook), the
// program's own folder (a hook that changes there first) and each folder the line running it may be in
// (`cd pkg && ../scripts/ci`: elf24).
const workingFolders = (walk: Walk, program: string, cwd: readonly string[]): string[] => [...new Set([walk.top, dirname(program), ...cwd])];

// The native program (or library) at `program`, run by the hooks: what it opens from the tree is obeyed, each file
// queued when present (what it loads, in turn), each library folder whole (with the libraries it needs found there).
export function obeyNative(walk: Walk, program: string, depth: number, cwd: readonly string[] = []): void {
  const opens = nativeOpens(placeOf(walk), program, workingFolders(walk, program, cwd));
  if (opens.unknown !== undefined) walk.unmodeled ??= opens.unknown;
  for (const path of opens.files) {
    walk.files.add(path);
    if (stats(path)?.file === true) walk.queue.push({ path, depth: depth + 1 });
  }
  for (const folder of opens.folders) {
    walk.globs.add(join(folder, '**'));
    for (const needed of opens.needed) {
      const path = join(folder, needed);
      if (stats(path)?.file === true) walk.queue.push({ path, depth: depth + 1 });
    }
  }
}

// The walk's tree (its top's real path: `roots[0]`).
const placeOf = (walk: Walk): TreePlace => ({ top: walk.top, real: walk.roots[0] ?? walk.top });

// A file a script's `#!` line names: obeyed when inside the work tree, queued when present (what it loads, in turn).
function obeyFile(walk: Walk, named: string, program: string, depth: number, cwd: readonly string[]): void {
  for (const path of isAbsolute(named) ? [below(placeOf(walk), named)] : workingFolders(walk, program, cwd).map((from) => resolve(from, named))) {
    if (!inside(walk.top, path)) continue;
    walk.files.add(path);
    if (stats(path)?.file === true) walk.queue.push({ path, depth: depth + 1 });
  }
}

// A native addon (`.node`) an installed package makes node load (red team R23-9): dlopen() opens it as the loader
// opens a library, with what its dynamic section names (obeyNative; on macOS a Mach-O of the tree is not known).
// One that is no program of this machine cannot be loaded here (a Windows DLL or another processor's ELF among a
// package's prebuilds); one codeward cannot read is not known.
export function obeyAddon(walk: Walk, addon: string): void {
  const head = readGitMetadataHead(addon, 20);
  if (head === undefined) walk.unmodeled ??= `${inside(walk.top, addon) ? relative(walk.top, addon) : addon} is a native addon codeward cannot read`;
  else if (isNative(head)) obeyNative(walk, addon, 1);
}

// A file the kernel refuses to run as this machine's program but that looks like an ELF: binfmt_misc (qemu-user)
// may run it all the same, loading what it names. Not known: the walk fails closed.
export function obeyForeign(walk: Walk, program: string): void {
  walk.unmodeled ??= `${basename(program)} is an ELF for another processor (binfmt_misc may run it)`;
}

// A bare program on the PATH a #! line's env sets (the last `PATH=`, as env applies them): each folder's file of
// that name is obeyed (a system folder's is outside the work tree); a folder only known at run time is not modeled.
function obeyOnPath(walk: Walk, set: string | undefined, program: string, script: string, depth: number, cwd: readonly string[]): void {
  for (const entry of set?.slice('PATH='.length).split(':') ?? []) {
    if (/^\$(?:PATH|\{PATH\})$/.test(entry)) continue;
    if (entry.includes('$')) walk.unmodeled ??= `${basename(script)}'s #! line runs ${program} from ${entry}, a folder only known at run time`;
    else obeyFile(walk, join(entry || '.', program), script, depth, cwd);
  }
}

// The `#!` line of a script run by its path: its interpreter (and `env`'s program) when it is a path.
export function obeyShebang(walk: Walk, script: string, text: string, depth: number, cwd: readonly string[] = []): void {
  const line = /^#![ \t]*(\S+)[ \t]*(.*)$/m.exec(text.slice(0, text.indexOf('\n') + 1 || undefined));
  if (line === null || !text.startsWith('#!')) return;
  const [, interp, rest] = line as unknown as [string, string, string];
  obeyFile(walk, interp, script, depth, cwd);
  if (basename(interp) !== 'env') return;
  // env's words as env reads them (shell/env-words.ts, the one reader; a #! line's both readings, shebangEnv): a PATH
  // it sets, a folder it moves to or an option it does not have leave the program unknown; a program named by a path
  // is obeyed.
  for (const env of shebangEnv(interp, rest)) {
    const program = env.command[0];
    if (env.unknown !== undefined) walk.unmodeled ??= `${basename(script)}'s #! line gives env an option it does not have (${env.unknown})`;
    else if (env.folders.length > 0) walk.unmodeled ??= `${basename(script)}'s #! line gives env an option not modeled (-C)`;
    else if (program?.includes('/') === true) obeyFile(walk, program, script, depth, cwd);
    else if (program !== undefined) obeyOnPath(walk, env.assignments.findLast((word) => word.startsWith('PATH=')), program, script, depth, cwd);
  }
}
