// Decides what a simple command runs: itself, an inner command behind wrappers (`sudo`, `env`, `xargs`,
// `find -exec` ...), shell strings (`bash -c`, `eval`, `su -c`), script files the same line wrote, or
// text read on stdin. Works on words before their substitutions are walked.
import type { RawPart, RawWord } from './parse-words.js';
import { commandAssignments } from './command-variables.js';
import { inlineProgram, languageOf, spawnedCommands } from './parse-inline.js';
import { launches } from './parse-launchers.js';
import { leadOf } from './parse-launch-runtime.js';
import { programName } from './parse-names.js';
import { systemProgram } from '../permissions/system-folders.js';
import { scriptText } from './parse-walk-values.js';
import { envSplit } from './env-words.js';
import { oneDashLong, shellStartupTexts } from './shell-startup-files.js';
import { INTERPRETERS, SHELLS, SU_LIKE, WRAPPERS, debuggedCommand, findExecs, interpreterReadsStdin, shellMode, unwrap, watchCommand, wrapperWrites, type WordLike } from './parse-wrappers.js';

// A word before its substitutions were walked: enough to find wrappers and command names.
export interface Preview extends WordLike {
  readonly raw: RawWord;
}

// What a command does with static text on its stdin: runs it as a shell script, runs it as a program of
// another language (python), or may run it as a script (an unknown command name: parsed, not flagged).
export type StdinUse = 'shell' | 'program' | 'guess';

export type PlanItem =
  // `programFile`: an interpreter runs a script file this same line wrote (`echo ... > x.py; python3 x.py`).
  // `replace`: xargs -I/-i/--replace puts each input line where this string stands; `xargsCode`: this is
  // the xargs command itself and its input lands where code is (`xargs -I{} sh -c {}`).
  // `input`: the program is given more words only known at run time (xargs' or parallel's input read from a
  // file or a stream that is not a literal text: red team R15-1); says where they come from.
  | { kind: 'command'; start: number; end: number; wrappers: string[]; stdin?: StdinUse; xargs?: boolean; extra?: readonly [number, number]; programFile?: string; replace?: string; xargsCode?: boolean; input?: string }
  | { kind: 'script'; index: number; skip: number; wrappers: string[]; positional?: readonly [number, number]; xargs?: boolean; replace?: string; inputFile?: string }
  | { kind: 'joined'; start: number; end: number; wrappers: string[] }
  // A script file this same line wrote with static content (`echo 'rm -rf /' > x.sh; sh x.sh`).
  | { kind: 'file'; path: string; wrappers: string[] }
  // Shell text recovered from the arguments in another syntax: a command an inline program spawns
  // (`python3 -c "os.system('...')"`), a tmux command, a git alias.
  // `runtime`: a launcher's word only known at run time that may be an option running a program (why, in words).
  | { kind: 'text'; text: string; wrappers: string[]; runtime?: string };

export interface PlanContext {
  readonly maxWrappers: number;
  error(message: string): void;
  // The normalised path of a file this line wrote with static content, if it did.
  writtenFile(path: string): string | undefined;
}

export function previewOf(raw: RawWord): Preview {
  let value = '';
  let dynamic = false;
  for (const part of raw.parts) {
    if (part.kind === 'literal') value += part.value;
    else if (part.kind === 'tilde') value += `~${part.user}`;
    else dynamic = true;
  }
  const lead = leadOf(raw);
  return lead === undefined ? { raw, value, dynamic } : { raw, value, dynamic, lead };
}

export function hasGlob(parts: readonly RawPart[]): boolean {
  return parts.some((part) => part.kind === 'literal' && !part.quoted && (/[*?]/.test(part.value) || /\[[^\]]*\]/.test(part.value)));
}

// A command word's name as every lookup sees it (a versioned code runner as its family: parse-names.ts).
export const baseName = programName;

// Reserved words that open or close a list of commands (see Planner.plan).
const RESERVED = new Set(['{', '!', 'do', 'then', 'else', 'elif', 'if', 'while', 'until', '}', 'done', 'fi', 'esac']);

export class Planner {
  constructor(private readonly context: PlanContext) {}

