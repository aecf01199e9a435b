// How another file reaches a name the defining file exports, read from its import statements only (no
// types; of the build configuration only TypeScript's path aliases): ES `import`/`export ... from`/`require`
// with relative paths or tsconfig `paths`/`baseUrl` ones (ts-paths.ts), Python
// `import`/`from ... import` (relative, or absolute matched by the module path's last segments), Go
// imports of the defining file's package folder, Rust `use` declarations (references-rust.ts). A file that
// re-exports the name becomes a provider too.
import path from 'node:path';
import type { Node } from 'web-tree-sitter';
import type { LanguageId } from './languages.js';
import { rustFacts } from './references-rust.js';
import type { AliasResolver } from './ts-paths.js';

export interface ImportFacts {
  // Local names bound to the exported name (the name itself or its alias).
  readonly locals: Set<string>;
  // Expressions that stand for a providing module (`ns`, `pkg.mod`, a Go package name).
  readonly namespaces: Set<string>;
  // Ids of the tokens that name the export in an import or export statement.
  readonly specifiers: Set<number>;
  // The file imports every name of a provider (`from m import *`, Go's dot import).
  star: boolean;
  // The file re-exports the name unchanged (it provides it to the files that import it).
  reexports: boolean;
}

const posix = path.posix;
const JS_ENDINGS = ['.ts', '.tsx', '.d.ts', '.js', '.jsx', '.mjs', '.cjs', '.mts', '.cts'];

// The workspace-relative files an ES module specifier can mean: a relative one from the importing file, any
// other through the TypeScript path aliases (tsconfig `paths`/`baseUrl`) when they are given.
export function jsTargets(from: string, specifier: string, aliases?: AliasResolver): string[] {
  const relative = specifier.startsWith('./') || specifier.startsWith('../') || specifier === '.' || specifier === '..';
  const bases = relative ? [posix.normalize(posix.join(posix.dirname(from), specifier))] : aliases?.(from, specifier) ?? [];
  return bases.flatMap((base) => {
    const stem = base.replace(/\.(m|c)?jsx?$/, '');
    return [base, ...JS_ENDINGS.map((ending) => `${base}${ending}`), ...(stem === base ? [] : JS_ENDINGS.map((ending) => `${stem}${ending}`)), ...JS_ENDINGS.map((ending) => `${base}/index${ending}`)];
  });
}

// A Python file's module path as segments (`pkg/__init__.py` is `pkg`).
export function pythonModule(file: string): string[] {
  const segments = file.replace(/\.pyi?$/, '').split('/');
  if (segments[segments.length - 1] === '__init__') segments.pop();
  return segments;
}

const endsWith = (whole: readonly string[], tail: readonly string[]): boolean => tail.length > 0 && tail.length <= whole.length && tail.every((segment, index) => whole[whole.length - tail.length + index] === segment);

function newFacts(): ImportFacts {
  return { locals: new Set(), namespaces: new Set(), specifiers: new Set(), star: false, reexports: false };
}

