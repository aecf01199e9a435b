// What the walker knows about the line so far: variables it saw assigned (flow-insensitive), positional
// parameters from `set --`, files written with static content; and how a word resolves against that.
import { posix } from 'node:path';
import type { Assigned } from './option-variables.js';
import type { Redirection, ShellWord, SimpleCommand, WordPart } from './parse-types.js';
import type { SyntaxNode as Node } from './parse-syntax.js';
import { hasGlob } from './parse-plan.js';
import { MAX_CANDIDATES, UNKNOWN, collapseUnknown, substitutionValues, type Scope } from './parse-walk-values.js';
import type { RawWord } from './parse-words.js';
import { INTERPRETERS, shortLetters } from './interpreter-table.js';
import { SHELLS } from './parse-wrappers.js';

// Walks a substitution node and returns the commands it holds (the walker owns the command list).
export type WalkSubstitution = (node: Node, scope: Scope) => SimpleCommand[];
// Records an assignment an expansion makes (`${NAME:=v}` in the word `text`: parse-walk-builtin-assigns.ts).
export type WalkAssigned = (entry: Assigned, text: string, scope: Scope) => void;

// allexport turned on by `set` or by a shell's own options (R32-2, R33-9), order-free: `set -a` (an `a` in a
// cluster), or a `set` word before `--` only known at run time (`set -$o`, `set -"$o"`, `set -$(echo a)`, `set $o`:
// any of them may be `-a`); a shell's `-a` after any of its options, read with the shell's own table (interpreter-table
// `sh`: `-O extglob`, `--rcfile f` take a value; `--norc`, `-e` do not), or a shell option only known at run time.
// Each option word reads ONE way (a cluster ending in a valued letter takes the next word; a long option is valued
// only by name), so a line of many options is read in linear time.
const SHELL_VALUED_LETTERS = shortLetters(INTERPRETERS['sh']!.valued.map((option) => option.replace(/^\+/, '-')));
const SHELL_VALUED_LONG = INTERPRETERS['sh']!.valued.filter((option) => option.startsWith('--')).map((option) => option.slice(2)).join('|');
const SHELL_OPTION =
  `(?:[-+][A-Za-z]*[${SHELL_VALUED_LETTERS}]\\s+\\S+|--(?:${SHELL_VALUED_LONG})\\s+\\S+|--(?!(?:${SHELL_VALUED_LONG})(?:\\s|$))[\\w-]+(?:=\\S*)?` +
  `|[-+][A-Za-z]*[^\\W\\d_${SHELL_VALUED_LETTERS}])`;
const SHELL_NAME = [...SHELLS].join('|');
// `set` where a shell runs it as a command (fix39: not another program's argument, `kubectl set env -a`): at the start,
// after an operator or an opening, a keyword or a builtin that runs its words (`eval set -$o`, `builtin set -a`), a
// shell's `-c`, or as an assignment's value (`c='set -a'; eval "$c"`).
const SET_AT = `(?:(?:^|[;&|(){}\\n!\`=]|\\$\\()\\s*|\\s-[A-Za-z]*c\\s+)(?:(?:then|do|else|elif|if|while|until|time|builtin|command|eval|exec|trap|noglob)\\s+)*`;
// A shell started physical (`bash -P -c`, `bash -eP x.sh`, a `#!/bin/bash -P` line): its cd follows links (R44-b1).
const PHYSICAL_SHELL = new RegExp(`(?:^|[^\\w.-])(?:${SHELL_NAME})\\s+(?:${SHELL_OPTION}\\s+)*[-+][A-Za-z]*P`);
const ALLEXPORT_WORDS = new RegExp(
  `${SET_AT}set\\s+(?:(?!--?(?:\\s|$))[^\\s;&|]+\\s+)*(?:-[A-Za-z]*a|[-+]?[$\`])` +
    `|(?:^|[^\\w.-])(?:${SHELL_NAME})\\s+(?:${SHELL_OPTION}\\s+)*(?:-[A-Za-z]*a|[-+]?[A-Za-z]*[$\`])`,
);

// The builtins that declare a nameref (`declare -n`, `typeset -n`, `local -n`): a text with none has none.
const NAMEREF_WORDS = ['declare', 'typeset', 'local'];

