import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../../helpers/model-server.js';
import { tempDir, writeFiles } from '../../helpers/fixture.js';
import { agentEnv, answer, coder, runAgent } from './run-agent.js';

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function repo(): Promise<string> {
  const root = await tempDir('codeward-agent-batch-');
  await writeFiles(root, {
    'src/parse.js': 'export const parse = (s) => s.split(",");\n// second\n// third\n',
    'src/other.js': 'export const other = 1;\n',
    'test.js': "console.error('FAIL parse'); process.exit(1);\n",
    'package.json': '{ "type": "module", "scripts": { "test": "node test.js" } }\n',
  });
  return root;
}

async function firstResults(replies: string[]): Promise<{ results: string; root: string }> {
  server = await startModelServer({ replies });
  const root = await repo();
  const env = { ...(await agentEnv()), OPENAI_API_KEY: 'x' };
  const run = await runAgent(['-p', 'fix the failing test', '--approval-mode', 'yolo', '--provider', 'openai', '--base-url', server.openaiBaseUrl], { cwd: root, env });
  expect(run.status).toBe(0);
  return { results: server.requests[1]!.messages.at(-1)!.content, root };
}

describe('a failed call holds back only later changes to the same file (issue 17 point 1)', () => {
  it('a failed read and a failing test skip nothing; a failed patch holds back a later patch of that file only', async () => {
    const { results, root } = await firstResults([
      answer(
        'Look and fix.\n1. Read and test\n2. Fix',
        coder('read', { file: 'src/missing.js' }),
        coder('exec', { cmd: 'node test.js' }),
        coder('read', { file: 'src/parse.js' }),
        coder('patch', { file: 'src/parse.js', search: 'NOT THERE', replace: 'x' }),
        coder('patch', { file: 'src/parse.js', search: '// second', replace: '// 2nd' }),
        coder('patch', { file: 'src/other.js', search: '= 1', replace: '= 2' }),
        coder('read', { file: 'src/parse.js' }),
      ),
      'Done.',
    ]);
    expect(results).toContain('Results of your 7 tool calls (3 failed, 1 not run):');
    expect(results).toMatch(/\[1\] @coder read: error C2\d\d/);
    expect(results).toMatch(/\[2\] @coder exec: error C253/);
    // The read after the failing test ran.
    expect(results).toMatch(/\[3\] @coder read: ok\n1 \| export const parse/);
    expect(results).toMatch(/\[4\] @coder patch: error C220/);
    expect(results).toContain('[5] @coder patch: not run (call [4] (patch) changes the same file and failed;');
    expect(results).toContain('[6] @coder patch: ok');
    expect(results).toMatch(/\[7\] @coder read: ok/);
    // Internal ids never reach the model.
    expect(results).not.toMatch(/\bt\d+-\d+\b/);
    expect(await readFile(join(root, 'src/other.js'), 'utf8')).toBe('export const other = 2;\n');
    expect(await readFile(join(root, 'src/parse.js'), 'utf8')).toContain('// second');
  });
});

describe('the model\'s own keys (issue 17 point 2)', () => {
  it('accepts "lines": "a-b" for read and names the model\'s key when a value cannot be used', async () => {
    const { results } = await firstResults([
      answer('Read the start.\n1. Read', coder('read', { file: 'src/parse.js', lines: '2-3' }), coder('read', { file: 'src/parse.js', lines: 'first forty' }), coder('read', { file: 'src/parse.js', range: [1, 1] })),
      'Done.',
    ]);
    expect(results).toContain('[1] @coder read: ok\n2 | // second\n3 | // third');
    expect(results).toContain('[2] @coder read: error C210 read has no "lines"; it was taken as "head", and "head" expects a whole number, got "first forty"; for a line range use start and end');
    expect(results).toMatch(/\[3\] @coder read: ok\n1 \| export const parse[^\n]*$/m);
    expect(results).not.toMatch(/\[3\][\s\S]*2 \| /);
  });
});

describe('C220 for the model (issue 17 point 4)', () => {
  it('shows the closest region once, with its indentation exactly as in the file', async () => {
    server = await startModelServer({
      replies: [answer('Fix it.\n1. Patch', coder('patch', { file: 'src/deep.js', search: '        if (x) {\n            return a,b;', replace: 'y' })), 'Done.'],
    });
    const root = await repo();
    await writeFiles(root, { 'src/deep.js': 'function f() {\n        if (x) {\n                return  a,b;\n        }\n}\n' });
    const env = { ...(await agentEnv()), OPENAI_API_KEY: 'x' };
    const run = await runAgent(['-p', 'fix', '--approval-mode', 'yolo', '--provider', 'openai', '--base-url', server.openaiBaseUrl], { cwd: root, env });
    expect(run.status).toBe(0);
    const results = server.requests[1]!.messages.at(-1)!.content;
    expect(results.match(/closest region/g)).toHaveLength(1);
    expect(results).not.toContain('"detail"');
    expect(results).toContain('\n3 |                 return  a,b;\n');
    expect(results).toContain('line 3 differs at column 13: expected "            return a,b;" found "                return  a,b;"');
  });
});
