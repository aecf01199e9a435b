import { isAbsolute, join } from 'node:path';
import { readGitMetadataOr, unreadWhy } from '../git/config-read.js';
import { statQuiet } from '../files/stat-quiet.js';
import type { Loaded } from './home-sources-expand.js';
import { isLoaderVariable } from './obeyed-env.js';
import { valuePaths } from './obeyed-env-values.js';

// A workspace env file's value only known at run time (red team R14b-3: an allowed `.envrc` with
// `export NODE_OPTIONS="--require $(cat .req)"`, `export CC=$(cat .ccpath)`, `PROMPT_COMMAND='. "$PWD"/x'`:
// the walk expands what it knows and dropped the rest, so the file the value names stayed writable, and the
// person's next `cd`, node or prompt ran it). Fail closed, in one place for direnv and mise:
// - a loader variable (obeyed-env.ts's table, the shells' own, the command variables) whose value holds a
//   command substitution, a template, or an expansion deferred to the program (single-quoted `$PWD`, `\$`)
//   may name any file: the whole work tree is obeyed (`WHOLE`, the workspace's top as a loaded folder);
// - any other variable: `$(cat F)` / `$(< F)` is read (F is obeyed too, it decides the value) and its text
//   judged like a literal value (obeyed-env-values.ts); another substitution is not followed unless the value
//   is a path around it (`$(git rev-parse --show-toplevel)/tools/w`) or the substitution names a work-tree
//   path, which obey the whole tree. `export VERSION=$(git describe)` stays free;
// - a variable set from input or under a computed name (`read`, `export $(cat .env | xargs)`): the whole tree.

// '/' as a loaded folder: every workspace holds it, so the walker obeys the whole work tree (home-sources.ts mark).
export const WHOLE: Loaded = { path: '/', folder: true };
// WHOLE with the construct not understood named (the question shows it).
export const wholeTree = (why: string): Loaded => ({ ...WHOLE, why });
// Arithmetic (`$((1 + 2))`) runs nothing (one without a substitution inside): a number.
export const withoutArithmetic = (text: string): string => text.replace(/\$\(\([^()]*\)\)/g, '0');
const ASSIGNMENT = /(?:^|[\s;&|(])([A-Za-z_]\w*)=/g;
const RUN_TIME = /\$\(|`|<\(|\{\{/;
// Deferred to the program that reads the value: `\$X`, or `$` inside single quotes.
const DEFERRED = /\\\$|'[^']*\$[^']*'/;
const INNER = /\$\(([^()]*)\)|`([^`]*)`|\{\{([^{}]*)\}\}/g;
const READ = /^\s*(?:cat|<)\s+["']?([^\s"'`$()]+)["']?\s*$/;
const MAX_BYTES = 4096;
// Variables set from input or with computed names (`read -r NODE_OPTIONS < f`, `mapfile`, `printf -v`,
// `export $(cat .env | xargs)`, `declare "$n=$v"`): which variable holds what is not known, so the file is not
// understood (the whole tree).
const COMPUTED_NAMES = /(?:^|[\s;&|(!])(?:(?:read|mapfile|readarray|printf\s+-v)(?=\s|$)|(?:export|declare|typeset|readonly|local)(?:\s+-\w+)*\s+["']?[$`])/m;

// What one value of `name` names when a part of it is only known at run time (undefined: none is).
// `literal`: the file does not expand `$` itself (mise), so every `$` is the reading program's.
export function runTimeValueLoads(name: string, written: string, base: string, literal = false): Loaded[] | undefined {
  const value = withoutArithmetic(written);
  const runTime = RUN_TIME.test(value);
  if (isLoaderVariable(name)) return runTime || (literal ? value.includes('$') : DEFERRED.test(value)) ? [WHOLE] : undefined;
  if (!runTime) return undefined;
  const inner = [...value.matchAll(INNER)];
  const around = value.replace(INNER, '');
  // Nested or unclosed substitutions, or a path built around one.
  if (inner.length === 0 || RUN_TIME.test(around) || around.includes('/')) return [WHOLE];
  const out: Loaded[] = [];
  for (const match of inner) {
    const text = match[1] ?? match[2] ?? match[3] ?? '';
    const read = READ.exec(text)?.[1];
    if (read !== undefined) {
      const file = isAbsolute(read) ? read : join(base, read);
      const got = readGitMetadataOr(file, MAX_BYTES);
      const why = unreadWhy(file, got, MAX_BYTES);
      // Too large to read (never silently, R21-9): what it holds may name any file.
      if (why !== undefined) return [wholeTree(why)];
      out.push({ path: file }, ...valuePaths(typeof got === 'object' ? got.text.trim() : '', base));
      continue;
    }
    const words = text.split(/\s+/).slice(1);
    if (text.includes('<') || /exec\s*\(/.test(text) || words.some((word) => word.includes('/') || word.startsWith('.') || (word !== '' && statQuiet(join(base, word)) !== undefined))) return [WHOLE];
  }
  return out;
}

// Every assignment of a shell text (a `.envrc`) whose value is only known in part: what it may name. The text
// is read as written (the tokenizer splits `CC=$(cat f)` into two commands); a value runs to the next
// assignment or the end of its line. `raw`: the text before the walk wrote in what it knows (`$PWD`, `$(pwd)`,
// the script's own folder), where an expansion deferred to the program is still visible.
export function runTimeLoads(text: string, raw: string, base: string): Loaded[] {
  const deferred = COMPUTED_NAMES.test(text) || assignments(raw).some(([name, value]) => isLoaderVariable(name) && DEFERRED.test(value));
  return [...(deferred ? [WHOLE] : []), ...assignments(text).flatMap(([name, value]) => (RUN_TIME.test(value) ? (runTimeValueLoads(name, value, base) ?? []) : []))];
}

function assignments(text: string): [string, string][] {
  const out: [string, string][] = [];
  for (const line of text.split('\n')) {
    if (/^\s*#/.test(line)) continue;
    const found = [...line.matchAll(ASSIGNMENT)];
    found.forEach((match, at) => out.push([match[1]!, line.slice(match.index + match[0].length, found[at + 1]?.index ?? line.length)]));
  }
  return out;
}
