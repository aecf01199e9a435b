import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/fixture.js';
import { sources } from './source-files.js';

// Issue 26 (fix68, fix74; red team R43-b2): open, execve and chdir walk a path part by part, following each link
// BEFORE the `..` after it; path.resolve/join/normalize drop `..` on the text. With a link `l -> .git/hooks/x`,
// `env -C l/.. touch pre-commit` writes .git/hooks/pre-commit, and the immune paths judged ROOT/pre-commit; make's
// `include l/../r.mk`, a built-in rule's source and `LD_PRELOAD=l/../x.so` were read at the wrong place too. The ONE
// walk is src/workspace/kernel-place.ts (kernelPlace, kernelSteps, cdPlaces; TaskFolder.wordText; folderWord with
// `physical`). In the files below, which turn a line's words into the places a program opens, a lexical join is banned
// unless the line or the one above says why it is right:
// - `// logical:` the program itself reads the word on its text (bash's cd without -P, node's path.resolve in
//   npm --prefix / pnpm --dir / yarn --cwd), or the spelling as written is judged beside the kernel's place;
// - `// placed:` the join is onto a place the kernel's walk already reached, or of a name codeward chose (no word).
// A join whose later arguments are all string literals without `..` (`join(dir, 'package.json')`) names no word.
// folderWord without its `physical` argument is bash's logical reading: it needs `// logical:` too.
const READERS: readonly string[] = [
  'src/permissions/immune-place.ts',
  'src/permissions/path-lookup.ts',
  'src/permissions/decide-script-dirs.ts',
  'src/permissions/decide-script-places.ts',
  'src/permissions/git-folders.ts',
  'src/permissions/wrapper-folders.ts',
  'src/permissions/runners-started.ts',
  'src/shell/folder-word.ts',
  'src/shell/cd-operand.ts',
  // fix83: the unconfined judge's places, the line's writes, the settings files a line names.
  'src/permissions/unconfined.ts',
  'src/permissions/unconfined-paths.ts',
  'src/permissions/written-before.ts',
  'src/permissions/gpg-home.ts',
  'src/permissions/settings-file-read.ts',
];
const READER_FAMILY = /^src\/permissions\/task-runner(?:-[a-z-]+)?\.ts$/;
const CALL = /(?<![.\w])(resolve|join|normalize|folderWord)\(/g;
const MARK = /\/\/ (?:logical|placed):/;
const LITERAL = /^\s*(['"])(?:(?!\1)[^\\])*\1\s*$/;

// The arguments of the call whose `(` is at `open` in `text` (top-level commas), or undefined past the line's end.
function argumentsAt(text: string, open: number): string[] | undefined {
  const out: string[] = [];
  let depth = 0;
  let start = open + 1;
  let quote: string | undefined;
  for (let at = open + 1; at < text.length; at++) {
    const char = text[at]!;
    if (quote !== undefined) {
      if (char === '\\') at++;
      else if (char === quote) quote = undefined;
      continue;
    }
    if (char === "'" || char === '"' || char === '`') quote = char;
    else if ('([{'.includes(char)) depth++;
    else if (')]}'.includes(char) && depth > 0) depth--;
    else if (char === ')' || (char === ',' && depth === 0)) {
      out.push(text.slice(start, at));
      if (char === ')') return out;
      start = at + 1;
    }
  }
  return undefined;
}

// Whether a call may hold a word: a join/resolve/normalize whose later arguments are not all plain literals, or a
// folderWord with two arguments.
function lexical(name: string, args: readonly string[] | undefined): boolean {
  if (args === undefined) return true;
  if (name === 'folderWord') return args.length < 3;
  return args.length < 2 || args.slice(1).some((arg) => !LITERAL.test(arg) || arg.includes('..'));
}

export function lexicalJoins(rel: string, text: string): string[] {
  const lines = text.split('\n');
  const found: string[] = [];
  lines.forEach((line, i) => {
    if (/^\s*(?:\/\/|\*|import\b)/.test(line) || MARK.test(line) || MARK.test(lines[i - 1] ?? '')) return;
    for (const match of line.matchAll(CALL)) {
      if (lexical(match[1]!, argumentsAt(line, match.index + match[0].length - 1))) found.push(`${rel}:${i + 1}: ${line.trim()}`);
    }
  });
  return found;
}

describe('path words are placed by the kernel\'s walk', () => {
  it('no lexical join on a word in the files that turn words into places (kernel-place.ts, or a `// logical:` / `// placed:` reason)', () => {
    const files = sources(join(REPO_ROOT, 'src')).map((file) => relative(REPO_ROOT, file).split('\\').join('/')).filter((rel) => READERS.includes(rel) || READER_FAMILY.test(rel));
    expect(files.length).toBeGreaterThan(READERS.length);
    const found = files.flatMap((rel) => lexicalJoins(rel, readFileSync(join(REPO_ROOT, rel), 'utf8')));
    expect(found).toEqual([]);
  });

  it('the rule sees a join on a word and lets a reasoned or literal one pass', () => {
    expect(lexicalJoins('x.ts', "const a = resolve(base, value);\nconst b = join(dir, 'package.json');\nconst c = folderWord(word, dir);\nconst d = folderWord(word, dir, true);")).toEqual(['x.ts:1: const a = resolve(base, value);', 'x.ts:3: const c = folderWord(word, dir);']);
    expect(lexicalJoins('x.ts', "// logical: bash's cd\nconst a = resolve(base, value);\nconst b = join(dir, '..');")).toEqual(["x.ts:3: const b = join(dir, '..');"]);
  });
});
