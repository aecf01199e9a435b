// The commands xargs runs, for hook-fed.ts (red team R21-12, fed23): its command with the items it reads, from a
// pipe of echo/printf, a here-string or here-document, or a file (`xargs node < list`, `cat list | xargs node`,
// `xargs -a list node`: read like a here-string when the walk can read it). With `-I R`/`-i`, `-n N`, `-L N`
// xargs runs one command per item (`printf '%s\n' a tools/x | xargs -I{} node {}` runs `node tools/x` too); else
// one command with every item appended. Items a program prints (`find . | xargs node`, `sort list`, `git ls-files`)
// or a file the walk cannot read are one word only known at run time: where it lands as the script, the caller fails
// closed; as another program's operands (`git diff --name-only | xargs eslint`) it changes nothing.
import type { Word } from './hook-fed-words.js';

// What the stage before xargs hands it, and its own stdin.
export interface Input {
  readonly words?: readonly string[];
  readonly text?: string;
  readonly files?: readonly string[];
  // Printed by a program codeward does not read (`find`, `git ls-files`).
  readonly opaque?: boolean;
  // The words are globs (`ls tools/*.sh |`): each item is one, as if written bare.
  readonly globs?: boolean;
}

const MAX_RUNS = 32;
export const literal = (value: string, bare = false): Word => ({ kind: 'word', value, dynamic: false, subs: [], quoted: !bare, plain: bare ? value.length : 0, brace: false });
// A word only known when the hook runs (runTime() holds for it).
const RUN_TIME: Word = { kind: 'word', value: '$(xargs input)', dynamic: true, subs: [{ text: 'xargs input' }], quoted: false, plain: 0, brace: false };

// xargs's options (words[1..index)): the replace string, whether it runs one command per item, the item separator,
// the argument file.
function options(values: readonly string[], index: number): { replace?: string; each: boolean; separator?: string; file?: string } {
  let replace: string | undefined, separator: string | undefined, file: string | undefined;
  let each = false;
  for (let at = 1; at < index; at++) {
    const value = values[at]!;
    const valued = (short: string, long: string): string | undefined =>
      value === short || value === long ? values[++at] : value.startsWith(`${long}=`) ? value.slice(long.length + 1) : value.startsWith(short) && value.length > 2 ? value.slice(2) : undefined;
    if (/^-i|^--replace/.test(value)) replace = value.includes('=') ? value.slice(value.indexOf('=') + 1) : value.startsWith('-i') && value.length > 2 ? value.slice(2) : '{}';
    else if (/^-I/.test(value)) replace = valued('-I', '-I');
    else if (/^(?:-[nL]|--max-(?:args|lines))/.test(value) || /^-l/.test(value)) {
      each = true;
      if (!/^-l/.test(value)) valued(value.slice(0, 2), value.startsWith('--max-args') ? '--max-args' : '--max-lines');
    } else if (value === '-0' || value === '--null') separator = '\0';
    else if (/^-d|^--delimiter/.test(value)) separator = valued('-d', '--delimiter')?.replace(/^\\([ntr0])$/, (_, c: string) => ({ n: '\n', t: '\t', r: '\r', 0: '\0' })[c]!);
    else if (/^-a|^--arg-file/.test(value)) file = valued('-a', '--arg-file');
  }
  return { ...(replace === undefined ? {} : { replace }), each: each || replace !== undefined, ...(separator === undefined ? {} : { separator }), ...(file === undefined ? {} : { file }) };
}

// The items of the input; undefined when they are only known at run time.
function items(input: Input, separator: string | undefined, lines: boolean, read: ((path: string) => string | undefined) | undefined): string[] | undefined {
  if (input.opaque === true) return undefined;
  if (input.words !== undefined && input.text === undefined && (input.files ?? []).length === 0) return input.words.flatMap((word) => (separator === undefined && !lines ? word.split(/\s+/) : [word])).filter(Boolean);
  const texts = [...(input.text === undefined ? [] : [input.text]), ...(input.files ?? []).map((file) => read?.(file))];
  if (texts.some((text) => text === undefined)) return undefined;
  const split = separator === undefined ? (lines ? /\n/ : /\s+/) : separator;
  return texts.flatMap((text) => text!.split(split)).map((item) => (lines ? item.replace(/^[ \t]+/, '') : item)).filter(Boolean);
}

// The word lists of the commands xargs runs (its command at `index`); `unknown`: more runs than codeward reads.
// `lists`: the files it reads its items from (obeyed: what they hold is what runs).
export function xargsRuns(words: readonly Word[], values: readonly string[], index: number, input: Input, read: ((path: string) => string | undefined) | undefined): { runs: Word[][]; lists: readonly string[]; unknown?: string } {
  const { replace, each, separator, file } = options(values, index);
  const from: Input = file === undefined ? input : { files: [file] };
  const item = (value: string): Word => literal(value, from.globs === true);
  const lists = (from.files ?? []).filter((list) => list !== '-' && !list.startsWith('/dev/'));
  const found = items(from, separator, replace !== undefined, read);
  const inner = words.slice(index);
  const put = (group: readonly Word[]): Word[] =>
    replace === undefined
      ? [...inner, ...group]
      : inner.flatMap((word) => (word.value.includes(replace) ? [group[0] === RUN_TIME ? { ...RUN_TIME, value: word.value.split(replace).join(RUN_TIME.value) } : ({ ...group[0]!, value: word.value.split(replace).join(group[0]!.value) })] : [word]));
  if (found === undefined) return { runs: [put([RUN_TIME])], lists };
  if (found.length === 0) return { runs: replace === undefined ? [inner] : [], lists };
  if (!each) return { runs: [put(found.map((value) => item(value)))], lists };
  if (found.length > MAX_RUNS) return { runs: [], lists, unknown: `xargs running more than ${MAX_RUNS} commands` };
  return { runs: found.map((value) => put([item(value)])), lists };
}
