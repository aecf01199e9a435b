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
import { folderChangeAt, readCd } from '../shell/cd-operand.js';
import { basename, join } from 'node:path';
import { nodeTestRuns } from './hook-fed-node-test.js';
import { lex, type HereDoc, type Token } from './hook-fed-lex.js';
import { INTERPRETER, NODE_TRIES, family, programFiles, scriptOperand } from './hook-fed-operands.js';
import { WRAPPERS, shellMode, unwrap, type WordLike } from '../shell/parse-wrappers.js';
import { launches } from '../shell/parse-launchers.js';
import { runnerLocals } from './hook-fed-runners.js';
import { codeReads, inlineReads } from './hook-fed-inline.js';
import { braced, globbed, known, moveTo, runTime, type Fed, type Vars, type Word } from './hook-fed-words.js';
import { literal, xargsRuns, type Input } from './hook-fed-xargs.js';
import { programFolders } from './wrapper-folders.js';
import { assignedNames, assigns, childVars, commandAssigns, definedAt, hereText, sourcesFile } from './hook-fed-vars.js';
import { languageOf } from '../shell/parse-inline.js';
import { OPAQUE, printed, type Piped, type Stdin } from './hook-fed-pipes.js';
import { copied, selfWritten, writtenWith, type Written } from './hook-fed-written.js';
import { cdPath, descriptorFile, mergeSub, positionals, trapAction } from './hook-fed-state.js';
import { sameProgram } from '../shell/program-aliases.js';

export type { Fed };

// The functions a script defines and the names it assigns anywhere (`assigned`: a `${F:-x}` of one of them the line
// does not set is only known at run time).
// `loops`: the script's `for` variables over static words that nothing else assigns (a loop over several lines).
// `wrote`: the files the script writes its commands' output to anywhere (R26-10).
export type ScriptShell = ReadonlyMap<string, readonly Token[]> & { readonly assigned?: ReadonlySet<string>; readonly loops?: ReadonlyMap<string, readonly string[]>; readonly wrote?: readonly Written[] };
// What one reading carries: the functions, the variables, a reader of a file's text (relative to where the line
// starts: xargs's list) when the walk gives one.
interface Scope {
  readonly functions: Map<string, readonly Token[]>;
  readonly vars: Vars;
  readonly read?: ((path: string) => string | undefined) | undefined;
}


const MAX_DEPTH = 6;
const KEYWORDS = new Set(['!', 'if', 'then', 'else', 'elif', 'while', 'until', 'do', '{']);
const ENDS = new Set(['fi', 'done', '}', 'esac', 'for', 'case', 'select', 'in']);
// Output redirections whose target is no file a later command may run.
const NOT_FILE = /^(?:\/dev\/(?:null|stdout|stderr|tty)|\d+|-)$/;
const PROGRAM = /^(?:@[\w.-]+\/)?[\w.-]+$/;

// `functions`: those the line's script defines (scriptFunctions), a call on this line runs their body. `read`: the
// text of a file of the work tree (relative to where the line starts), or undefined when not read.
export function fedFiles(line: string, functions: ScriptShell = new Map(), read?: (path: string) => string | undefined): Fed {
  const fed: Fed = { scripts: [], folders: [''], locals: [], programs: [] };
  const { tokens, broken } = lex(line);
  const assigned = new Set([...(functions.assigned ?? []), ...assignedNames(tokens)]);
  if (broken) fed.unknown ??= `\`${line.trim()}\` (a quote or substitution that does not close)`;
  if (functions.wrote !== undefined) fed.wrote = [...functions.wrote];
  readTokens(fed, tokens, 0, undefined, { functions: new Map(functions), vars: { set: new Map(), assigned, loops: new Map(functions.loops ?? []) }, read });
  return fed;
}

