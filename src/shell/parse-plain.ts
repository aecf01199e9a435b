// The syntax tree of a line of plain words (`true`, `ls -la src`, `git log --format=%H`) built without
// tree-sitter: a cold `exec --cmd true` then never loads the grammar's WebAssembly (issue 31: its load and
// first parse were ~50-100 ms of CPU). Only lines whose tree tree-sitter-bash is known to give exactly are
// built here; anything else (a quote, an operator, an expansion, a glob, a tab, a keyword, a word that may be
// an assignment or a number tree-sitter reads otherwise) answers undefined and goes to the grammar. Checked
// against tree-sitter over the shell test corpus and every grammar literal (test/shell/parse-plain.test.ts).
import { SyntaxNode } from './parse-syntax.js';

// Words of these characters only, separated by single or repeated spaces, nothing before or after. No
// character tree-sitter-bash treats as special (quotes, `$`, `\`, `<>(){}[]`, `|&;`, `#`, whitespace other
// than a space), no glob character (`*?!~^`): those go to the grammar.
const PLAIN_LINE = /^[\w./:@%+,=-]+(?: +[\w./:@%+,=-]+)*$/;
// The command's own word is narrower: the grammar's scanner reads a name followed by `@`, `%`, `=`, `+=`,
// `+:` as a variable (`a=b` an assignment, `npm@10` an error), so a first word with any of `@%=+:,` goes to
// the grammar.
const PLAIN_NAME = /^[\w./-]+$/;
// An argument `==` is the grammar's test operator even outside `[[ ]]` (`x ==` is a syntax error there).
const OPERATOR_WORDS = new Set(['==']);

// The grammar's reserved words (and declaration commands): as a command's name they start another node than
// `command`. Refused as any word of the line, not only the first (the test checks this list against every
// alphabetic literal of tree-sitter-bash's grammar.json, so a grammar update cannot add one unnoticed).
const KEYWORDS = new Set(['case', 'declare', 'do', 'done', 'elif', 'else', 'esac', 'export', 'fi', 'for', 'function', 'if', 'in', 'local', 'readonly', 'select', 'then', 'typeset', 'unset', 'unsetenv', 'until', 'while']);

// tree-sitter-bash's `number` token is -?(0x)?[0-9]+(#...)?: a word of digits (after an optional dash) is a
// `number` node; any other word that starts like one (`1.5`, `0x1f`, `-20k`) may be a number joined to a
// word, so it goes to the grammar.
const NUMBER = /^-?\d+$/;
const NUMBER_START = /^-?\d/;

function leaf(word: string, start: number, source: string): SyntaxNode | undefined {
  if (KEYWORDS.has(word) || OPERATOR_WORDS.has(word)) return undefined;
  if (NUMBER.test(word)) return new SyntaxNode('number', true, start, start + word.length, source);
  if (NUMBER_START.test(word)) return undefined;
  return new SyntaxNode('word', true, start, start + word.length, source);
}

// program > command > (name: command_name > word|number) (argument: word|number)*, as tree-sitter builds it;
// undefined when the line is not plain words.
export function plainTree(source: string): SyntaxNode | undefined {
  if (!PLAIN_LINE.test(source)) return undefined;
  const words: SyntaxNode[] = [];
  for (const match of source.matchAll(/[^ ]+/g)) {
    const word = leaf(match[0], match.index, source);
    if (!word) return undefined;
    words.push(word);
  }
  const [first, ...rest] = words;
  if (!first || !PLAIN_NAME.test(first.text)) return undefined;
  const name = new SyntaxNode('command_name', true, first.startIndex, first.endIndex, source);
  name.children.push(first);
  name.fields.push(null);
  const command = new SyntaxNode('command', true, 0, source.length, source);
  command.children.push(name, ...rest);
  command.fields.push('name', ...rest.map(() => 'argument'));
  const program = new SyntaxNode('program', true, 0, source.length, source);
  program.children.push(command);
  program.fields.push(null);
  return program;
}
