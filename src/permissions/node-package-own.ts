// The names a package's file binds to its own place, per block (red team R23-12; node-package-own-kind.ts tells what a
// value is): `const root = __dirname.split("node_modules")[0]` makes `root` CUT in the block it is bound in (a
// `let`/`const` its block's, a `var` its function's: node-package-taint.ts's bindings), so `require(root + "tools/y")`
// there leaves the package, while a bundle's other functions that reuse the name (vite's `specifier`, `dir`, `root`)
// are not judged by it. `const dir = dirname(fileURLToPath(import.meta.url))` makes `dir` the folder again (joining
// names onto it stays free). What a function returns is followed for a function whose body is one `return` and for an
// arrow returning an expression (`const top = () => __dirname.split(...)[0]`); a function with another body is not a
// value (its bindings are read on their own). A name is re-read when a name it mentions changes, a bounded number of
// times (past it: CUT, fail closed).
import type { Blocks } from './node-package-blocks.js';
import { CUT, OWN_WORDS, PLACE, kindOf, reductions, type Kind } from './node-package-own-kind.js';
import { returnBindings, withoutBodies, type Returned } from './node-package-own-returns.js';
import { KEYWORD, bindingsOf, type Binding } from './node-package-taint.js';
import { words } from './node-package-words.js';

export interface Own {
  // Whether the code `text` at `at` (a load's argument, a worker's script) is built from the own place so that it may
  // leave the package.
  readonly leaves: (text: string, at: number) => boolean;
}

const FUNCTION_BODY = /^\s*(?:async\s+)?(?:function\b|class\b|(?:\([^()]*\)|[\w$]+)\s*=>\s*\{)/;
// The names a binding's value reads: a name, `this.x` (also the member `.x`), a member `.x` (a method's return).
const NAMES = /(?<![.\w$])(?:this\s*\.\s*[\w$]+|[A-Za-z_$][\w$]*)(?![\w$])|(?<member>(?<=(?<!\.)\.\s*)[A-Za-z_$][\w$]*)(?![\w$])/g;
// Times a binding is read again at most (a name's kind only grows: file or folder, somewhere inside, cut).
const MAX_READS = 8;

const join = (one: Kind | undefined, two: Kind): Kind => (one === undefined || one === two ? two : one === CUT || two === CUT ? CUT : PLACE);

// The own places of `code` (`blocks`: its scan; `from`: the file's folder; `folder`: the package's).
// `all`: the file's bindings (bindingsOf; the caller's, when it has them).
export function ownPlaces(code: string, blocks: Blocks, from: string, folder: string, all = (): readonly Binding[] => bindingsOf(code, blocks)): Own {
  if (!OWN_WORDS.test(code)) return { leaves: () => false };
  const masked = blocks.masked;
  const every = all();
  const bindings = [...every.filter((one) => !FUNCTION_BODY.test(one.value)), ...returnBindings(code, blocks, every)];
  // Each name's kind in each block it is bound in; the names each block binds or takes as parameters.
  const kinds = new Map<string, Map<number, Kind>>();
  const own = new Map<number, Set<string>>();
  const ownOf = (block: number): Set<string> => {
    let names = own.get(block);
    if (names === undefined) own.set(block, (names = new Set(words(blocks.params(block)))));
    return names;
  };
  for (const binding of bindings) for (const name of binding.names) ownOf(binding.block).add(name);
  // The kind of `name` at `at`: its binding in the innermost block holding `at` that binds it (a parameter of the
  // same name hides an outer binding).
  const named = (name: string, at: number): Kind | undefined => {
    const per = kinds.get(name);
    if (per === undefined) return undefined;
    for (let block = blocks.at(at); ; block = blocks.parent(block)) {
      if (per.has(block) || ownOf(block).has(name) || block < 0) return per.get(block);
    }
  };
  const rules = reductions(from, folder);
  const kindAt = (text: string, at: number): Kind | undefined => kindOf(text, masked.slice(at, at + text.length), at, named, rules);
  // Each binding's value without the bodies of the functions it holds.
  const values = new Map<Binding, [string, string]>();
  const readers = new Map<string, Binding[]>();
  const queue: Binding[] = [];
  for (const binding of bindings) {
    const value = withoutBodies(code, blocks, binding.at, binding.value.length);
    values.set(binding, value);
    const text = value[1];
    for (const found of text.matchAll(NAMES)) {
      if (KEYWORD.test(found[0])) continue;
      const key = found[0].replace(/\s+/g, '');
      for (const one of found.groups?.member !== undefined ? [`.${key}`] : key.startsWith('this.') ? [key, key.slice(4)] : [key]) {
        const list = readers.get(one);
        if (list === undefined) readers.set(one, [binding]);
        else if (list.at(-1) !== binding) list.push(binding);
      }
    }
    if (OWN_WORDS.test(text) || (binding as Returned).long === true) queue.push(binding);
  }
  const reads = new Map<Binding, number>();
  for (let binding = queue.pop(); binding !== undefined; binding = queue.pop()) {
    const times = (reads.get(binding) ?? 0) + 1;
    reads.set(binding, times);
    const [text, mask] = values.get(binding)!;
    const read = kindOf(text, mask, binding.at, named, rules);
    const kind = times > MAX_READS || (binding as Returned).long === true || (read !== undefined && 'long' in binding) ? CUT : read;
    if (kind === undefined) continue;
    for (const name of binding.names) {
      const per = kinds.get(name) ?? new Map<number, Kind>();
      const now = join(per.get(binding.block), binding.names.length > 1 && kind !== CUT ? PLACE : kind);
      if (per.get(binding.block) === now) continue;
      kinds.set(name, per.set(binding.block, now));
      for (const reader of readers.get(name) ?? []) if (blocks.holds(binding.block, reader.at) && (reads.get(reader) ?? 0) <= MAX_READS) queue.push(reader);
    }
  }
  return { leaves: (text, at) => kindAt(text, at) === CUT };
}
