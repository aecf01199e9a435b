// What a program of a home PATH folder loads, besides the shell scripts home-sources.ts reads (red team R26-9 rest,
// home28's LEFT). A PATH folder's program runs when its name is typed, in whatever folder the person is in:
// - its `#!` decides how it is read: a shell (or no `#!`: the shell runs it) is read as shell by the walk; node
//   (and bun, deno, tsx) by the hook walk's node reader (hook-scripts.ts nodeReach: every static relative require or
//   import, transitively); python by its literal import folders (pythonPathFolders; python's first import folder
//   is the script's own, the PATH folder obeyed already); any other interpreter is not read: the whole work tree;
// - a compiled program (a NUL byte) is obeyed as its folder, as an alias's program is, not read;
// - a relative name a shell program loads (`. lib/x.sh`) is found from the person's current folder, which is not
//   known: it is obeyed from every folder of the workspace (`**/lib/x.sh`) and from the home and each folder above
//   the workspace; the copies at the workspace's top and beside the script are read for what they load in turn.
//   A relative glob (`. lib/*.sh`) from an unknown folder could be any file: the whole work tree.
import { basename, dirname, isAbsolute, join } from 'node:path';
import { nodeReach, pythonPathFolders } from './hook-scripts.js';
import { belowGlob } from './below-glob.js';
import { isInside } from '../workspace/contains.js';
import { sameProgram } from '../shell/program-aliases.js';
import { readEnv } from '../shell/env-words.js';
import type { Read } from './hook-tasks.js';

type Reader = 'shell' | 'node' | 'python' | 'binary' | { readonly other: string };

const SHELLS = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh', 'mksh', 'ash', 'fish', 'yash', 'posh']);
const NODES = new Set(['node', 'bun', 'deno', 'tsx', 'ts-node']);
// Code a python program builds or runs besides its imports: not followed (the whole work tree).
const PYTHON_DYNAMIC = /\b(?:exec|compile|__import__)\s*\(|\b(?:runpy|importlib|imp)\b|\bload_source\b/;

// The program a `#!` line names (through `env`, its options and assignments), as the name normaliser reads it.
function interpreter(line: string): string {
  const words = line.slice(2).trim().split(/\s+/);
  const program = basename(words[0] ?? '') === 'env' ? readEnv(words).command[0] : words[0];
  return sameProgram(basename(program ?? '')).replace(/[\d.]+$/, '');
}

function readerOf(text: string): Reader {
  if (text.includes('\0')) return 'binary';
  if (!text.startsWith('#!')) return 'shell';
  const end = text.indexOf("\n");
  const name = interpreter(end < 0 ? text : text.slice(0, end));
  if (SHELLS.has(name)) return 'shell';
  if (NODES.has(name)) return 'node';
  if (name === 'python' || name === 'pypy') return 'python';
  return { other: name };
}

export interface RanLoads {
  // Obeyed themselves: files, folders (every file below), and globs below a folder (belowGlob's).
  readonly files: string[];
  readonly folders: string[];
  readonly globs: { readonly at: string; readonly glob: string }[];
  // Read in turn as shell scripts of the PATH folder.
  readonly scripts: string[];
  // Not known: the whole work tree, naming why.
  readonly why?: string;
}

const none = (): RanLoads => ({ files: [], folders: [], globs: [], scripts: [] });

// A program `file` (in the workspace `root`) of a PATH folder that is not a shell script: what it loads, or
// undefined for a shell script (home-sources.ts reads it as one). `home`, `above`: as ranRelative's.
export function ranProgram(file: string, text: string, root: string, read: Read, isFile: (path: string) => boolean, home: string, above: readonly string[]): RanLoads | undefined {
  const reader = readerOf(text);
  if (reader === 'shell') return undefined;
  if (reader === 'binary') return none();
  const name = file.slice(root.length + 1);
  if (reader === 'node') {
    const reach = nodeReach(file, root, read, isFile);
    return { ...none(), files: reach.files, folders: [...reach.globs.map((glob) => glob.replace(/\/\*\*$/, '')), ...reach.packages], ...(reach.unknown === undefined ? {} : { why: `\`${name}\` (on PATH) ${reach.unknown}` }) };
  }
  if (reader === 'python') {
    const dynamic = PYTHON_DYNAMIC.exec(text);
    if (dynamic) return { ...none(), why: `\`${name}\` (on PATH) loads code through \`${dynamic[0].trim()}\`` };
    // A relative import folder is found from the current folder (not known): as a relative load (ranRelative).
    const found = pythonPathFolders(text, '/');
    const relative = found.written.filter((written) => !isAbsolute(written)).map((written) => ranRelative(written, file, [root], home, above));
    return {
      ...none(),
      folders: [...found.written.filter((written) => isAbsolute(written)), ...relative.flatMap((got) => got.files)],
      globs: relative.flatMap((got) => got.globs),
      ...(found.unknown === undefined ? {} : { why: `\`${name}\` (on PATH) puts on its import path ${found.unknown}` }),
    };
  }
  return { ...none(), why: `\`${name}\` (on PATH) is a \`${reader.other}\` program codeward does not read` };
}

// A relative name `rel` a shell program `file` of a PATH folder loads, from a current folder not known (`roots`:
// the workspace's tops; `home`; `above`: the folders above the tops).
export function ranRelative(rel: string, file: string, roots: readonly string[], home: string, above: readonly string[]): RanLoads {
  if (isAbsolute(rel)) return none();
  if (/[*?[]/.test(rel)) return { ...none(), why: `\`${basename(file)}\` (on PATH) loads \`${rel}\` from the folder it is run in, which is not known` };
  const files = [home, ...above].map((folder) => join(folder, rel));
  const scripts = [...roots.map((root) => join(root, rel)), join(dirname(file), rel)].filter((path) => roots.some((root) => isInside(root, path)));
  return { ...none(), files: [...files, ...scripts], globs: roots.map((root) => belowGlob(root, rel)), scripts };
}
