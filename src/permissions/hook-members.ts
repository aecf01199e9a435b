// The files of a folder a hook line runs one by one (red team R23-16, R23-17, issue 26): `find tools -name '*.js'
// -exec node {} \;`, `find scripts -name ci -exec {} \;` (and -execdir, -ok, -okdir), `ls tools/*.js | xargs -n1
// node`, `node tools/*.js`, `./scripts/*`, `run-parts DIR`. The folder is obeyed whole (hook-spelling.ts
// loopedOver), but what its present files load was not read: each one the line RUNS (the program itself, or an
// interpreter's script; a shell's `-c` text given it) becomes a line of its own (`node '/w/tools/x.js'`,
// `'/w/scripts/ci'`) the walk follows as it follows a file a line names (its requires, its ELF loads: hook-native-
// loads.ts, its `#!`). A file only handed to another program (`-exec rm {}`, `| xargs eslint`) is not run. The
// -name test narrows the files when it is one, not negated, without -o; -maxdepth is kept. Bounded: past
// MAX_MEMBERS files or MAX_ENTRIES entries listed, `cut` says why (the caller fails closed).
import { basename, dirname, join, resolve } from 'node:path';
import picomatch from '../workspace/picomatch.js';
import { findExecs, unwrap, WRAPPERS } from '../shell/parse-wrappers.js';
import { shCommands, type ShWord } from '../shell/sh-tokens.js';
import { INTERPRETER, family, scriptOperand } from './hook-fed-operands.js';
import { listInside } from './hook-listing.js';
import { inside } from './hook-spelling.js';
import { stats, type Walk } from './hook-walk.js';
import { sameProgram } from '../shell/program-aliases.js';

