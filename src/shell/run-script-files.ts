import { commandsOf, type ScriptReading } from './run-script-reading.js';

// The repository files a script line names (`sh scripts/test.sh`, `node tools/check.mjs`, `./ci.sh`): the
// question shows them (up to FILE_LINES lines each) and the "always" key holds their bytes, so a changed
// script file asks again (red team R16-5). A named file that cannot be shown whole, or one outside the
// workspace or refused by the jail, leaves the line without a key (fail closed).

// How a named file reads: its text, nothing there (not a file: a folder, a word that is not a path), or
// refused by the workspace jail (outside it, a link out, a hidden file).
export type NamedRead = { readonly kind: 'file'; readonly text: string } | { readonly kind: 'missing' } | { readonly kind: 'refused'; readonly reason: string };
export type NamedReader = (rel: string) => Promise<NamedRead>;

// At most this many lines of one named file, and this many named files in one line.
const FILE_LINES = 40;
const NAMED_FILES = 6;
const SCRIPT_EXTENSION = /\.(sh|bash|zsh|js|mjs|cjs|ts|mts|cts|py|rb|pl|php|lua|mk|ps1)$/;

// The words of a line that look like a file path: with a slash or a script's extension, no glob or variable.
function namedWords(line: string): string[] {
  return commandsOf(line)
    .flat()
    .filter((word) => !word.startsWith('-') && !/[*?[\]$`=]/.test(word) && !word.startsWith('/') && !word.endsWith('/') && !word.includes('://') && (word.includes('/') || SCRIPT_EXTENSION.test(word)))
    .map((word) => word.replace(/^(\.\/)+/, ''));
}

export async function readNamedFiles(lines: readonly string[], read: NamedReader | undefined, reading: ScriptReading): Promise<void> {
  const words = [...new Set(lines.flatMap(namedWords))];
  if (words.length === 0) return;
  if (read === undefined) {
    reading.open(`names files not read here (${words.join(', ')})`);
    return;
  }
  let named = 0;
  for (const word of words) {
    const found = await read(word);
    if (found.kind === 'missing') continue;
    if (found.kind === 'refused') {
      reading.open(`${word}: not readable here (${found.reason}), so what it runs is unknown`);
      continue;
    }
    if (++named > NAMED_FILES) {
      reading.open(`${word}: more than ${NAMED_FILES} files named, not shown`);
      continue;
    }
    reading.file(word, found.text);
    const body = found.text.split('\n').filter((line) => line.trim() !== '');
    reading.body(body.slice(0, FILE_LINES).map((line) => `${word}: ${line}`));
    if (body.length > FILE_LINES) reading.open(`${word}: … ${body.length - FILE_LINES} more lines not shown`);
  }
}
