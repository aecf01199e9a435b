// Issue 26, "the house", and issue 31: the settings loaders formed an import circle (engine/config.ts <->
// permissions/policy-load.ts <-> the sandbox's types). A madge-like walk of every relative import among
// src/engine, src/permissions and src/sandbox: no circle, neither of imports that run (value imports) nor
// of type imports (the types they shared moved to leaves: engine/config-schema.ts, engine/effect.ts).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/fixture.js';

const FOLDERS = ['engine', 'permissions', 'sandbox'];

type Graph = ReadonlyMap<string, readonly string[]>;

function sources(): string[] {
  const files: string[] = [];
  const walk = (folder: string): void => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (path.endsWith('.ts')) files.push(path);
    }
  };
  for (const folder of FOLDERS) walk(join(REPO_ROOT, 'src', folder));
  return files;
}

// `import ... from './x.js'`, `export ... from`, `import './x.js'`, `import('./x.js')`; with `withTypes`
// false, `import type`/`export type` are left out (erased at run time).
function graph(withTypes: boolean): Graph {
  const files = sources();
  const known = new Set(files);
  const edges = new Map<string, string[]>();
  const pattern = /(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
  for (const file of files) {
    const targets: string[] = [];
    for (const match of readFileSync(file, 'utf8').matchAll(pattern)) {
      if (match[1] && !withTypes) continue;
      const target = resolve(dirname(file), (match[2] ?? match[3])!.replace(/\.js$/, '.ts'));
      if (known.has(target)) targets.push(target);
    }
    edges.set(file, targets);
  }
  return edges;
}

// Tarjan's strongly connected components of more than one file (or a file importing itself).
function circles(edges: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let top: string;
    do {
      top = stack.pop()!;
      component.push(top);
    } while (top !== node);
    if (component.length > 1 || (edges.get(node) ?? []).includes(node)) found.push(component.map((file) => relative(REPO_ROOT, file).split('\\').join('/')).sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('import circles among src/engine, src/permissions and src/sandbox', () => {
  it('the walk finds a circle when there is one (a -> b -> c -> a), and none in a chain', () => {
    const at = (name: string): string => join(REPO_ROOT, name);
    expect(circles(new Map([[at('a'), [at('b')]], [at('b'), [at('c')]], [at('c'), [at('a')]]]))).toEqual([['a', 'b', 'c']]);
    expect(circles(new Map([[at('a'), [at('b')]], [at('b'), [at('c')]], [at('c'), []]]))).toEqual([]);
  });

  it('sees the imports it should (the walk is not empty)', () => {
    const edges = graph(true);
    expect(edges.size).toBeGreaterThan(50);
    expect(edges.get(join(REPO_ROOT, 'src/engine/config.ts'))).toContain(join(REPO_ROOT, 'src/permissions/policy-load.ts'));
  });

  it('no circle of value imports', () => {
    expect(circles(graph(false))).toEqual([]);
  });

  it('no circle of imports at all, type imports included (Config, Effect and the sandbox handle live in leaves)', () => {
    expect(circles(graph(true))).toEqual([]);
  });
});
