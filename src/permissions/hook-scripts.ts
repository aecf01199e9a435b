// What a script a hook runs loads besides itself (red team R13-20, R13-22 rest). Node: a hook's
// `node scripts/t.js` (directly or through a package.json script) runs every file its static relative
// `require`/`import` reaches, transitively, through the extensions and folder indexes node tries, whether those
// files exist yet or not. Not its whole folder (unlike python's first import folder, node has no standard
// library to shadow: a bare name is a builtin or an installed package); a sibling loaded through a name the
// script builds is the unknown case below. A require or import whose name is not a literal (`require(join("lib", f))` in a readdirSync loop), code made
// from text (`eval`, `new Function`, `vm`), or another program started (`child_process`) cannot be followed:
// the whole work tree is obeyed (`unknown`). Python: a script that changes its import path (`sys.path.insert`,
// `site.addsitedir`) to a computed folder cannot be followed either; a literal folder is obeyed like the
// script's own (hook-config-parts.ts pythonShadowGlobs).
import { isBuiltin } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { isInside } from '../workspace/contains.js';
import type { Read } from './hook-tasks.js';
import { mainTargets, moduleTargets, packageFolders } from './node-resolve.js';
import type { Aliases } from './ts-paths.js';
import { selfReference } from './node-self-reference.js';
import { loadNames, TEMPLATE_BODY } from './node-load-names.js';

const MAX_FILES = 64;
export const NODE_SCRIPT = /\.(?:[cm]?js|[cm]?ts|jsx|tsx)$/;
// A template literal without `${` is a literal name (node-load-names.ts; rows28's LEFT), one with it is not.
const LITERAL_ARG = String.raw`(?!['"][^'"\n]*['"]\s*\)|${TEMPLATE_BODY}\s*[,)])`;
const DYNAMIC = new RegExp(
  String.raw`\brequire\s*\(\s*${LITERAL_ARG}|\bimport\s*\(\s*${LITERAL_ARG}|\beval\s*\(|\bnew\s+Function\b|\bvm\s*\.\s*(?:run|compile|Script)|` +
    String.raw`\brequire\(\s*['"](?:node:)?(?:vm|child_process|module|worker_threads)['"]\s*\)|\bfrom\s*['"](?:node:)?(?:vm|child_process|module|worker_threads)['"]|\bcreateRequire\b`,
);
const EXTENSIONS = ['', '.js', '.cjs', '.mjs', '.json', '.node', '.ts', '.mts', '.cts'];
const INDEXES = ['index.js', 'index.cjs', 'index.mjs', 'index.json', 'index.node', 'index.ts', 'package.json'];

export interface ScriptReach {
  readonly files: string[];
  readonly globs: string[];
  // The package folders its bare names may load (present or not): obeyed whole with what they load by name
  // (hook-packages.ts obeyPackages), at every depth of the walk (red team R15-7 rest: a configuration's
  // ./cfg/p.ts importing "evil").
  readonly packages: string[];
  readonly unknown?: string;
}

// The files node tries for a relative name from `from` (the folder of the requiring file), and what the
// package.json "main" of a folder it names points at, wherever that is (R17-3: `outside`, a main out of `top`).
function candidates(name: string, from: string, read: Read, top: string): { files: string[]; outside?: string } {
  const base = resolve(from, name);
  const main = mainTargets(base, read, top);
  return { ...main, files: [...EXTENSIONS.map((ext) => `${base}${ext}`), ...INDEXES.map((index) => join(base, index)), ...main.files] };
}

