// When the hook walk cannot know what a line runs (red team round 11, R11-6: instance fixes did not converge,
// each round found the next runner or spelling): a program codeward does not model (`rye run`, `pixi run`,
// `mise run`, `cargo make`, `gulp`, any tool it has no table for), or a modeled one whose file or folder is only
// known at run time (`sh $f`, `$(MAKE) -C pkgs/$$d`, `cd $D`). obeyed-hooks.ts then obeys every runner-executed
// file kind of the work tree (hook-fallback.ts, runner-kinds.ts) instead of the files it could follow.
import { basename } from 'node:path';
import { isFolderChange, readCd } from '../shell/cd-operand.js';
import { shCommands } from '../shell/sh-tokens.js';
import { moduleFiles } from './python-files.js';
import { toolchainArgs, toolchainName } from './hook-toolchains.js';
import { jsRunnerArgs } from './hook-js-runners.js';
import { monorepoArgs } from './hook-monorepo-args.js';
import { assignedWhy, lineAssignments } from './hook-assigned.js';
import { FRONT_ENDS, frontEndRun } from './hook-python-front-ends.js';
import { pmRunner } from './hook-pm-runners.js';
import { lineValues } from './hook-line-values.js';
import { withAliases } from '../shell/program-aliases.js';
import { readEnv } from '../shell/env-words.js';
import { family, scriptOperand } from './hook-fed-operands.js';

// Programs that run no file of the work tree: the shell's own words, text and file utilities, git (its
// configuration and hooks are judged by the git catalogue), and checkers/formatters without code plugins.
export const INERT = new Set([
  ':', '[', '[[', 'alias', 'basename', 'break', 'cat', 'chmod', 'cmp', 'comm', 'continue', 'cp', 'cut', 'date', 'diff', 'dirname', 'echo', 'exit', 'export',
  'expr', 'false', 'file', 'find', 'grep', 'egrep', 'fgrep', 'head', 'hash', 'id', 'ln', 'local', 'ls', 'mkdir', 'mktemp', 'mv', 'popd', 'printf', 'pwd', 'read',
  'readlink', 'readonly', 'realpath', 'return', 'rg', 'rm', 'rmdir', 'sed', 'awk', 'set', 'shift', 'sleep', 'sort', 'stat', 'tail', 'tee', 'test', 'touch',
  'tput', 'tr', 'trap', 'true', 'type', 'umask', 'uname', 'uniq', 'unset', 'wait', 'wc', 'which', 'whoami', 'git', 'git-lfs', 'gofmt', 'shellcheck', 'shfmt',
  'black', 'isort', 'ruff', 'tsc', 'clang-format', 'rustfmt', 'yamllint', 'codespell', 'typos', 'gitleaks', 'hadolint', 'markdownlint',
]);
// Runners whose task files and configuration codeward follows (obeyed-hooks.ts and its hook-*.ts).
const MODELED = withAliases([
  'npm', 'yarn', 'pnpm', 'bun', 'turbo', 'lerna', 'nx', 'make', 'just', 'task', 'composer', 'deno', 'pdm', 'poe', 'hatch', 'tox', 'nox', 'invoke',
  'jest', 'vitest', 'mocha', 'ava', 'playwright', 'pytest', 'py.test', 'eslint', 'prettier', 'stylelint', 'lint-staged', 'lefthook', 'pre-commit', 'pre_commit', 'commitlint',
  // The folder it runs is followed like a loop's (hook-spelling.ts loopedOver).
  'run-parts',
]);
// A Python module of the work tree (`tools.check`, an entry point `tools.l:main`): the walk follows its files.
const pythonModule = (word: string, isFile: (word: string) => boolean): boolean =>
  /^[A-Za-z_][\w.]*(?::[\w.]+)?$/.test(word) && moduleFiles(word.replace(/:.*$/, ''), true).some(isFile);
