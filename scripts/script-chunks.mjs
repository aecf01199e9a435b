// Issue 31: the bundle's large chunks as scripts V8 can keep compiled code for (src/bin/script-loader.ts). Each
// chunk of at least MIN_BYTES that a cold call loads becomes:
//   chunks/NAME.js         a small ES module facade: the chunk's own static imports (same order, so the same
//                          evaluation order), then `loadScript(NAME.script, [namespaces], (s) => import(s), import.meta)`
//                          and `export const { ... } = exports` (the chunk's export names, unchanged);
//   chunks/NAME.js.script  `(async function($d,$i,$m){"use strict"; const {x: local} = $d[0]; ... CODE ... return {...}})`:
//                          the chunk's code with its import and export statements removed, import() -> $i(),
//                          import.meta -> $m (names no identifier of the chunk has).
// Import bindings become constants read when the script starts and exports constants read when it ends, so a
// chunk is left an ES module when that could differ from ES module semantics: it is part of a static import
// cycle, or exports a binding it assigns after its declaration (a `let`/`var` assigned anywhere in the chunk,
// by name: a shadowing local counts too, which only leaves a chunk as it was).
import { parseAst } from 'rolldown/parseAst';

export const MIN_BYTES = 24_000;
// The loader's entry (scripts/build.mjs INPUTS), relative to dist/.
export const LOADER = 'script-loader.js';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
// Words an export may be named but a binding may not (a minifier's two-letter names meet `in`, `do`, `if`).
const RESERVED = new Set('break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await arguments eval'.split(' '));

// Every node of `node`'s tree, depth first.
function* nodes(node) {
  if (node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const item of node) yield* nodes(item);
    return;
  }
  if (typeof node.type === 'string') yield node;
  for (const [key, value] of Object.entries(node)) if (key !== 'type' && value && typeof value === 'object') yield* nodes(value);
}

const nameOf = (node) => (node.type === 'Identifier' ? node.name : String(node.value));

// Names a pattern (an assignment's target) binds.
function* targets(pattern) {
  if (!pattern) return;
  if (pattern.type === 'Identifier') yield pattern.name;
  else if (pattern.type === 'ObjectPattern') for (const property of pattern.properties) yield* targets(property.type === 'RestElement' ? property.argument : property.value);
  else if (pattern.type === 'ArrayPattern') for (const element of pattern.elements) yield* targets(element?.type === 'RestElement' ? element.argument : element);
  else if (pattern.type === 'AssignmentPattern') yield* targets(pattern.left);
}