// The functions a whole script defines, bodies over several lines too (fed21): a later line calling one with a
// file (`check tools/x`) binds the body's `$1` to it. And every name it assigns (fed23).
export function scriptFunctions(text: string): ScriptShell {
  const functions = new Map<string, readonly Token[]>();
  const { tokens } = lex(text);
  const loops = new Map<string, readonly string[]>();
  const fed: Fed = { scripts: [], folders: [''], locals: [], programs: [] };
  readTokens(fed, tokens, 0, undefined, { functions, vars: { set: new Map(), assigned: new Set(), loops } });
  // A loop variable the script also sets another way (`f=$(..)`, `read f`) is only known at run time there.
  // The same token reading as `assigned` (hook-fed-vars.ts), the loop's own `for` left out.
  const others = sourcesFile(tokens) ? new Set(['*']) : assignedNames(tokens, false);
  for (const name of loops.keys()) if (others.has(name) || others.has('*')) loops.delete(name);
  return Object.assign(functions, { assigned: assignedNames(tokens), loops, wrote: fed.wrote ?? [] });
}

// How the here-documents of one statement are used (scriptStatements): each body and what reads it.
export function statementHeres(text: string): { here: HereDoc; use?: 'shell' | 'code' | 'data' }[] {
  const fed: Fed = { scripts: [], folders: [''], locals: [], programs: [] };
  const { tokens } = lex(text);
  readTokens(fed, tokens, 0, undefined, { functions: new Map(), vars: { set: new Map(), assigned: assignedNames(tokens), loops: new Map() } });
  return tokens.flatMap((token) => (token.kind === 'op' && token.here !== undefined ? [{ here: token.here, ...(fed.heres?.has(token.here) === true ? { use: fed.heres.get(token.here)! } : {}) }] : []));
}

function readLine(fed: Fed, text: string, depth: number, args: readonly string[] | undefined, scope: Scope): void {
  const { tokens, broken } = lex(text);
  if (broken) fed.unknown ??= `\`${text.trim()}\` (a quote or substitution that does not close)`;
  readTokens(fed, tokens, depth, args, scope);
}

// A shell started by the line (`sh -c`, `bash <<EOF`): the functions, and the variables whose values it may not see.
const child = (scope: Scope): Scope => ({ ...scope, vars: childVars(scope.vars) });

