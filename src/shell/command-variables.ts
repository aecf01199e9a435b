import type { ShellWord } from './parse-types.js';
import { childScope, type Scope } from './parse-walk-values.js';
import type { WalkOps } from './parse-walk-ops.js';
import { isCommandVariable } from '../permissions/obeyed-env.js';

// Variables a program runs as a command through the shell (red team round 12, R12-6b: `git -c
// diff.external='rm -r build' diff` was safety-immune, `GIT_EXTERNAL_DIFF='rm -r build' git diff` an ordinary
// ask): an assignment to one, before a command or exported, is shell text the next program runs. The list is
// the environment table's command rows (permissions/obeyed-env.ts), one list with what the environment loads.
// Walks the value of such an assignment as a script: a static value as the text it is, a run-time one as
// its own source (`"$X"`: a command name only known at run time).
export function commandVariable(walk: WalkOps, name: string, word: ShellWord | undefined, scope: Scope): void {
  if (!isCommandVariable(name) || word === undefined) return;
  const texts = word.dynamic ? [word.text] : [word.value];
  // A bare program name (`GIT_PAGER=cat`, `EDITOR=vim`) is what the program runs anyway when it needs one: not walked
  // (a pager or editor is never started without a terminal, so its terminal check would refuse a plain `git log`).
  for (const text of texts) if (text.trim() !== '' && !/^[\w.+-]+$/.test(text.trim())) walk.script(text, { ...childScope(scope), wrappers: [...scope.wrappers, name] });
}

// The same for `env NAME=VALUE … PROGRAM` (the planner's words): each such assignment's value as a script.
export function commandAssignments(words: readonly { readonly value: string; readonly dynamic?: boolean }[], wrappers: string[]): { kind: 'text'; text: string; wrappers: string[] }[] {
  return words.flatMap((word) => {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(word.value);
    if (!match || !isCommandVariable(match[1]!) || match[2]!.trim() === '' || /^[\w.+-]+$/.test(match[2]!.trim())) return [];
    return [{ kind: 'text' as const, text: match[2]!, wrappers: [...wrappers, match[1]!] }];
  });
}
