import type { Token } from './canonical-command.js';
import { isOption, npmRun, SCRIPT_RUNNERS, type OtherReading } from './canonical-scripts.js';
import { SAME_WORDS } from './front-ends.js';
import { sameProgram, withAliases } from '../shell/program-aliases.js';

// The same command read as another program that really runs (issue 26, red team R17-12, R17-13, R17-14): deny and
// ask rules name programs, so a rule on `npm run deploy*` must meet every program that runs that package script,
// and a rule on `git push*` every front-end that is git. Each reading is one more spelling (shell-subjects.ts);
// allow rules never see them.

// A package spec run by npx, npm exec, pnpm dlx, yarn dlx or bunx (`npm@10`, `@scope/tool@^2`, `npm@latest`) is the
// bin of that package: the name without its range (and scope), or the table's bin where the two differ. A name
// that is no spec and no row stays what it is.
const PACKAGE_BINS: Readonly<Record<string, string>> = {
  'dotenv-cli': 'dotenv',
  'npm-run-all2': 'npm-run-all',
  'del-cli': 'del',
  'trash-cli': 'trash',
  typescript: 'tsc',
  '@pnpm/exe': 'pnpm',
  '@yarnpkg/cli-dist': 'yarn',
};
const SPEC = /^((?:@[\w.-]+\/)?[\w.-]+)@[^@\s/]*$/;

// An `npm:` alias spec (`npm@npm:npm@10`, `x@npm:@scope/tool`) installs the aliased package: its bin (R18-13).
const ALIAS = /^(?:(?:@[\w.-]+\/)?[\w.-]+@)?npm:(.+)$/s;

export function packageProgram(word: string): string | undefined {
  const alias = ALIAS.exec(word)?.[1];
  if (alias !== undefined) return packageProgram(alias) ?? alias;
  const name = SPEC.exec(word)?.[1] ?? word;
  const row = name.toLowerCase();
  const bin = Object.hasOwn(PACKAGE_BINS, row) ? PACKAGE_BINS[row]! : name.replace(/^@[\w.-]+\//, '');
  return bin === word ? undefined : bin;
}

// A spec the table cannot map to a package (red team R18-13): a git or GitHub spec (`github:npm/cli`, the shorthand
// `npm/cli`, `git+https://...`), a URL, a tarball or a `file:` folder, optionally behind `name@`. Its bin may be any
// program, so the words after it are read as each program's (shell-subjects.ts: unclear readings). Only a command a
// package runner starts (its last wrapper) is one; at the top level, or in a script `npm run` runs, `npm/cli` is a
// path, so the shorthand counts under npm, pnpm, yarn and bun only when the line is their exec/x/dlx.
const SPEC_RUNNERS = new Set(['npx', 'bunx', 'pnpx']);
const PACKAGE_MANAGERS = new Set(['npm', 'pnpm', 'yarn', 'bun']);
const NAMED = '^(?:(?:@[\\w.-]+\\/)?[\\w.-]+@)?(?!npm:)';
const REMOTE = new RegExp(`${NAMED}(?:[a-z][\\w+.-]*:|.*\\.(?:tgz|tar\\.gz|tar)$)`, 'is');
const SHORTHAND = new RegExp(`${NAMED}(?!\\.\\.?\\/)[\\w.-]+\\/[\\w.-]+(?:#.*)?$`, 's');
export function unmappedSpec(raw: string | null, wrappers: readonly string[], text: string): boolean {
  const launcher = wrappers.at(-1) ?? '';
  if (raw === null || !(SPEC_RUNNERS.has(launcher) || PACKAGE_MANAGERS.has(launcher))) return false;
  return REMOTE.test(raw) || (SHORTHAND.test(raw) && (SPEC_RUNNERS.has(launcher) || /\s(?:exec|x|dlx)\s/.test(text)));
}

export type { OtherReading } from './canonical-scripts.js';

// npm-run-all (and its run-s / run-p): each operand before `--` is a script pattern it runs with `npm run`.
const RUN_ALL_VALUED = /^(?:--npm-path|--max-parallel)$/;
function runAll(tokens: readonly Token[]): OtherReading[] {
  const out: OtherReading[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.value === '--') break;
    if (isOption(token)) {
      if (RUN_ALL_VALUED.test(token.value)) i++;
      continue;
    }
    const read = npmRun(token.value, token.dynamic);
    if (read) out.push(read);
  }
  return out;
}