// Interpreters: their first operand is the file they run (followed), `-c`/`-e` text a line of its own.
const INTERPRETERS = withAliases(['sh', 'bash', 'zsh', 'dash', 'ksh', 'node', 'python', 'python3', 'python2', 'ruby', 'perl', 'php', 'tsx', 'ts-node', '.', 'source']);
const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh']);
// Launchers: the program is their first operand (options, assignments and a timeout's duration skipped).
const LAUNCHERS = new Set(['exec', 'command', 'builtin', 'nice', 'nohup', 'time', 'timeout', 'stdbuf', 'sudo', 'doas', 'xargs', 'npx', 'bunx', 'pnpx', 'uvx', 'then', 'do', 'else', 'elif', 'if', 'while', 'until', '!', '{']);
// `npm exec X`, `uv run X` ...: the sub-commands that launch their operand.
const SUB: Readonly<Record<string, readonly string[]>> = { npm: ['exec', 'x'], pnpm: ['exec', 'dlx'], yarn: ['exec', 'dlx'], bun: ['x'], uv: ['run'], poetry: ['run'], pipenv: ['run'], bundle: ['exec'], go: ['tool'] };
// Options whose value decides where a modeled runner runs or what file it reads.
const PLACE = new Set(['-C', '--directory', '-f', '--file', '--makefile', '--prefix', '--dir', '--cwd', '-w', '--workspace']);
const REDIRECT = /(?:\d|&)?(?:<<<|<<-?|<>|<|>>|>\||>)&?\s*(?:"[^"]*"|'[^']*'|[^\s;&|()<>]+)/g;
const VALUED = new Set(['-p', '--package', '-u', '-s', '-k', '-n', '-I', '-L', '-P', '-a', '--arg-file']);

