// Assignments the walker remembers: `a=1`, array values, `for` loop variables, and the declaration
// commands (export / declare / local / readonly / typeset / unset).
import type { ShellWord } from './parse-types.js';
import type { SyntaxNode as Node } from './parse-syntax.js';
import { UNKNOWN, prefixWord, staticWord, type Scope } from './parse-walk-values.js';
import { groupWords, readWords } from './parse-words.js';
import { emit } from './parse-walk-simple.js';
import { completeLoopValues } from './parse-loop-values.js';
import { isOptionVariable, type Assigned } from './option-variables.js';
import { isLocationVariable } from './location-variables.js';
import { commandVariable } from './command-variables.js';
import type { WalkOps } from './parse-walk-ops.js';
import { assignedElsewhere, declaredWord, reachesPrograms } from './parse-walk-builtin-assigns.js';

// `a=1`, `export a=1`: walks the value's substitutions and records its static values.
export function assignment(walk: WalkOps, node: Node, scope: Scope, record: boolean, exported = false): { name: string; word: ShellWord | undefined } {
  const named = assigned(walk, node, scope, record);
  // An assignment to a nameref assigns the name it refers to (R31-3): in every program's environment (it may be
  // exported before or after); a target only known at run time is judged as a place (HOME), fail-closed.
  const target = walk.state.namerefs.get(named.name);
  const found = target === undefined ? named : { name: target === UNKNOWN ? 'HOME' : target, word: named.word };
  if (target !== undefined && record) walk.state.assignAnywhere({ name: found.name, value: found.word?.value ?? '', dynamic: found.word === undefined || found.word.dynamic, candidates: found.word?.candidates ?? [UNKNOWN] });
  // A location variable too (location-variables.ts): HOME and XDG_* are exported already, so a plain `HOME=~/x`
  // reaches every later program; the others may be (fails closed).
  // One the line exports anywhere (`export X; X=v`, `set -a`: red team R32-2) too.
  if (record && (exported || isOptionVariable(found.name) || isLocationVariable(found.name) || walk.state.exports(found.name))) walk.state.environment.push({ name: found.name, value: found.word?.value ?? '', dynamic: found.word === undefined || found.word.dynamic, ...(found.word ? { candidates: found.word.candidates } : {}) });
  // A plain `MAKEFLAGS=...` (or `local`, `declare`) changes an inherited or `set -a` exported one: its line is
  // judged like an exported one (the exported ones are walked by declaration below: red team R21-1).
  // So does one the line exports anywhere else (`export X; X=./w`, R41-b3).
  if (record && !exported && reachesPrograms(walk, found.name)) commandVariable(walk, found.name, found.word, scope);
  return found;
}

function assigned(walk: WalkOps, node: Node, scope: Scope, record: boolean): { name: string; word: ShellWord | undefined } {
  const name = node.childForFieldName('name')?.text ?? '';
  const valueNodes = node.childrenForFieldName('value').filter((child): child is Node => child !== null);
  if (valueNodes.length === 1 && valueNodes[0]!.type === 'array') {
    const elements = groupWords(valueNodes[0]!.namedChildren.filter((child): child is Node => child !== null), scope.source).flatMap((group) => readWords(group, scope.source));
    const words = elements.map((raw) => walk.state.resolve(raw, scope, true));
    if (record) for (const word of words) walk.state.remember(name, word.candidates);
    return { name, word: undefined };
  }
  if (valueNodes.length === 0) {
    if (record) walk.state.remember(name, ['']);
    return { name, word: undefined };
  }
  const raws = groupWords(valueNodes, scope.source).flatMap((group) => readWords(group, scope.source));
  const word = raws[0] ? walk.state.resolve(raws[0], scope, true) : undefined;
  if (record && word) walk.state.remember(name, word.candidates);
  return { name, word };
}

