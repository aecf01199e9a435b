// What the walker records for a variable the line sets by other means than `NAME=VALUE` (red team R41-b1..b3): a
// builtin's name operand (assigned-names.ts), an expansion's `${NAME:=v}` / `${NAME=v}`, a loop's `for NAME in`.
// Each is one of ShellParse.assignments (the path-hijack rule, the folders `cd` reaches ... read them; a name only
// known at run time is UNKNOWN there), a nameref's target is assigned through it (R31-3), and one that reaches the
// programs started later (exported anywhere on the line, an option variable: R32-2) is in the walker's environment
// and its value is judged as the command variable it may be (command-variables.ts: `export RUSTC_WRAPPER; read
// RUSTC_WRAPPER < f; cargo build` runs a program only known at run time).
import type { ShellWord, SimpleCommand } from './parse-types.js';
import { UNKNOWN, staticWord, type Scope } from './parse-walk-values.js';
import type { WalkOps } from './parse-walk-ops.js';
import { RUN_TIME, assignedNames } from './assigned-names.js';
import { commandVariable } from './command-variables.js';
import { assignedCandidates, isOptionVariable, type Assigned } from './option-variables.js';
import { isLocationVariable } from './location-variables.js';

// A word's unquoted text with U+0000 for each part only known at run time (a declaration's bare name is a part of
// its own: parse-walk-assign.ts).
function wordText(word: ShellWord): string {
  if (!word.dynamic) return word.value;
  return word.parts.map((part) => (part.kind === 'literal' ? part.value : part.kind === 'tilde' ? `~${part.user}` : part.kind === 'dynamic' && /^[A-Za-z_]\w*$/.test(part.text) ? part.text : RUN_TIME)).join('');
}

// The names a run-time name word may be: the values the walker knows for it, and UNKNOWN.
const candidateNames = (word: ShellWord): string[] => [...new Set(word.candidates.map((candidate) => (/^[A-Za-z_]\w*$/.test(candidate) ? candidate : UNKNOWN)))];

// An assignment to a nameref assigns its target (only known at run time: judged as HOME, fail-closed).
function throughReference(walk: WalkOps, name: string): void {
  const target = walk.state.namerefs.get(name);
  if (target !== undefined) walk.state.assignAnywhere({ name: target === UNKNOWN ? 'HOME' : target, value: '', dynamic: true, candidates: [UNKNOWN] });
}

// A variable the programs started later may read (exported on the line, an option variable read anywhere).
export const reachesPrograms = (walk: WalkOps, name: string): boolean => walk.state.exports(name) || isOptionVariable(name);

// `name` (no subscript) gets `words`' values (undefined: a value only known at run time) somewhere on the line.
export function assignedElsewhere(walk: WalkOps, name: string, text: string, words: readonly ShellWord[] | undefined, scope: Scope): void {
  walk.assignments.push({ name, text: text.slice(0, 200) });
  if (name === UNKNOWN) return;
  throughReference(walk, name);
  const reaches = reachesPrograms(walk, name);
  const values = words ?? [{ ...staticWord(''), text: `$${name}`, dynamic: true, candidates: [UNKNOWN] }];
  if (reaches || isLocationVariable(name)) walk.state.environment.push({ name, value: '', dynamic: true, candidates: values.flatMap((word) => word.candidates) });
  if (reaches) for (const word of values) commandVariable(walk, name, word, scope);
}

// `${NAME:=v}` met while a word was resolved (parse-walk-state.ts: already remembered and in the environment).
export function expansionAssigned(walk: WalkOps, entry: Assigned, text: string, scope: Scope): void {
  walk.assignments.push({ name: entry.name, text: text.slice(0, 200) });
  const word = entry.dynamic ? undefined : staticWord(entry.value);
  if (reachesPrograms(walk, entry.name)) commandVariable(walk, entry.name, word ?? { ...staticWord(''), text: `$${entry.name}`, dynamic: true, candidates: [UNKNOWN] }, scope);
}

// A declaration's `NAME=VALUE` word that is no assignment node (red team R21-1: `export "MAKEFLAGS=..."`; R41-b3:
// `builtin export X=v`, `\export X=v`) assigns as the node does (a bare exported name, `read MAKEFLAGS ...; export
// MAKEFLAGS`, is walked by parse-walk-assign.ts: its value, whatever the walker knows of it, reaches the programs).
export function declaredWord(walk: WalkOps, word: ShellWord, exported: boolean, scope: Scope): void {
  const named = /^([A-Za-z_]\w*)=(.*)$/s.exec(word.value);
  if (!named) return;
  const name = named[1]!;
  const value: ShellWord = word.dynamic ? { ...word, text: word.text.replace(/^(["']?)[A-Za-z_]\w*=/, '$1') } : staticWord(named[2]!);
  const reaches = exported || reachesPrograms(walk, name);
  if (reaches || isLocationVariable(name)) walk.state.environment.push({ name, value: value.value, dynamic: value.dynamic, candidates: assignedCandidates(name, value.candidates) });
  if (reaches) commandVariable(walk, name, value, scope);
}

// `coproc [NAME] COMMAND` (a reserved word: its words, the line's own, before the planner drops NAME): the names it sets.
export function coprocAssignments(walk: WalkOps, words: readonly ShellWord[], text: string, scope: Scope): void {
  if (words[0]?.dynamic !== false || words[0].value !== 'coproc') return;
  for (const found of assignedNames('coproc', words.slice(1), wordText)) {
    for (const name of found.name === undefined ? candidateNames(found.word) : [found.name]) assignedElsewhere(walk, name, text, undefined, scope);
  }
}

const DECLARERS = ['declare', 'typeset', 'local', 'export', 'readonly'];

// The names a builtin command assigns: each recorded; read/mapfile/printf -v/getopts/wait -p give a run-time value,
// a declaration its words' (`declared`: a declaration node's, walked by parse-walk-assign.ts). `let` assigns numbers.
export function builtinAssignments(walk: WalkOps, command: SimpleCommand, scope: Scope, declared: boolean): void {
  const builtin = command.name ?? '';
  if (builtin === 'let') {
    for (const arg of command.args) throughReference(walk, arg.replace(/[=[][\s\S]*$/, ''));
    return;
  }
  const storer = ![...DECLARERS, 'unset'].includes(builtin);
  if (DECLARERS.includes(builtin) && !declared) {
    const exported = builtin === 'export' || command.words.some((word) => /^-\w*x/.test(word.value));
    for (const word of command.words.slice(1)) declaredWord(walk, word, exported, scope);
  }
  for (const found of assignedNames(builtin, command.words.slice(1), wordText)) {
    for (const name of found.name === undefined ? candidateNames(found.word) : [found.name.replace(/\[[\s\S]*$/, '')]) {
      if (storer) assignedElsewhere(walk, name, command.text, undefined, scope);
      else walk.assignments.push({ name, text: command.text.slice(0, 200) });
    }
  }
}
