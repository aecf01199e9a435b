// Issue 31: rolldown keeps a re-export chunk for each import()ed module that a chunk group took in
// (`export{r as execCommand}from"./exec-core-….js"`, ~50 bytes: rolldown/rolldown#9729), and Node's ESM loader
// pays per file (resolve, realpath, read, link): a cold sandboxed `exec true` loaded 7 of them, a read 2. Rollup
// rewrites such an import() to the chunk itself; this does the same after the bundler wrote: each `import("F")` of
// a facade F becomes `import("T").then((m) => ({ name: m.local, ... }))` of its target T, with the facade's export
// names. A facade some chunk still names another way (a static import) is kept.
import { dirname, join, posix, relative } from 'node:path';
import { parseAst } from 'rolldown/parseAst';

// Every node of `node`'s tree, depth first, with its parent.
function* nodes(node, parent = undefined) {
  if (node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const item of node) yield* nodes(item, parent);
    return;
  }
  if (typeof node.type === 'string') yield [node, parent];
  const next = typeof node.type === 'string' ? node : parent;
  for (const [key, value] of Object.entries(node)) if (key !== 'type' && value && typeof value === 'object') yield* nodes(value, next);
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const propertyName = (name) => (IDENTIFIER.test(name) ? name : JSON.stringify(name));

// The edits that make `await import(facade)`'s use read the target's names: `(await import(F)).name` and
// `let { name: x } = await import(F)` take the local name; anything else gets the facade's namespace built
// (`import(T).then(m => ({ name: m.local }))`).
function useEdits(node, parents, names, code) {
  const local = new Map(names);
  const awaited = parents.get(node);
  const user = awaited?.type === 'AwaitExpression' ? parents.get(awaited) : undefined;
  if (user?.type === 'MemberExpression' && user.object === awaited && !user.computed && local.has(user.property.name)) {
    return [{ start: user.property.start, end: user.property.end, text: local.get(user.property.name) }];
  }
  if (user?.type === 'VariableDeclarator' && user.init === awaited && user.id.type === 'ObjectPattern') {
    const properties = user.id.properties;
    const plain = properties.every((property) => property.type === 'Property' && !property.computed && local.has(property.key.type === 'Identifier' ? property.key.name : String(property.key.value)));
    if (plain) {
      return properties.map((property) => {
        const name = local.get(property.key.type === 'Identifier' ? property.key.name : String(property.key.value));
        return property.shorthand ? { start: property.start, end: property.end, text: `${name}:${code.slice(property.value.start, property.value.end)}` } : { start: property.key.start, end: property.key.end, text: name };
      });
    }
  }
  return [{ start: node.end, end: node.end, text: `.then(m=>({${names.map(([exported, name]) => `${propertyName(exported)}:m.${name}`).join(',')}}))` }];
}
const nameOf = (node) => (node.type === 'Identifier' ? node.name : String(node.value));

// The chunk's target file and export names when the chunk is only one re-export statement, else undefined.
function facadeOf(chunk) {
  if (!chunk.fileName.startsWith('chunks/') || chunk.code.length > 2_000 || !/^export\s*\{/.test(chunk.code)) return undefined;
  const body = parseAst(chunk.code, { sourceType: 'module' }, chunk.fileName).body;
  const [statement] = body;
  if (body.length !== 1 || statement.type !== 'ExportNamedDeclaration' || !statement.source || statement.declaration) return undefined;
  const target = posix.join(posix.dirname(chunk.fileName), statement.source.value);
  return { target, names: statement.specifiers.map((specifier) => [nameOf(specifier.exported), nameOf(specifier.local)]) };
}

// The string an import() names, when it is a plain one.
function specifierOf(source) {
  if (source.type === 'Literal' && typeof source.value === 'string') return source.value;
  if (source.type === 'TemplateLiteral' && source.expressions.length === 0) return source.quasis[0].value.cooked;
  return undefined;
}

// Rewrites, in place, every chunk's import() of a facade; returns the facades no chunk names any more (their file
// names). `chunks`: the bundler's output chunks (fileName, code).
export function dropFacades(chunks) {
  const facades = new Map();
  for (const chunk of chunks) {
    const facade = facadeOf(chunk);
    if (facade) facades.set(chunk.fileName, facade);
  }
  const changed = new Set();
  for (const chunk of chunks) {
    if (facades.has(chunk.fileName) || ![...facades.keys()].some((file) => chunk.code.includes(posix.basename(file)))) continue;
    const edits = [];
    const parents = new Map();
    const imports = [];
    for (const [node, parent] of nodes(parseAst(chunk.code, { sourceType: 'module' }, chunk.fileName).body)) {
      if (parent) parents.set(node, parent);
      if (node.type === 'ImportExpression' && !node.options) imports.push(node);
    }
    for (const node of imports) {
      const specifier = specifierOf(node.source);
      if (specifier === undefined || !specifier.startsWith('.')) continue;
      const facade = facades.get(posix.join(posix.dirname(chunk.fileName), specifier));
      if (!facade || !facade.names.every(([, local]) => IDENTIFIER.test(local))) continue;
      let target = relative(dirname(join('/', chunk.fileName)), join('/', facade.target));
      if (!target.startsWith('.')) target = `./${target}`;
      edits.push({ start: node.source.start, end: node.source.end, text: `\`${target}\`` }, ...useEdits(node, parents, facade.names, chunk.code));
    }
    if (edits.length === 0) continue;
    let code = chunk.code;
    for (const edit of edits.sort((a, b) => b.start - a.start)) code = code.slice(0, edit.start) + edit.text + code.slice(edit.end);
    chunk.code = code;
    changed.add(chunk.fileName);
  }
  const dropped = new Set([...facades.keys()].filter((file) => !chunks.some((chunk) => chunk.fileName !== file && chunk.code.includes(posix.basename(file)))));
  return { dropped, changed };
}
