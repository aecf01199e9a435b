// A simple command's words as the planner reads them: the commands it records (wrappers stripped) and
// the code it hands on (shell strings, stdin fed to a shell or an interpreter, xargs input, files it runs).
import type { Redirection, ShellWord, SimpleCommand } from './parse-types.js';
import type { SyntaxNode as Node } from './parse-syntax.js';
import { staticStdout } from './parse-stdin.js';
import { UNKNOWN, childScope, scriptText, staticWord, type Scope } from './parse-walk-values.js';
import { groupWords, readWords } from './parse-words.js';
import { languageOf, spawnedCommands } from './parse-inline.js';
import { baseName, previewOf, type Preview } from './parse-plan.js';
import { assignedCandidates, optionSplices, type Assigned } from './option-variables.js';
import { cappedLine, guessedStarts } from './parse-launch-guess.js';
import type { WalkOps } from './parse-walk-ops.js';
import { canonicalPreviews } from './long-canon-previews.js';
import { canonicalLongText } from './long-canon-text.js';
import { keywordAfter, keywordFor } from './parse-walk-keyword.js';
import { builtinAssignments, coprocAssignments } from './parse-walk-builtin-assigns.js';

const PACKAGE_RUNNERS = new Set(['npx', 'bunx']);
// Input lines of `xargs -I{} sh -c {}` read into the script (each is one more parse).
const MAX_XARGS_LINES = 8;
// Words of a static stdin appended to xargs' command.
const MAX_STDIN_WORDS = 64;

// The words a program reads from its option variables, put after its name (option-variables.ts): a known word
// as a quoted literal, a run-time value as a word of no known value.
function withOptionVariables(previews: Preview[], assigned: readonly Assigned[], shells: string[]): Preview[] {
  let out = previews;
  for (const splice of optionSplices(previews.map((preview) => preview.value), assigned, shells).reverse()) {
    // A run-time value after a known option (`--call=` + `$npm_config_call`) keeps the option as its literal part.
    const words = splice.words.map(({ value, known, prefix = '' }): Preview => previewOf(known ? { text: value, parts: [{ kind: 'literal', value, quoted: true }] } : { text: prefix + value, parts: [...(prefix === '' ? [] : [{ kind: 'literal', value: prefix, quoted: true } as const]), { kind: 'dynamic', text: value, nested: [] }] }));
    out = [...out.slice(0, splice.at), ...words, ...out.slice(splice.at)];
  }
  return out;
}

