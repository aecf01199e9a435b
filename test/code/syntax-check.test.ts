import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine/engine.js';
import type { Envelope } from '../../src/engine/envelope.js';
import { createEngine } from '../../src/setup.js';
import type { ApprovalRequest } from '../../src/permissions/types.js';
import { SYNTAX_CHECK_MAX_BYTES } from '../../src/code/syntax-check-hook.js';
import { engineFor, removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

// The syntax check of every edit, from the side of a model that sends an edit which breaks the code: the
// edit is refused (C225) with the place named and the file left byte for byte as it was, in every edit
// command, in the approval's dry run, and across a multi-file transaction; errors already there are not
// blamed on the edit.

const CLEAN = {
  'src/app.ts': 'export class Greeter {\n  greet(who: string): string {\n    return `hello ${who}`;\n  }\n}\n',
  'tool.py': 'def greet(who):\n    return "hello " + who\n\n\nclass Greeter:\n    pass\n',
  'main.go': 'package main\n\nimport "fmt"\n\nfunc main() {\n\tfmt.Println("hi")\n}\n',
  'broken.ts': 'export const a = 1;\nconst b = (2;\nexport const c = 3;\n',
  'notes.txt': 'not code (\n',
};

let root: string;
let engine: Engine | undefined;
beforeEach(async () => {
  root = await tempDir();
  await writeFiles(root, CLEAN);
});
afterEach(async () => {
  await engine?.close();
  engine = undefined;
  await removeDir(root);
});

const open = async (): Promise<Engine> => (engine = await engineFor(root));
const text = (path: string) => readFile(join(root, path), 'utf8');
// The refusal's message (the test fails when the call did not fail).
const refusal = (result: Envelope): string => {
  if (result.ok) throw new Error('expected the call to be refused');
  return result.error.message;
};
const unchanged = async (): Promise<void> => {
  for (const [path, content] of Object.entries(CLEAN)) expect(await text(path)).toBe(content);
};

describe('an edit that breaks a clean file is refused', () => {
  it('TypeScript, patch: a lost closing brace is refused with line:column and nothing is written', async () => {
    const result = await (await open()).run({ cmd: 'patch', args: { file: 'src/app.ts', search: '    return `hello ${who}`;\n  }\n', replace: '    return `hello ${who}`;\n' } });
    expect(result).toMatchObject({ ok: false, error: { code: 'C225' } });
    expect(refusal(result)).toMatch(/src\/app\.ts parsed cleanly as typescript and would not after this edit: \d+:\d+ .*nothing was written/);
    expect(refusal(result)).toMatch(/--syntax-check warn/);
    await unchanged();
  });

  it('Python, write: a def without its colon is refused', async () => {
    const result = await (await open()).run({ cmd: 'write', args: { file: 'tool.py', content: 'def greet(who)\n    return "hello " + who\n' } });
    expect(result).toMatchObject({ ok: false, error: { code: 'C225' } });
    expect(refusal(result)).toMatch(/tool\.py parsed cleanly as python/);
    await unchanged();
  });

  it('Go, update: a line op that drops the closing brace of main is refused', async () => {
    const result = await (await open()).run({ cmd: 'update', args: { files: [{ path: 'main.go', ops: [{ op: 'remove', from_line: 7, to_line: 7 }] }] } });
    expect(result.ok).toBe(true);
    const entry = (result.data as { results: { success: boolean; error?: { code: string; message: string } }[] }).results[0]!;
    expect(entry).toMatchObject({ success: false, error: { code: 'C225' } });
    expect(entry.error!.message).toMatch(/main\.go parsed cleanly as go/);
    await unchanged();
  });

  it('create of a new code file that does not parse is refused; valid code and non-code are created', async () => {
    const result = await (await open()).run({ cmd: 'create', args: { files: [
      { path: 'new.py', content: 'class A(\n' },
      { path: 'ok.go', content: 'package ok\n\nfunc F() int { return 1 }\n' },
      { path: 'free.txt', content: 'class A(\n' },
    ] } });
    const results = (result.data as { results: { path: string; success: boolean; error?: { code: string } }[] }).results;
    expect(results.map((entry) => [entry.path, entry.success, entry.error?.code])).toEqual([['new.py', false, 'C225'], ['ok.go', true, undefined], ['free.txt', true, undefined]]);
    await expect(text('new.py')).rejects.toThrow(/ENOENT/);
  });

  it('multipatch: one file of the transaction breaking refuses the whole transaction', async () => {
    const result = await (await open()).run({ cmd: 'multipatch', args: { edits: [
      { file: 'tool.py', search: 'pass', replace: 'greeting = "hi"' },
      { file: 'main.go', search: 'func main() {', replace: 'func main( {' },
    ] } });
    expect(result).toMatchObject({ ok: false, error: { code: 'C225' } });
    expect(refusal(result)).toMatch(/main\.go/);
    await unchanged();
  });

  it('a unified diff (patch --diff) that breaks the file is refused too', async () => {
    const diff = '--- a/tool.py\n+++ b/tool.py\n@@ -1,2 +1,2 @@\n-def greet(who):\n+def greet(who:\n     return "hello " + who\n';
    const result = await (await open()).run({ cmd: 'patch', args: { diff } });
    expect(result).toMatchObject({ ok: false, error: { code: 'C225' } });
    await unchanged();
  });
});

describe('what is not refused', () => {
  it('valid edits pass without a warning', async () => {
    const result = await (await open()).run({ cmd: 'patch', args: { file: 'src/app.ts', search: 'hello', replace: 'hi' } });
    expect(result).toMatchObject({ ok: true, warnings: [] });
  });

  it('--syntax-check warn writes the broken file and says where the error is', async () => {
    const result = await (await open()).run({ cmd: 'write', args: { file: 'tool.py', content: 'def greet(who)\n    return who\n', syntaxCheck: 'warn' } });
    expect(result.ok).toBe(true);
    expect(result.warnings.join('\n')).toMatch(/tool\.py: this edit introduced a syntax error \(python\): 1:\d+ /);
    expect(await text('tool.py')).toBe('def greet(who)\n    return who\n');
  });

  it('--syntax-check off and the config key syntaxCheck: "off" write without a word', async () => {
    const off = await (await open()).run({ cmd: 'write', args: { file: 'main.go', content: 'package main\nfunc (\n', syntaxCheck: 'off' } });
    expect(off).toMatchObject({ ok: true, warnings: [] });
    await engine!.close();
    await writeFiles(root, { '.codeward/config.json': '{"syntaxCheck":"off"}' });
    const configured = await (await open()).run({ cmd: 'write', args: { file: 'tool.py', content: 'def (\n' } });
    expect(configured.ok).toBe(true);
    expect(configured.warnings.filter((line) => /syntax/.test(line))).toEqual([]);
  });

  it('a file that was already broken: a new error is a warning, an edit elsewhere says nothing', async () => {
    const elsewhere = await (await open()).run({ cmd: 'patch', args: { file: 'broken.ts', search: 'export const c = 3;', replace: 'export const c = 4;' } });
    expect(elsewhere).toMatchObject({ ok: true, warnings: [] });
    const another = await engine!.run({ cmd: 'patch', args: { file: 'broken.ts', search: 'export const c = 4;', replace: 'export const c = [4;' } });
    expect(another.ok).toBe(true);
    expect(another.warnings.join('\n')).toMatch(/broken\.ts: this edit introduced a syntax error \(typescript\): 3:/);
  });

  it('an edit above an old error that shifts it down a line does not blame the edit for it', async () => {
    const result = await (await open()).run({ cmd: 'patch', args: { file: 'broken.ts', search: 'export const a = 1;\n', replace: 'export const a = 1;\nexport const z = 0;\n' } });
    expect(result).toMatchObject({ ok: true, warnings: [] });
  });

  it('undo (no --syntax-check flag) puts a broken version back, never refused', async () => {
    await open();
    expect((await engine!.run({ cmd: 'write', args: { file: 'tool.py', content: 'def broken(\n', syntaxCheck: 'warn' } })).ok).toBe(true);
    expect((await engine!.run({ cmd: 'write', args: { file: 'tool.py', content: 'x = 1\n' } })).ok).toBe(true);
    const undo = await engine!.run({ cmd: 'undo', args: {} });
    expect(undo.ok).toBe(true);
    expect(await text('tool.py')).toBe('def broken(\n');
  });

  it('a file over the budget is written unchecked, and the warning names it', async () => {
    const big = `${'export const a = 1;\n'.repeat(Math.ceil(SYNTAX_CHECK_MAX_BYTES / 19) + 1)}const (\n`;
    const result = await (await open()).run({ cmd: 'write', args: { file: 'big.ts', content: big } });
    expect(result.ok).toBe(true);
    expect(result.warnings.join('\n')).toMatch(/syntax check skipped for big\.ts: \d+ bytes is over its budget/);
  });
});

describe('the approval question', () => {
  it('the dry run a person is shown carries the same refusal, and nothing is written after "once"', async () => {
    const home = await tempDir();
    const asked: ApprovalRequest[] = [];
    engine = await createEngine({ workspace: root, env: { HOME: home }, permissions: { home, approver: async (request) => {
      asked.push(request);
      return 'once';
    } } });
    const result = await engine.run({ cmd: 'write', args: { file: 'src/app.ts', content: 'export class {\n' } });
    expect(result).toMatchObject({ ok: false, error: { code: 'C225' } });
    expect(asked).toHaveLength(1);
    expect(asked[0]!.preview!.notes.join('\n')).toMatch(/C225 src\/app\.ts parsed cleanly/);
    await unchanged();
    await removeDir(home);
  });
});