export class WalkState {
  private readonly vars = new Map<string, Set<string>>();
  // Variables whose values are known whole (a `for` loop over plain words, parse-loop-values.ts).
  private readonly complete = new Set<string>();
  // Positional parameters set with `set -- a b c` ($0 unknown).
  positional: string[] | undefined;
  // Files this line wrote with static content (`cat > x.sh <<EOF`), by normalised path.
  private readonly files = new Map<string, string>();

  // Variables assigned on the line that the programs started after may read from their environment: option
  // variables however they are set (flow-insensitive, so `MAKEFLAGS=..; export MAKEFLAGS` and `set -a` are met),
  // and every exported one (make expands them in recipes). Red team R20-1.
  readonly environment: Assigned[] = [];

  // `set -k` / `set -o keyword` ran earlier on the line: every NAME=VALUE word of a later command goes into its
  // environment (red team R31-3; parse-walk-simple.ts keywordEnv).
  keyword = false;
  // The script holds a `set -k` anywhere (prescan) or one was met: keyword mode in a function body or a loop, and after
  // a command that may run one out of sight (parse-walk-keyword.ts).
  keywordAnywhere = false;
  // The line defines an alias or a trap (either may run `set -k` anywhere): `set +k` is not honoured.
  hooked = false;

  // Namerefs (`declare -n R=NAME`, `typeset -n`, `local -n`): an assignment to R assigns NAME (UNKNOWN: a target
  // only known at run time). Red team R31-3.
  readonly namerefs = new Map<string, string>();

  // Names the line exports apart from a value (`export X`, `declare -x X`), and allexport (`set -a`, `set -o
  // allexport`, `bash -a`, SHELLOPTS): order-free, from the prescan. Any assignment to such a name (plain, `+=`, a
  // `for` loop's, `read`/`printf -v`/`mapfile`/`getopts`) reaches the programs the line starts (red team R32-2).
  readonly exportedNames = new Set<string>();
  allExport = false;

  // bash's cdable_vars may be on somewhere on the line (order-free; red team R32-5).
  cdableVars = false;

  // bash's physical cd may be on somewhere on the line (order-free, fail closed; R44-b1): the word `physical` (`set -o`,
  // `shopt -so`, `bash -o`, SHELLOPTS' value), any SHELLOPTS (bash imports it at start-up), a shell started with -P.
  physicalCd = false;

  exports(name: string): boolean {
    return this.allExport || this.exportedNames.has(name);
  }

  // The variables whose whole values were used (parse.ts checks them after the walk: wholeLoopsHeld).
  readonly usedWhole = new Set<string>();

  constructor(
    private readonly substitution: WalkSubstitution,
    // Loop variables may be complete (false: the walk again after a check failed).
    private readonly wholeLoops = true,
    private readonly assigned: WalkAssigned = () => undefined,
  ) {}

  fileText(path: string): string | undefined {
    return this.files.get(path);
  }

  remember(name: string, values: readonly string[]): void {
    this.complete.delete(name);
    let known = this.vars.get(name);
    if (!known) this.vars.set(name, (known = new Set()));
    for (const value of values) if (known.size < MAX_CANDIDATES) known.add(value);
  }

  // The values of a variable set nowhere else (a `for` loop's plain words): complete when it was unknown so far.
  rememberWhole(name: string, values: readonly string[]): void {
    const fresh = this.wholeLoops && !this.vars.has(name) && values.length <= MAX_CANDIDATES;
    this.remember(name, values);
    if (fresh) this.complete.add(name);
  }

  // The loop's body ended: after it the variable is no longer known whole.
  endWhole(name: string): void {
    this.complete.delete(name);
  }

  // Static text written to files (`echo ... > x.sh`, `cat > x.sh <<EOF`, `... | tee x.sh`).
  rememberFiles(command: SimpleCommand, redirections: readonly Redirection[], out: string): void {
    const targets: Array<{ path: string; append: boolean }> = [];
    for (const redirection of redirections) {
      if (!redirection.writes || redirection.target === null || (redirection.fd !== undefined && redirection.fd !== 1)) continue;
      targets.push({ path: redirection.target, append: redirection.op.endsWith('>>') });
    }
    if (command.name === 'tee') {
      const append = command.args.some((arg) => /^-[a-z]*a/.test(arg) || arg === '--append');
      for (const arg of command.args) if (!arg.startsWith('-')) targets.push({ path: arg, append });
    }
    for (const { path, append } of targets) {
      const key = posix.normalize(path);
      if (this.files.size < 64) this.files.set(key, (append ? (this.files.get(key) ?? '') : '') + out);
    }
  }

