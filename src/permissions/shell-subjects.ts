import type { Redirection, ShellParse, ShellWord, SimpleCommand } from '../shell/parse-types.js';
import { canonicalReading, type Token } from './canonical-command.js';
import { holeWord, wordReadings } from './canonical-words.js';
import { ANY_PROGRAM, ENTRY_SCRIPTS, scriptProgram } from './canonical-entry.js';
import { GRAMMAR_NAMES } from './canonical-grammars.js';
import { otherForms, otherReadings, unmappedSpec } from './canonical-runners.js';
import type { Subject } from './pattern.js';
import { quoteWord } from './quote-word.js';
import { sameProgram } from '../shell/program-aliases.js';

export { quoteWord } from './quote-word.js';

// How one simple command is spelled for rule matching. `canonical` (the only spelling allow rules
// see) is the command as it will run: the name as written (`/usr/bin/git`), the arguments with quotes
// removed and re-quoted in one style, and any wrapper that changes what runs (`sudo`, `env`, `xargs`)
// kept. The others (deny and ask rules see them too) drop wrappers and reduce the name to its base
// name, so `--deny "@coder exec rm *"` also stops `sudo /bin/rm -rf x`; and they see the command as the
// program reads it (canonical-command.ts: `git -C . --no-pager push` is `git push`, `npm rum deploy` is
// `npm run deploy`). `unclear`: what the program may run when an option before its subcommand is unknown.

const WRAPPERS_KEEPING_MEANING = new Set(['time', 'nice', 'timeout', 'stdbuf', 'command', 'builtin', 'nohup', 'ionice', 'exec']);

const collapse = (text: string): string => text.trim().replace(/\s+/g, ' ');

export interface CommandSpelling {
  readonly canonical: string;
  readonly others: readonly string[];
  readonly unclear?: readonly string[];
  // The words only known at run time the unclear spellings read as holes (for the question's reason).
  readonly holes?: readonly string[];
}

// The argument words as deny and ask rules read them: xargs' or parallel's input only known at run time is
// one more word of no known value (or each word holding xargs' replace string is one: R15-1).
function readWords(command: SimpleCommand): readonly ShellWord[] {
  const input = command.input;
  const words = command.words.slice(1, command.words.length - (input?.appended ?? 0));
  if (input === undefined) return words;
  if (input.replace === undefined) return [...words, holeWord(input.source)];
  return words.map((word) => (word.text.includes(input.replace!) ? holeWord(`${word.text} (${input.source})`) : word));
}

const holeText = (word: ShellWord): string => (word.parts.length === 1 && word.parts[0]!.kind === 'dynamic' && word.value === '' && word.candidates.length === 0 && !word.text.startsWith('$') ? word.text : `\`${word.text}\`${word.glob ? ' (a glob the shell expands from the files present)' : ''}`);

// `runDir`: where the line runs, to read a script it names (`node ./x`, `./x`: canonical-entry.ts); `root`:
// the workspace, whose files are read through its jail. A program installed under another name (Debian's
// `yarnpkg`) is named as the program already (shell/program-aliases.ts, through the parser's programName).

export function spellCommand(command: SimpleCommand, runDir?: string, root?: string): CommandSpelling {
  const text = collapse(command.text);
  if (command.name === null || command.words.length === 0) return { canonical: text, others: [] };
  const { typed } = wordReadings(command.words.slice(1), quoteWord);
  const read = readWords(command);
  const { known, possible } = wordReadings(read, quoteWord);
  const args = typed.map((token) => token.shown);
  const core = [quoteWord(command.rawName ?? command.name), ...args].join(' ');
  const byName = [quoteWord(command.name), ...args].join(' ');
  const first = command.words[0]!.text;
  // Variable assignments before the name (`LD_PRELOAD=x npm test`) change what runs, like `env`. The
  // name must be the whole first word: `npm_config_script_shell=./x.sh npm run build` starts with `npm`.
  const assigns = command.wrappers.length === 0 && text !== first && !text.startsWith(`${first} `);
  const keepsMeaning = !assigns && command.wrappers.every((wrapper) => WRAPPERS_KEEPING_MEANING.has(wrapper));
  const canonical = keepsMeaning ? core : text;
  // A script run by its path (found by its shebang) under another name is the program it is.
  const path = command.rawName !== null && command.rawName.includes('/') && runDir !== undefined ? scriptProgram(command.rawName, runDir, root, true) : undefined;
  // A git, URL or tarball package spec a runner installs (`npx github:npm/cli`) may have any bin (R18-13).
  const spec = unmappedSpec(command.rawName, command.wrappers, text);
  const any = path === ANY_PROGRAM || spec;
  const name = any ? command.name : (path ?? command.name);
  const typedRead = programReading(name, typed, runDir, root);
  const knownRead = known ? programReading(name, known, runDir, root) : undefined;
  const possibleRead = possible.map((tokens) => programReading(name, tokens, runDir, root));
  const program = [...typedRead.forms, ...(knownRead ? [[name, ...known!.map((token) => token.shown)].join(' '), ...knownRead.forms] : [])];
  const others = [...new Set([core, byName, text, ...program])].filter((spelling) => spelling !== canonical);
  const unclear = [...typedRead.unclear, ...(knownRead?.unclear ?? []), ...possibleRead.flatMap((read, i) => [[name, ...possible[i]!.map((token) => token.shown)].join(' '), ...read.forms, ...read.unclear])];
  if (any) unclear.push(...[typed, ...(known ? [known] : []), ...possible].flatMap((tokens) => anyProgram(tokens, runDir, root)));
  const anyHole = spec ? `the package \`${command.rawName}\` (a git, URL or tarball spec: its bin may be any program)` : `the program \`${command.rawName}\` (a file of no known program: any program may be copied there)`;
  const holes = [...(any ? [anyHole] : []), ...read.filter((word) => word.dynamic || word.glob).map(holeText)];
  return { canonical, others, unclear: [...new Set(unclear)], ...(holes.length > 0 ? { holes } : {}) };
}

