// What a value built from a package file's own place is (red team R23-12): `__dirname`, `__filename`, `module.path`,
// `module.filename`, `import.meta.url`/`dirname`/`filename` name the package's own folder or file, and `module.paths`
// the node_modules folders above it. A load built from them by anything but joining names onto them
// (`path.join(__dirname, "x.js")`, `__dirname + "/x"`, `new URL("./x.js", import.meta.url)`) may name the project's
// top: `__dirname.split("node_modules")[0]`, `path.dirname(path.dirname(__dirname))`, `up(up(__dirname))`. The value
// is read as text with its own places replaced by one-character marks, reduced by the forms that keep a place inside
// the package (literal parts evaluated on the file's real folder) until none applies: a mark left where a method, an
// index or an unknown function takes it is CUT (the caller asks: fail closed).
import { dirname, join, resolve } from 'node:path';
import { CLIMBS, valueAt } from './node-package-words.js';

// The marks: the file, its folder, its file URL (exact places), somewhere inside the package, and a value that may
// leave it.
export const FILE = '\uE001';
export const DIR = '\uE002';
export const URL_OF = '\uE003';
export const PLACE = '\uE004';
export const CUT = '\uE006';
// Another package's file (`require.resolve("x")`, `import.meta.resolve("x")`) and a place in another package (its
// folder, a name joined onto it): cutting it, climbing out of it (a `..`, a second dirname) may name the project's top.
export const OTHER_FILE = '\uE005';
export const OTHER = '\uE007';
export type Kind = typeof FILE | typeof DIR | typeof URL_OF | typeof PLACE | typeof CUT | typeof OTHER_FILE | typeof OTHER;

// The own places (in code: not a member `o.__dirname`), and the words that may start one (a quick test of a file).
export const SEED = /(?<![.\w$])(?:__dirname|__filename|module\s*\.\s*(?:paths|path|filename)|import\s*\.\s*meta\s*\.\s*(?:url|dirname|filename)|require\s*\.\s*resolve\s*\.\s*paths)(?![\w$])/g;
export const OWN_WORDS = /\b__dirname\b|\b__filename\b|\bimport\s*\.\s*meta\b|\bmodule\s*\.\s*(?:paths?|filename)\b|\brequire\s*\.\s*resolve\b/;
const WHOLE = new RegExp(`^(?:${SEED.source})$`);
// A seed, another package's file (a resolve call, read to its `)`), a name, `this.x`, a member (`.x` of `o.x`, not a
// spread's `...x`: what a method or getter of that name returns).
const MENTION = new RegExp(`${SEED.source}|(?<other>(?<![.\\w$])(?:require|import\\s*\\.\\s*meta)\\s*\\.\\s*resolve\\s*\\()|(?<![.\\w$])(?:this\\s*\\.\\s*[\\w$]+|[A-Za-z_$][\\w$]*)(?![\\w$])|(?<member>(?<=(?<!\\.)\\.\\s*)[A-Za-z_$][\\w$]*)(?![\\w$])`, 'g');
// Members the reductions read (`path.resolve(...)`, `u.href`): a method of that name is not looked up (but a cut one).
const RULE_WORDS = /^(?:join|resolve|dirname|fileURLToPath|pathToFileURL|href|pathname|toString|createRequire|require|readFile|readFileSync|readdir|readdirSync|URL|String)$/;
// The functions the reductions know (a call of another given a place is CUT), and words that are no function.
const KNOWN = /^(?:join|resolve|dirname|fileURLToPath|pathToFileURL|createRequire|require|import|readFile|readFileSync|readdir|readdirSync|existsSync|statSync|lstatSync|accessSync|String|URL|if|while|for|switch|return|typeof|void|await|in|of|case|yield|delete|new|function|catch|with)$/;
const SEED_KIND = (seed: string): Kind => {
  const last = /[\w$]+$/.exec(seed)![0];
  return last === 'paths' ? CUT : last === 'url' ? URL_OF : /filename$/.test(last) ? FILE : DIR;
};

