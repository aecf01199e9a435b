// long-canon.ts for a shell line read as text (the hook walk's lines, obeyed-hooks.ts): each command's option words
// of a getopt_long program under their full names (`make --di=sub check` -> `make --directory=sub check`), a cluster
// of short options one option a word (`make -sCsub` -> `make -s -C sub`), the rest of the line as written.
import { longRewrites, renamed } from './long-canon.js';
import { cutWords } from './short-clusters.js';

interface TextWord {
  readonly start: number;
  readonly end: number;
  readonly value: string;
  readonly dynamic: boolean;
  // The value before its first run-time part (`--ch=` of `"--ch=$D"`).
  readonly lead?: string;
}

const SEPARATOR = /[;&|()\n`]/;

// The commands of a line, each as its words with where they stand (quotes and backslashes read as a shell does).
function commandsOf(line: string): TextWord[][] {
  const commands: TextWord[][] = [[]];
  let word: { start: number; value: string; dynamic: boolean; lead?: string } | undefined;
  let quote: string | undefined;
  const close = (end: number): void => {
    if (word !== undefined) commands[commands.length - 1]!.push({ ...word, end });
    word = undefined;
  };
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quote === undefined && (/\s/.test(ch) || SEPARATOR.test(ch))) {
      close(i);
      if (SEPARATOR.test(ch)) commands.push([]);
      continue;
    }
    word ??= { start: i, value: '', dynamic: false };
    if (quote === "'") {
      if (ch === "'") quote = undefined;
      else word.value += ch;
    } else if (ch === '\\' && i + 1 < line.length) {
      word.value += line[++i];
    } else if (ch === '"' && quote === '"') {
      quote = undefined;
    } else if ((ch === '"' || ch === "'") && quote === undefined) {
      quote = ch;
    } else {
      if ((ch === '$' || ch === '`') && !word.dynamic) {
        word.dynamic = true;
        word.lead = word.value;
      }
      word.value += ch;
    }
  }
  close(line.length);
  return commands.filter((command) => command.length > 0);
}

const quoted = (value: string): string => `'${value.replace(/'/g, `'\\''`)}'`;

// The line with each option word of a getopt_long program spelled in full.
// A word that may be a cluster (`-sC`, `-Ctools`) or a long option: a line without one is left as it is.
const OPTIONS = /--|(?:^|[\s;&|()`'"])-[^\s-]{2}/;

export function canonicalLongText(line: string): string {
  if (!OPTIONS.test(line)) return line;
  const edits: { start: number; end: number; text: string }[] = [];
  for (const words of commandsOf(line)) {
    for (const rewrite of longRewrites(words)) {
      const word = words[rewrite.at]!;
      const text = line.slice(word.start, word.end);
      if (!('name' in rewrite)) {
        // `-sCtools` as written with a space before each new word; a word spelled with quotes in its options as
        // its words quoted.
        const drop = rewrite.drop ?? 0;
        const last = rewrite.cuts[rewrite.cuts.length - 1]!.offset + drop;
        if (text.startsWith(word.value.slice(0, last)) && !/['"\\]/.test(text.slice(0, last))) {
          if (drop > 0) edits.push({ start: word.start, end: word.start + drop, text: '' });
          for (const cut of rewrite.cuts) edits.push({ start: word.start + drop + cut.offset, end: word.start + drop + cut.offset, text: cut.dash ? ' -' : ' ' });
        } else if (!word.dynamic) edits.push({ start: word.start, end: word.end, text: cutWords(word.value.slice(drop), rewrite.cuts).map(quoted).join(' ') });
        continue;
      }
      const name = rewrite.name;
      const typed = (word.dynamic ? word.lead! : word.value).split('=')[0]!;
      // `--chd=sub` as written: its name replaced; a name spelled with quotes in it (`--ch'd'=sub`) as one quoted word.
      const quotes = /^['"]*/.exec(text)![0].length;
      if (text.startsWith(typed, quotes)) edits.push({ start: word.start + quotes, end: word.start + quotes + typed.length, text: name });
      else if (!word.dynamic) edits.push({ start: word.start, end: word.end, text: quoted(renamed(word.value, name)) });
    }
  }
  let out = line;
  for (const edit of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}