const unquote = (text: string): string => text.replace(/^['"`]|['"`]$/g, '');

function jsFacts(root: Node, file: string, providers: ReadonlySet<string>, name: string, aliases?: AliasResolver): ImportFacts {
  const facts = newFacts();
  const provided = (source: Node | null): boolean => source !== null && jsTargets(file, unquote(source.text), aliases).some((target) => providers.has(target));
  for (const statement of root.namedChildren) {
    if (statement === null) continue;
    if (statement.type === 'import_statement' && provided(statement.childForFieldName('source'))) {
      for (const specifier of statement.descendantsOfType(['import_specifier', 'namespace_import', 'import_clause'])) {
        if (specifier === null) continue;
        if (specifier.type === 'namespace_import') specifier.namedChildren.forEach((child) => child !== null && facts.namespaces.add(child.text));
        else if (specifier.type === 'import_clause') specifier.namedChildren.forEach((child) => child?.type === 'identifier' && child.text === name && facts.locals.add(name));
        else {
          const imported = specifier.childForFieldName('name');
          if (imported?.text !== name) continue;
          facts.specifiers.add(imported.id);
          facts.locals.add(specifier.childForFieldName('alias')?.text ?? name);
        }
      }
    }
    if (statement.type === 'export_statement' && provided(statement.childForFieldName('source'))) {
      if (statement.namedChildren.every((child) => child?.type === 'string')) facts.reexports = true;
      for (const specifier of statement.descendantsOfType('export_specifier')) {
        const exported = specifier?.childForFieldName('name');
        if (exported?.text !== name) continue;
        facts.specifiers.add(exported.id);
        if (specifier!.childForFieldName('alias') === null) facts.reexports = true;
      }
    }
  }
  for (const call of root.descendantsOfType('call_expression')) {
    if (call?.childForFieldName('function')?.text !== 'require') continue;
    const argument = call.childForFieldName('arguments')?.namedChild(0) ?? null;
    if (argument?.type !== 'string' || !provided(argument)) continue;
    const target = call.parent?.type === 'variable_declarator' ? call.parent.childForFieldName('name') : null;
    if (target?.type === 'identifier') facts.namespaces.add(target.text);
    for (const part of target?.type === 'object_pattern' ? target.namedChildren : []) {
      if (part?.type === 'shorthand_property_identifier_pattern' && part.text === name) {
        facts.specifiers.add(part.id);
        facts.locals.add(name);
      } else if (part?.type === 'pair_pattern' && part.childForFieldName('key')?.text === name) {
        facts.specifiers.add(part.childForFieldName('key')!.id);
        const local = part.childForFieldName('value');
        if (local?.type === 'identifier') facts.locals.add(local.text);
      }
    }
  }
  return facts;
}

// The module segments an import of `file` names: relative ones resolved, absolute ones as written.
function pythonTarget(file: string, module: Node): { segments: string[]; relative: boolean } {
  if (module.type !== 'relative_import') return { segments: module.text.split('.').map((part) => part.trim()), relative: false };
  const dots = module.namedChildren.find((child) => child?.type === 'import_prefix')?.text.length ?? 1;
  const rest = module.namedChildren.find((child) => child?.type === 'dotted_name')?.text.split('.') ?? [];
  const base = posix.dirname(file).split('/').filter((part) => part !== '' && part !== '.');
  return { segments: [...base.slice(0, Math.max(0, base.length - (dots - 1))), ...rest], relative: true };
}

function pythonFacts(root: Node, file: string, providers: ReadonlySet<string>, name: string): ImportFacts {
  const facts = newFacts();
  const modules = [...providers].map(pythonModule);
  const matches = (target: { segments: string[]; relative: boolean }): boolean =>
    modules.some((module) => (target.relative ? module.join('/') === target.segments.join('/') : endsWith(module, target.segments)));
  for (const statement of root.descendantsOfType(['import_statement', 'import_from_statement'])) {
    if (statement === null) continue;
    const names = statement.childrenForFieldName('name').filter((child): child is Node => child !== null);
    if (statement.type === 'import_statement') {
      for (const item of names) {
        const dotted = item.type === 'aliased_import' ? item.childForFieldName('name')! : item;
        if (matches({ segments: dotted.text.split('.'), relative: false })) facts.namespaces.add(item.childForFieldName('alias')?.text ?? dotted.text);
      }
      continue;
    }
    const module = statement.childForFieldName('module_name');
    if (module === null) continue;
    const target = pythonTarget(file, module);
    const direct = matches(target);
    if (direct && statement.namedChildren.some((child) => child?.type === 'wildcard_import')) facts.star = true;
    for (const item of names) {
      const imported = item.type === 'aliased_import' ? item.childForFieldName('name')! : item;
      const alias = item.type === 'aliased_import' ? item.childForFieldName('alias')?.text : undefined;
      if (direct && imported.text === name) {
        facts.specifiers.add(imported.namedChild(0)?.id ?? imported.id);
        facts.locals.add(alias ?? name);
        if (alias === undefined) facts.reexports = true;
      } else if (matches({ segments: [...target.segments, imported.text], relative: target.relative })) {
        facts.namespaces.add(alias ?? imported.text);
      }
    }
  }
  return facts;
}

function goFacts(root: Node, providers: ReadonlySet<string>): ImportFacts {
  const facts = newFacts();
  const folders = [...providers].map((provider) => posix.dirname(provider)).filter((folder) => folder !== '.');
  for (const spec of root.descendantsOfType('import_spec')) {
    const imported = unquote(spec?.childForFieldName('path')?.text ?? '');
    if (!folders.some((folder) => imported === folder || imported.endsWith(`/${folder}`))) continue;
    const local = spec!.childForFieldName('name');
    if (local?.type === 'dot') facts.star = true;
    else facts.namespaces.add(local?.text ?? imported.split('/').pop()!);
  }
  return facts;
}

export function importFacts(language: LanguageId, root: Node, file: string, providers: ReadonlySet<string>, name: string, aliases?: AliasResolver): ImportFacts {
  if (language === 'javascript' || language === 'typescript' || language === 'tsx') return jsFacts(root, file, providers, name, aliases);
  if (language === 'python') return pythonFacts(root, file, providers, name);
  if (language === 'go') return goFacts(root, providers);
  if (language === 'rust') return rustFacts(root, file, providers, name, newFacts());
  return newFacts();
}