  writtenFile(path: string): string | undefined {
    const key = posix.normalize(path);
    return this.files.has(key) ? key : undefined;
  }

  // Walks a word's substitutions (unless the word is code for a nested shell) and computes its values.
  resolve(raw: RawWord, scope: Scope, walk: boolean): ShellWord {
    const parts: WordPart[] = [];
    let value = '';
    let dynamic = false;
    let combos: string[] = [''];
    const extend = (options: readonly string[]): void => {
      const next: string[] = [];
      for (const prefix of combos) for (const option of options) if (next.length < MAX_CANDIDATES) next.push(prefix + option);
      combos = next;
    };
    for (const part of raw.parts) {
      switch (part.kind) {
        case 'literal':
          parts.push({ kind: 'literal', value: part.value, quoted: part.quoted });
          value += part.value;
          extend([part.value]);
          break;
        case 'tilde':
          parts.push({ kind: 'tilde', user: part.user });
          value += `~${part.user}`;
          extend([`~${part.user}`]);
          break;
        case 'variable': {
          if (walk) for (const sub of part.nested) this.substitution(sub, scope);
          const known = this.valuesOf(part.name, part.text, scope);
          parts.push({ kind: 'variable', name: part.name, text: part.text, quoted: part.quoted, ...(known.values.length > 0 ? { values: known.values } : {}) });
          dynamic = true;
          extend(known.complete ? known.values : [...known.values, UNKNOWN]);
          break;
        }
        case 'substitution': {
          const commands = walk ? this.substitution(part.node, scope) : [];
          parts.push({ kind: 'substitution', text: part.text, ...(part.process ? { process: part.process } : {}), commands });
          dynamic = true;
          extend(part.process ? [UNKNOWN] : substitutionValues(commands));
          break;
        }
        case 'dynamic':
          if (walk) for (const sub of part.nested) this.substitution(sub, scope);
          parts.push({ kind: 'dynamic', text: part.text });
          dynamic = true;
          extend([UNKNOWN]);
          break;
      }
    }
    if (walk) {
      for (const entry of assigningExpansions(raw.text)) {
        this.assignAnywhere(entry);
        this.assigned(entry, raw.text, scope);
      }
    }
    const candidates = [...new Set(combos.map(collapseUnknown))];
    return { text: raw.text, value, dynamic, glob: hasGlob(raw.parts), parts, candidates };
  }

  // Before a script is walked: `set -k` and namerefs anywhere in its text hold for every command of it (a function
  // defined before them runs after: flow-insensitive, fail-closed). The walk records them again in order.
  prescan(text: string): void {
    // Quotes and backslashes only hide a name from the patterns (`declare -n "R=X"`, `se\t -k`): removed first.
    const source = text.replace(/["'\\]/g, '');
    // Each pattern is tried only on a text that holds a word every match of it holds (issue 31: a plain line
    // does not compile them).
    if (source.includes('set') && /(?:^|[^\w-])set\s+(?:[^;&|\n]*\s)?(?:-[A-Za-z]*k|keyword(?![\w-]))/.test(source)) this.keyword = this.keywordAnywhere = true;
    if (/cdable_vars|(?:^|[^\w-])shopt\s+(?:[^;&|\n]*\s)?[$`]/.test(source)) this.cdableVars = true;
    if (source.includes('allexport') || ALLEXPORT_WORDS.test(source)) this.allExport = true;
    // A shell's rc file (`--rcfile F`, `-init-file F`: shell-startup-files.ts) may `set -P` before its line (R45-b9).
    if (source.includes('physical') || source.includes('SHELLOPTS') || source.includes('rcfile') || source.includes('init-file') || (source.includes('P') && PHYSICAL_SHELL.test(source))) this.physicalCd = true;
    for (const match of source.matchAll(/(?:^|[^\w-])(?:export|(?:declare|typeset|local|readonly)\s+(?:-[\w-]*\s+)*-\w*x\w*)\s+([^;&|\n)}]*)/g)) {
      for (const word of match[1]!.split(/\s+/)) {
        if (word === '' || word.startsWith('-')) continue;
        const name = /^([A-Za-z_]\w*)(?:\+?=|$)/.exec(word)?.[1];
        if (name !== undefined) this.exportedNames.add(name);
        // A name only known at run time (`export $V`, `export "$(echo X)"=…`): any name may be exported.
        else if (word.startsWith('$') || word.startsWith('`')) this.allExport = true;
      }
    }
    if (!NAMEREF_WORDS.some((word) => source.includes(word))) return;
    for (const match of source.matchAll(/(?:^|[^\w-])(?:declare|typeset|local)\s+(?:-[\w-]*\s+)*-\w*n\w*\s+(?:-[\w-]*\s+)*([A-Za-z_]\w*)(?:=([A-Za-z_]\w*(?![^\s;&|)}])))?/g)) {
      const target = match[2] ?? '';
      if (!this.namerefs.has(match[1]!)) this.namerefs.set(match[1]!, /^[A-Za-z_]\w*$/.test(target) ? target : UNKNOWN);
    }
  }