const MAX_MEMBERS = 256;
const MAX_ENTRIES = 16_384;
const MAX_DEPTH = 32;
// Where a member stands in the words of the command that runs it.
const HOLE = '\u0000member\u0000';
const GLOB = /[*?[]/;
// Programs whose output names files a later `xargs` stage runs.
const LISTERS = new Set(['ls', 'echo', 'printf', 'find']);

export interface MemberLine {
  readonly line: string;
  readonly from: string;
}

// How the words (a member at HOLE) run it: 'run' (the program, an interpreter's script), 'code' (a shell's or an
// interpreter's code given as text, the member among its arguments), undefined (handed to another program).
function runs(words: readonly string[]): 'run' | 'code' | undefined {
  let inner = words;
  for (let step = 0; step < 8 && inner.length > 0; step++) {
    if (inner[0]!.includes(HOLE)) return 'run';
    const name = basename(inner[0]!);
    const spec = WRAPPERS[name];
    if (spec !== undefined) {
      const unwrapped = unwrap(spec, inner.map((value) => ({ value, dynamic: false })));
      if (unwrapped.kind !== 'command') return unwrapped.kind === 'string' ? 'code' : undefined;
      inner = inner.slice(unwrapped.index);
      continue;
    }
    if (!INTERPRETER.test(sameProgram(name))) return undefined;
    const kind = family(name);
    const operand = scriptOperand(kind, inner.slice(1), name);
    // `python3 -m py_compile {}`: a module given the file, not running it.
    if (operand.code === true) return kind === 'python' && inner.slice(1).some((word) => /^-\w*m/.test(word)) ? undefined : 'code';
    return operand.script?.includes(HOLE) === true ? 'run' : undefined;
  }
  return undefined;
}

const quoted = (path: string): string => `'${path.replace(/'/g, "'\\''")}'`;

interface Lister {
  readonly walk: Walk;
  count: number;
  entries: number;
  cut?: string;
}

// The files `glob` (a shell glob, relative to `from`) matches now; `*` does not match a leading dot.
function globbed(state: Lister, glob: string, from: string): string[] {
  let places = [glob.startsWith('/') ? '/' : from];
  const parts = glob.split('/').filter((part) => part !== '' && part !== '.');
  for (const [at, part] of parts.entries()) {
    if (!GLOB.test(part)) {
      places = places.map((place) => resolve(place, part));
      continue;
    }
    const matches = picomatch(part.replace(/\*\*+/g, '*'), { dot: false });
    places = places.flatMap((place) => {
      if (!inside(state.walk.top, place)) return [];
      state.walk.sources.push(place);
      const found = listInside(state.walk.roots, place);
      state.entries += found.length;
      return found.filter((entry) => matches(entry.name) && (at === parts.length - 1 || entry.isDirectory())).map((entry) => join(place, entry.name));
    });
    if (state.entries > MAX_ENTRIES) state.cut ??= `${glob} (more than ${MAX_ENTRIES} entries to list)`;
  }
  return places.filter((place) => inside(state.walk.top, place) && stats(place)?.file === true);
}

// find's operands: the folders it walks, its -name test (unnegated, one, no -o) and -maxdepth.
function findParts(words: readonly string[], execs: readonly (readonly [number, number])[]): { dirs: string[]; name?: (base: string) => boolean; depth?: number } {
  let at = 1;
  while (at < words.length && /^-(?:[HLP]|O\d|D)$/.test(words[at]!)) at += words[at] === '-D' ? 2 : 1;
  const dirs: string[] = [];
  for (; at < words.length && !/^[-(!,]/.test(words[at]!); at++) dirs.push(words[at]!);
  const tests = words.filter((_, i) => i >= at && !execs.some(([start, end]) => i >= start - 1 && i <= end));
  const names = tests.flatMap((word, i) => (word === '-name' || word === '-iname' ? [{ glob: tests[i + 1] ?? '', nocase: word === '-iname' }] : []));
  const narrows = names.length === 1 && !tests.some((word) => ['-o', '-or', '!', '-not', ','].includes(word));
  const max = tests.indexOf('-maxdepth');
  const depth = max >= 0 && /^\d+$/.test(tests[max + 1] ?? '') ? Number(tests[max + 1]) : undefined;
  const name = narrows ? picomatch(names[0]!.glob, { dot: true, nocase: names[0]!.nocase }) : undefined;
  return { dirs: dirs.length === 0 ? ['.'] : dirs, ...(name === undefined ? {} : { name }), ...(depth === undefined ? {} : { depth }) };
}

// The files find reaches from `dir` (relative to `from`): the folder's files down to `limit` levels (-maxdepth; not
// `.git`, no link to a folder entered), or `dir` itself when it is a file.
function found(state: Lister, dir: string, from: string, name: ((base: string) => boolean) | undefined, limit: number | undefined): string[] {
  const root = resolve(from, dir);
  if (!inside(state.walk.top, root)) return [];
  const keep = (path: string): boolean => name === undefined || name(basename(path));
  if (stats(root)?.file === true) return keep(root) ? [root] : [];
  const files: string[] = [];
  const queue = limit === 0 ? [] : [{ at: root, level: 1 }];
  for (let i = 0; i < queue.length; i++) {
    const { at, level } = queue[i]!;
    state.walk.sources.push(at);
    const entries = listInside(state.walk.roots, at);
    state.entries += entries.length;
    if (state.entries > MAX_ENTRIES) {
      state.cut ??= `${dir} (more than ${MAX_ENTRIES} entries to list)`;
      break;
    }
    for (const entry of entries) {
      const path = join(at, entry.name);
      if (entry.name === '.git' || (entry.isDirectory() && limit !== undefined && level >= limit)) continue;
      if (entry.isDirectory() && level >= MAX_DEPTH) state.cut ??= `${dir} (folders deeper than ${MAX_DEPTH} levels)`;
      else if (entry.isDirectory()) queue.push({ at: path, level: level + 1 });
      else if (keep(path) && stats(path)?.file === true) files.push(path);
    }
  }
  return files;
}

// The lines `command` (run from `from`) runs its folders' files with, one per file; `cut`: why not all are known.
// `scriptLoops`: the script's `for` variables over static words (a loop over several lines: hook-fed.ts scriptFunctions).
export function memberLines(walk: Walk, command: string, from: string, scriptLoops?: ReadonlyMap<string, readonly string[]>): { lines: MemberLine[]; cut?: string } {
  const state: Lister = { walk, count: 0, entries: 0 };
  const lines: MemberLine[] = [];
  const add = (words: readonly string[], members: readonly string[], at: (member: string) => { path: string; from: string } = (member) => ({ path: member, from })): void => {
    if (runs(words) === undefined) return;
    for (const member of members) {
      if (++state.count > MAX_MEMBERS) return void (state.cut ??= `more than ${MAX_MEMBERS} files`);
      if (/[\n\0]/.test(member)) return void (state.cut ??= `${member} (a file name codeward does not spell)`);
      const place = at(member);
      lines.push({ line: words.map((word) => word.split(HOLE).join(quoted(place.path))).join(' '), from: place.from });
    }
  };
  const commands = shCommands(command);
  // `for f in tools/*.js; do node "$f"; done` (R25-13): the loop's static words, each run where `$f` stands.
  const loops = new Map<string, readonly string[]>(scriptLoops ?? []);
  commands.forEach((written, index) => {
    const lead = ['do', 'then', 'else', '{'].includes(written[0]?.text ?? '') ? 1 : 0;
    const all = written.slice(lead);
    const words = all.map((word) => word.text);
    if (words[0] === 'for' && words[2] === 'in') {
      const list = words.slice(3).filter((word) => word !== 'do');
      // Over words only known at run time: none of its files is read here (the unmodeled check fails closed).
      loops.set(words[1]!, list.every((word) => !/[$`]/.test(word)) ? list : []);
      return;
    }
    const loopAt = words.findIndex((word) => (loops.get(/^\$\{?([A-Za-z_]\w*)\}?$/.exec(word)?.[1] ?? '')?.length ?? 0) > 0);
    if (loopAt >= 0) {
      const list = loops.get(/^\$\{?([A-Za-z_]\w*)\}?$/.exec(words[loopAt]!)![1]!)!;
      const members = list.flatMap((item) => (GLOB.test(item) ? globbed(state, item, from) : [resolve(from, item)].filter((path) => inside(walk.top, path) && stats(path)?.file === true)));
      return void add(words.map((text, j) => (j === loopAt ? HOLE : text)), members);
    }
    const name = basename(words[0] ?? '');
    if (name === 'find') {
      const execs = findExecs(words.map((value) => ({ value, dynamic: false })));
      const { dirs, name: test, depth } = findParts(words, execs);
      for (const [start, end] of execs) {
        const inner = words.slice(start, end).map((word) => word.split('{}').join(HOLE));
        if (!inner.some((word) => word.includes(HOLE)) || runs(inner) === undefined) continue;
        const members = dirs.flatMap((dir) => found(state, dir, from, test, depth));
        // -execdir runs `./name` from the file's folder.
        add(inner, members, words[start - 1]!.endsWith('dir') ? (member) => ({ path: `./${basename(member)}`, from: dirname(member) }) : undefined);
      }
    } else if (name === 'run-parts') {
      // `--regex RE`, `-u 022`, `--arg X` take the next word (R25-3: the value was read as the folder).
      const dir = words.slice(1).find((word, at) => !word.startsWith('-') && !/^(?:--regex|--umask|-u|--arg|-a)$/.test(words[at] ?? ''));
      if (dir !== undefined) add([HOLE], found(state, dir, from, undefined, 1));
    } else if (name === 'xargs') {
      const unwrapped = unwrap(WRAPPERS['xargs']!, words.map((value) => ({ value, dynamic: false })));
      const before = commands[index - 1];
      if (unwrapped.kind !== 'command' || before === undefined || !LISTERS.has(basename(before[0]!.text))) return;
      // `-I R` / `-IR`, `-i[R]` / `--replace[=R]` (R defaults to `{}`): one command per file, R its place.
      const replace = words.slice(1, unwrapped.index).reduce<string | undefined>((known, word, i, options) => known ?? (word === '-I' ? options[i + 1] : word.startsWith('-I') ? word.slice(2) : /^-i|^--replace/.test(word) ? word.replace(/^-i|^--replace=?/, '') || '{}' : undefined), undefined);
      const inner = words.slice(unwrapped.index);
      const placed = replace === undefined ? [...inner, HOLE] : inner.map((word) => word.split(replace).join(HOLE));
      // Nothing listed for a program only given the names (`find src -name '*.ts' | xargs eslint`).
      if (runs(placed) === undefined) return;
      const lister = before.map((word) => word.text);
      const members = basename(lister[0]!) === 'find' ? (() => {
        const parts = findParts(lister, []);
        return parts.dirs.flatMap((dir) => found(state, dir, from, parts.name, parts.depth));
      })() : globs(before.slice(1)).flatMap((glob) => globbed(state, glob, from));
      add(placed, members);
    } else {
      // A glob as the program (`./scripts/*`) or an interpreter's script (`node tools/*.js`): bash hands it the first
      // file it matches (the others are its arguments); each is taken for the one run.
      const at = all.findIndex((word, i) => GLOB.test(word.text) && !word.single && !word.text.startsWith('-') && runs(words.map((text, j) => (j === i ? HOLE : text))) === 'run');
      if (at >= 0) add(words.map((text, j) => (j === at ? HOLE : text)), globbed(state, words[at]!, from));
    }
  });
  return { lines, ...(state.cut === undefined ? {} : { cut: state.cut }) };
}

// The words of a lister that are globs the shell expands (not options, not single-quoted).
const globs = (words: readonly ShWord[]): string[] => words.filter((word) => GLOB.test(word.text) && !word.single && !word.text.startsWith('-')).map((word) => word.text);
