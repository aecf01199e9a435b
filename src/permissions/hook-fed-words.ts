// The words of a hook line as hook-fed.ts reads them: a word's value when known before the run, and the folders a
// `cd` moves the line's commands to.
import { join, normalize } from 'node:path';
import type { HereDoc, Token } from './hook-fed-lex.js';
import { expandBraces } from '../search/globs.js';

// What one hook line hands to interpreters and runners (hook-fed.ts reads it).
// A file the script writes (hook-fed-written.ts): the files whose text the writer copied into it (null: a writer
// codeward does not read), and which are globs.
export interface Written {
  readonly file: string;
  readonly from: readonly string[] | null;
  readonly globs?: readonly string[];
  // A folder copied or linked (cp -r, mv, ln): a file below `file` is the same path below each of `from` (R28-10).
  readonly tree?: boolean;
}

export interface Fed {
  // Files (relative to a folder of `folders`) an interpreter runs, present or not.
  readonly scripts: string[];
  // Folders (relative to where the line starts; '' first) the line's commands may run in.
  readonly folders: string[];
  // Local package specs a package runner runs (`npx ./tools/x`, `npm exec --package=file:x`): R20-3.
  readonly locals: string[];
  // The program names its commands start, and those a launcher or runner starts (npx may install them): hook-bins.ts.
  readonly programs: { name: string; launched: boolean }[];
  // Scripts written as a bare glob (`node tools/*.js`): bash runs what they match when the hook runs (R21-2).
  globs?: string[];
  // How the line's commands use each here-document body (fed23): run as a shell script, as another language's
  // code, or printed where no program reads it (`cat <<EOF` to the terminal). One not here: used some other way.
  heres?: Map<HereDoc, 'shell' | 'code' | 'data'>;
  // Files code given as text loads (`node <<EOF require('./x') EOF`, `python3 -c "exec(open('x').read())"`): what
  // they load in turn is followed like a script's (hook-runs.ts scriptLoads).
  loaded?: string[];
  // Files the commands write (`> build/all.sh`, `tee /tmp/x`, `cp a b`) and from what (hook-fed-written.ts, R26-10).
  wrote?: Written[];
  unknown?: string;
}

