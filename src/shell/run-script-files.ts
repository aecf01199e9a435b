import { commandsOf, programOf, type ScriptReading } from './run-script-reading.js';
import { isRunner, isShell, lineProblem } from './run-script-unknown.js';

// The repository files a script line names (`sh scripts/test.sh`, `. lib.sh`, `./ci.sh`, `cat list.txt`): the
// question shows them (up to FILE_LINES lines each) and the "always" key holds their bytes, so a changed
// file asks again (red team R16-5). A file run as shell (a shell's or `source`'s operand, or run by path
// without another interpreter's `#!`) is read in turn, to FILE_DEPTH, and the files its lines name join the
// key (red team R18-9: `sh scripts/t.sh` whose line runs `sh scripts/u.sh`). What the reading cannot follow
// leaves the line without a key (fail closed): a file outside the workspace or refused by the jail, a file
// too long to show, a line whose effect is known only at run time (run-script-unknown.ts), an interpreter
// (node, python: their imports are not followed), a runner called from inside a file.

// How a named file reads: its text, nothing there (not a file: a folder, a word that is not a path), or
// refused by the workspace jail (outside it, a link out, a hidden file).
export type NamedRead = { readonly kind: 'file'; readonly text: string } | { readonly kind: 'missing' } | { readonly kind: 'refused'; readonly reason: string };
export type NamedReader = (rel: string) => Promise<NamedRead>;

// At most this many lines of one named file, this many named files in one reading, files read this deep.
const FILE_LINES = 40;
const NAMED_FILES = 10;
const FILE_DEPTH = 4;
const SCRIPT_EXTENSION = /\.(sh|bash|zsh|js|mjs|cjs|ts|mts|cts|py|rb|pl|php|lua|mk|ps1)$/;

const relOf = (word: string): string => word.replace(/^(\.\/)+/, '');
// A word that looks like a file path: with a slash or a script's extension, no glob or variable.
const isPathWord = (word: string): boolean => !word.startsWith('-') && !/[*?[\]$`=]/.test(word) && !word.startsWith('/') && !word.endsWith('/') && !word.includes('://') && (word.includes('/') || SCRIPT_EXTENSION.test(word));

// The files a line names, and how each is used: `shell` (read as shell lines), `path` (run by path: its `#!`
// decides), `data` (read or passed as an argument: shown and keyed, not followed).
function namedIn(line: string): { rel: string; use: 'shell' | 'path' | 'data' }[] {
  const found: { rel: string; use: 'shell' | 'path' | 'data' }[] = [];
  for (const words of commandsOf(line)) {
    const at = words.findIndex((word) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word));
    // After a shell word (`sh`, `bash -e`, `.`): its first operand is its script, whatever it is called
    // (`. lib`); after `-c` the words are the command text, read as words again.
    let operand = false;
    words.forEach((word, index) => {
      if (index < at) return;
      if (operand && word.startsWith('-')) {
        if (/^-[a-z]*c/.test(word)) operand = false;
        return;
      }
      if (operand && !/[<>|&;]/.test(word)) {
        operand = false;
        found.push({ rel: relOf(word), use: 'shell' });
        return;
      }
      if (isShell(word.slice(word.lastIndexOf('/') + 1))) operand = true;
      else if (isPathWord(word)) found.push({ rel: relOf(word), use: index === at && word.includes('/') ? 'path' : 'data' });
    });
  }
  return found;
}

// Why a followed line is not read whole: a construct read at run time, an interpreter, a runner.
function programProblem(line: string): string | undefined {
  const runner = commandsOf(line).map((words) => programOf(words).program).find(isRunner);
  return lineProblem(line) ?? (runner === undefined ? undefined : `runs ${runner} from a file, not followed there`);
}

// `#!` of a file run by path: shell lines (no `#!`, or a shell), or another interpreter (not followed).
export const shebangShell = (text: string): boolean => !text.startsWith('#!') || /^#!\s*\S*\/(env\s+)?(sh|bash|dash|zsh|ksh|ash)\b/.test(text);

export async function readNamedFiles(lines: readonly string[], read: NamedReader | undefined, reading: ScriptReading): Promise<void> {
  const seen = new Set<string>();
  let named = 0;
  const walk = async (from: readonly string[], depth: number): Promise<void> => {
    for (const { rel, use } of from.flatMap(namedIn)) {
      if (seen.has(rel)) continue;
      seen.add(rel);
      // The shell removes quotes and backslashes inside a word (`scripts/u\.sh`, `u.s''h`, `"u".sh` run scripts/u.sh):
      // such a spelling is not the file name (red team R19-20), so it is not read as one: no "always".
      if (/['"\\]/.test(rel)) {
        reading.open(`${rel}: a file name spelled with quotes or backslashes inside it, not read as the shell reads it`);
        continue;
      }
      if (read === undefined) {
        reading.open(`${rel}: a file named, not read here`);
        continue;
      }
      const found = await read(rel);
      if (found.kind === 'missing') {
        // `. lib` with no ./lib looks it up on PATH: not read here.
        if (use === 'shell' && !rel.includes('/')) reading.open(`${rel}: not a file here, so the shell looks it up at run time`);
        continue;
      }
      if (found.kind === 'refused') {
        reading.open(`${rel}: not readable here (${found.reason}), so what it runs is unknown`);
        continue;
      }
      if (++named > NAMED_FILES) {
        reading.open(`${rel}: more than ${NAMED_FILES} files named, not shown`);
        continue;
      }
      reading.file(rel, found.text);
      const body = found.text.split('\n').filter((line) => line.trim() !== '');
      reading.body(body.slice(0, FILE_LINES).map((line) => `${rel}: ${line}`));
      if (body.length > FILE_LINES) reading.open(`${rel}: … ${body.length - FILE_LINES} more lines not shown`);
      const followed = use === 'shell' || (use === 'path' && shebangShell(found.text));
      if (use === 'path' && !followed) reading.open(`${rel}: ${found.text.split('\n')[0]}: another interpreter, whose imports are not followed`);
      if (!followed) continue;
      const code = body.filter((line) => !line.trim().startsWith('#'));
      reading.shellLines.push(...code);
      for (const line of code) {
        const why = programProblem(line);
        if (why !== undefined) reading.open(`${rel}: ${line.trim()}: ${why}, so no "always"`);
      }
      if (depth + 1 >= FILE_DEPTH) {
        if (code.some((line) => namedIn(line).length > 0)) reading.open(`${rel}: names files deeper than ${FILE_DEPTH} levels, not read`);
        continue;
      }
      await walk(code, depth + 1);
    }
  };
  await walk(lines, 0);
}