  // Decides what runs: the command itself, an inner command behind wrappers, or shell strings. A name given as a
  // path outside the system's folders (`./tools/sh -c :`, `./tools/env git push`) is the file at that path, which
  // may be any program (canonical-entry.ts): the command itself is judged too, not only what its base name would
  // run (npmopts "left": inside launched text as at the top level).
  plan(words: readonly Preview[], start: number, end: number, wrappers: string[]): PlanItem[] {
    const items = this.planned(words, start, end, wrappers);
    const first = words[start];
    const byPath = first !== undefined && !first.dynamic && first.value.includes('/') && !systemProgram(first.value);
    return byPath && !items.some((item) => item.kind === 'command' && item.start === start) ? [{ kind: 'command', start, end, wrappers }, ...items] : items;
  }

  private planned(words: readonly Preview[], start: number, end: number, wrappers: string[]): PlanItem[] {
    const self: PlanItem = { kind: 'command', start, end, wrappers };
    if (start >= end) return [];
    const first = words[start]!;
    if (first.dynamic || hasGlob(first.raw.parts)) {
      // `$SHELL -c 'CMD'`, `$SHELL <<EOF`: the unknown command may well be a shell; its string (or its
      // static stdin) is read as one too.
      const flag = words.slice(start + 1, end).findIndex((word) => /^-[a-z]*c$/.test(word.value));
      const script = flag >= 0 && start + flag + 2 < end ? start + flag + 2 : undefined;
      return script === undefined ? [{ ...self, stdin: 'guess' }] : [self, { kind: 'script', index: script, skip: 0, wrappers: [...wrappers, first.raw.text] }];
    }
    if (wrappers.length >= this.context.maxWrappers) {
      this.context.error(`more than ${this.context.maxWrappers} wrapper commands in a row were not followed`);
      return [self];
    }
    // `time { CMDS; }`, `! if X; then CMDS; fi`, `coproc while X; do CMDS; done`: after `time`, `!` or
    // `coproc`, tree-sitter-bash reads a compound's reserved words as command names (`{ rm -rf build`,
    // `then rm -rf build`). bash never runs a program so named: the words after one are parsed again as the
    // command they are; a closing word runs nothing (its redirections stay the compound's), nor does a
    // `for`/`select` header (its substitutions are walked as words).
    if (RESERVED.has(first.raw.text)) return end > start + 1 ? [{ kind: 'joined', start: start + 1, end, wrappers }] : [];
    if (first.raw.text === 'for' || first.raw.text === 'select') return [];
    const name = baseName(first.value);
    const key = name.toLowerCase();
    const slice = words.slice(start, end);
    const inner = (offset: number, extra: Partial<{ xargs: boolean }> = {}): PlanItem[] => {
      const items = this.plan(words, start + offset, end, [...wrappers, name]);
      if (extra.xargs) for (const item of items) if (item.kind === 'command' || item.kind === 'script') item.xargs = true;
      return items;
    };
    const runsFile = (index: number): PlanItem[] => {
      const path = words[index] && !words[index].dynamic ? this.context.writtenFile(words[index].value) : undefined;
      return path === undefined ? [self] : [self, { kind: 'file', path, wrappers: [...wrappers, name] }];
    };
    if (first.value.includes('/') && this.context.writtenFile(first.value) !== undefined) return [self, { kind: 'file', path: this.context.writtenFile(first.value)!, wrappers: [...wrappers, name] }];
    if (SHELLS.has(key)) {
      // Its start-up files first (`--rcfile F` is `. F`; an interactive shell sources $ENV: shell-startup-files.ts),
      // then its line read as other shells read it and, with a one-dash long option, as bash does (R46-1).
      const startup = shellStartupTexts(slice).map((text): PlanItem => ({ kind: 'text', text, wrappers: [...wrappers, name] }));
      const readings = slice.some((word) => !word.dynamic && oneDashLong(word.value)) ? [shellMode(slice), shellMode(slice, true)] : [shellMode(slice)];
      return [...startup, ...readings.flatMap((mode): PlanItem[] => {
        if (mode.kind === 'string') return [{ kind: 'script', index: start + mode.index, skip: mode.skip, wrappers: [...wrappers, name], positional: [start + mode.index + 1, end] }];
        if (mode.kind === 'stdin') return [{ ...self, stdin: 'shell' }];
        return runsFile(start + mode.index);
      })];
    }
    // Shell text built from words keeps their expansions (`tmux new "$(echo rm -rf ~)"`), so the nested
    // parse sees what is only known at run time.
    const launched = launches(key, slice.map((word) => (word.dynamic ? { ...word, value: scriptText(word.raw) } : word)));
    if (launched && launched.length > 0) {
      return [self, ...launched.flatMap((launch): PlanItem[] => (launch.kind === 'text' ? [{ kind: 'text', text: launch.text, wrappers: [...wrappers, name], ...(launch.runtime === undefined ? {} : { runtime: launch.runtime }) }] : inner(launch.index)))];
    }
    const language = languageOf(key);
    if (language || INTERPRETERS.has(key)) {
      const program = inlineProgram(key, slice);
      if (!program && language !== 'awk' && interpreterReadsStdin(slice)) return [{ ...self, stdin: 'program' }];
      if (!program && language) {
        const operand = slice.findIndex((word, i) => i > 0 && !word.value.startsWith('-'));
        const path = operand > 0 && !slice[operand]!.dynamic ? this.context.writtenFile(slice[operand]!.value) : undefined;
        if (path !== undefined) return [{ ...self, programFile: path }];
      }
      const spawned = program ? spawnedCommands(program).commands : [];
      return [self, ...spawned.map((text): PlanItem => ({ kind: 'text', text, wrappers: [...wrappers, name] }))];
    }
    if (key === 'at' || key === 'batch') {
      // at / batch run the commands they read on stdin (through sh).
      return slice.some((word, i) => i > 0 && /^-[a-zA-Z]*[flrdc]$/.test(word.value)) ? [self] : [{ ...self, stdin: 'shell' }];
    }
    if (key === 'source' || key === '.') {
      const operand = slice[1];
      if (operand && !operand.dynamic && ['/dev/stdin', '-', '/proc/self/fd/0', '/dev/fd/0'].includes(operand.value)) return [{ ...self, stdin: 'shell' }];
      return runsFile(start + 1);
    }
    if (key === 'parallel') return this.parallel(words, start, end, [...wrappers, name]);
    if (key === 'eval') return end > start + 1 ? [{ kind: 'joined', start: start + 1, end, wrappers: [...wrappers, name] }] : [self];
    if (key === 'watch') {
      const watched = watchCommand(slice);
      if (!watched) return [self];
      return watched.exec ? inner(watched.index) : [{ kind: 'joined', start: start + watched.index, end, wrappers: [...wrappers, name] }];
    }
    if (key === 'trap') {
      const action = slice[1] && !slice[1].value.startsWith('-') && slice.length > 2 ? start + 1 : undefined;
      return action === undefined ? [self] : [self, { kind: 'script', index: action, skip: 0, wrappers: [...wrappers, name] }];
    }
    if (key === 'alias') {
      const items: PlanItem[] = [self];
      for (let i = start + 1; i < end; i++) {
        const eq = words[i]!.value.indexOf('=');
        if (eq > 0) items.push({ kind: 'script', index: i, skip: eq + 1, wrappers: [...wrappers, name] });
      }
      return items;
    }
    const debugged = debuggedCommand(key, slice);
    if (debugged !== undefined) return [self, ...inner(debugged)];
    if (key === 'find') return [self, ...findExecs(slice).flatMap(([from, to]) => this.plan(words, start + from, start + to, [...wrappers, name]))];
    if (key === 'busybox' || key === 'toybox') return end > start + 1 ? inner(1) : [self];
    const su = Object.hasOwn(SU_LIKE, key) ? SU_LIKE[key] : undefined;
    if (su) {
      const found = unwrap(su, slice, true);
      // `script -q FILE -c CMD`: the file it writes is judged on the wrapper as a command of its own (red team R31-5).
      const writes: PlanItem[] = wrapperWrites(su, slice) ? [self] : [];
      if (found.kind === 'string') return [...writes, { kind: 'script', index: start + found.index, skip: found.skip, wrappers: [...wrappers, name] }];
      // `su` / `su - root` without -c: a login shell reading stdin; `script [FILE]` without -c runs $SHELL
      // on what its stdin gives (`echo 'rm -r build' | script -q /dev/null`, red team R9-3).
      return found.kind === 'command' && key !== 'script' ? inner(found.index) : [{ ...self, stdin: 'shell' }];
    }
    // `coproc NAME { CMDS; }`: the group after the name (see `{` above).
    if (key === 'coproc' && start + 2 < end && words[start + 2]!.raw.text === '{') return inner(2);
    const spec = Object.hasOwn(WRAPPERS, key) ? WRAPPERS[key] : undefined;
    if (spec) {
      const found = unwrap(spec, slice);
      // `env -S TEXT ARGS...` splits TEXT into env's own words in place and appends ARGS (red team R17-11: `env -S git
      // push origin` ran `git push origin`; fix39: `env -S "-i sh" x` is `env -i sh x`): read again as env's line.
      if (found.kind === 'string' && key === 'env') {
        const text = envSplit(slice.map((word) => (word.dynamic ? word.raw.text : word.value)), found).join(' ');
        return [{ kind: 'text', text, wrappers }];
      }
      // `flock -n FILE -c CMD`: the wrapper's own written file is judged beside the string it runs (R32-7).
      if (found.kind === 'string') return [...(wrapperWrites(spec, slice.slice(0, found.index)) ? [{ ...self, end: start + found.index }] : []), { kind: 'script', index: start + found.index, skip: found.skip, wrappers: [...wrappers, name] }];
      if (found.kind === 'command' && key === 'xargs') return this.xargs(words, start, end, wrappers, found.index, inner(found.index, { xargs: true }));
      // `env GIT_SSH_COMMAND='…' git fetch`: a variable the program runs as a command (command-variables.ts).
      if (found.kind === 'command' && key === 'env') return [...commandAssignments(slice.slice(1, found.index), [...wrappers, name]), ...inner(found.index)];
      // `strace -o FILE CMD`, `time -o FILE CMD`: the wrapper's own words are judged as a command too (red team R31-5).
      if (found.kind === 'command' && wrapperWrites(spec, slice.slice(0, found.index))) return [{ ...self, end: start + found.index }, ...inner(found.index)];
      if (found.kind === 'command') return inner(found.index);
      // `sudo -s`, `sudo -i`, `doas -s` with no command: a shell reading stdin.
      if ((key === 'sudo' || key === 'doas' || key === 'run0') && slice.some((word, i) => i > 0 && /^-[a-zA-Z]*[si]$/.test(word.value))) return [{ ...self, stdin: 'shell' }];
    }
    return [self];
  }