// concurrently's `npm:deploy` (also yarn:, pnpm:, bun:) is `npm run deploy` (its other words are shell lines the
// planner parses: parse-launch-runners.ts).
function concurrently(tokens: readonly Token[]): OtherReading[] {
  return tokens.flatMap((token) => {
    const short = /^(?:npm|yarn|pnpm|bun):(.+)$/s.exec(token.value);
    const read = short ? npmRun(short[1]!, token.dynamic) : undefined;
    return read ? [read] : [];
  });
}

// jj's global options with a value; `jj git push` pushes the same refs git would (a colocated repository).
const JJ_VALUED = /^(?:-R|--repository|--at-op|--at-operation|--color|--config|--config-toml|--config-file)$/;
function jj(tokens: readonly Token[]): OtherReading[] {
  let i = 0;
  while (i < tokens.length && isOption(tokens[i]!)) i += JJ_VALUED.test(tokens[i]!.value) ? 2 : 1;
  return tokens[i]?.value === 'git' && !tokens[i]!.dynamic ? [{ name: 'git', tokens: tokens.slice(i + 1) }] : [];
}

// Names whose words a reading here (or otherForms, or shell-subjects' git-COMMAND and node/corepack entries) may
// read as another program: an unknown program's word naming one may start a line a rule on that other program
// forbids (rule-heads.ts).
const FRONT_ENDS = withAliases([...Object.keys(SAME_WORDS), 'jj', 'npm-run-all', 'run-s', 'run-p', 'concurrently', 'pnpm', 'yarn', 'bun', 'node', 'corepack', ...Object.keys(SCRIPT_RUNNERS)]);
export function mayReadAsOther(name: string): boolean {
  const key = name.toLowerCase();
  return FRONT_ENDS.has(key) || packageProgram(name) !== undefined || /^git-[a-z]/.test(key);
}

// The other programs `name` with these words (the words after the name) is.
export function otherReadings(name: string, tokens: readonly Token[]): OtherReading[] {
  const key = name.toLowerCase();
  const bin = packageProgram(name);
  if (bin !== undefined) return [{ name: bin, tokens }];
  // hub wraps git and execs it with the same words.
  if (Object.hasOwn(SAME_WORDS, key)) return [{ name: SAME_WORDS[key]!, tokens }];
  if (key === 'jj') return jj(tokens);
  if (key === 'npm-run-all' || key === 'run-s' || key === 'run-p') return runAll(tokens);
  if (key === 'concurrently') return concurrently(tokens);
  return Object.hasOwn(SCRIPT_RUNNERS, sameProgram(key)) ? SCRIPT_RUNNERS[sameProgram(key)]!(tokens) : [];
}

// pnpm, yarn and bun pass the words after the script's name to the script (`yarn run build --x`); npm reads its
// options up to `--`, so the same run is `npm run build -- --x` (R24-5 depth: never `--x` as npm's option).
function npmPassed(rest: readonly string[]): string[] {
  const at = rest.findIndex((word) => !word.startsWith('-'));
  const after = rest.slice(at + 1);
  if (at < 0 || rest.includes('--') || !after.some((word) => word.startsWith('-'))) return [...rest];
  return [...rest.slice(0, at + 1), '--', ...after];
}

// Forms of a reading that are another command too: a package manager's `run X` is the package script X that
// `npm run X` runs (pnpm, yarn and bun read the same package.json), and git's bridges that publish commits to
// another system (`git p4 submit`, `git svn dcommit`) are a push.
export function otherForms(form: readonly string[]): string[][] {
  const [name, sub, ...rest] = form;
  if ((name === 'pnpm' || name === 'yarn' || name === 'bun') && sub === 'run' && rest.length > 0) return [['npm', 'run', ...npmPassed(rest)]];
  if (name === 'git' && ((sub === 'p4' && rest[0] === 'submit') || (sub === 'svn' && rest[0] === 'dcommit'))) return [['git', 'push', ...rest.slice(1)]];
  return [];
}