  // An assignment the shell may make anywhere on the line (`${X:=v}`, a nameref's): remembered, and put in the
  // environment of every program the line starts (flow-insensitive and fail-closed: `export X` may come before or
  // after; a value that is not exported is only friction when it names a place outside). Red team R31-3.
  assignAnywhere(entry: Assigned): void {
    this.remember(entry.name, entry.candidates ?? [UNKNOWN]);
    this.environment.push(entry);
  }

  private valuesOf(name: string, text: string, scope: Scope): { values: string[]; complete: boolean } {
    // `${PATH:0:1}` (and the same on other absolute paths) is a well-known way to spell `/`.
    if (/^\$\{(?:PATH|HOME|PWD|OLDPWD|SHELL|TMPDIR|XDG_[A-Z_]+):0?:1\}$/.test(text)) return { values: ['/'], complete: true };
    const positional = scope.positional ?? this.positional;
    if (positional && /^(?:\d+|@|\*)$/.test(name)) {
      if (name === '@' || name === '*') return { values: [positional.slice(1).join(' ')], complete: true };
      const value = positional[Number(name)];
      return { values: [value ?? ''], complete: value !== UNKNOWN };
    }
    const values = new Set<string>();
    if (name === 'HOME') values.add('~');
    if (name === 'PWD') values.add('.');
    for (const value of this.vars.get(name) ?? []) values.add(value);
    if (this.complete.has(name)) this.usedWhole.add(name);
    return { values: [...values], complete: name === 'HOME' || name === 'PWD' || this.complete.has(name) };
  }

}

// The assigning expansions of a word's text: `${NAME:=v}` and `${NAME=v}` (nested ones too). The value's text is
// read as a literal (a leading `~` or `$HOME` is the home, `$PWD` the current folder); any other expansion or quote in it is a run-time value.
export function assigningExpansions(text: string): Assigned[] {
  const out: Assigned[] = [];
  const pattern = /\$\{([A-Za-z_]\w*)(?:\[[^\]]*\])?:?=/g;
  for (let match = pattern.exec(text); match !== null && out.length < MAX_CANDIDATES; match = pattern.exec(text)) {
    let depth = 1;
    let end = pattern.lastIndex;
    for (; end < text.length && depth > 0; end++) {
      if (text[end] === '{') depth++;
      else if (text[end] === '}') depth--;
    }
    const spelled = text.slice(pattern.lastIndex, depth === 0 ? end - 1 : end).replace(/^\$(?:\{HOME\}|HOME(?!\w))/, '~').replace(/^\$(?:\{PWD\}|PWD(?!\w))/, '.');
    const unknown = /[$`"'\\]/.test(spelled);
    out.push({ name: match[1]!, value: spelled, dynamic: unknown, candidates: [unknown ? `${UNKNOWN}${spelled}` : spelled] });
  }
  return out;
}
