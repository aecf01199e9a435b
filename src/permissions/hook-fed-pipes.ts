// What one stage of a hook line's pipe hands the next, for hook-fed.ts: the files whose text a reader prints (`cat
// f | sh`), the words echo/printf print (`echo tools/x | xargs node`), a here-document's text (`cat <<EOF | sh`,
// fed23), or what a program codeward does not read prints (`find . | xargs node`: only known at run time).
import type { HereDoc } from './hook-fed-lex.js';

export interface Stdin {
  file?: string;
  text?: string;
  here?: HereDoc;
}

export interface Piped {
  readonly files: readonly string[];
  readonly words?: readonly string[];
  readonly text?: string;
  readonly here?: HereDoc;
  readonly opaque?: boolean;
  // The words are globs the shell expanded (`ls tools/*.sh | xargs -n1 sh`): what they match runs.
  readonly globs?: boolean;
  // Of `files`, the globs the shell expanded (`cat tools/*.sh | sh`: every file they match, present or made later,
  // is what the pipe prints: R25-3).
  readonly fileGlobs?: readonly string[];
}
export const OPAQUE: Piped = { files: [], opaque: true };

// Programs that print the files they name or their stdin, whole or in part (a pipe's stdin is those files).
const READERS = new Set(['cat', 'head', 'tail', 'tee', 'less', 'more', 'tac', 'sort', 'uniq']);

// What the command `name` (`values`: its words, '\u0000' where not known) prints, when codeward reads it; undefined
// for another program.
// `globbed`: whether the word at each index is a glob the shell expands.
export function printed(name: string, values: readonly string[], stdin: Stdin, piped: Piped | undefined, globbed: (at: number) => boolean = () => false): Piped | undefined {
  // `echo tools/x | xargs node`: what echo/printf print are words (for xargs) or a line (for a shell).
  if (name === 'echo' || name === 'printf') {
    const words = values.slice(1).filter((value) => value !== '\u0000' && !/^-[neE]+$|^--$/.test(value));
    // printf's format with arguments: the arguments are what it prints (`printf '%s' tools/x`).
    return { files: [], words: name === 'printf' && words.length > 1 && words[0]!.includes('%') ? words.slice(1) : words };
  }
  // `ls tools/*.sh`: the names the globs match (a folder's listing, or any other option, is not read).
  if (name === 'ls') {
    const operands = values.slice(1).filter((value) => !/^-[1dU]+$/.test(value));
    return operands.length > 0 && operands.every((value) => value !== '\u0000' && !value.startsWith('-') && /[*?[]/.test(value)) ? { files: [], words: operands, globs: true } : OPAQUE;
  }
  if (!READERS.has(name)) return undefined;
  // `head -n 3 f`: the count is no file.
  const isFile = (value: string): boolean => !value.startsWith('-') && value !== '\u0000' && !(/^(?:head|tail)$/.test(name) && /^\d+$/.test(value));
  const named = values.slice(1).filter(isFile);
  const fileGlobs = values.flatMap((value, at) => (at > 0 && isFile(value) && globbed(at) ? [value] : []));
  // A file only known at run time: what it prints is too.
  if (values.slice(1).includes('\u0000')) return OPAQUE;
  // tee prints its stdin; its operands are files it writes (`cat tools/*.sh | tee /tmp/x | sh`: R26-10).
  if (name === 'tee') return stdin.text !== undefined || stdin.file !== undefined ? { files: stdin.file === undefined ? [] : [stdin.file], ...(stdin.text === undefined ? {} : { text: stdin.text }), ...(stdin.here === undefined || named.length > 0 ? {} : { here: stdin.here }) } : (piped ?? { files: [] });
  const files = [...named, ...(stdin.file === undefined ? [] : [stdin.file])];
  // tee writes its stdin to its operands: a here-document it writes may run later (not text).
  const here = stdin.here === undefined || (name === 'tee' && named.length > 0) ? {} : { here: stdin.here };
  const globs = fileGlobs.length === 0 ? {} : { fileGlobs };
  if (stdin.text !== undefined) return { files, text: stdin.text, ...here, ...globs };
  // A filter passes on what it reads (`cat f | head | sh`).
  if (files.length === 0 && piped !== undefined) return piped;
  return { files, ...globs };
}