// Walks one simple command; returns its static stdout when known (for the next pipeline stage).
export function simple(walk: WalkOps, wordNodes: readonly Node[], redirectNodes: readonly Node[], text: string, outer: Scope, pipeStdin: string | undefined, assigned: readonly Assigned[] = []): string | undefined {
  // The command's environment: what the line exported so far, what the commands it runs under set, its own
  // prefix assignments; the programs it starts (a shell's line, a guess) inherit the latter two.
  const scope: Scope = assigned.length === 0 ? outer : { ...outer, env: [...(outer.env ?? []), ...assigned] };
  const shells: string[] = [];
  const previews = canonicalPreviews(withOptionVariables(groupWords(wordNodes, scope.source).flatMap((group) => readWords(group, scope.source)).map(previewOf), [...walk.state.environment, ...(scope.env ?? [])], shells));
  // `make SHELL=./x`: each recipe line is run by a program only known at run time (R20-7).
  for (const make of shells) walk.script('"$RECIPE_SHELL"', { ...childScope(scope), wrappers: [...scope.wrappers, make] });
  if (previews.length === 0) {
    walk.redirects(redirectNodes, scope, false);
    return undefined;
  }
  const plan = walk.planner.plan(previews, 0, previews.length, []);
  const shellStdin = plan.some((item) => item.kind === 'command' && (item.stdin === 'shell' || item.stdin === 'guess'));
  // Words handed to a shell as code are parsed there; their substitutions are walked once, inside.
  const asCode = new Set<number>();
  for (const item of plan) {
    if (item.kind === 'script') asCode.add(item.index);
    if (item.kind === 'joined') for (let i = item.start; i < item.end; i++) asCode.add(i);
  }
  const words = previews.map((preview, index) => walk.state.resolve(preview.raw, scope, !asCode.has(index)));
  coprocAssignments(walk, words, text, scope);
  const { list: redirections, stdin: hereStdin } = walk.redirects(redirectNodes, scope, shellStdin);
  const stdin = hereStdin === null ? undefined : (hereStdin ?? pipeStdin);
  const allStdinWords = stdin === undefined ? [] : stdin.split(/\s+/).filter(Boolean);
  const stdinWords = allStdinWords.slice(0, MAX_STDIN_WORDS);
  // xargs reads quotes and backslashes in its input (`pu""sh` is push), and words past the bound are cut:
  // such a literal input is read as words only known at run time (R15-1).
  const stdinExact = stdin !== undefined && allStdinWords.length <= MAX_STDIN_WORDS && !/["'\\]/.test(stdin);
  // A program the planner does not know (or a package manager's tail): the lines its words may start, each
  // parsed as a line of its own, with the static stdin the program would pass on.
  // Also behind a wrapper (`nice foo sh -c ...`, `timeout 5 foo git push`: issue 26) and a package runner
  // (`npx some-runner -- git push`: red team R17-17, which fetches and runs a program codeward cannot know): the
  // words from its name on. Inside a guess only behind a package runner: a guess's own wrapped unknown programs
  // would guess again and multiply past the parser's budget (`u0 env u1 env u2 ...`), while the words they hold
  // were already guessed from the outer program's (each starter word is a tail of its own there); but a spaced
  // word they hold is new text (R20-15: `mytool 'nice mytool "git push"'`): its texts are guessed (textsOnly).
  const only = plan.length === 1 && plan[0]!.kind === 'command' ? plan[0]! : undefined;
  const textsOnly = only !== undefined && only.start > 0 && scope.guessed === true && !only.wrappers.every((wrapper) => PACKAGE_RUNNERS.has(wrapper));
  const guessable = only !== undefined;
  const alone = guessable ? only : undefined;
  const named = alone ? previews.slice(alone.start, alone.end) : [];
  const pipedIn = scope.pipes.length > 0 && scope.pipes[scope.pipes.length - 1]!.index > 0;
  const guessed = alone ? guessedStarts(named, stdin !== undefined || hereStdin === null || pipedIn, textsOnly) : [];
  const launchScope = { ...childScope(scope), viaShell: scope.viaShell, guessed: true, wrappers: [...scope.wrappers, ...(alone?.wrappers ?? []), baseName(named[0]?.value ?? '')] };
  const wordsFrom = (k: number): string => named.slice(k).map((preview) => preview.raw.text).join(' ');
  const tailText = (tail: Exclude<(typeof guessed)[number], { capped: number }>): string => ('text' in tail ? tail.text : wordsFrom(tail.index));
  // A spaced word that does not parse as a line is data (`mytool "a (b"`: a shell runs none of it); one of several
  // lines is kept (a shell runs the lines before the error), and so is one past the budget (the unparsed line
  // detached() makes of it): both fail closed.
  const launches = guessed.flatMap((tail) => {
    if ('capped' in tail) return [cappedLine(wordsFrom(tail.capped))];
    const line = walk.detached(tailText(tail), launchScope, stdin);
    // A spaceless text was guessed for an expansion that splits it (`{git,push}`, `${IFS}`): the grammar's
    // recovery of a brace word is not ok, yet bash runs it (R20-2), so it is kept.
    return 'word' in tail && !line.ok && /\s/.test(tail.text) && !tail.text.includes('\n') && !walk.overBudget() ? [] : [line];
  });
  let primary: SimpleCommand | undefined;
  for (const item of plan) {
    if (item.kind === 'command') {
      let itemWords = words.slice(item.start, item.end);
      if (item.extra) itemWords = [...itemWords, ...words.slice(item.extra[0], item.extra[1])];
      // xargs appends its input lines: known when they are a literal text piped in; otherwise (a file, a
      // stream only known at run time, or lines put in place of `-I{}`) they are words of no known value.
      const input = item.input ?? (item.xargs && (!stdinExact || item.replace !== undefined) ? 'the words xargs reads from its input' : undefined);
      if (item.xargs) itemWords = [...itemWords, ...stdinWords.map(staticWord)];
      const program = item.stdin === 'program' ? stdin : item.programFile !== undefined ? walk.state.fileText(item.programFile) : undefined;
      const runsStdin = item.stdin === 'shell' || item.stdin === 'program';
      // The program comes from the previous pipeline stage (static or not: `base64 -d x | sh`, `env | bash`).
      const piped = runsStdin && hereStdin === undefined && scope.pipes.length > 0 && scope.pipes[scope.pipes.length - 1]!.index > 0;
      // After `set -k` every NAME=VALUE word of the command is in its environment, not only the prefix (R31-3).
      const env = commandEnv([...walk.state.environment, ...(scope.env ?? [])], words.slice(0, keywordFor(walk.state, scope) ? item.end : item.start));
      const command = emit(walk, itemWords, item.wrappers, canonicalLongText(text), scope, redirections, { ...(env.length > 0 ? { env } : {}), stdinScript: runsStdin, ...(program !== undefined ? { stdinProgram: program } : {}), ...(piped ? { pipedProgram: true } : {}), ...(item.xargsCode ? { xargsCode: true } : {}), ...(input !== undefined ? { input: { source: input, appended: item.xargs ? stdinWords.length : 0, ...(item.replace !== undefined ? { replace: item.replace } : {}) } } : {}), ...(primary === undefined && launches.length > 0 ? { launches } : {}) });
      primary ??= command;
      if ((item.stdin === 'shell' || item.stdin === 'guess') && stdin !== undefined) {
        walk.script(stdin, { ...childScope(scope), wrappers: [...scope.wrappers, ...item.wrappers, command.name ?? words[item.start]!.text] });
      }
      // A program read from static stdin (`python3 <<EOF`, `echo '...' | node`): the commands it spawns.
      const language = program !== undefined && command.name !== null ? languageOf(command.name) : undefined;
      if (language) {
        for (const spawned of spawnedCommands({ language, code: program! }).commands) {
          walk.script(spawned, { ...childScope(scope), wrappers: [...scope.wrappers, ...item.wrappers, command.name!] });
        }
      }
    } else if (item.kind === 'script') {
      const raw = previews[item.index]!.raw;
      let positional = item.positional ? words.slice(item.positional[0], item.positional[1]).map((word) => word.candidates[0] ?? UNKNOWN) : undefined;
      if (item.xargs && stdinWords.length > 0) positional = [...(positional ?? [UNKNOWN]), ...stdinWords];
      // `xargs -I{} sh -c '$1' _ {}`: the first static input line in place of the replace string.
      const firstLine = stdin?.split('\n').map((l) => l.trim()).find(Boolean);
      if (item.replace !== undefined && firstLine !== undefined && positional) positional = positional.map((p) => p.split(item.replace!).join(firstLine));
      const code = scriptText(raw).slice(item.skip);
      const inner = { ...childScope(scope), wrappers: [...scope.wrappers, ...item.wrappers], ...(positional ? { positional } : {}) };
      walk.script(code, inner);
      // `echo 'rm -rf ~' | xargs -I{} sh -c {}`: each static input line in place of the replace string.
      const replace = item.replace;
      const input = item.inputFile !== undefined ? walk.state.fileText(item.inputFile) : stdin;
      if (replace !== undefined && input !== undefined && code.includes(replace)) {
        for (const line of input.split('\n').map((l) => l.trim()).filter(Boolean).slice(0, MAX_XARGS_LINES)) walk.script(code.split(replace).join(line), inner);
      }
    } else if (item.kind === 'joined') {
      const joined = previews.slice(item.start, item.end).map((preview) => scriptText(preview.raw)).join(' ');
      walk.script(joined, { ...childScope(scope), wrappers: [...scope.wrappers, ...item.wrappers] });
    } else if (item.kind === 'text' && item.runtime !== undefined) {
      // A word that may be an option at run time: a command whose name is only known then (its text is not
      // parsed: a value the line gave the variable is not the one a planted file or the caller gives it).
      const word: ShellWord = { text: item.text, value: '', dynamic: true, glob: false, parts: [{ kind: 'dynamic', text: item.text }], candidates: [UNKNOWN] };
      emit(walk, [word], item.wrappers, item.text, scope, [], { runtime: item.runtime });
    } else if (item.kind === 'text') {
      walk.script(item.text, { ...childScope(scope), wrappers: [...scope.wrappers, ...item.wrappers] });
    } else {
      walk.script(walk.state.fileText(item.path) ?? '', { ...childScope(scope), wrappers: [...scope.wrappers, ...item.wrappers] });
    }
  }
  if (!primary || plan.length !== 1 || primary.dynamic) return undefined;
  const out = staticStdout(primary.name, primary.args, stdin);
  if (out !== undefined) walk.state.rememberFiles(primary, redirections, out);
  return out;
}

// The command's environment as the line sets it: the walker's, then each `NAME=VALUE` word before its name (`env
// X=1 nice git ...`: a wrapper's assignment; reading every such word fails closed, as option-variables.ts does).
// Any name env takes (not only an identifier: `env 'LINK.c=./mk' make x` hands make a variable it reads; R46-6).
function commandEnv(assigned: readonly Assigned[], before: readonly ShellWord[]): Assigned[] {
  const out = [...assigned];
  for (const word of before) {
    const named = /^([^\s=-][^\s=]*)=(.*)$/s.exec(word.value);
    if (named) out.push({ name: named[1]!, value: named[2]!, dynamic: word.dynamic, candidates: assignedCandidates(named[1]!, word.candidates) });
  }
  return out;
}

// Records one command (its name, words, wrappers, redirections and where it stands on the line).
export function emit(walk: WalkOps, words: readonly ShellWord[], wrappers: readonly string[], text: string, scope: Scope, redirections: readonly Redirection[], extra: Pick<SimpleCommand, 'env' | 'stdinScript' | 'stdinProgram' | 'pipedProgram' | 'xargsCode' | 'launches' | 'input' | 'runtime'> = {}, declared = false): SimpleCommand {
  const first = words[0]!;
  const unknown = first.dynamic || first.glob;
  const command: SimpleCommand = {
    name: unknown ? null : baseName(first.value),
    rawName: unknown ? null : first.value,
    args: words.slice(1).map((word) => word.value),
    dynamic: unknown || words.some((word) => word.dynamic),
    text,
    wrappers: [...scope.wrappers, ...wrappers],
    ...(scope.viaShell ? { viaShell: true } : {}),
    ...(extra.env ? { env: extra.env } : {}),
    ...(extra.stdinScript ? { stdinScript: true } : {}),
    ...(extra.stdinProgram !== undefined ? { stdinProgram: extra.stdinProgram } : {}),
    ...(extra.pipedProgram ? { pipedProgram: true } : {}),
    ...(extra.xargsCode ? { xargsCode: true } : {}),
    ...(extra.input ? { input: extra.input } : {}),
    ...(extra.launches ? { launches: extra.launches } : {}),
    ...(extra.runtime !== undefined ? { runtime: extra.runtime } : {}),
    ...(walk.state.cdableVars ? { cdableVars: true } : {}),
    ...(walk.state.physicalCd ? { physicalCd: true } : {}),
    ...(scope.substituted ? { substituted: true } : {}),
    words,
    redirections,
    pipes: scope.pipes,
    background: scope.background,
    ...(scope.functionName === undefined ? {} : { functionName: scope.functionName }),
    loop: scope.loop,
    depth: scope.depth,
  };
  walk.commands.push(command);
  keywordAfter(walk.state, walk.functions, command, command.wrappers.every((wrapper) => wrapper === 'builtin' || wrapper === 'command') ? scope : { ...scope, straight: false });
  // The names it assigns (`read X`, `printf -v X`, `unset X`, `local X` ...: assigned-names.ts), and `let`'s
  // (`declared`: a declaration node, whose values parse-walk-assign.ts walked).
  builtinAssignments(walk, command, scope, declared);
  if (command.name === 'set' && command.args[0] === '--') walk.state.positional = [UNKNOWN, ...words.slice(2).map((word) => word.candidates[0] ?? UNKNOWN)];
  return command;
}
