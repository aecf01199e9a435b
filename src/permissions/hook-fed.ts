// Which files one hook line hands to an interpreter (red team R20-5, R20-12, R20-22, issue 26): one reader of
// the line's commands (hook-fed-lex.ts) in place of the word splitter per family, so the file is found however it
// reaches the interpreter: as its operand behind any wrapper or launcher the exec judge steps over (its own tables:
// shell/parse-wrappers.ts WRAPPERS, shell/parse-launchers.ts launches: `stdbuf -oL node x`, `sudo -u u node x`,
// `npm exec -- node x`, `pnpm exec`, `uv run python x`, `poetry run`), after `!`, `if ...; then`, `{`, in a
// subshell, in a function called on the line (its `$1`/`$@` bound), through a substitution whose output is known
// (`node $(echo x)`), on stdin (`sh -s < f`, `cat f | sh`, `tee < f | sh`, `bash <(cat f)`), as the text of
// `sh -c`/`eval` read again as a line, as awk's/sed's `-f` program. Each `cd`/`pushd` moves the folder later
// paths resolve from (every folder it may reach, chained); ruby's `-C DIR` too. A script or folder known only at
// run time (a command substitution that is not a literal's echo) is `unknown`: the caller fails closed.
import { basename, join } from 'node:path';
import { lex, type Token } from './hook-fed-lex.js';
import { INTERPRETER, NODE_TRIES, family, programFiles, scriptOperand } from './hook-fed-operands.js';
import { WRAPPERS, shellMode, unwrap, type WordLike } from '../shell/parse-wrappers.js';
import { launches } from '../shell/parse-launchers.js';
import { runnerLocals } from './hook-fed-runners.js';
import { inlineReads } from './hook-fed-inline.js';
import { braced, globbed, known, moveTo, runTime, type Fed, type Word } from './hook-fed-words.js';

export type { Fed };


const MAX_DEPTH = 6;
const KEYWORDS = new Set(['!', 'if', 'then', 'else', 'elif', 'while', 'until', 'do', '{']);
const ENDS = new Set(['fi', 'done', '}', 'esac', 'for', 'case', 'select', 'in']);
// Programs that print the files they name (a pipe's stdin is those files).
const READERS = new Set(['cat', 'head', 'tail', 'tee', 'less', 'more', 'tac']);
const PROGRAM = /^(?:@[\w.-]+\/)?[\w.-]+$/;

// `functions`: those the line's script defines (scriptFunctions), a call on this line runs their body.
export function fedFiles(line: string, functions: ReadonlyMap<string, readonly Token[]> = new Map()): Fed {
  const fed: Fed = { scripts: [], folders: [''], locals: [], programs: [] };
  readLine(fed, line, 0, undefined, new Map(functions));
  return fed;
}

// The functions a whole script defines, bodies over several lines too (fed21): a later line calling one with a
// file (`check tools/x`) binds the body's `$1` to it.
export function scriptFunctions(text: string): ReadonlyMap<string, readonly Token[]> {
  const functions = new Map<string, readonly Token[]>();
  readLine({ scripts: [], folders: [''], locals: [], programs: [] }, text, 0, undefined, functions);
  return functions;
}


function readLine(fed: Fed, text: string, depth: number, args: readonly string[] | undefined, functions: Map<string, readonly Token[]>): void {
  const { tokens, broken } = lex(text);
  if (broken) fed.unknown ??= `\`${text.trim()}\` (a quote or substitution that does not close)`;
  readTokens(fed, tokens, depth, args, functions);
}