// What the node script at `script` (absolute, in the work tree `top`) loads; `aliases`: the tsconfig paths the
// loader applies first (ts-paths.ts: next.config.ts, vite-tsconfig-paths).
export function nodeReach(script: string, top: string, read: Read, isFile: (path: string) => boolean, aliases?: Aliases): ScriptReach {
  const files = new Set<string>();
  const globs: string[] = [];
  const packages = new Set<string>();
  const queue = [script];
  const done = (unknown?: string): ScriptReach => ({ files: [...files], globs, packages: [...packages], ...(unknown === undefined ? {} : { unknown }) });
  for (let at = 0; at < queue.length; at++) {
    // A bound that stops reading fails closed (red team R15-9e): the modules past it are not known.
    if (at >= MAX_FILES) return done(`${script.slice(top.length + 1)} loads more than ${MAX_FILES} modules`);
    const file = queue[at]!;
    const text = read(file);
    if (text === undefined) continue;
    const code = text.replace(/^\s*\/\/.*$/gm, '');
    const dynamic = DYNAMIC.exec(code);
    if (dynamic) return done(`${file.slice(top.length + 1)} loads code through \`${dynamic[0].trim()}\` (a name or text only known at run time)`);
    for (const name of loadNames(code)) {
      // A subpath import (`#x`) is mapped by the nearest package.json "imports" (R14-18): not followed.
      if (name.startsWith('#')) return done(`${file.slice(top.length + 1)} loads ${name} through package.json "imports"`);
      if (!name.startsWith('.') && !name.startsWith('/')) {
        if (isBuiltin(name)) continue;
        // A tsconfig alias (R18-8): every target's spellings, then node's own resolution too (fail closed).
        const why = aliases?.unmapped(name);
        if (why !== undefined) return done(`${file.slice(top.length + 1)} loads ${why}`);
        for (const path of aliases?.map(name) ?? []) {
          if (!isInside(top, path)) return done(`${file.slice(top.length + 1)} loads \`${name}\` through a tsconfig path outside the work tree`);
          files.add(path);
          if (isFile(path) && NODE_SCRIPT.test(path) && !queue.includes(path)) queue.push(path);
        }
        // The workspace's own package by its name (R14b-6): resolved through its package.json `exports`.
        const own = selfReference(name, dirname(file), top, read);
        for (const path of own?.files ?? []) if (!files.has(path)) {
          files.add(path);
          if (isFile(path) && NODE_SCRIPT.test(path)) queue.push(path);
        }
        for (const folder of own?.folders ?? []) globs.push(join(folder, '**'));
        if (own !== undefined) continue;
        // An installed package (node-resolve.ts, the resolver of every module name the walk meets): its file
        // forms and package folders in every node_modules up to the top.
        for (const path of moduleTargets(name, dirname(file), top)) files.add(path);
        for (const folder of packageFolders(name, dirname(file), top)) packages.add(folder);
        continue;
      }
      const tried = candidates(name, dirname(file), read, top);
      if (tried.outside !== undefined) return done(tried.outside);
      for (const path of tried.files) {
        if (!isInside(top, path)) continue;
        files.add(path);
        if (isFile(path) && NODE_SCRIPT.test(path) && !queue.includes(path)) queue.push(path);
      }
    }
  }
  return done();
}

const SYS_PATH = /\bsys\.path\s*\.\s*(?:insert|append|extend)\s*\(([^)\n]*)\)|\bsys\.path\s*(?:\[[^\]]*\]\s*=|\+=|=)([^\n]*)|\bsite\.addsitedir\s*\(([^)\n]*)\)/g;

// The folders a python script puts on its import path (literal ones, from `from`; `written`: as written), or why
// they cannot be known.
export function pythonPathFolders(text: string, from: string): { folders: string[]; written: string[]; unknown?: string } {
  const folders: string[] = [];
  const written: string[] = [];
  for (const found of text.matchAll(SYS_PATH)) {
    const args = (found[1] ?? found[2] ?? found[3] ?? '').replace(/^\s*-?\d+\s*,\s*/, '').trim();
    const literal = /^(['"])([^'"]*)\1$/.exec(args);
    if (!literal) return { folders, written, unknown: `\`${found[0].trim()}\` (an import folder only known at run time)` };
    folders.push(resolve(from, literal[2]!));
    written.push(literal[2]!);
  }
  return { folders, written };
}