export function forLoop(walk: WalkOps, node: Node, scope: Scope): void {
  const variable = node.childForFieldName('variable')?.text ?? '';
  const values = node.childrenForFieldName('value').filter((child): child is Node => child !== null);
  const words = groupWords(values, scope.source).flatMap((group) => readWords(group, scope.source)).map((raw) => walk.state.resolve(raw, scope, true));
  // An exported loop variable (`export X; for X in ~/x; do tool; done`, R32-2) is in every program's environment.
  assignedElsewhere(walk, variable, node.text, values.length === 0 ? undefined : words, scope);
  if (values.length === 0) walk.state.remember(variable, [UNKNOWN]);
  const plain = words.every((word) => !word.dynamic && !word.glob && word.candidates.length === 1) ? words.map((word) => word.value) : [];
  if (plain.length > 0 && completeLoopValues(variable, plain, scope.source)) walk.state.rememberWhole(variable, plain);
  else for (const word of words) walk.state.remember(variable, word.candidates);
  const body = node.childForFieldName('body');
  if (body) walk.node(body, { ...scope, loop: true }, undefined);
  walk.state.endWhole(variable);
}

// export / declare / local / readonly / typeset / unset: recorded as a command, assignments remembered.
export function declaration(walk: WalkOps, node: Node, scope: Scope): void {
  const keyword = node.child(0);
  const words: ShellWord[] = [staticWord(keyword?.text ?? '')];
  // `export`, `declare -x`, `typeset -gx`, `readonly -x`: the value reaches every program started later.
  const exported = keyword?.text === 'export' || node.namedChildren.some((child) => child?.type !== 'variable_assignment' && /^-\w*x/.test(child?.text ?? ''));
  // `declare -n R=NAME`, `local -xn R=NAME`: R refers to NAME (red team R31-3).
  const nameref = keyword?.text !== 'export' && node.namedChildren.some((child) => child?.type !== 'variable_assignment' && /^-\w*n/.test(child?.text ?? ''));
  for (const child of node.namedChildren) {
    if (!child) continue;
    if (child.type === 'variable_assignment') {
      // The nameref's own value is its target's name, not an assignment through it (prescan may know it already).
      if (nameref) walk.state.namerefs.delete(child.childForFieldName('name')?.text ?? '');
      const { name, word } = assignment(walk, child, scope, true, exported);
      if (nameref) walk.state.namerefs.set(name, namerefTarget(child));
      if (exported) commandVariable(walk, name, word, scope);
      words.push(word ? prefixWord(`${name}=`, word) : staticWord(child.text));
    } else if (child.type === 'variable_name') {
      // `declare -n R` then `R=NAME`: the target is set by a later assignment (fail closed: run-time).
      if (nameref) walk.state.namerefs.set(child.text, UNKNOWN);
      if (exported && isOptionVariable(child.text)) commandVariable(walk, child.text, { ...staticWord(''), text: `$${child.text}`, dynamic: true }, scope);
      // `X=~/f; export X`: the values the line gave X reach the programs started later (red team R30-1).
      const entry = exported ? exportedName(walk, child.text, scope) : undefined;
      if (entry) walk.state.environment.push(entry);
      for (const raw of readWords([child], scope.source)) words.push(walk.state.resolve(raw, scope, true));
    } else {
      for (const raw of readWords([child], scope.source)) {
        const word = walk.state.resolve(raw, scope, true);
        declaredWord(walk, word, exported, scope);
        words.push(word);
      }
    }
  }
  emit(walk, words, [], node.text, scope, [], {}, true);
}

// A bare exported name's entry: the values the line gave it (none: the inherited value, the person's, not read).
function exportedName(walk: WalkOps, name: string, scope: Scope): Assigned | undefined {
  const text = `$${name}`;
  const part = walk.state.resolve({ text, parts: [{ kind: 'variable', name, text, quoted: true, nested: [] }] }, scope, false).parts[0];
  const values = part?.kind === 'variable' ? part.values : undefined;
  return values === undefined || values.length === 0 ? undefined : { name, value: '', dynamic: true, candidates: values };
}

// The name a nameref's value names: a literal name, else one only known at run time (fail closed).
function namerefTarget(node: Node): string {
  const value = node.childrenForFieldName('value').filter((child): child is Node => child !== null);
  const text = value.map((child) => child.text).join('');
  return value.length === 1 && /^[A-Za-z_]\w*$/.test(text) ? text : UNKNOWN;
}