function readTokens(fed: Fed, tokens: readonly Token[], depth: number, args: readonly string[] | undefined, functions: Map<string, readonly Token[]>): void {
  if (depth > MAX_DEPTH) return void (fed.unknown ??= 'shell text nested too deep to read');
  let words: Word[] = [];
  let stdin: { file?: string; text?: string } = {};
  let piped: Piped | undefined;
  let feeds: Piped | undefined;
  const finish = (op: string): void => {
    feeds = words.length > 0 ? command(fed, words, stdin, op === 'pipe-in' ? piped : undefined, depth, args, functions) : undefined;
    words = [];
    stdin = {};
  };
  let pipeIn = false;
  // Descriptors a redirection opened on a file (`exec 3<scripts/ci`), for a later `<&3` (red team R21-2).
  const descriptors = new Map<string, string>();
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.kind === 'word') {
      // `f() {` / `function f {`: the body, up to its closing `}`, runs when f is called (R20-22).
      const next = tokens[i + 1], after = tokens[i + 2];
      const named = words.length === 0 && next?.kind === 'op' && next.op === '(' && after?.kind === 'op' && after.op === ')' ? token.value : words.length === 1 && words[0]!.value === 'function' ? token.value : undefined;
      if (named !== undefined) {
        const open = tokens.findIndex((each, at) => at > i && each.kind === 'word' && each.value === '{');
        let close = open, level = 0;
        for (; close >= 0 && close < tokens.length; close++) {
          const each = tokens[close]!;
          if (each.kind === 'word' && each.value === '{') level++;
          if (each.kind === 'word' && each.value === '}' && --level === 0) break;
        }
        // A body over several lines: the walk reads those lines itself (their `$1` are git's arguments there).
        if (open < 0 || close >= tokens.length) return;
        // Defined again (`f` per platform): a call may run either body, both are read.
        const before = functions.get(named);
        functions.set(named, before === undefined ? tokens.slice(open + 1, close) : [...before, { kind: 'op', op: '\n' }, ...tokens.slice(open + 1, close)]);
        words = [];
        i = close;
        continue;
      }
      words.push(token);
      continue;
    }
    const op = token.op;
    if (op === '<' || op === '<>' || op === '<<<') {
      const target = tokens[++i];
      if (target?.kind !== 'word') continue;
      const value = known(target, args);
      if (value === undefined) fed.unknown ??= runTime(target) ? `\`${target.value}\` (stdin only known at run time)` : undefined;
      else if (op === '<<<') stdin = { text: value };
      else if (token.fd === undefined || token.fd === '0') stdin = { file: value };
      else descriptors.set(token.fd, value);
      continue;
    }
    if (op === '<&' && (token.fd ?? '0') === '0') {
      const target = tokens[++i];
      const value = target?.kind === 'word' ? known(target, args) : undefined;
      const file = value === undefined ? undefined : descriptors.get(value);
      if (file !== undefined) stdin = { file };
      else if (value !== '-' && value !== '0') fed.unknown ??= `\`<&${value ?? '?'}\` (stdin from a descriptor codeward does not know)`;
      continue;
    }
    if (/^(?:>|>>|&>|&>>|>\||>&|<&|<<|<<-)$/.test(op)) {
      i++;
      continue;
    }
    finish(pipeIn ? 'pipe-in' : op);
    pipeIn = op === '|' || op === '|&';
    piped = pipeIn ? feeds : undefined;
  }
  finish(pipeIn ? 'pipe-in' : '');
}

// Reads one simple command; returns the files it prints (a reader's), for the next stage of a pipe.
// What a pipe's stage prints: the files whose text it prints (cat), or words (echo).
interface Piped {
  readonly files: readonly string[];
  readonly words?: readonly string[];
}

const literal = (value: string): Word => ({ kind: 'word', value, dynamic: false, subs: [], quoted: true, plain: 0, brace: false });