// Any mark, and the marks of a place (not cut).
const M = '([\\uE001-\\uE007])';
const PLACES = '[\\uE001-\\uE005\\uE007]';
const other = (mark: string | undefined): boolean => mark === OTHER_FILE || mark === OTHER;
const LIT = /^\s*(?:'[^'\n]*'|"[^"\n]*"|`[^`$]*`)\s*$/;
const ARGS = '((?:\\s*,(?:[^()\\uE001-\\uE007]|\\([^()\\uE001-\\uE007]*\\))*)?)';
// A function's object before its name (`path.`, `require("path").`, `url.`), taken with it.
const HEAD = '(?<![\\w$.])(?:(?:[\\w$]+|require\\s*\\([^()]*\\))\\s*\\.\\s*)*';
const inside = (folder: string, path: string): boolean => path === folder || path.startsWith(`${folder}/`);
const UP = /(?:^|[/\\])\.\.(?:[/\\]|$)/;

// The reductions: each form of a mark that stays a place (or is no place: a module loaded from it, a file's text).
export type Rules = [RegExp, (...found: string[]) => string][];
export function reductions(from: string, folder: string): Rules {
  const base = (mark: string): string => (mark === FILE ? `${from}/\0` : from);
  const urlOf = (mark: string): string => (mark === FILE ? URL_OF : mark === CUT || other(mark) ? mark : PLACE);
  // A mark with literal parts joined onto it (`join`, `resolve`, `+`, a template): an exact place evaluated on the real
  // folder, another place kept only without a `..` (and without an absolute part for resolve).
  const onto = (call: string, mark: string, literals: string[]): string => {
    if (mark === CUT || mark === URL_OF) return CUT;
    if (other(mark)) return literals.some((one) => UP.test(one) || (call === 'resolve' && one.startsWith('/'))) ? CUT : OTHER;
    if (mark === FILE || mark === DIR) return inside(folder, call === 'resolve' ? resolve(base(mark), ...literals) : join(base(mark), ...literals)) ? PLACE : CUT;
    return literals.some((one) => UP.test(one) || (call === 'resolve' && one.startsWith('/'))) ? CUT : PLACE;
  };
  const joined = (call: string, mark: string, rest: string): string => {
    // The literal parts first evaluated on the real folder, the others kept without a `..`.
    const parts = rest.split(',').slice(1);
    const first = parts.findIndex((part) => !LIT.test(part));
    const literal = (part: string): string => part.trim().slice(1, -1);
    if (first < 0) return onto(call, mark, parts.map(literal));
    const start = first === 0 || mark === PLACE ? mark : onto(call, mark, parts.slice(0, first).map(literal));
    return onto(call, start === CUT || start === URL_OF || other(start) ? start : PLACE, parts.slice(first).filter((part) => LIT.test(part)).map(literal));
  };
  const added = (mark: string, text: string): string => (text.startsWith('/') || mark === PLACE || other(mark) || UP.test(text) ? onto('join', mark, [text]) : mark === CUT ? CUT : PLACE);
  return [
    [new RegExp(`${HEAD}(join|resolve)\\s*\\(\\s*${M}\\s*${ARGS}\\)`, 'g'), (_all, call, mark, rest) => joined(call!, mark!, rest!)],
    [new RegExp(`${HEAD}dirname\\s*\\(\\s*${M}\\s*\\)`, 'g'), (_all, mark) => (mark === FILE || mark === URL_OF ? DIR : mark === OTHER_FILE ? OTHER : mark === DIR && from !== folder && inside(folder, dirname(from)) ? PLACE : CUT)],
    [new RegExp(`${HEAD}fileURLToPath\\s*\\(\\s*${M}\\s*\\)`, 'g'), (_all, mark) => (mark === URL_OF ? FILE : mark!)],
    [new RegExp(`${HEAD}pathToFileURL\\s*\\(\\s*${M}\\s*\\)`, 'g'), (_all, mark) => urlOf(mark!)],
    [new RegExp(`['"]file:(?:///?)?['"]\\s*\\+\\s*${M}`, 'g'), (_all, mark) => urlOf(mark!)],
    [new RegExp(`${M}\\s*\\+\\s*(?:'([^'\\n]*)'|"([^"\\n]*)")`, 'g'), (_all, mark, one, two) => added(mark!, (one ?? two)!)],
    [new RegExp(`\`\\$\\{\\s*${M}\\s*\\}([^\`$]*)\``, 'g'), (_all, mark, text) => added(mark!, text!)],
    [new RegExp(`\\bnew\\s+URL\\s*\\(\\s*('[^'\\n]*'|"[^"\\n]*"|\`[^\`$]*\`)\\s*,\\s*${M}\\s*\\)`, 'g'), (_all, literal, mark) => {
      const text = literal!.slice(1, -1);
      if (/^[a-z][\w+.-]*:/i.test(text) || mark === CUT || mark === FILE || mark === DIR) return CUT;
      if (other(mark)) return UP.test(text) || text.startsWith('/') ? CUT : OTHER;
      return mark === URL_OF ? (inside(folder, resolve(from, text)) ? PLACE : CUT) : UP.test(text) || text.startsWith('/') ? CUT : PLACE;
    }],
    // `new URL(mark)`, also rollup's `new (require('u' + 'rl').URL)(...)`.
    [new RegExp(`\\bnew\\s*(?:URL|\\(\\s*require\\s*\\([^()]*\\)\\s*\\.\\s*URL\\s*\\))\\s*\\(\\s*${M}\\s*\\)`, 'g'), (_all, mark) => mark!],
    // `.href`, and a call of a function's name: what it returns (its arguments naming no place: `f(name)`, `f("x")`).
    [new RegExp(`${M}\\s*(?:\\.\\s*(?:href|pathname)\\b(?!\\s*\\()|\\.\\s*toString\\s*\\(\\s*\\)|\\((?:[^()\\uE001-\\uE007]|\\([^()\\uE001-\\uE007]*\\))*\\))`, 'g'), (_all, mark) => mark!],
    [new RegExp(`(?<![\\w$)\\]]\\s*)\\(\\s*${M}\\s*\\)|(?<![\\w$.])String\\s*\\(\\s*${M}\\s*\\)`, 'g'), (_all, one, two) => (one ?? two)!],
    // Rollup's shim for import.meta.url in CommonJS: the browser branch reads the document.
    [new RegExp(`\\(\\s*typeof\\s+document\\s*===?\\s*['"]undefined['"]\\s*\\?\\s*${M}\\s*:[^\\uE001-\\uE007;?]*?\\bdocument\\b[^\\uE001-\\uE007;?]*?\\)\\s*\\)`, 'g'), (_all, mark) => mark!],
    // A module loaded from a place, a require function made for it, a file's text, whether it is there: no place (a
    // load from a cut place is judged where it is: node-package-computed.ts reads each load).
    [new RegExp(`${HEAD}(?:createRequire|require|import)\\s*\\(\\s*${M}\\s*\\)|${HEAD}(?:read(?:File|FileSync|dir|dirSync)|existsSync|statSync|lstatSync|accessSync)\\s*\\(\\s*${PLACES}\\s*(?:,[^()\\uE001-\\uE007]*)?\\)`, 'g'), () => '_'],
    // What another function returns given a place is not known (CUT); a test of a value is no place (`!exists(M)`,
    // `typeof M`, `M === x`, `M.length`, `M.endsWith(".js")`).
    [new RegExp(`(?<![\\w$.])((?:[A-Za-z_$][\\w$]*\\s*\\.\\s*)*)([A-Za-z_$][\\w$]*)\\s*\\(([^()]*[\\uE001-\\uE007][^()]*)\\)`, 'g'), (all, _head, name) => (KNOWN.test(name!) ? all! : CUT)],
    [new RegExp(`(?:!|\\btypeof\\s+)\\s*${M}`, 'g'), () => '_'],
    // The test of a conditional (`M ? a : b`: its value is a branch), and an array's or string's concat with no place
    // (`args.concat("--ping")`: the items kept, a text added as by `+`).
    [new RegExp(`${M}(\\s*\\?)(?![.?])`, 'g'), (_all, _mark, rest) => `_${rest!}`],
    [new RegExp(`${M}\\s*\\.\\s*concat\\s*\\(((?:[^()\\uE001-\\uE007]|\\([^()\\uE001-\\uE007]*\\))*)\\)`, 'g'), (_all, mark, rest) => (mark === CUT || UP.test(rest!) ? CUT : other(mark) ? OTHER : PLACE)],
    [new RegExp(`${M}(\\s*(?:[!=]==?|instanceof\\b))|([!=]==?\\s*)${M}`, 'g'), (_all, one, operator, before) => (one === undefined ? `${before!}_` : `_${operator!}`)],
    [new RegExp(`${M}\\s*\\.\\s*(?:length\\b(?!\\s*\\()|(?:startsWith|endsWith|includes|indexOf|lastIndexOf)\\s*\\([^()\\uE001-\\uE007]*\\))`, 'g'), () => '_'],
  ];
}