// Why the simple command `words` (one command's words, quotes removed) is not fully known, or undefined.
function judge(words: readonly string[], isFile: (word: string) => boolean, defined: ReadonlySet<string>, set: ReadonlySet<string>, loops: ReadonlyMap<string, readonly string[]>): string | undefined {
  // A word only known at run time: a command substitution, or a variable the script itself sets (a loop's `$f`,
  // `D=pkgs/a; cd $D`). The person's environment (`. "$SIMPLE_GIT_HOOKS_RC"`) and git's arguments (`"$@"`,
  // `$1`) are not the model's to choose.
  const dynamic = (word: string): boolean => /\$\(|`/.test(word) || [...word.matchAll(/\$+\{?([A-Za-z_]\w*)/g)].some((found) => set.has(found[1]!));
  // A folder the line moves to or names as a runner's place: also one spelled with an expansion operator whose
  // default lineValues did not take (`${D:?}`), or a positional parameter the script sets itself (`set -- pkgs/b;
  // cd $1`, scriptVariables): the walk would move to a folder literally so named (red team R24-7). A program or
  // file operand with those is read by the hook-fed model (hook-fed-state.ts positionals).
  // A program or interpreter operand that is exactly a `for` loop's variable over static words (`for f in
  // test/*.js; do node "$f"; done`): hook-fed.ts and hook-members.ts read each word (R25-13). Anything else built
  // from it (`pkgs/$d`, a place) stays only known at run time; as the program, each word must be a path (a
  // program looked up on PATH, `for t in eslint jest`, would bring its own configuration: not read here).
  const looped = (word: string, paths = false): boolean => {
    const list = loops.get(/^\$\{?([A-Za-z_]\w*)\}?$/.exec(word)?.[1] ?? '');
    return list !== undefined && list.length > 0 && (!paths || list.every((item) => item.includes('/')));
  };
  // A folder word with a glob (`cd tool?`, `make -C [t]ools`) names what the shell expands it to (R29-8).
  const dynamicPlace = (word: string): boolean => dynamic(word) || /[*?[]/.test(word) || /\$\{[A-Za-z_]\w*:?[-=+?]/.test(word) || [...word.matchAll(/\$+\{?([0-9@*#])/g)].some((found) => set.has(found[1]!));
  // A variable set for the line's program or the rest of the script whose value the walk cannot follow
  // (R14-7, hook-assigned.ts: a run-time value, a loader naming the whole folder); what it names is obeyed there.
  const set0 = lineAssignments(words);
  for (const word of set0.words) {
    const why = assignedWhy(word, set0.forProgram);
    if (why !== undefined) return why;
  }
  let i = 0;
  // A variable set for the program (`GOFLAGS=-toolexec=x go test`, `env RUSTC_WRAPPER=x cargo test`).
  let assigned = false;
  for (;;) {
    while (i < words.length && /^[A-Za-z_]\w*=/.test(words[i]!)) {
      i++;
      assigned = true;
    }
    const word = words[i];
    if (word === undefined || ['for', 'case', 'select', 'function', 'done', 'fi', 'esac', '}', 'in'].includes(word) || /^[\w-]+\)$/.test(word)) return undefined;
    const name = basename(word).replace(/(?<=.)@[^/]*$/, '');
    // An installed package's binary (`$dir/node_modules/lefthook-${os}/bin/lefthook`, lefthook's hook) is the
    // package manager's; a program the environment names (`"$LEFTHOOK_BIN"`) is the person's.
    if (dynamic(word) && !word.includes('/node_modules/') && !looped(word, true)) return `\`${word}\` (a program only known at run time)`;
    // A quoted command text (`npm exec -ws -c 'sh check.sh'`): a line of its own.
    if (/\s/.test(word.trim())) return unmodeled(word, isFile, defined, set, loops);
    if (word.includes('$')) return undefined;
    const rest = words.slice(i + 1);
    // `command -v X` looks X up, it does not run it.
    if (name === 'command' && ['-v', '-V'].includes(rest[0] ?? '')) return undefined;
    // uv/poetry/pipenv with their own options before `run` (`poetry -q run pytest`): read through the front-ends'
    // table (hook-python-front-ends.ts), which knows their options; the program it runs is judged next.
    const front = SUB[name] !== undefined && FRONT_ENDS[name] !== undefined ? frontEndRun(words.slice(i)) : undefined;
    if (front?.unknown !== undefined) return front.unknown;
    if (front?.does === 'run') {
      if (front.rest.length === 0) return undefined;
      i = words.length - front.rest.length;
      continue;
    }
    // npm-run-all / run-s / run-p / concurrently run package.json scripts (followed: hook-tasks.ts) and, for
    // concurrently, shell lines judged here; `corepack pnpm ...` is pnpm (R21-10).
    const runner = pmRunner(name, rest);
    if (runner?.unknown !== undefined) return runner.unknown;
    if (runner !== undefined && name === 'corepack') {
      i++;
      continue;
    }
    if (runner !== undefined) return runner.lines.map((line) => unmodeled(line, isFile, defined, set, loops)).find((why) => why !== undefined);
    // env's words as env reads them (shell/env-words.ts, the one reader: `-C dir`, `-S 'A=1 cmd'`, `-u X`, `--`): the
    // command it runs is judged next, with the assignments it sets for it; an option env does not have is not known.
    if (name === 'env') {
      const env = readEnv(words.slice(i));
      if (env.unknown !== undefined) return `\`${words.slice(i).join(' ')}\` (${env.unknown}: an option env does not have)`;
      return judge([...words.slice(0, i).filter((one) => /^[A-Za-z_]\w*=/.test(one)), ...env.assignments, ...env.command], isFile, defined, set, loops);
    }
    if (LAUNCHERS.has(name) || SUB[name]?.includes(rest[0] ?? '') === true) {
      i += 1 + (SUB[name] !== undefined ? 1 : 0);
      while (i < words.length && (words[i]!.startsWith('-') || (/^[A-Za-z_]\w*=/.test(words[i]!) && (assigned = true)) || (name === 'timeout' && /^\d/.test(words[i]!)))) i += VALUED.has(words[i]!) ? 2 : 1;
      continue;
    }
    // A toolchain (hook-toolchains.ts), also spelled as a path (`./gradlew`, `./mvnw`): modelled with the
    // sub-commands and options its row lists, with nothing set in its environment.
    const toolchain = toolchainName(name);
    if (toolchain !== undefined && !defined.has(word)) {
      const why = assigned ? `\`${words.slice(0, i + 1).join(' ')}\` (a variable set for ${name})` : toolchainArgs(toolchain, rest).unknown;
      if (why !== undefined) return why;
      return undefined;
    }
    if (word.includes('/') || defined.has(word)) return undefined;
    if (INTERPRETERS.has(name)) {
      // The one interpreter table's reading (hook-fed-operands.ts scriptOperand, issue 26: a private list here took
      // `node --title x $f`'s `x` for the script and missed `python3 -Bm tool`'s module).
      const read = scriptOperand(family(name), rest, name);
      // `python -m pytest`, `-mpre_commit`, `-Bm tool`: the module is the program.
      if (read.main !== undefined) {
        const after = [read.main.module, ...rest.slice(read.main.at + 1)];
        return isFile(after[0]!) || pythonModule(after[0]!, isFile) ? undefined : judge(after, isFile, defined, set, loops);
      }
      // `sh -c 'go generate ./...'`: the text is a line of its own (other languages' inline code is not shell).
      if (read.inline !== undefined && SHELLS.has(name)) return unmodeled(read.inline, isFile, defined, set, loops);
      if (read.code === true || read.script === undefined) return undefined;
      return dynamic(read.script) && !looped(read.script) ? `\`${name} ${read.script}\` (a file only known at run time)` : undefined;
    }
    // Any expansion in the folder fails closed, the person's environment's too (`cd "$PKG" && ./c.sh`: env31): the
    // later lines' relative names may then be any file of the tree.
    if (isFolderChange(name)) {
      // The operand as the one cd reader finds it (shell/cd-operand.ts: `cd -- D`, `pushd -n D`; R30-3); `cd -` is
      // its `unknown` (OLDPWD).
      const read = readCd([name, ...rest]);
      if (read?.kind === 'unknown') return `\`${[name, ...rest].join(' ')}\` (a folder only known at run time)`;
      const folder = read?.kind === 'folder' ? read.operand : undefined;
      return folder !== undefined && (dynamicPlace(folder) || folder.includes('$')) ? `\`cd ${folder}\` (a folder only known at run time)` : undefined;
    }
    if (MODELED.has(name)) {
      // A JS runner's options: an allow-list, anything else unmodelled (hook-js-runners.ts, R14-2).
      // turbo and nx also as a package manager's bin (`yarn turbo run test`, `pnpm nx test`).
      const bin = ['yarn', 'pnpm', 'bun'].includes(name) ? basename(rest[0] ?? '') : name;
      const js = jsRunnerArgs(name, rest) ?? monorepoArgs(bin, bin === name ? rest : rest.slice(1));
      if (js !== undefined) return js;
      const place = rest.find((arg, j) => (PLACE.has(rest[j - 1] ?? '') || [...PLACE].some((option) => arg.startsWith(`${option}=`))) && dynamicPlace(arg));
      return place === undefined ? undefined : `\`${name}\` with ${place} (a place only known at run time)`;
    }
    return INERT.has(name) || isFile(word) || (/[.:]/.test(word) && pythonModule(word, isFile)) ? undefined : `\`${name}\` (a runner codeward does not model)`;
  }
}

// Why a hook line runs something the walk cannot follow (the first reason), or undefined. `isFile`: whether
// a word names a file of the work tree (a script followed as it stands).
// `defined`: the shell functions the script defines (their bodies are lines of their own); `set`: the variables
// it assigns (scriptVariables).
export function unmodeled(line: string, isFile: (word: string) => boolean, defined: ReadonlySet<string> = new Set(), set: ReadonlySet<string> = new Set(), loops: ReadonlyMap<string, readonly string[]> = new Map()): string | undefined {
  // A redirection's file is not a command (`xargs sh < scripts/list`: hook-lists.ts reads the list).
  // An array assignment (`ARGS=(hook-impl --config=x)`, pre-commit's hook) runs nothing. A value the line set
  // before using it is known (hook-line-values.ts).
  for (const command of shCommands(lineValues(line, set).replace(REDIRECT, ' ').replace(/[A-Za-z_]\w*\+?=\([^)]*\)/g, ' '))) {
    const words = command.map((word) => word.text);
    const why = judge(words, isFile, defined, set, loops);
    if (why !== undefined) return why;
  }
  return undefined;
}

// The variables a script's lines assign: `NAME=`, `for NAME in`, `read [-r] NAME...`, `local`/`export NAME=`,
// `${NAME:=..}`, and the positional parameters (`1` ... `9`, `@`, `*`, `#`) after `set --`.
export function scriptVariables(lines: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const line of lines) {
    for (const found of line.matchAll(/(?:^|[\s;&|(])(?:local\s+|export\s+|readonly\s+)?([A-Za-z_]\w*)\+?=/g)) names.add(found[1]!);
    for (const found of line.matchAll(/\bfor\s+([A-Za-z_]\w*)\s+in\b/g)) names.add(found[1]!);
    // `: ${D:=pkgs/b}` assigns D; `set -- a b` / `set a b` sets the positional parameters (R24-7; only a place word
    // reads them: dynamicPlace).
    for (const found of line.matchAll(/\$\{([A-Za-z_]\w*):?=/g)) names.add(found[1]!);
    if (/(?:^|[\s;&|(])set\s+(?:--|[^-+\s])/.test(line)) for (const name of ['1', '2', '3', '4', '5', '6', '7', '8', '9', '@', '*', '#']) names.add(name);
    for (const found of line.matchAll(/\bread\s+((?:-\w+\s+)*)((?:[A-Za-z_]\w*\s*)+)/g)) for (const name of found[2]!.trim().split(/\s+/)) names.add(name);
  }
  return names;
}