function command(fed: Fed, all: readonly Word[], stdin: { file?: string; text?: string }, piped: Piped | undefined, depth: number, args: readonly string[] | undefined, functions: Map<string, readonly Token[]>, launched = false): Piped | undefined {
  // Assignments before the program (`CI=1 node x`) are not words of it.
  // `FOO="a b" node x` too: the name and `=` written bare make an assignment, however its value is quoted.
  const program = all.findIndex((word) => (/^[A-Za-z_]\w*\+?=/.exec(word.value)?.[0].length ?? Infinity) > word.plain);
  let words = program < 0 ? [] : all.slice(program);
  // Positional words of a called function's body (`"$@"`) expand to the call's arguments.
  if (args !== undefined) words = words.flatMap((word) => (/^\$[@*]$/.test(word.value) ? args.map(literal) : [word]));
  words = words.flatMap((word) => braced(fed, word));
  for (let step = 0; step < 16 && words.length > 0; step++) {
    const values = words.map((word) => known(word, args) ?? '\u0000');
    const first = values[0]!;
    // A scoped package (`@s/t@2`) is a name, not a path.
    const name = /^@[\w.-]+\/[^/]+$/.test(first) ? first : basename(first);
    if (KEYWORDS.has(first)) {
      words = words.slice(1);
      continue;
    }
    if (ENDS.has(first) || first === '\u0000') return undefined;
    const program = name.replace(/(?<=.)@[^/]*$/, '');
    if (PROGRAM.test(program) && (!first.includes('/') || first.startsWith('@'))) fed.programs.push({ name: program, launched });
    // `yarn X`, `pnpm X`: X may be a package's bin (yarn runs node_modules/.bin/X).
    const next = values.slice(1).find((value) => !value.startsWith('-'));
    if ((name === 'yarn' || name === 'pnpm') && next !== undefined && !['exec', 'x', 'dlx'].includes(next) && PROGRAM.test(next)) fed.programs.push({ name: next, launched: true });
    // `cd -P tools`, `cd -L -- tools`: the options are not the folder (red team R21-2).
    if (name === 'cd' || name === 'pushd') return void moveTo(fed, words.slice(1).find((word, at) => !/^-[LPe@]+$|^--$/.test(values[at + 1]!)), args);
    const body = functions.get(first);
    if (body !== undefined) return void readTokens(fed, body, depth + 1, values.slice(1), functions);
    if (name === 'eval') return void shellText(fed, words.slice(1), depth, args, functions);
    // `echo tools/x | xargs node`: what echo/printf print are words (for xargs) or a line (for a shell).
    if (name === 'echo' || name === 'printf') {
      const printed = values.slice(1).filter((value) => value !== '\u0000' && !/^-[neE]+$|^--$/.test(value));
      // printf's format with arguments: the arguments are what it prints (`printf '%s' tools/x`).
      return { files: [], words: name === 'printf' && printed.length > 1 && printed[0]!.includes('%') ? printed.slice(1) : printed };
    }
    if (READERS.has(name)) return { files: [...values.slice(1).filter((value) => !value.startsWith('-') && value !== '\u0000'), ...(stdin.file === undefined ? [] : [stdin.file])] };
    const likes: WordLike[] = words.map((word, at) => ({ value: values[at] === '\u0000' ? word.value : values[at]!, dynamic: values[at] === '\u0000' }));
    const local = runnerLocals(name, values);
    if (local !== undefined) {
      fed.locals.push(...local);
      if (local.length > 0) return undefined;
    }
    if (name === 'env') for (const [at, value] of values.entries()) if (value === '-C' || value === '--chdir' || value.startsWith('--chdir=')) moveTo(fed, value.includes('=') ? { ...words[at]!, value: value.slice(8) } : words[at + 1], args);
    const spec = WRAPPERS[name];
    if (spec !== undefined) {
      const inner = unwrap(spec, likes);
      launched = true;
      if (inner.kind === 'command') words = name === 'xargs' ? xargsWords(words, values, inner.index, piped, stdin) : words.slice(inner.index);
      else if (inner.kind === 'string') readLine(fed, likes[inner.index]!.value.slice(inner.skip), depth + 1, undefined, functions);
      if (inner.kind !== 'command') return undefined;
      continue;
    }
    // `yarn node x` runs node with the words (yarn 2+).
    if ((name === 'yarn' || name === 'pnpm') && values[1] === 'node') {
      words = words.slice(1);
      continue;
    }
    // A program run by its path (`./tools/check`, `uv run tools/x`, an interpreter too: `.venv/bin/python -m
    // pytest`): the file runs, present or not (R18-3), and the environment it lies in is the line's (py20).
    // A glob (`./tools/*.sh`) is kept as one: hook-fed-obey.ts obeys what it matches, present or not (R21-2).
    if (first.includes('/')) fed.scripts.push(first);
    if (first.includes('/') && globbed(words[0])) (fed.globs ??= []).push(first);
    if (!INTERPRETER.test(name)) {
      const files = programFiles(name, values.slice(1));
      if (files !== undefined) return void fed.scripts.push(...files.filter((file) => file !== '\u0000'));
      const started = launches(name.toLowerCase(), likes) ?? [];
      for (const launch of started) {
        if (launch.kind === 'text') readLine(fed, launch.text, depth + 1, undefined, functions);
        else command(fed, words.slice(launch.index), stdin, piped, depth + 1, args, functions, true);
      }
      return undefined;
    }
    interpreter(fed, name, words, values, likes, stdin, piped, depth, args, functions);
    return undefined;
  }
  return undefined;
}