// The kind of `text` (`masked`: the same text with its strings' texts blanked, as long), or undefined when it names no
// own place; `named`: the kind of a name the code at `at` sees (a name bound to a place).
export function kindOf(text: string, masked: string, at: number, named: (name: string, at: number) => Kind | undefined, rules: Rules): Kind | undefined {
  let work = '';
  let last = 0;
  for (const found of masked.matchAll(MENTION)) {
    if (found.index < last) continue;
    let end = found.index + found[0].length;
    let kind: string | undefined;
    let before = text.slice(last, found.index);
    // An object literal's key (`{ __dirname: name }`, rolldown's define of its config's globals) names no value.
    if (found.groups?.member === undefined && /[{,]\s*$/.test(masked.slice(Math.max(0, found.index - 20), found.index)) && /^\s*:(?!:)/.test(masked.slice(end, end + 20))) continue;
    if (found.groups?.other !== undefined) [kind, end] = resolved(text, masked, end, at, named, rules);
    else if (/^(?:__|module|import|require)/.test(found[0]) && WHOLE.test(found[0])) kind = SEED_KIND(found[0]);
    else {
      const name = found[0].replace(/\s+/g, '');
      const member = found.groups?.member !== undefined ? name : name.startsWith('this.') ? name.slice(5) : undefined;
      const byMember = member === undefined ? undefined : named(`.${member}`, at + found.index);
      kind = (member === name ? undefined : named(name, at + found.index)) ?? (RULE_WORDS.test(member ?? '') && byMember !== CUT ? undefined : byMember);
      // A member's mark stands for the whole chain (`A.root()`, `o.r`): the object's names (or its mark, but a cut
      // one) go with it.
      if (kind !== undefined && member === name) {
        const chain = /(?:(?:(?<![\w$])[A-Za-z_$][\w$]*|[\uE001-\uE005\uE007])\s*(?:\?\.|\.)\s*)+$/.exec((work + before).slice(-200));
        if (chain !== null) [work, before] = [(work + before).slice(0, -chain[0].length), ''];
      }
    }
    if (kind === undefined) continue;
    work += before + kind;
    last = end;
  }
  if (last === 0) return undefined;
  work += text.slice(last);
  for (let round = 0, before = ''; round < 32 && before !== work; round++) {
    before = work;
    for (const [rule, to] of rules) work = work.replace(rule, to);
  }
  if (!/[\uE001-\uE007]/.test(work)) return undefined;
  if (work.includes(CUT) || CLIMBS.test(work) || [...work.matchAll(/[\uE001-\uE007]/g)].some((mark) => taken(work, mark.index))) return CUT;
  const only = /^\s*([\uE001-\uE005\uE007])\s*$/.exec(work) ?? /^[^?]*\?\s*([\uE001-\uE005\uE007])\s*:\s*\1\s*$/.exec(work);
  return only === null ? PLACE : (only[1] as Kind);
}

// What `require.resolve(` or `import.meta.resolve(` (its arguments from `open`) returns, and where the call ends: a
// relative literal is the file's own place joined (`./x`), another literal or name another package's file, a call read
// past its bound or given a cut place CUT.
function resolved(text: string, masked: string, open: number, at: number, named: (name: string, at: number) => Kind | undefined, rules: Rules): [string, number] {
  const args = valueAt(masked, open, '');
  const close = open + args.length;
  if (masked[close] !== ')') return [CUT, close];
  const first = valueAt(masked, open, ',');
  const spec = text.slice(open, open + first.length);
  const name = LIT.test(spec) ? spec.trim().slice(1, -1) : undefined;
  if (name === undefined && kindOf(spec, first, at + open, named, rules) === CUT) return [CUT, close + 1];
  // A base given (`import.meta.resolve(x, parent)`, `require.resolve(x, { paths })`; options without paths: none) is
  // where the file is found from. A cut base is CUT; a relative name is the own place's only from own bases, CUT from
  // a literal one (`"."`: the working folder); from runtime bases only (a caller's parent URL: vitest's importMock) the
  // file is a runtime value (no place), from others another package's (browserslist's `{ paths: [".", ctx.path] }`).
  const relative = name !== undefined && /^\.\.?(?:[/\\]|$)/.test(name);
  const kinds = baseItems(text, masked, open + first.length, close).map(([from, to]) => {
    const kind = kindOf(text.slice(from, to), masked.slice(from, to), at + from, named, rules);
    return kind === undefined && /['"`]/.test(masked.slice(from, to)) ? 'literal' : kind;
  });
  if (kinds.includes(CUT) || (relative && kinds.includes('literal'))) return [CUT, close + 1];
  // A relative name from the own folder: CUT when it climbs out of the package, else one of the package's own modules
  // (no place: a module name, as `require("./x")`; ts-node hands `require.resolve("./transpilers/swc.js")` to its
  // resolve helper, an unknown function).
  if (relative && kinds.every((kind) => kind !== undefined && OWN_BASE.test(kind))) {
    const joined = `__dirname + "/${name!}"`;
    return [/["\n]/.test(name!) || kindOf(joined, `${joined.slice(0, 14)}${' '.repeat(name!.length)}"`, -1, () => undefined, rules) === CUT ? CUT : '_', close + 1];
  }
  return [kinds.length > 0 && kinds.every((kind) => kind === undefined) ? '_' : OTHER_FILE, close + 1];
}
// The file's own places, a base that a relative name is joined onto.
const OWN_BASE = /^[\uE001-\uE004]$/;

// The bases of a resolve call (`text`, `masked` as kindOf's) whose first argument ends at `comma` and whose call at
// `close` ([from, to] each): its second argument, or each entry of its options' `paths`; none (found from the file)
// for options without them (jest's `{ [Symbol.for("...")]: true }`). Options whose paths are not read plainly (a
// quoted or computed key, a spread) are one base.
function baseItems(text: string, masked: string, comma: number, close: number): [number, number][] {
  if (masked[comma] !== ',') return [];
  const second = text.slice(comma + 1, close);
  if (!/^\s*\{/.test(second)) return [[comma + 1, close]];
  const paths = /^\s*\{(?:[^{}[\]()]*,)?\s*paths\s*(:\s*\[|:|(?=[,}]))/.exec(second);
  if (paths === null || /\.\.\.|['"`]paths['"`]|\[[^\]]*\bpaths\b/.test(second)) return /\bpaths\b|\.\.\./.test(second) ? [[comma + 1, close]] : [];
  const after = comma + 1 + paths.index + paths[0].length;
  if (paths[1] === '') return [[after - paths[0].length + paths[0].lastIndexOf('paths'), after]];
  if (paths[1] === ':') return [[after, after + valueAt(masked, after, ',').length]];
  const items: [number, number][] = [];
  for (let at = after, end = after + valueAt(masked, after, '').length; at < end; at += items.at(-1)![1] - at + 1) {
    items.push([at, at + valueAt(masked, at, ',').length]);
  }
  return items;
}

const CALLER = /(?:^|[^\w$])(?:if|while|for|switch|return|typeof|void|await|in|of|case|yield|delete|new)\s*$/;
// Whether the mark at `at` of `work` is taken by a method, an index, a call of it, or an unknown function's call.
function taken(work: string, at: number): boolean {
  if (/^\s*(?:\.|\?\.|\[|\()/.test(work.slice(at + 1))) return true;
  let depth = 0;
  for (let i = at - 1; i >= 0; i--) {
    const c = work[i]!;
    if (c === ')' || c === ']' || c === '}') depth++;
    else if (c === '[' || c === '{') {
      if (depth-- === 0) return false;
    } else if (c === '(') {
      if (depth-- > 0) continue;
      const head = work.slice(Math.max(0, i - 30), i);
      return /[\w$)\]]\s*$/.test(head) && !CALLER.test(head);
    }
  }
  return false;
}