function readTokens(fed: Fed, tokens: readonly Token[], depth: number, given: readonly string[] | undefined, scope: Scope): void {
  // The positional parameters: a called function's arguments, what `set --`/`shift` make them (R22-12).
  let args = given;
  if (depth > MAX_DEPTH) return void (fed.unknown ??= 'shell text nested too deep to read');
  const { functions } = scope;
  let words: Word[] = [];
  let stdin: Stdin = {};
  let piped: Piped | undefined;
  let feeds: Piped | undefined;
  // The command's output goes to a file (`cat > f <<EOF`): what it prints may be run later.
  let writes = false;
  // The files the command's output is redirected to: written with what it prints (hook-fed-written.ts).
  let targets: string[] = [];
  // Descriptors a redirection opened on a file (`exec 3<scripts/ci`), for a later `<&3` (red team R21-2).
  const descriptors = new Map<string, string>();
  const finish = (op: string): void => {
    // `/dev/fd/3` with `3<scripts/ci` is that file (R22-4).
    words = words.map((word) => descriptorFile(word, known(word, args, scope.vars), descriptors));
    const moved = positionals(words, args, scope.vars);
    if (moved === null) fed.unknown ??= `\`${words.map((word) => word.value).join(' ')}\` (positional parameters only known at run time)`;
    else if (moved !== 'same') args = moved;
    // A stage after a program codeward does not read (`find . | xargs node`) gets what that program prints.
    feeds = words.length > 0 ? command(fed, words, stdin, op === 'pipe-in' ? (piped ?? OPAQUE) : undefined, depth, args, scope) : undefined;
    if (targets.length > 0) (fed.wrote ??= []).push(...targets.map((file) => writtenWith(file, feeds)));
    targets = [];
    // A here-document printed where nothing reads it (`cat <<EOF` to the terminal, `cat >&2 <<EOF`) is text.
    if (feeds?.here !== undefined && !writes && op !== '|' && op !== '|&' && fed.heres?.has(feeds.here) !== true) (fed.heres ??= new Map()).set(feeds.here, 'data');
    words = [];
    stdin = {};
    writes = false;
  };
  let pipeIn = false;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.kind === 'word') {
      // `f() {` / `function f {`: the body, up to its closing `}`, runs when f is called (R20-22).
      const defined = definedAt(tokens, i, words);
      // A body over several lines: the walk reads those lines itself (their `$1` are git's arguments there).
      if (defined === null) return;
      if (defined !== undefined) {
        // Defined again (`f` per platform): a call may run either body, both are read.
        const before = functions.get(defined.name);
        functions.set(defined.name, before === undefined ? defined.body : [...before, { kind: 'op', op: '\n' }, ...defined.body]);
        words = [];
        i = defined.close;
        continue;
      }
      words.push(token);
      continue;
    }
    const op = token.op;
    if (op === '<' || op === '<>' || op === '<<<') {
      const target = tokens[++i];
      if (target?.kind !== 'word') continue;
      const value = known(target, args, scope.vars);
      if (value === undefined) fed.unknown ??= runTime(target, scope.vars) ? `\`${target.value}\` (stdin only known at run time)` : undefined;
      else if (op === '<<<') stdin = { text: value };
      else if (token.fd === undefined || token.fd === '0') stdin = { file: value };
      else descriptors.set(token.fd, value);
      // `sh < tools/*.sh`: bash opens the one file the glob matches (R25-3: every file it may match, present or later).
      if (value !== undefined && op !== '<<<' && globbed(target)) (fed.globs ??= []).push(value);
      // `exec < f` / `exec 3< f`: every later command (this line's and the next lines') may read f as its stdin
      // (`exec < scripts/ci; sh`, `exec 3<&0 < f`): f is obeyed (R22-4, R22-12).
      if (value !== undefined && op !== '<<<' && words.find((word) => !/^[A-Za-z_]\w*\+?=/.test(word.value))?.value === 'exec') fed.scripts.push(value);
      continue;
    }
    // A here-document (fed23): its body is the command's stdin, as the shell hands it over.
    if (op === '<<' || op === '<<-') {
      i++;
      if (token.here !== undefined && (token.fd ?? '0') === '0') stdin = { text: hereText(token.here, scope.vars), here: token.here };
      continue;
    }
    if (op === '<&' && (token.fd ?? '0') === '0') {
      const target = tokens[++i];
      const value = target?.kind === 'word' ? known(target, args, scope.vars) : undefined;
      const file = value === undefined ? undefined : descriptors.get(value);
      if (file !== undefined) stdin = { file };
      else if (value !== '-' && value !== '0') fed.unknown ??= `\`<&${value ?? '?'}\` (stdin from a descriptor codeward does not know)`;
      continue;
    }
    if (/^(?:>|>>|&>|&>>|>\||>&|<&)$/.test(op)) {
      const target = tokens[++i];
      if (op !== '<&' && (target?.kind !== 'word' || !NOT_FILE.test(target.value))) writes = true;
      const value = target?.kind === 'word' && op !== '<&' && op !== '>&' ? known(target, args, scope.vars) : undefined;
      if (value !== undefined && !NOT_FILE.test(value)) targets.push(value);
      continue;
    }
    finish(pipeIn ? 'pipe-in' : op);
    pipeIn = op === '|' || op === '|&';
    piped = pipeIn ? feeds : undefined;
  }
  finish(pipeIn ? 'pipe-in' : '');
}