function interpreter(fed: Fed, name: string, words: readonly Word[], values: readonly string[], likes: readonly WordLike[], stdin: { file?: string; text?: string }, piped: Piped | undefined, depth: number, args: readonly string[] | undefined, functions: Map<string, readonly Token[]>): void {
  const kind = name === '.' || name === 'source' ? 'source' : family(name);
  inlineReads(fed, name, likes);
  const operand = kind === 'source' ? { script: values[1] } : scriptOperand(kind, values.slice(1), name);
  // `sh -c TEXT`: the text is a line of its own (`sh -c '. scripts/ci'`, `sh -c "$(cat f)"`).
  if (kind === 'sh' && operand.code === true) {
    const mode = shellMode(likes);
    if (mode.kind === 'string') return void shellText(fed, [words[mode.index]!], depth, args, functions);
  }
  const at = operand.script === undefined ? -1 : values.indexOf(operand.script, 1);
  const word = at > 0 ? words[at] : undefined;
  const readsStdin = operand.code !== true ? operand.script === undefined || operand.script === '/dev/stdin' || operand.script === '-' : kind === 'sh' ? shellMode(likes).kind === 'stdin' : values.includes('-');
  if (readsStdin) {
    if (stdin.file !== undefined) fed.scripts.push(stdin.file);
    if (stdin.text !== undefined) readLine(fed, stdin.text, depth + 1, undefined, functions);
    if (stdin.file === undefined && stdin.text === undefined) fed.scripts.push(...(piped?.files ?? []));
    if (stdin.file === undefined && stdin.text === undefined && piped?.words !== undefined) readLine(fed, piped.words.join(' '), depth + 1, undefined, functions);
    return;
  }
  if (operand.script === undefined) return;
  // `bash <(cat f)`, `source <(cat f)`: the files the substitution prints.
  const process = word?.subs.find((sub) => sub.process === '<');
  if (process !== undefined && word!.value.startsWith('<(')) {
    const inner: Fed = { scripts: [], folders: [''], locals: [], programs: [] };
    readLine(inner, `${process.text} | sh`, depth + 1, undefined, functions);
    fed.scripts.push(...inner.scripts);
    fed.unknown ??= inner.unknown;
    return;
  }
  if (operand.script === '\u0000') {
    if (word !== undefined && runTime(word)) fed.unknown ??= `\`${word.value}\` (a script only known at run time)`;
    return;
  }
  const script = operand.folder === undefined ? operand.script : join(operand.folder, operand.script);
  if (globbed(word)) (fed.globs ??= []).push(script);
  fed.scripts.push(script, ...(kind === 'node' && !/\.[a-z]+$/i.test(script) ? NODE_TRIES.map((tail) => script + tail) : []));
}

// `sh -c TEXT` / `eval WORDS`: read as a line; a text only known at run time is read for `$(cat F)` (F is the code).
function shellText(fed: Fed, words: readonly Word[], depth: number, args: readonly string[] | undefined, functions: Map<string, readonly Token[]>): void {
  const texts = words.map((word) => known(word, args));
  if (texts.every((text) => text !== undefined)) return void readLine(fed, texts.join(' '), depth + 1, undefined, functions);
  for (const word of words) {
    for (const sub of word.subs) {
      const inner: Fed = { scripts: [], folders: [''], locals: [], programs: [] };
      readLine(inner, `${sub.text} | sh`, depth + 1, undefined, functions);
      if (inner.scripts.length === 0) fed.unknown ??= `\`${word.value}\` (shell text only known at run time)`;
      fed.scripts.push(...inner.scripts);
    }
  }
}


// xargs's command with the words it reads from stdin (`echo tools/x | xargs node`, `xargs node <<< tools/x`, red team
// R21-12): appended, or put where `-I R` / `-i` names them.
function xargsWords(words: readonly Word[], values: readonly string[], index: number, piped: Piped | undefined, stdin: { file?: string; text?: string }): Word[] {
  const fedWords = (piped?.words ?? stdin.text?.split(/\s+/) ?? []).filter((value) => value !== '').map(literal);
  let replace: string | undefined;
  for (let at = 1; at < index; at++) {
    const value = values[at]!;
    if (value === '-I') replace = values[at + 1];
    else if (/^-I./.test(value)) replace = value.slice(2);
    else if (/^-i/.test(value) || value.startsWith('--replace')) replace = value.includes('=') ? value.slice(value.indexOf('=') + 1) : value.length > 2 && value.startsWith('-i') ? value.slice(2) : '{}';
  }
  const inner = words.slice(index);
  if (replace === undefined) return [...inner, ...fedWords];
  return inner.flatMap((word) => (word.value.includes(replace) && fedWords.length > 0 ? fedWords.map((each) => literal(word.value.split(replace).join(each.value))) : [word]));
}