// A program of unknown content (ANY_PROGRAM) may be any program: its name is a one-word hole, and the words
// are also read as each program with a table reads them (`./g -C . push` may be `git push`).
function anyProgram(tokens: readonly Token[], runDir: string | undefined, root: string | undefined): string[] {
  const shown = tokens.map((token) => token.shown);
  return [[ANY_PROGRAM, ...shown].join(' '), ...GRAMMAR_NAMES.flatMap((name) => {
    const read = programReading(name, tokens, runDir, root);
    return [...read.forms, ...read.unclear];
  })];
}

// The spellings of one reading of the words: the command as its program reads it, and as the package
// manager whose own script node runs (entryProgram).
function programReading(name: string, tokens: readonly Token[], runDir: string | undefined, root: string | undefined): { forms: string[]; unclear: string[] } {
  // git's per-command programs in its exec-path (`/usr/lib/git-core/git-push`) are `git <command>`.
  const sub = /^git-([a-z][a-z0-9-]*)$/.exec(name)?.[1];
  if (sub !== undefined) return programReading('git', [{ value: sub, shown: sub, dynamic: false }, ...tokens], runDir, root);
  const entry = entryProgram(name, tokens, runDir, root);
  const readings = [canonicalReading(name, [{ value: name, shown: name, dynamic: false }, ...tokens]), ...(entry ? [canonicalReading(entry.name, [{ value: entry.name, shown: entry.name, dynamic: false }, ...entry.rest])] : [])];
  const withOthers = (forms: readonly (readonly string[])[]): string[] => forms.flatMap((form) => [form, ...otherForms(form)].map((each) => each.join(' ')));
  const forms = [...(entry ? [[entry.name, ...entry.rest.map((token) => token.shown)].join(' ')] : []), ...readings.flatMap((read) => withOthers(read.forms))];
  const unclear = readings.flatMap((read) => withOthers(read.unclear));
  // The program these words also are (a package spec's bin, hub as git, npm-run-all's scripts: canonical-runners.ts).
  for (const other of otherReadings(name, tokens)) {
    const read = programReading(other.name, other.tokens, runDir, root);
    const spelled = [[other.name, ...other.tokens.map((token) => token.shown)].join(' '), ...read.forms];
    (other.unclear ? unclear : forms).push(...spelled);
    unclear.push(...read.unclear);
  }
  return { forms, unclear };
}

// The program node or corepack starts (canonical-entry.ts); a script path is read from `runDir`.
function entryProgram(name: string, tokens: readonly Token[], runDir: string | undefined, root: string | undefined): { name: string; rest: Token[] } | undefined {
  const at = tokens.findIndex((token) => !token.value.startsWith('-'));
  const operand = tokens[at];
  if (!operand || operand.dynamic) return undefined;
  const same = sameProgram(operand.value);
  if (name === 'corepack' && /^(?:npm|npx|yarn|pnpm|pnpx)$/.test(same)) return { name: same, rest: tokens.slice(at + 1) };
  if (sameProgram(name) !== 'node') return undefined;
  const program = ENTRY_SCRIPTS[sameProgram(operand.value.split('/').at(-1)!)] ?? (runDir === undefined ? undefined : scriptProgram(operand.value, runDir, root));
  return program === undefined ? undefined : { name: program, rest: tokens.slice(at + 1) };
}

// `qualifiers`: the call's effect flags (`--dir sub`), part of the canonical spelling (an allow rule must
// name them); deny and ask rules also see every spelling without them.
export function commandSubjects(tool: string, command: string, spelling: CommandSpelling, qualifiers?: string): { canonical: Subject; others: Subject[] } {
  const head = qualifiers ? `${tool} ${qualifiers}` : tool;
  const subject = (prefix: string) => (text: string): Subject => ({ text: `${prefix} ${text}`, command });
  const plain = qualifiers ? [spelling.canonical, ...spelling.others].map(subject(tool)) : [];
  return { canonical: subject(head)(spelling.canonical), others: [...spelling.others.map(subject(head)), ...plain] };
}

// Where output goes to a file: not fd duplication (`2>&1`), not /dev/null or the terminal.
const SINKS = /^\/dev\/(?:null|stdout|stderr|tty|fd\/[12])$/;
export function outputRedirection(parse: ShellParse): Redirection | undefined {
  return parse.redirections.find((r) => r.writes && !r.duplicate && !(r.target !== null && SINKS.test(r.target)));
}