  // Options of xargs that keep a literal input as one call's words; any other (`-n1`, `-L`, `-0`, `-d`, `-s`, an
  // option codeward does not know) may split or read the input otherwise: its words are only known at run time.
  // `xargs -I{} CMD`: each input line replaces `{}`. Where that is code (a shell's script, an interpreter's
  // program, a command name, find -exec's command), the xargs command is marked so it is judged dynamic.
  private xargs(words: readonly Preview[], start: number, end: number, wrappers: string[], index: number, items: PlanItem[]): PlanItem[] {
    // `xargs -a FILE` / `--arg-file=FILE` reads FILE: the xargs command itself is judged too.
    const argFile = words.slice(start + 1, start + index).some((word) => /^(?:-[^-]*a|--a)/.test(word.value));
    const self: PlanItem = { kind: 'command', start, end, wrappers };
    const splits = words.slice(start + 1, start + index).some((word) => word.value.startsWith('-') && !KEEPS_ONE_CALL.test(word.value));
    for (const item of items) {
      if (item.kind !== 'command') continue;
      if (argFile) item.input = 'the words xargs reads from its argument file';
      else if (splits) item.input = 'the words xargs reads from its input, split by its options';
    }
    const replace = xargsReplace(words.slice(start, start + index));
    if (replace === undefined) return argFile ? [self, ...items] : items;
    // `echo 'rm -rf ~' > l; xargs -a l -I{} sh -c {}`: input from a file this line wrote.
    let inputPath: string | undefined;
    for (let i = start + 1; i < start + index; i++) {
      const word = words[i]!;
      const attached = /^(?:--a[a-z-]*=|-[^-=]*a)(.+)$/.exec(word.value);
      if (!word.dynamic && attached) inputPath = attached[1];
      else if (/^(?:-[^-]*a|--a[a-z-]*)$/.test(word.value) && words[i + 1] && !words[i + 1]!.dynamic) inputPath = words[i + 1]!.value;
    }
    const inputFile = inputPath === undefined ? undefined : this.context.writtenFile(inputPath);
    for (const item of items) {
      if (item.kind === 'command' || item.kind === 'script') item.replace = replace;
      if (item.kind === 'script' && inputFile !== undefined) item.inputFile = inputFile;
    }
    const has = (i: number): boolean => words[i]!.raw.text.includes(replace);
    const code = items.some((item) => {
      if (item.kind === 'script') return has(item.index);
      if (item.kind === 'joined') return words.slice(item.start, item.end).some((word) => word.raw.text.includes(replace));
      if (item.kind === 'text') return item.text.includes(replace);
      if (item.kind !== 'command') return false;
      const name = baseName(words[item.start]!.value).toLowerCase();
      const runsCode = SHELLS.has(name) || INTERPRETERS.has(name) || languageOf(name) !== undefined;
      return has(item.start) || (runsCode && words.slice(item.start + 1, item.end).some((word) => word.raw.text.includes(replace)));
    });
    return code ? [{ ...self, xargsCode: true }, ...items] : argFile ? [self, ...items] : items;
  }

