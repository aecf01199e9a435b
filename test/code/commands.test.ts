import { symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/index.js';
import { engineFor, removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

let root: string;
let outside: string;
let engine: Engine;
beforeEach(async () => {
  root = await tempDir();
  outside = await tempDir('codeward-outside-');
  engine = await engineFor(root);
});
afterEach(async () => {
  await removeDir(root);
  await removeDir(outside);
});

const errorOf = (result: unknown): { code: string; message: string } | undefined => (result as { error?: { code: string; message: string } }).error;

const GREETER_TS = 'export class Greeter {\n  greet(who: string): string {\n    return who;\n  }\n}\nexport function greet(): void {}\n';
const GREETER_PY = 'class Greeter:\n    def greet(self, who):\n        return who\n';

describe('outline', () => {
  it('gives the tree with name paths, kinds, lines and signatures, as data and compact text', async () => {
    await writeFiles(root, { 'src/a.ts': GREETER_TS });
    const result = await engine.run({ cmd: 'outline', args: { file: 'src/a.ts' } });
    expect(result.ok).toBe(true);
    const data = result.data as { language: string; lines: number; symbols: { namePath: string; children: { namePath: string; startLine: number }[] }[] };
    expect(data.language).toBe('typescript');
    expect(data.lines).toBe(6);
    expect(data.symbols.map((symbol) => symbol.namePath)).toEqual(['Greeter', 'greet']);
    expect(data.symbols[0]!.children[0]).toMatchObject({ namePath: 'Greeter/greet', startLine: 2 });
    const text = runCli(['outline', 'src/a.ts'], { cwd: root }).stdout;
    expect(text).toContain('src/a.ts (typescript, 6 lines)');
    expect(text).toContain('  Greeter/greet method 2-4: greet(who: string): string {');
  });

  it('refuses a file that is not code with C210 naming the supported endings', async () => {
    await writeFiles(root, { 'notes.txt': 'class A {}' });
    const result = await engine.run({ cmd: 'outline', args: { file: 'notes.txt' } });
    expect(errorOf(result)?.code).toBe('C210');
    expect(errorOf(result)?.message).toMatch(/not a source file codeward parses; supported endings: javascript \(\.js .*typescript \(\.ts/);
  });

  it('names the budget that skips a minified file', async () => {
    await writeFiles(root, { 'app.js': `var a=1;${'function f(){return 1};'.repeat(400)}\n` });
    const result = await engine.run({ cmd: 'outline', args: { file: 'app.js' } });
    expect(errorOf(result)?.code).toBe('C213');
    expect(errorOf(result)?.message).toContain('minified');
  });

  it('does not outline a file through a symlink that leaves the workspace', async () => {
    await writeFiles(outside, { 'secret.ts': 'export function secretKey(): string { return "s"; }\n' });
    await symlink(join(outside, 'secret.ts'), join(root, 'link.ts'));
    const result = await engine.run({ cmd: 'outline', args: { file: 'link.ts' } });
    expect(result.ok).toBe(false);
    expect(JSON.stringify(result)).not.toContain('secretKey');
  });
});

describe('symbols', () => {
  it('finds a name path across languages, by suffix, exact or substring, filtered by kind, with bodies', async () => {
    await writeFiles(root, { 'src/a.ts': GREETER_TS, 'py/g.py': GREETER_PY, 'src/other.ts': 'export const unrelated = 1;\n' });
    const run = async (args: Record<string, unknown>) => {
      const result = await engine.run({ cmd: 'symbols', args });
      expect(result.ok).toBe(true);
      return result.data as { symbols: { path: string; namePath: string; kind: string; startLine: number; body?: string }[]; filesSearched: number };
    };
    const suffix = await run({ name: 'greet' });
    expect(suffix.symbols.map((hit) => `${hit.path}:${hit.namePath}:${hit.startLine}`)).toEqual(['py/g.py:Greeter/greet:2', 'src/a.ts:Greeter/greet:2', 'src/a.ts:greet:6']);
    // rg's prefilter: the file that does not hold the name is never parsed.
    expect(suffix.filesSearched).toBe(2);
    expect((await run({ name: 'Greeter.greet', mode: 'exact' })).symbols).toHaveLength(2);
    expect((await run({ name: 'greet', kind: 'function' })).symbols.map((hit) => hit.namePath)).toEqual(['greet']);
    expect((await run({ name: 'GREE', mode: 'substring', dir: 'py' })).symbols.map((hit) => hit.namePath)).toEqual(['Greeter', 'Greeter/greet']);
    const body = await run({ name: 'Greeter/greet', dir: 'py', body: true });
    expect(body.symbols[0]!.body).toBe('    def greet(self, who):\n        return who');
  });

  it('pages with --offset and says where the next page starts', async () => {
    await writeFiles(root, { 'a.py': Array.from({ length: 7 }, (_, index) => `def handler_${index}():\n    pass\n`).join('') });
    const first = await engine.run({ cmd: 'symbols', args: { name: 'handler', mode: 'substring', maxResults: 3 } });
    expect(first.data).toMatchObject({ total: 7, nextOffset: 3, truncated: true });
    const last = await engine.run({ cmd: 'symbols', args: { name: 'handler', mode: 'substring', maxResults: 3, offset: 6 } });
    expect(last.data).toMatchObject({ nextOffset: null, truncated: false });
  });

  it('never reports a definition behind a symlink out of the workspace, nor in a non-accessible or ignored file', async () => {
    await writeFiles(outside, { 'secret.ts': 'export function secretKey(): string { return "s"; }\n' });
    await writeFiles(root, { 'node_modules/dep/index.js': 'function secretKey() {}\n', '.env.ts': 'export function secretKey() {}\n', 'ok.ts': 'export const x = 1;\n' });
    await symlink(join(outside, 'secret.ts'), join(root, 'link.ts'));
    await symlink(outside, join(root, 'linkdir'));
    const result = await engine.run({ cmd: 'symbols', args: { name: 'secretKey' } });
    expect(result.ok).toBe(true);
    expect((result.data as { symbols: unknown[] }).symbols).toEqual([]);
  });
});

describe('repo-map and the index', () => {
  // 70 modules: module i defines fn_i and calls fn_(i+1) and the shared core.
  function project(count: number): Record<string, string> {
    const files: Record<string, string> = { 'src/core.ts': 'export function coreHelper(x: number): number {\n  return x;\n}\n' };
    for (let index = 0; index < count; index++) {
      files[`src/m${index}.ts`] = `import { coreHelper } from './core';\nexport function fn_${index}(value: number): number {\n  return coreHelper(fn_${(index + 1) % count}(value));\n}\nexport class Service${index} {\n  run(): number { return fn_${index}(1); }\n}\n`;
    }
    return files;
  }

  it('ranks what the rest uses first, fills the budget within 15 %, caches by file identity, re-parses only a changed file', async () => {
    await writeFiles(root, project(70));
    const first = await engine.run({ cmd: 'repo-map', args: { budget: 400 } });
    expect(first.ok).toBe(true);
    const data = first.data as { map: string; tokens: number; parsed: number; files: number; nextOffset: number | null };
    expect(data.files).toBe(71);
    expect(data.parsed).toBe(71);
    expect(data.map.split('\n')[0]).toBe('src/core.ts:');
    expect(data.tokens).toBeLessThanOrEqual(400);
    expect(data.tokens).toBeGreaterThanOrEqual(340);
    expect(data.nextOffset).not.toBeNull();
    const warm = await engine.run({ cmd: 'repo-map', args: { budget: 400 } });
    expect((warm.data as { parsed: number; map: string }).parsed).toBe(0);
    expect((warm.data as { map: string }).map).toBe(data.map);
    await writeFiles(root, { 'src/m5.ts': 'export function changed(): void {}\n' });
    const changed = await engine.run({ cmd: 'repo-map', args: { budget: 400 } });
    expect((changed.data as { parsed: number }).parsed).toBe(1);
  });

  it('personalises by --focus and --names', async () => {
    await writeFiles(root, project(70));
    const result = await engine.run({ cmd: 'repo-map', args: { budget: 100, names: 'fn_42' } });
    expect((result.data as { map: string }).map).toContain('fn_42');
  });

  it('the built binary indexes on two worker threads and gives the same map', async () => {
    await writeFiles(root, project(70));
    const cli = runCli(['--json', 'repo-map', '--budget', '300'], { cwd: root });
    expect(cli.json.ok).toBe(true);
    const inProcess = await engine.run({ cmd: 'repo-map', args: { budget: 300 } });
    expect(cli.json.data.parsed).toBe(71);
    expect(cli.json.data.threads).toBe(2);
    expect((inProcess.data as { threads: number }).threads).toBe(0);
    expect(cli.json.data.map).toBe((inProcess.data as { map: string }).map);
  });
});
