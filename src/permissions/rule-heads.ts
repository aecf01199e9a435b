import type { ShellWord } from '../shell/parse-types.js';
import { baseName } from './argv.js';
import { mayReadAsOther } from './canonical-runners.js';
import type { Policy } from './policy.js';
import { systemProgram } from './system-folders.js';
import type { Action } from './types.js';

// The program words the deny or ask rules on a shell tool start with (`@coder exec git push*` → `git`, issue 26):
// an unknown program's argument word naming one is where it may hand its words on (decide-launched.ts), so only
// the suffixes from such words are read as lines: one pass over the words, no parse (guessing every suffix behind
// every wrapper as a parse multiplied past the parser's budget). A rule whose program word is a glob keeps its
// literal start as a prefix (`git*` → every name starting `git`); one with no literal start, or with no program
// word at all (`@coder exec *push`, `@coder *`), may start at any word (fail closed).
export interface RuleHeads {
  readonly any: boolean;
  readonly names: ReadonlySet<string>;
  readonly prefixes: readonly string[];
}

type Head = { readonly name: string } | { readonly prefix: string } | 'any' | 'other';

const unescape = (text: string): string => text.replace(/\\(.)/g, '$1');
const globAt = (text: string): number => text.search(/(?<!\\)[*?]/);

// `@coder exec git push*`, `@coder exec?git push*` (an "always"/"never" answer's form: `?` stands for the blank):
// the rule's program word as a name or a prefix, `any`, or `other` (a rule on another command: never a shell line).
function headOf(pattern: string, command: string): Head {
  const form = /^@coder[ ?](\S*)(?: ([\s\S]*))?$/.exec(pattern);
  if (form === null) return 'any';
  let tool = form[1]!;
  let rest = form[2];
  if (tool.startsWith(`${command}?`) && tool.length > command.length + 1) [tool, rest] = [command, `${tool.slice(command.length + 1)}${rest === undefined ? '' : ` ${rest}`}`];
  // A glob command word may swallow the program word (`@coder * push` matches `@coder exec git push`).
  if (globAt(tool) >= 0) return 'any';
  if (unescape(tool) !== command) return 'other';
  const program = rest?.split(' ')[0] ?? '';
  const cut = globAt(program);
  const literal = unescape(cut < 0 ? program : program.slice(0, cut));
  const base = literal.slice(literal.lastIndexOf('/') + 1).toLowerCase();
  if (base === '') return 'any';
  return cut < 0 ? { name: baseName(literal) } : { prefix: base };
}

// The heads of the rules of `action` (rules from every source; the built-in defaults are not rules here).
export function ruleHeads(policy: Policy, command: string, action: Action): RuleHeads {
  const names = new Set<string>();
  const prefixes: string[] = [];
  let any = false;
  for (const rule of policy.list()) {
    if (rule.source === 'default' || rule.action !== action) continue;
    const head = headOf(rule.pattern, command);
    if (head === 'any') any = true;
    else if (head === 'other') continue;
    else if ('name' in head) names.add(head.name);
    else prefixes.push(head.prefix);
  }
  return { any, names, prefixes };
}

export const noHeads = (heads: RuleHeads): boolean => !heads.any && heads.names.size === 0 && heads.prefixes.length === 0;

// A word that may name a program: static, not an option, a plain name or path.
const PROGRAM = /^[\w./+@-]+$/;

// Whether an argument word may start a line one of the rules names: its base name is a head (or starts with a
// prefix head), it is a name another program is read as (`hub`, `npm@10`, `git-push`: canonical-runners.ts), or a
// path outside the system's folders (a file that may be any program: canonical-entry.ts).
export function mayStart(word: ShellWord, heads: RuleHeads): boolean {
  if (word.dynamic || word.glob || word.value.startsWith('-') || !PROGRAM.test(word.value)) return false;
  if (heads.any) return true;
  const base = baseName(word.value);
  if (heads.names.has(base) || heads.prefixes.some((prefix) => base.startsWith(prefix))) return true;
  return mayReadAsOther(base) || (word.value.includes('/') && !systemProgram(word.value));
}