  // GNU parallel: `parallel [options] CMD ::: ARGS` runs CMD with each argument; without CMD each argument
  // is a command line.
  private parallel(words: readonly Preview[], start: number, end: number, wrappers: string[]): PlanItem[] {
    const self: PlanItem = { kind: 'command', start, end, wrappers: wrappers.slice(0, -1) };
    const separator = words.findIndex((word, i) => i > start && i < end && /^:::+$/.test(word.value));
    const stop = separator < 0 ? end : separator;
    let i = start + 1;
    while (i < stop && words[i]!.value.startsWith('-')) i += /^-(?:[jSPnNLlsdaEI]|-jobs|-sshlogin|-max-args|-delimiter|-arg-file)$/.test(words[i]!.value) ? 2 : 1;
    const args: readonly [number, number] | undefined = separator < 0 ? undefined : [separator + 1, end];
    // `::::` names files whose lines are the arguments; without `:::` they come from stdin or `-a FILE`.
    const literal = args !== undefined && words[separator]!.value === ':::';
    const input = literal ? {} : { input: 'the words parallel reads from its input or argument files' };
    if (i < stop) return [self, ...this.plan(words, i, stop, wrappers).map((item) => (item.kind === 'command' ? { ...item, ...(args ? { extra: args } : {}), ...input } : item))];
    // No command and no `:::`: each input line is a command line (`echo 'rm -r build' | parallel`), read
    // from stdin unless an argument file other than stdin is named (red team R9-3).
    const argFile = words.findIndex((word, k) => k > start && k < stop && /^(?:-a|--arg-file)$/.test(word.value));
    const fromFile = argFile > 0 && !['-', '/dev/stdin'].includes(words[argFile + 1]?.value ?? '-');
    if (!args) return fromFile ? [self] : [{ ...self, stdin: 'shell' }];
    const items: PlanItem[] = [self];
    for (let k = args[0]; k < args[1]; k++) items.push({ kind: 'script', index: k, skip: 0, wrappers });
    return items;
  }
}

// The replace string of `xargs -I R`, `-iR`, `-i`, `--replace[=R]` (GNU) or `-J R` (BSD), if any.
const KEEPS_ONE_CALL = /^-(?:[rtpx]+|-no-run-if-empty|-verbose|-interactive|-exit)$/;

export function xargsReplace(words: readonly WordLike[]): string | undefined {
  let replace: string | undefined;
  for (let i = 1; i < words.length; i++) {
    const value = words[i]!.value;
    if (value === '--') break;
    if (value === '--replace' || value.startsWith('--replace=')) {
      replace = value.length > 10 ? value.slice(10) : '{}';
      continue;
    }
    if (!/^-[^-]/.test(value)) continue;
    for (let k = 1; k < value.length; k++) {
      const letter = value[k]!;
      const rest = value.slice(k + 1);
      if (letter === 'I' || letter === 'J') replace = rest !== '' ? rest : words[++i]?.value;
      else if (letter === 'i') replace = rest !== '' ? rest : '{}';
      else if ('aEdLnPsRS'.includes(letter) && rest === '') i++;
      else if (!'aEdLnPsRSel'.includes(letter)) continue;
      break;
    }
  }
  return replace === '' ? undefined : replace;
}
