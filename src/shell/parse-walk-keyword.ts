// Keyword mode (`set -k`, `set -o keyword`): every NAME=VALUE word of a command goes into its environment, not only
// the prefix (red team R31-3). It is on from the first `set -k` met in order, and for the whole script when its text
// holds one anywhere (WalkState.prescan: a function defined before it runs after). `set +k` / `set +o keyword` turns
// it off only where the order is exact (fix32b; it stayed on, friction): a statement of the line's own shell at its
// top level (not in a function, loop, conditional, list, pipeline, subshell, background job, `sh -c` string or
// substitution), on a line that defines no alias or trap (either may run `set -k` anywhere). After that, a command
// that may run `set -k` the walk does not see in order (a function of the line, `source`/`.`, `eval`, `alias`,
// `trap`, a name only known at run time) turns it back on when the script holds a `set -k` anywhere.
import type { ShellWord, SimpleCommand } from './parse-types.js';
import { UNKNOWN } from './parse-walk-values.js';
import type { Scope } from './parse-walk-values.js';
import type { WalkState } from './parse-walk-state.js';

const HIDDEN_SETTERS: ReadonlySet<string> = new Set(['source', '.', 'eval', 'alias', 'trap']);

// What a `set` command's words do to keyword mode, in bash's order (the last wins), before `--`/`-`; an option only
// known at run time turns it on (fail closed).
export function keywordChange(args: readonly ShellWord[]): 'on' | 'off' | undefined {
  let change: 'on' | 'off' | undefined;
  for (let i = 0; i < args.length; i++) {
    const values = args[i]!.candidates;
    if (values.some((value) => value === '--' || value === '-')) break;
    if (values.some((value) => value.startsWith(UNKNOWN))) return 'on';
    const value = values[0] ?? '';
    const sign = value[0] === '+' ? 'off' : value[0] === '-' ? 'on' : undefined;
    if (sign === undefined || !/^[-+][A-Za-z]+$/.test(value)) continue;
    if (value.includes('k')) change = sign;
    if (value.includes('o')) {
      const named = args[++i]?.candidates ?? [UNKNOWN];
      if (named.some((each) => each.startsWith(UNKNOWN))) return 'on';
      if (named.includes('keyword')) change = sign;
    }
  }
  return change;
}

// Whether the command stands where its `set +k` is exact in order (see above).
const straight = (scope: Scope): boolean =>
  scope.straight === true && scope.depth === 0 && !scope.viaShell && scope.substituted !== true && scope.guessed !== true && !scope.background && scope.pipes.length === 0 && !scope.loop && scope.functionName === undefined;

// Whether keyword mode holds for a command walked in `scope`: in a function body or a loop, the order is not known.
export const keywordFor = (state: WalkState, scope: Scope): boolean => state.keyword || ((scope.functionName !== undefined || scope.loop) && state.keywordAnywhere);

// After a command is recorded: what it does to keyword mode.
export function keywordAfter(state: WalkState, functions: ReadonlySet<string>, command: SimpleCommand, scope: Scope): void {
  const name = command.name;
  const change = name === 'set' ? keywordChange(command.words.slice(1)) : undefined;
  if (name !== null && (name === 'alias' || name === 'trap')) state.hooked = true;
  if (change === 'on') {
    state.keyword = true;
    state.keywordAnywhere = true;
  } else if (change === 'off' && straight(scope) && !state.hooked) state.keyword = false;
  else if (state.keywordAnywhere && (name === null || HIDDEN_SETTERS.has(name) || functions.has(name))) state.keyword = true;
}
