// How a hook line spells a work-tree path (red team R9-6): `"$(git rev-parse --show-toplevel)/scripts/x.sh"`,
// `$(git rev-parse --show-cdup)scripts/x.sh`, `"$(dirname "$0")/../../scripts/x.sh"`, `${0%/*}/x.sh`,
// `$GIT_DIR/../scripts/x.sh`, `${BASH_SOURCE[0]}`, `$PWD`, and a variable a line before set to one of these (`ROOT=$(git rev-parse
// --show-toplevel)`, then `"$ROOT/x.sh"`). Each is replaced by the path it prints when git runs the hook (at the
// work tree's top), so the words of obeyed-hooks.ts name the file. A glob or a loop over a folder
// (`for f in scripts/*.sh`, `run-parts scripts/`, `find scripts -exec`) names the folder.
import { dirname, isAbsolute, relative, resolve } from 'node:path';

export interface HookPlace {
  readonly top: string;
  readonly gitDir?: string;
  // The script being read (its `$0`).
  readonly script: string;
}

// The path as one shell word, wherever it lands (quoted or not): shell-special characters escaped.
const word = (path: string): string => path.replace(/[\\\s'"`$;&|()<>*?[\]{}#~]/g, '\\$&');
const ARG = String.raw`\s*(?:--\s+)?(?:"([^"$()\x60]*)"|([^\s"'$()\x60;&|]+))\s*`;
const SELF = /\$\{0\}|\$0\b|\$\{BASH_SOURCE(?:\[0\])?\}|\$BASH_SOURCE\b/g;
const SELF_DIR = /\$\{(?:0|BASH_SOURCE(?:\[0\])?)%\/\*\}/g;
const WORK_DIR = /\$\(\s*pwd\s*\)|\x60\s*pwd\s*\x60|\$\{PWD\}|\$PWD\b/g;
const GIT_TOP = /\$\(\s*git\s+rev-parse\s+--show-(toplevel|cdup)\s*\)|`\s*git\s+rev-parse\s+--show-(toplevel|cdup)\s*`/g;
const GIT_DIR = /\$\(\s*git\s+rev-parse\s+--(?:absolute-git-dir|git-dir|git-common-dir)\s*\)|`\s*git\s+rev-parse\s+--(?:absolute-git-dir|git-dir|git-common-dir)\s*`|\$\{GIT_DIR\}|\$GIT_DIR\b/g;
const NESTED: readonly [RegExp, (path: string) => string][] = [
  [new RegExp(String.raw`\$\(\s*(?:realpath|readlink\s+-[fem])${ARG}\)`, 'g'), (path) => path],
  [new RegExp(String.raw`\$\(\s*dirname${ARG}\)|\x60\s*dirname${ARG}\x60`, 'g'), dirname],
  [new RegExp(String.raw`\$\(\s*cd${ARG}(?:&&|;)\s*pwd(?:\s+-P)?\s*\)`, 'g'), (path) => path],
];

// Variables a script set to a known path, carried from line to line of one script.
export type Known = Map<string, string>;

// The line with every known spelling of a path replaced; `known` learns `NAME=<path>` assignments.
export function spelled(line: string, place: HookPlace, known: Known): string {
  let text = line
    .replace(GIT_TOP, (_, a?: string, b?: string) => word((a ?? b) === 'cdup' ? `${place.top}/` : place.top))
    .replace(WORK_DIR, word(place.top))
    .replace(SELF_DIR, word(dirname(place.script)))
    .replace(SELF, word(place.script));
  if (place.gitDir !== undefined) text = text.replace(GIT_DIR, word(place.gitDir));
  for (const [name, path] of known) text = text.replace(new RegExp(String.raw`\$\{${name}\}|\$${name}\b`, 'g'), word(path));
  for (let round = 0; round < 4; round++) {
    const before = text;
    for (const [pattern, map] of NESTED) {
      text = text.replace(pattern, (...groups: unknown[]) => {
        const found = groups.slice(1, 5).find((group): group is string => typeof group === 'string');
        return found === undefined ? String(groups[0]) : word(map(resolve(place.top, found.replace(/\\(.)/g, '$1'))));
      });
    }
    if (text === before) break;
  }
  const assigned = /^\s*(?:export\s+|readonly\s+|local\s+)?([A-Za-z_]\w*)=("?)((?:\\.|[^\s"$\\])+)\2\s*(?:[;#].*)?$/.exec(text);
  const value = assigned?.[3]?.replace(/\\(.)/g, '$1');
  if (assigned && value !== undefined && isAbsolute(value)) known.set(assigned[1]!, value);
  return text;
}

const inside = (top: string, path: string): boolean => {
  const rel = relative(top, path);
  return !rel.startsWith('..') && !isAbsolute(rel);
};

const RUN_PARTS_VALUED = /^(?:--regex|--umask|-u|--arg|-a)$/;
const INTERPRETERS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'source', '.', 'node', 'python', 'python3', 'ruby', 'perl', 'php']);

// The words a line runs as a list of files: a `for VAR in ...` list (up to `do`), `run-parts DIR`, and `find DIR`
// when the line executes what it finds (`-exec`, `-execdir`, `-ok`, `xargs`). A glob elsewhere (`eslint
// 'src/**/*.ts'`) only names files a tool reads, and is not followed.
function runList(words: readonly string[]): string[] {
  const list: string[] = [];
  const executes = words.some((word) => ['-exec', '-execdir', '-ok', '-okdir', 'xargs'].includes(word));
  // `ls scripts/*.sh | xargs -n1 sh` (R11-6): xargs hands an interpreter the names a glob of the line lists.
  const xargs = words.indexOf('xargs');
  if (xargs >= 0 && words.slice(xargs + 1).some((word) => INTERPRETERS.has(word))) list.push(...words.filter((word) => /[*?[]/.test(word) && !word.startsWith('-')));
  words.forEach((text, i) => {
    if (text === 'for' && words[i + 2] === 'in') {
      for (let j = i + 3; j < words.length && words[j] !== 'do'; j++) list.push(words[j]!);
    }
    const command = words[i - 1]?.startsWith('-') === true ? words[i - 2] : words[i - 1];
    if (command === 'find' && executes && !/^\.\/?$/.test(text) && !text.startsWith('-')) list.push(text.endsWith('/') ? `${text}*` : `${text}/*`);
    // run-parts' one folder: its first operand, past the options and the values `--regex RE`, `-u 022`, `-a X` take (R25-3).
    if (text === 'run-parts') {
      let j = i + 1;
      while (j < words.length && words[j]!.startsWith('-')) j += RUN_PARTS_VALUED.test(words[j]!) ? 2 : 1;
      const dir = words[j];
      if (dir !== undefined) list.push(dir.endsWith('/') ? `${dir}*` : `${dir}/*`);
    }
  });
  return list;
}

// The folder a run list loops over (`scripts/*.sh` -> scripts), or the glob itself when its fixed part is the
// top (`*.sh`). Absolute; inside the top only.
export function loopedOver(words: readonly string[], top: string): { folders: string[]; globs: string[] } {
  const folders: string[] = [];
  const globs: string[] = [];
  for (const text of runList(words)) {
    const at = text.search(/[*?[]/);
    if (at < 0 || text.includes('$')) continue;
    const fixed = resolve(top, text.slice(0, text.lastIndexOf('/', at) + 1) || '.');
    if (!inside(top, fixed)) continue;
    if (fixed === top) globs.push(resolve(top, text));
    else folders.push(fixed);
  }
  return { folders, globs };
}

export { inside };