// The chunk `code` as { facade, script }, or the reason it stays an ES module.
export function toScript(code, { fileName, loaderImport }) {
  const program = parseAst(code, { sourceType: 'module' }, fileName);
  const imports = [];
  const exports = [];
  const edits = [];
  const declaredMutable = new Set();
  for (const statement of program.body) {
    if (statement.type === 'ImportDeclaration') {
      if (statement.importKind === 'type') return { reason: 'type import' };
      imports.push({ source: statement.source.value, specifiers: statement.specifiers, attributes: statement.attributes ?? [] });
      edits.push({ start: statement.start, end: statement.end, text: '' });
    } else if (statement.type === 'ExportNamedDeclaration') {
      if (statement.declaration || statement.source) return { reason: 'export declaration or re-export' };
      for (const specifier of statement.specifiers) exports.push({ local: nameOf(specifier.local), exported: nameOf(specifier.exported) });
      edits.push({ start: statement.start, end: statement.end, text: '' });
    } else if (statement.type === 'ExportAllDeclaration' || statement.type === 'ExportDefaultDeclaration') {
      return { reason: statement.type };
    } else if (statement.type === 'VariableDeclaration' && statement.kind !== 'const') {
      for (const declaration of statement.declarations) for (const name of targets(declaration.id)) declaredMutable.add(name);
    }
  }
  if (imports.some((item) => item.attributes.length > 0)) return { reason: 'import attributes' };
  const assigned = new Set();
  const names = new Set();
  for (const node of nodes(program.body)) if (node.type === 'Identifier') names.add(node.name);
  // The script's own parameters: short names no identifier of the chunk has (a minifier's are 1-3 characters).
  const fresh = (name) => (names.has(name) ? fresh(`$${name}`) : (names.add(name), name));
  const [deps, load, meta] = [fresh('$d'), fresh('$i'), fresh('$m')];
  for (const node of nodes(program.body)) {
    if (node.type === 'ImportExpression') edits.push({ start: node.start, end: node.start + 'import'.length, text: load });
    else if (node.type === 'MetaProperty' && node.meta.name === 'import') edits.push({ start: node.start, end: node.end, text: meta });
    else if (node.type === 'AssignmentExpression') for (const name of targets(node.left)) assigned.add(name);
    else if (node.type === 'UpdateExpression' && node.argument.type === 'Identifier') assigned.add(node.argument.name);
  }
  for (const edit of edits) {
    const text = code.slice(edit.start, edit.end);
    if (edit.text === load && text !== 'import') return { reason: `import() at ${edit.start} reads ${JSON.stringify(text)}` };
  }
  const mutable = exports.filter(({ local }) => declaredMutable.has(local) && assigned.has(local));
  if (mutable.length > 0) return { reason: `exports assigned bindings: ${mutable.map(({ local }) => local).join(', ')}` };
  if (exports.some(({ exported }) => !IDENTIFIER.test(exported) || exported === 'default')) return { reason: 'an export name is not an identifier' };

  edits.sort((a, b) => a.start - b.start);
  let body = '';
  let at = 0;
  for (const edit of edits) {
    body += code.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  body += code.slice(at);

  // One namespace per imported source (a chunk may import one source twice: a namespace and names).
  const sources = [...new Set(imports.map((item) => item.source))];
  const bindings = imports
    .map((item) => {
      const index = sources.indexOf(item.source);
      const named = item.specifiers.filter((specifier) => specifier.type !== 'ImportNamespaceSpecifier');
      const namespaces = item.specifiers.filter((specifier) => specifier.type === 'ImportNamespaceSpecifier');
      const parts = namespaces.map((specifier) => `const ${specifier.local.name}=${deps}[${index}];`);
      if (named.length > 0) {
        const fields = named.map((specifier) => {
          const imported = specifier.type === 'ImportDefaultSpecifier' ? 'default' : nameOf(specifier.imported);
          return `${IDENTIFIER.test(imported) ? imported : JSON.stringify(imported)}:${specifier.local.name}`;
        });
        parts.push(`const{${fields.join(',')}}=${deps}[${index}];`);
      }
      return parts.join('');
    })
    .join('');
  const returned = `return{${exports.map(({ local, exported }) => (local === exported ? local : `${exported}:${local}`)).join(',')}};`;
  // The body keeps its line breaks: a stack trace's line numbers stay those of the chunk (and its source map).
  const script = `(async function(${deps},${load},${meta}){"use strict";${bindings}${body.replace(/\n\/\/# sourceMappingURL=[^\n]*\n?$/, '\n')}\n${returned}})`;
  // The facade's own names: short, and none an export's.
  const exported = new Set(exports.map(({ exported: name }) => name));
  const local = (name) => (exported.has(name) ? local(`$${name}`) : name);
  const result = local('$x');
  const namespaces = sources.map((_, index) => local(`$n${index}`));
  const reserved = exports.map(({ exported }) => exported).filter((name) => RESERVED.has(name));
  const plain = exports.map(({ exported }) => exported).filter((name) => !RESERVED.has(name));
  const facade = [
    ...sources.map((source, index) => `import*as ${namespaces[index]} from${JSON.stringify(source)};`),
    // The bin's loader (src/bin/codeward.ts puts it there: no file more to load), else the library's entry of it.
    `const ${result}=await(globalThis[Symbol.for("codeward.script")]??(await import(${JSON.stringify(loaderImport)})).loadScript)(new URL(${JSON.stringify(`./${fileName.split('/').pop()}.script`)},import.meta.url),[${namespaces.join(',')}],s=>import(s),import.meta);`,
    // An export name that is a reserved word (`in`, `do`) is read into a local of the facade's own, then exported.
    plain.length > 0 ? `export const{${plain.join(',')}}=${result};` : '',
    reserved.length > 0 ? `const{${reserved.map((name, index) => `${name}:${local(`${result}${index}`)}`).join(',')}}=${result};export{${reserved.map((name, index) => `${local(`${result}${index}`)} as ${name}`).join(',')}};` : '',
    '',
  ].join('');
  return { facade, script };
}

// Whether `fileName` lies on a static import cycle of `chunks` (fileName -> chunk with .imports).
export function onStaticCycle(fileName, chunks) {
  const seen = new Set();
  const stack = [...(chunks.get(fileName)?.imports ?? [])];
  while (stack.length > 0) {
    const next = stack.pop();
    if (next === fileName) return true;
    if (seen.has(next)) continue;
    seen.add(next);
    stack.push(...(chunks.get(next)?.imports ?? []));
  }
  return false;
}