// Reads one simple command; returns what it prints (a reader's, echo's), for the next stage of a pipe.
function command(fed: Fed, all: readonly Word[], stdin: Stdin, piped: Piped | undefined, depth: number, args: readonly string[] | undefined, scope: Scope, launched = false): Piped | undefined {
  // Assignments before the program (`CI=1 node x`) are not words of it.
  // `FOO="a b" node x` too: the name and `=` written bare make an assignment, however its value is quoted.
  const program = all.findIndex((word) => !assignment(word));
  const prefix = program < 0 ? all : all.slice(0, program);
  // The commands of each substitution run first (`x=$(node tools/x)`, ``echo `node tools/x` ``): R22-4.
  for (const word of all) for (const sub of word.subs) substitution(fed, sub.text, depth, args, scope);
  // Only assignments: they set the shell's variables for the rest of the line (`F=tools/y; node ${F:-x}`, fed23).
  if (program < 0) for (const word of all) assigns(scope.vars, word.value.slice(0, word.value.indexOf('=')).replace(/\+$/, ''), known({ ...word, value: word.value.slice(word.value.indexOf('=') + 1) }, args, scope.vars));
  let words = program < 0 ? [] : all.slice(program);
  // Positional words of a called function's body (`"$@"`) expand to the call's arguments.
  if (args !== undefined) words = words.flatMap((word) => (/^\$[@*]$/.test(word.value) ? args.map((arg) => literal(arg)) : [word]));
  words = words.flatMap((word) => braced(fed, word));
  // `${F:=x}` anywhere sets F when it is not set.
  for (const word of words) for (const found of word.value.matchAll(/\$\{([A-Za-z_]\w*):?=([\w./@%+:=-]*)\}/g)) if (!scope.vars.set.has(found[1]!)) assigns(scope.vars, found[1]!, found[2]!);
  for (let step = 0; step < 16 && words.length > 0; step++) {
    const values = words.map((word) => known(word, args, scope.vars) ?? '\u0000');
    const first = values[0]!;
    // A scoped package (`@s/t@2`) is a name, not a path.
    const name = /^@[\w.-]+\/[^/]+$/.test(first) ? first : basename(first);
    if (KEYWORDS.has(first)) {
      words = words.slice(1);
      continue;
    }
    commandAssigns(scope.vars, name, values);
    // `for f in scripts/*; do "$f"; done`: each of the loop's words runs (R25-13).
    if (first === '\u0000' && loopWords(fed, words[0]!, scope)) return undefined;
    // The program is what a substitution prints (`$(cat tools/*.sh)`): the printed words run (R25-3).
    if (first === '\u0000') for (const sub of words[0]!.subs) if (sub.process === undefined) printedCode(fed, sub.text, words[0]!.value, depth, scope);
    if (ENDS.has(first) || first === '\u0000') return undefined;
    const program = name.replace(/(?<=.)@[^/]*$/, '');
    if (PROGRAM.test(program) && (!first.includes('/') || first.startsWith('@'))) fed.programs.push({ name: program, launched });
    // `yarn X`, `pnpm X`: X may be a package's bin (yarn runs node_modules/.bin/X).
    const next = values.slice(1).find((value) => !value.startsWith('-'));
    if ((name === 'yarn' || name === 'pnpm') && next !== undefined && !['exec', 'x', 'dlx'].includes(next) && PROGRAM.test(next)) fed.programs.push({ name: next, launched: true });
    // `cd -P tools`, `cd -L -- tools`: the options are not the folder (red team R21-2).
    // `builtin cd D`, `command cd D`, `popd` too (R31).
    if (folderChangeAt(values) >= 0) {
      // CDPATH the line or the script sets (`CDPATH=tools cd sub2`) adds its folders (R22-12).
      const path = cdPath(prefix, args, scope.vars);
      if (path === null) fed.unknown ??= `\`${name}\` with a CDPATH only known at run time`;
      // The operand as the one cd reader finds it (shell/cd-operand.ts: `--`, `-Pe`, `pushd -n D`; R30-3); `cd -`
      // (OLDPWD, only known at run time: the reader's `unknown`) fails closed as in every other reader (fix32b);
      // `popd` returns to a folder pushed before it (already among the folders).
      const read = readCd(values);
      if (read?.kind === 'unknown') return void (fed.unknown ??= read.why);
      return void moveTo(fed, read?.kind === 'folder' ? words[read.at] : undefined, args, path ?? []);
    }
    // `trap 'node tools/x' EXIT`: the action is a line the shell reads later (R22-12).
    const action = name === 'trap' ? trapAction(words, values) : undefined;
    if (action !== undefined) return void shellText(fed, [action], depth, args, scope);
    const body = scope.functions.get(first);
    if (body !== undefined) return void readTokens(fed, body, depth + 1, values.slice(1), scope);
    if (name === 'eval') return void shellText(fed, words.slice(1), depth, args, scope);
    const prints = printed(name, values, stdin, piped, (at) => globbed(words[at]));
    if (name === 'tee') (fed.wrote ??= []).push(...values.slice(1).filter((value) => !value.startsWith('-') && value !== '\u0000').map((file) => writtenWith(file, prints)));
    (fed.wrote ??= []).push(...(copied(name, values) ?? []));
    if (prints !== undefined) return prints;
    // `env -i PATH=$PATH node x`: an assignment written bare is one however its value expands (R22-4).
    const likes: WordLike[] = words.map((word, at) => ({ value: values[at] === '\u0000' ? word.value : values[at]!, dynamic: values[at] === '\u0000' && !assignment(word) }));
    const local = runnerLocals(name, values);
    if (local !== undefined) {
      fed.locals.push(...local);
      if (local.length > 0) return undefined;
    }
    // `env -C D`, `sudo -D D`, `unshare -w D` (the one table of folder options: wrapper-folders.ts): the command runs in D.
    for (const found of WRAPPERS[name] === undefined ? [] : programFolders(values)) {
      if (found.folder === undefined || found.folder.includes('\u0000')) fed.unknown ??= `\`${name}\` runs its command in a folder only known at run time`;
      else moveTo(fed, literal(found.folder), args);
    }
    const spec = WRAPPERS[name];
    if (spec !== undefined) {
      const inner = unwrap(spec, likes);
      launched = true;
      if (inner.kind === 'command' && name === 'xargs') {
        // Each command xargs runs (one per item with -I/-n/-L), its stdin not the pipe's (fed23).
        const input: Input = stdin.text !== undefined ? { text: stdin.text } : stdin.file !== undefined ? { files: [stdin.file] } : (piped ?? { files: [], words: [] });
        // A list read where the line's `cd` moved is not read (which folder's list it is, codeward does not pick).
        const { runs, lists, unknown } = xargsRuns(words, values, inner.index, input, fed.folders.length === 1 ? scope.read : undefined);
        if (unknown !== undefined) fed.unknown ??= unknown;
        fed.scripts.push(...lists);
        for (const run of runs.slice(1)) command(fed, run, {}, undefined, depth + 1, args, scope, true);
        words = runs[0] ?? [];
        stdin = {};
        piped = undefined;
        continue;
      }
      if (inner.kind === 'command') words = words.slice(inner.index);
      else if (inner.kind === 'string') readLine(fed, likes[inner.index]!.value.slice(inner.skip), depth + 1, undefined, child(scope));
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
    if (first.includes('/')) selfWritten(fed, first);
    if (first.includes('/') && globbed(words[0])) (fed.globs ??= []).push(first);
    if (!INTERPRETER.test(sameProgram(name))) {
      const files = programFiles(name, values.slice(1));
      if (files !== undefined) return void fed.scripts.push(...files.filter((file) => file !== '\u0000'));
      const started = launches(name.toLowerCase(), likes) ?? [];
      for (const launch of started) {
        if (launch.kind === 'text') readLine(fed, launch.text, depth + 1, undefined, child(scope));
        else command(fed, words.slice(launch.index), stdin, piped, depth + 1, args, scope, true);
      }
      return undefined;
    }
    interpreter(fed, name, words, values, likes, stdin, piped, depth, args, scope);
    return undefined;
  }
  return undefined;
}

function interpreter(fed: Fed, name: string, words: readonly Word[], values: readonly string[], likes: readonly WordLike[], stdin: Stdin, piped: Piped | undefined, depth: number, args: readonly string[] | undefined, scope: Scope): void {
  const kind = name === '.' || name === 'source' ? 'source' : family(name);
  inlineReads(fed, name, likes, (line) => readLine(fed, line, depth + 1, undefined, child(scope)));
  const tests = kind === 'node' ? nodeTestRuns(values) : undefined;
  if (tests !== undefined) {
    fed.scripts.push(...tests.scripts);
    if (tests.unknown !== undefined) fed.unknown ??= tests.unknown;
    return;
  }
  const operand = kind === 'source' ? { script: values[1] } : scriptOperand(kind, values.slice(1), name);
  // `sh -c TEXT`: the text is a line of its own (`sh -c '. scripts/ci'`, `sh -c "$(cat f)"`).
  if (kind === 'sh' && operand.code === true) {
    const mode = shellMode(likes);
    if (mode.kind === 'string') return void shellText(fed, [words[mode.index]!], depth, args, child(scope));
  }
  const at = operand.script === undefined ? -1 : values.indexOf(operand.script, 1);
  const word = at > 0 ? words[at] : undefined;
  const readsStdin = operand.code !== true ? operand.script === undefined || operand.script === '/dev/stdin' || operand.script === '-' : kind === 'sh' ? shellMode(likes).kind === 'stdin' : values.includes('-');
  if (readsStdin) {
    // The script is what stdin holds: a file, a here-string's or here-document's text, what a pipe prints.
    const text = stdin.text ?? (stdin.file === undefined ? (piped?.text ?? piped?.words?.join(' ')) : undefined);
    if (stdin.file !== undefined) fed.scripts.push(stdin.file);
    if (stdin.file === undefined && stdin.text === undefined) fed.scripts.push(...(piped?.files ?? []));
    if (stdin.file === undefined && stdin.text === undefined && piped?.fileGlobs !== undefined) (fed.globs ??= []).push(...piped.fileGlobs);
    if (text !== undefined) stdinCode(fed, name, kind, text, stdin.here ?? (stdin.text === undefined ? piped?.here : undefined), depth, scope);
    if (stdin.file === undefined && stdin.text === undefined && piped?.opaque === true) fed.unknown ??= `\`${name}\` runs what a program prints (only known at run time)`;
    return;
  }
  if (operand.script === undefined) return;
  // `bash <(cat f)`, `source <(cat f)`: the files the substitution prints.
  const process = word?.subs.find((sub) => sub.process === '<');
  if (process !== undefined && word!.value.startsWith('<(')) {
    const inner: Fed = { scripts: [], folders: [''], locals: [], programs: [] };
    readLine(inner, `${process.text} | sh`, depth + 1, undefined, scope);
    fed.scripts.push(...inner.scripts);
    // `bash <(cat tools/*.sh)`: every file the glob matches, present or made later (R26-10).
    if (inner.globs !== undefined) (fed.globs ??= []).push(...inner.globs);
    if (inner.wrote !== undefined) (fed.wrote ??= []).push(...inner.wrote);
    fed.unknown ??= inner.unknown;
    return;
  }
  if (operand.script === '\u0000') {
    if (word !== undefined && loopWords(fed, word, scope)) return;
    if (word !== undefined && runTime(word, scope.vars)) fed.unknown ??= `\`${word.value}\` (a script only known at run time)`;
    return;
  }
  const script = operand.folder === undefined ? operand.script : join(operand.folder, operand.script);
  selfWritten(fed, script);
  if (globbed(word)) (fed.globs ??= []).push(script);
  fed.scripts.push(script, ...(kind === 'node' && !/\.[a-z]+$/i.test(script) ? NODE_TRIES.map((tail) => script + tail) : []));
  // `python3 tools` runs tools/__main__.py with tools first on sys.path (a folder or a zip as the script: R23-11).
  if (kind === 'python' && !/\.pyw?$/i.test(script)) (fed.globs ??= []).push(join(script, '**'));
}

// The script an interpreter reads on stdin (fed23): a shell's is read as its lines (`bash <<EOF`, `cat <<EOF | sh`),
// another language's as code given as text (`python3 - <<'PY'`, `node <<EOF`), what it loads obeyed.
function stdinCode(fed: Fed, name: string, kind: string, text: string, here: HereDoc | undefined, depth: number, scope: Scope): void {
  const shell = kind === 'sh' || kind === 'source';
  if (here !== undefined) (fed.heres ??= new Map()).set(here, shell ? 'shell' : fed.heres?.get(here) === 'shell' ? 'shell' : 'code');
  if (shell) {
    // `. /dev/stdin <<EOF` NL `$(cat tools/*.sh)`: the shell pastes what each substitution prints into the script (R25-3).
    if (here?.expand === true) expandedCode(fed, here.body, depth, scope);
    return void readLine(fed, text, depth + 1, undefined, kind === 'source' ? scope : child(scope));
  }
  const language = languageOf(name);
  // Code the shell expands first (`<<EOF`, not `<<'EOF'`) holding an expansion is only known at run time.
  const expands = here?.expand === true && /(?<!\\)(?:\$[\w{(]|`)/.test(here.body);
  if (language !== undefined) codeReads(fed, name, { language, code: text, ...(expands ? { unknown: true } : {}) }, (line) => readLine(fed, line, depth + 1, undefined, child(scope)));
}

// `sh -c TEXT` / `eval WORDS`: read as a line; a text only known at run time is read for `$(cat F)` (F is the code).
function shellText(fed: Fed, words: readonly Word[], depth: number, args: readonly string[] | undefined, scope: Scope): void {
  const texts = words.map((word) => known(word, args, scope.vars));
  if (texts.every((text) => text !== undefined)) return void readLine(fed, texts.join(' '), depth + 1, undefined, scope);
  for (const word of words) {
    // `C=$(cat f); eval "$C"`, `trap "$C" EXIT`: text from a variable the script sets to what codeward does not know.
    if (word.subs.length === 0 && known(word, args, scope.vars) === undefined && runTime(word, scope.vars)) fed.unknown ??= `\`${word.value}\` (shell text only known at run time)`;
    for (const sub of word.subs) printedCode(fed, sub.text, word.value, depth, scope);
  }
}

// A word that is a `for` loop's variable over static words: each word is a script (a glob: what it matches, present or
// later); false for any other word.
function loopWords(fed: Fed, word: Word, scope: Scope): boolean {
  const name = /^\$\{?([A-Za-z_]\w*)\}?$/.exec(word.value)?.[1];
  const list = name === undefined ? undefined : scope.vars.loops?.get(name);
  if (list === undefined || list.length === 0) return false;
  fed.scripts.push(...list);
  for (const each of list) if (/[*?[]/.test(each)) (fed.globs ??= []).push(each);
  return true;
}

// What `text` (a substitution's commands) prints is shell code: the files it prints run, the globs it reads obeyed;
// when it prints nothing codeward reads, the code is only known at run time.
function printedCode(fed: Fed, text: string, what: string, depth: number, scope: Scope): void {
  const inner: Fed = { scripts: [], folders: [''], locals: [], programs: [] };
  readLine(inner, `${text} | sh`, depth + 1, undefined, scope);
  if (inner.scripts.length === 0) fed.unknown ??= `\`${what}\` (shell text only known at run time)`;
  fed.scripts.push(...inner.scripts);
  if (inner.globs !== undefined) (fed.globs ??= []).push(...inner.globs);
}

// A here-document the shell expands: a line that starts with a substitution (`$(cat tools/*.sh)`) is what it prints,
// read as code. (One in an argument, `echo "at $(git rev-parse HEAD)"`, is data there, read as the line is.)
function expandedCode(fed: Fed, body: string, depth: number, scope: Scope): void {
  for (const line of body.split('\n').filter((each) => /^\s*(?:\$\((?!\()|`)/.test(each))) {
    const { tokens, broken } = lex(line);
    const first = tokens.find((token) => token.kind === 'word');
    const subs = first?.kind === 'word' ? first.subs.filter((sub) => sub.process === undefined) : [];
    if (broken || subs.length === 0) fed.unknown ??= `\`${line.trim()}\` (a here-document line whose code codeward cannot read)`;
    for (const sub of subs) printedCode(fed, sub.text, line.trim(), depth, scope);
  }
}

// A word that is an assignment: its name and `=` written bare (`FOO="a b"`, `PATH=$PATH`).
const assignment = (word: Word): boolean => (/^[A-Za-z_]\w*\+?=/.exec(word.value)?.[0].length ?? Infinity) <= word.plain;

// A command substitution's commands, read on their own: what they hand interpreters is the line's (R22-4).
function substitution(fed: Fed, text: string, depth: number, args: readonly string[] | undefined, scope: Scope): void {
  const inner: Fed = { scripts: [], folders: [''], locals: [], programs: [] };
  readLine(inner, text, depth + 1, args, { ...scope, vars: { set: new Map(scope.vars.set), assigned: scope.vars.assigned } });
  mergeSub(fed, inner, text);
}
