// The folder a `cd` word names when it can be known before the run (gitext23 friction: `cd "$DIR" && git fetch`
// asked whatever DIR was), for the transport check only (git-transport.ts): a variable the line's leading
// assignments set (`DIR=sub; cd "$DIR"`, hook-line-values.ts), `$HOME` / `~` (the home the command gets), `$PWD`
// and `$(pwd)` (the folder it is in), and `$(git rev-parse --show-toplevel)` (the top of the repository it is in:
// the same repository, so the same configuration, as that folder). Anything else (a variable from the
// environment, another substitution, a glob, `~user`) stays unknown: the command asks.
import { resolve } from 'node:path';
import { leadingValues } from '../permissions/hook-line-values.js';
import type { ShellParse, ShellWord } from './parse-types.js';
import { UNKNOWN } from './parse-walk-values.js';

const HERE = /^\$\(\s*(?:pwd(?:\s+-[LP])?|git\s+rev-parse\s+--show-toplevel)\s*\)$/;

// `word` (a `cd` operand) from `base`, or undefined when only the run knows it.
export function knownFolder(word: ShellWord, base: string, parse: ShellParse, home: string): string | undefined {
  const { values } = leadingValues(parse.source);
  // A name the line assigns anywhere else (or a loop's) is not known; nor HOME or PWD the line sets.
  const assigned = new Set((parse.assignments ?? []).map((assignment) => assignment.name));
  let out = '';
  for (const [i, part] of word.parts.entries()) {
    if (part.kind === 'literal') out += part.value;
    else if (part.kind === 'tilde' && part.user === '' && i === 0) out += home;
    else if (part.kind === 'variable' && /^\$\{?\w+\}?$/.test(part.text) && values.has(part.name)) out += values.get(part.name)!;
    // A name only known at run time (`read "$n"`) may be HOME or PWD.
    else if (part.kind === 'variable' && /^\$\{?(?:HOME|PWD)\}?$/.test(part.text) && !assigned.has(part.name) && !assigned.has(UNKNOWN) && i === 0) out += part.name === 'HOME' ? home : base;
    else if (part.kind === 'substitution' && part.process === undefined && HERE.test(part.text) && i === 0) out += base;
    else return undefined;
  }
  return word.glob || out === '' || out === '-' || /[*?[{]/.test(out) ? undefined : resolve(base, out);
}
