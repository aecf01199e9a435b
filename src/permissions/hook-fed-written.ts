// A script the hook writes itself and then runs (red team R26-10: `cat tools/*.sh > build/all.sh; sh build/all.sh`,
// `>>`, `cat tools/*.sh | tee build/all.sh`, `cp tools/x.sh build/y.sh`): what runs is what the writer put there.
// A writer codeward reads (cat/head/tail/sort/tee of static words or globs, cp/mv/install/ln of static operands:
// hook-fed-copies.ts reads their options) hands the file its sources, followed as the script's own text (their globs:
// every file they match, present or made later; a folder copied or linked: the file at the same path below the
// source, and the source's whole tree); any other writer (`echo "$X" > f`, a here-document, a program) is only known at run time, and so is a
// script written outside the work tree (`/tmp/x`: codeward does not carry it from line to line). A Makefile's built
// file (`cat $< > $@`) is the make model's (hook-make-lines.ts): its recipe words are not these.
import { basename, dirname, isAbsolute, join, normalize } from 'node:path';
import { copyWords } from './hook-fed-copies.js';
import type { Fed, Written } from './hook-fed-words.js';
import type { Piped } from './hook-fed-pipes.js';

export type { Written } from './hook-fed-words.js';

// The record of `file` written with what `printed` says the writer prints.
export function writtenWith(file: string, printed: Piped | undefined): Written {
  const plain = printed !== undefined && printed.opaque !== true && printed.words === undefined && printed.text === undefined && printed.here === undefined && printed.files.length > 0;
  return plain ? { file, from: [...printed.files], ...(printed.fileGlobs === undefined ? {} : { globs: printed.fileGlobs }) } : { file, from: null };
}

// What `cp A B` / `mv A B DIR` / `install -m 755 A B` / `ln -s A B` write (each destination, and DIR/name for a folder),
// or undefined for another program. An operand only known at run time: every destination is written by an unread
// writer. A source's copy may land at DEST itself (a new name, `-T`, `tools/.`'s contents), at DEST/name (an existing
// folder) or DEST/SOURCE (`--parents`): each is recorded (one more file obeyed when the hook runs it, never fewer).
// A tree (cp -r/-a, mv, a link) maps every file below the destination to the same path below the source (R28-10).
export function copied(name: string, values: readonly string[]): Written[] | undefined {
  const words = copyWords(name, values);
  if (words === undefined) return undefined;
  const { sources, dest } = words;
  if (dest === undefined || sources.length === 0) return [];
  const known = dest !== '\u0000' && sources.every((value) => value !== '\u0000');
  const out: Written[] = [];
  for (const source of sources) {
    // `tools/.` (or `-T`): the folder's contents land in DEST itself.
    const contents = /(?:^|\/)\.\/?$/.test(source) || words.itself;
    const places = [...(words.into && !contents ? [] : [dest]), ...(contents ? [] : [join(dest, basename(source)), ...(isAbsolute(source) ? [] : [join(dest, source)])])];
    for (const file of places) {
      // `ln -s ../tools/a.sh build/a.sh`: the target is read from the link's folder (and, fail-closed, from here).
      const from = words.linkRelative && !isAbsolute(source) ? [source, join(dirname(file), source)] : [source];
      out.push({ file, from: known ? from : null, ...(words.tree ? { tree: true } : {}) });
    }
  }
  return out;
}

// A path's segments, `.` and empty ones left out.
const segments = (path: string): string[] => normalize(path).split('/').filter((each) => each !== '' && each !== '.');
const GLOB = /[*?[]/;
// One glob segment's test (`*`, `?`, `[..]`); one the regex engine refuses matches every name (fail closed).
function segmentTest(segment: string): (name: string) => boolean {
  try {
    const regex = new RegExp(`^${segment.replace(/[.+^${}()|\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '.')}$`);
    return (name) => regex.test(name);
  } catch {
    return () => true;
  }
}

// The sources of `script` when `written` holds it: the written file itself, a path below a tree, a name a glob source
// matched (`cp tools/*.sh build/`: build/a.sh is tools/a.sh, one of every file the glob matches). undefined: not it.
function sourcesOf(written: Written, script: string): { files: string[]; globs: string[] } | undefined {
  const pattern = segments(written.file);
  const path = segments(script);
  if (path.length < pattern.length || (path.length > pattern.length && written.tree !== true)) return undefined;
  if (!pattern.every((each, at) => (GLOB.test(each) ? segmentTest(each)(path[at]!) : each === path[at]))) return undefined;
  const rest = path.slice(pattern.length).join('/');
  const files = (written.from ?? []).map((from) => (rest === '' ? from : join(from, rest)));
  // A tree copied or linked: the script may read its neighbours there (`. "$(dirname "$0")/lib.sh"`): the whole
  // source folder is obeyed, present or made later.
  const trees = written.tree === true && rest !== '' ? (written.from ?? []).map((from) => join(from, '**')) : [];
  return { files, globs: [...files.filter((file) => GLOB.test(file)), ...trees, ...(written.globs ?? [])] };
}

// A script run by the hook that the hook writes itself: its sources are followed as scripts, or the walk is unmodeled.
export function selfWritten(fed: Fed, script: string): void {
  for (const written of fed.wrote ?? []) {
    const sources = sourcesOf(written, script);
    if (sources === undefined) continue;
    if (script.startsWith('/')) fed.unknown ??= `\`${script}\` (a script the hook writes itself)`;
    else if (written.from === null) fed.unknown ??= `\`${script}\` (a script the hook writes with a writer codeward does not read)`;
    else {
      fed.scripts.push(...sources.files);
      if (sources.globs.length > 0) (fed.globs ??= []).push(...sources.globs);
    }
  }
}