// The variables a reading knows (fed23): those the line set so far (a value known before the run, or undefined),
// and every name the script assigns anywhere (`F=`, `${F:=x}`, `read F`, `printf -v F`, `for F in`).
export interface Vars {
  readonly set: Map<string, string | undefined>;
  readonly assigned: ReadonlySet<string>;
  // A `for` loop's variable over static words (`for f in tools/*.js`): each of them (R25-13).
  readonly loops?: Map<string, readonly string[]>;
}
// A parameter expansion whose value codeward does not compute: `${V#p}`, `${V%s}`, `${V/a/b}`, `${V:1}`, `${#V}`, `${!V}`.
const OPERATED = /\$\{(?:[#!]|[A-Za-z_]\w*(?:[#%/^,@]|:(?![-=+?])))/;
const PARAMETER = /\$\{([A-Za-z_]\w*)(:?)([-=+?])([\w./@%+:=-]*)\}/g;
export const globbed = (word: Word | undefined): boolean => word !== undefined && /[*?[]/.test(word.value.slice(0, word.plain));

export type Word = Extract<Token, { kind: 'word' }>;
const MAX_FOLDERS = 16;
const MAX_BRACED = 16;

// A word's value when known before the run: static, or its substitutions are `echo`/`printf` of plain words.
export function known(word: Word, args: readonly string[] | undefined, vars?: Vars): string | undefined {
  if (word.subs.some((sub) => sub.process !== undefined)) return undefined;
  // bash's `~+` is $PWD (where the line runs); `~-` is $OLDPWD, only known at run time (R22-4).
  if (word.plain >= 2 && /^~[-+](?:\/|$)/.test(word.value)) return word.value[1] === '-' ? undefined : known({ ...word, value: '.' + word.value.slice(2), plain: word.plain - 1 }, args, vars);
  if (!word.dynamic) return word.value;
  // `$(which node)` / `$(command -v node)` is the program's name as found on PATH (red team R21-12); a parameter with
  // a default (`${F:-tools/x}`, `${NODE-node}`) is the value the line gave it, else its default, what bash reads
  // when the hook's environment does not set it (R21-2, R21-12); one the script sets elsewhere is not known (fed23).
  let value = word.value
    .replace(/\$\(\s*(?:which|command\s+-[vV]|type\s+-[pP])\s+([\w.@+-]+)\s*\)|`\s*(?:which|command\s+-[vV])\s+([\w.@+-]+)\s*`/g, (_, a?: string, b?: string) => a ?? b ?? '')
    .replace(PARAMETER, (whole: string, name: string, colon: string, op: string, other: string) => parameter(whole, name, colon === ':', op, other, vars))
    .replace(/\$\(\s*(?:echo|printf(?: --)?)\s+([\w./@%+:=-]+)\s*\)|`\s*(?:echo|printf)\s+([\w./@%+:=-]+)\s*`/g, (_, a?: string, b?: string) => a ?? b ?? '');
  if (args !== undefined) value = value.replace(/\$\{?([1-9])\}?/g, (_, n: string) => args[Number(n) - 1] ?? '');
  // `$F` / `${F}` the line set to a known value (`: ${F:=tools/x}; node $F`, R22-12).
  value = value.replace(/\$\{([A-Za-z_]\w*)\}|\$([A-Za-z_]\w*)/g, (whole: string, a?: string, b?: string) => vars?.set.get((a ?? b)!) ?? whole);
  return /[$`]/.test(value) ? undefined : value;
}
// A word whose value is only known at run time: a command substitution, an expansion codeward does not compute,
// a variable the script sets whose value the line does not know (fed23).
export const runTime = (word: Word, vars?: Vars): boolean =>
  word.subs.length > 0 ||
  OPERATED.test(word.value) ||
  (word.plain >= 2 && word.value.startsWith('~-')) ||
  // `$F` of a variable the script sets (the line does not know its value); `$1`/`$@` once the script sets them.
  [...word.value.matchAll(/\$\{([A-Za-z_]\w*)\}|\$([A-Za-z_]\w*)/g)].some((found) => scriptSet((found[1] ?? found[2])!, vars)) ||
  (vars?.assigned.has('@') === true && /\$(?:\{?[1-9]|[@*])/.test(word.value)) || [...word.value.matchAll(PARAMETER)].some((found) => parameter(found[0], found[1]!, found[2] === ':', found[3]!, found[4]!, vars) === found[0]);

const scriptSet = (name: string, vars: Vars | undefined): boolean => (vars?.set.has(name) === true ? vars.set.get(name) === undefined : vars?.assigned.has(name) === true);

// Text the shell expands before a program sees it (an unquoted here-document's body, fed23): each parameter
// expansion as the outer shell computes it (the inner program sees the value, not the expansion); one only known
// at run time becomes a substitution (its reader fails closed where it matters).
export function outerExpanded(text: string, vars: Vars): string {
  return text
    .replace(PARAMETER, (whole: string, name: string, colon: string, op: string, other: string) => {
      const value = parameter(whole, name, colon === ':', op, other, vars);
      return value === whole ? '$(:)' : value;
    })
    .replace(new RegExp(String.raw`${OPERATED.source}[^}]*\}`, 'g'), '$(:)');
}

// `${V:-d}` / `${V-d}` / `${V:=d}` / `${V=d}`: V's value when the line set it, else d when the script never sets V
// (the environment's, not the model's to choose); `${V:+x}` / `${V+x}`: x, what it is when V is set; `${V:?m}`: V.
// The expansion itself (unknown) when the script sets V where the line does not see it.
function parameter(whole: string, name: string, colon: boolean, op: string, other: string, vars: Vars | undefined): string {
  if (vars?.set.has(name) === true) {
    const value = vars.set.get(name);
    if (value === undefined) return whole;
    if (op === '+') return value === '' && colon ? '' : other;
    if (op === '?') return value;
    return value === '' && colon ? other : value;
  }
  if (vars?.assigned.has(name) === true) return whole;
  return op === '?' ? `$${name}` : other;
}

// A `cd`/`pushd` (or `env -C`): every folder reached so far, moved by it (chained: `cd a; cd b`).
export function moveTo(fed: Fed, word: Word | undefined, args: readonly string[] | undefined, cdpath: readonly string[] = []): void {
  if (word === undefined) return;
  // A folder spelled by a glob or a substitution (`cd tool?`, `cd [t]ools`, `cd $(echo tools)`) is not its text
  // (R29-8): the walk cannot tell which folder the shell reaches, so it fails closed.
  if (globbed(word) || word.subs.length > 0) return void (fed.unknown ??= `\`cd ${word.value}\` (a folder named by a glob or a substitution)`);
  const to = known(word, args);
  if (to === undefined) {
    if (runTime(word)) fed.unknown ??= `\`cd ${word.value}\` (a folder only known at run time)`;
    return;
  }
  if (to === '-' || to.startsWith('~') || to.startsWith('-')) return;
  // A CDPATH entry is searched for a name that does not start with `.` or `/` (R22-12).
  const bases = /^\.\.?(?:\/|$)/.test(to) ? [''] : ['', ...cdpath];
  for (const folder of [...fed.folders]) for (const base of bases) if (fed.folders.length < MAX_FOLDERS) fed.folders.push(normalize(join(folder, base, to)));
  if (fed.folders.length >= MAX_FOLDERS) fed.unknown ??= `more than ${MAX_FOLDERS} folders a \`cd\` may reach`;
}

// A word with a brace expansion (`tools/{a,b}.js`: bash runs both) as the words it becomes (fed21, found by
// hook-fed-lex-parity.test.ts); one whose braces may be quoted, a sequence (`{1..3}`) or more than MAX_BRACED
// words is `unknown` (the caller fails closed).
export function braced(fed: Fed, word: Word): Word[] {
  if (!word.brace || !/\{[^{}]*(?:,|\.\.)[^{}]*\}/.test(word.value)) return [word];
  const values = word.plain === word.value.length && !word.dynamic && !word.value.includes('..') ? expandBraces(word.value) : [];
  if (values.length === 0 || values.length > MAX_BRACED) {
    fed.unknown ??= `\`${word.value}\` (a brace expansion codeward does not read)`;
    return [word];
  }
  return values.map((value) => ({ ...word, value, plain: value.length, brace: false }));
}
