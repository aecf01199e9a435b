// The shell texts a source file hands to a shell, and the programs they name by a bare word (resolved on PATH when the
// shell runs them): shell-text-absolute.test.ts. A shell text is the operand after '-c' behind a shell in an argument
// list (`tools.sh, '-c', SCRIPT`: a literal, or a const or let of the same file holding one; anything else is named as
// unread), and a literal that is itself a command line of a shell (`sh -c '…' tag`, as git runs GIT_EDITOR).
import { shCommands } from '../../src/shell/sh-tokens.js';

const LITERAL = String.raw`'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|\x60[^\x60$]*\x60`;
const SHELL_C = new RegExp(String.raw`([\w.$'"/]+(?:\([^)]*\))?)\s*,\s*\[?\s*['"]-c['"]\s*,\s*(${LITERAL}|[A-Za-z_$][\w$.]*)`, 'g');
const SHELL_WORD = /(?:^|[.'"/\s])(?:ba|da|z|k)?sh['"]?$|shell/i;
const LINE_OF_A_SHELL = new RegExp(String.raw`(${LITERAL})`, 'g');
// What a POSIX shell runs itself (dash's builtins and keywords): no PATH lookup.
const BUILTINS = new Set(['echo', 'printf', 'exit', 'shift', 'cd', 'test', '[', 'true', 'false', ':', '.', 'set', 'read', 'return', 'local', 'export', 'unset', 'wait', 'trap', 'umask', 'eval', 'kill', 'pwd', 'type', 'getopts', 'break', 'continue', 'alias', 'ulimit']);
const LEADS = new Set(['if', 'then', 'else', 'elif', 'while', 'until', 'do', '!', '{', '}', 'fi', 'done', 'esac']);
// Words after which the next word is the program (`exec "$@"`, `command -v`).
const THROUGH = new Set(['exec', 'command']);

export interface ShellText {
  readonly line: number;
  readonly text?: string;
  // The operand when it is not a literal the file spells (a parameter, a call): the rule cannot read it.
  readonly unread?: string;
}

const unquote = (literal: string): string => literal.slice(1, -1).replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c === '0' ? '\0' : c));
const lineAt = (source: string, index: number): number => source.slice(0, index).split('\n').length;

// Comments (whole lines, and a trailing ` // …`) blanked: their backquoted examples are no texts.
const uncommented = (source: string): string => source.split('\n').map((line) => (/^\s*\/\//.test(line) ? '' : line.replace(/\s\/\/\s.*$/, ''))).join('\n');

export function shellTexts(code: string): ShellText[] {
  const found: ShellText[] = [];
  const source = uncommented(code);
  for (const match of source.matchAll(SHELL_C)) {
    if (!SHELL_WORD.test(match[1]!)) continue;
    const operand = match[2]!, line = lineAt(source, match.index);
    if (/^['"`]/.test(operand)) found.push({ line, text: unquote(operand) });
    else {
      const held = new RegExp(String.raw`\b(?:const|let)\s+${operand.replace(/[$.]/g, '\\$&')}\s*=\s*(${LITERAL})`).exec(source);
      found.push(held ? { line, text: unquote(held[1]!) } : { line, unread: operand });
    }
  }
  for (const match of source.matchAll(LINE_OF_A_SHELL)) {
    const text = unquote(match[1]!);
    if (/^\s*\S*\b(?:ba|da|z|k)?sh\s+-c\s/.test(text)) found.push({ line: lineAt(source, match.index), text });
  }
  return found;
}

// The words a shell text runs by a bare name (looked up on PATH): what this rule forbids.
export function barePrograms(text: string): string[] {
  const bare: string[] = [];
  // sh-tokens.ts reads the words; a redirection's target (`>&2`, `2>/dev/null`) is dropped first: no command.
  for (const command of shCommands(text.replace(/\d*[<>]{1,2}&?\s*[^\s;&|()<>'"]*/g, ' '))) {
    const words = command.map((word) => word.text);
    let at = 0;
    while (at < words.length && (LEADS.has(words[at]!) || /^\w+=/.test(words[at]!))) at++;
    if (words[at] === 'for' || words[at] === 'case') continue;
    while (THROUGH.has(words[at] ?? '') && at + 1 < words.length) at += words[at + 1]!.startsWith('-') ? 2 : 1;
    const program = words[at];
    if (program === undefined || THROUGH.has(program)) continue;
    if (!BUILTINS.has(program) && !/^[$/]/.test(program)) bare.push(program);
    // `sh -c '…'`: the text it runs is read too.
    if (/^(?:ba|da|z|k)?sh$/.test(program.split('/').pop()!) && words[at + 1] === '-c' && command[at + 2]?.single) bare.push(...barePrograms(words[at + 2]!));
  }
  return bare;
}
