import { afterEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../../helpers/model-server.js';
import { tempDir, writeFiles } from '../../helpers/fixture.js';
import { agentEnv, answer, coder, runAgent } from './run-agent.js';

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('test results lead with the outcome (issue 17 point 3)', () => {
  it('counts, the failing tests and their assertions first; no node:internal frames or timing lines; the raw output one call away', async () => {
    const root = await tempDir('codeward-agent-tests-');
    await writeFiles(root, {
      'package.json': '{ "type": "module", "scripts": { "test": "node --test" } }\n',
      'package-lock.json': '{}',
      'parse.test.js': [
        "import { test } from 'node:test';",
        "import assert from 'node:assert/strict';",
        "test('splits on commas', () => { assert.deepEqual('a,b'.split(';'), ['a', 'b']); });",
        "test('trims', () => { assert.equal(' a '.trim(), 'a '); });",
        "test('passes', () => { assert.equal(1, 1); });",
        '',
      ].join('\n'),
    });
    server = await startModelServer({ replies: [answer('See what fails.\n1. Run the tests', coder('test', {})), 'Two tests fail.'] });
    const env = { ...(await agentEnv()), OPENAI_API_KEY: 'x' };
    const run = await runAgent(['-p', 'fix the failing tests', '--approval-mode', 'yolo', '--provider', 'openai', '--base-url', server.openaiBaseUrl], { cwd: root, env });
    expect(run.status).toBe(0);
    const results = server.requests[1]!.messages.at(-1)!.content;
    const lines = results.split('\n');
    expect(lines[2]).toMatch(/^\[1\] @coder test: error C253 exit code 1: 1 passed, 2 failed(?:, 0 skipped)?: splits on commas \(parse\.test\.js:3\); trims \(parse\.test\.js:4\)$/);
    expect(lines[3]).toBe('$ npm test');
    expect(lines[4]).toMatch(/^1 passed, 2 failed/);
    expect(lines[5]).toBe('failing tests:');
    expect(lines[6]).toBe('  ✗ splits on commas (parse.test.js:3)');
    expect(results).toContain("  ✗ trims (parse.test.js:4)\n    Expected values to be strictly equal:\n    \n    'a' !== 'a '");
    expect(results).not.toMatch(/node:internal\/|node:async_hooks|duration_ms|# Subtest/);
    // The call that shows all of it is named in the model's own JSON, and sent as written it runs.
    expect(results).toContain('all of it: {"cmd":"exec","args":{"cmd":"npm test 2>&1"}}) ---');
    expect(results).not.toContain('exec --cmd');
    expect(results).toMatch(/\[exit 1\]/);
    expect(results.length).toBeLessThan(2_000);
  });

  it('the call named for the whole output runs as the model copies it', async () => {
    const root = await tempDir('codeward-agent-tests-raw-');
    await writeFiles(root, {
      'package.json': '{ "type": "module", "scripts": { "test": "node --test" } }\n',
      'package-lock.json': '{}',
      'a.test.js': "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\ntest('fails', () => { assert.equal(1, 2); });\n",
    });
    const copied = (request: { messages: { content: string }[] }): string => {
      const call = /all of it: (\{.*\})\) ---/.exec(request.messages.at(-1)!.content)?.[1];
      return call ? answer('1. See all of the output', `<tool_call name="@coder">${call}</tool_call>`) : 'no call was named';
    };
    server = await startModelServer({ replies: [answer('1. Run the tests', coder('test', {})), copied, 'done'] });
    const env = { ...(await agentEnv()), OPENAI_API_KEY: 'x' };
    const run = await runAgent(['-p', 'run the tests', '--approval-mode', 'yolo', '--provider', 'openai', '--base-url', server.openaiBaseUrl], { cwd: root, env });
    expect(run.status).toBe(0);
    expect(server.requests).toHaveLength(3);
    expect(server.requests[2]!.messages.at(-1)!.content).toMatch(/^\[1\] @coder exec: error C253 [\s\S]*duration_ms/m);
  });

  it('a test call in a sub-folder names the whole-output call with that folder, and it runs as copied', async () => {
    const root = await tempDir('codeward-agent-tests-dir-');
    await writeFiles(root, {
      'pkg/package.json': '{ "type": "module", "scripts": { "test": "node --test" } }\n',
      'pkg/package-lock.json': '{}',
      'pkg/a.test.js': "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\ntest('fails', () => { assert.equal(1, 2); });\n",
    });
    const copied = (request: { messages: { content: string }[] }): string => {
      const call = /all of it: (\{.*\})\) ---/.exec(request.messages.at(-1)!.content)?.[1];
      return call ? answer('1. See all of the output', `<tool_call name="@coder">${call}</tool_call>`) : 'no call was named';
    };
    server = await startModelServer({ replies: [answer('1. Run the tests', coder('test', { dir: 'pkg' })), copied, 'done'] });
    const env = { ...(await agentEnv()), OPENAI_API_KEY: 'x' };
    const run = await runAgent(['-p', 'run the tests', '--approval-mode', 'yolo', '--provider', 'openai', '--base-url', server.openaiBaseUrl], { cwd: root, env });
    expect(run.status).toBe(0);
    expect(server.requests[1]!.messages.at(-1)!.content).toContain('all of it: {"cmd":"exec","args":{"cmd":"npm test 2>&1","dir":"pkg"}}) ---');
    // Run from pkg/, the copied call reaches the same tests (from the root, npm finds no package.json).
    expect(server.requests[2]!.messages.at(-1)!.content).toMatch(/^\[1\] @coder exec: error C253 [\s\S]*not ok 1 - fails/m);
  });

  // Newcomer pass 2: a passing run's counts line named `exec --cmd "..."`, a CLI call the model cannot send.
  it('a passing run names the whole-output call in the model\'s JSON too', async () => {
    const root = await tempDir('codeward-agent-tests-pass-');
    const cases = Array.from({ length: 12 }, (_, n) => `test('case ${n}', () => {});`).join('\n');
    await writeFiles(root, { 'a.test.mjs': `import test from 'node:test';\n${cases}\n` });
    server = await startModelServer({ replies: [answer('1. Run the tests', coder('test', { cmd: 'node --test a.test.mjs' })), 'All pass.'] });
    const env = { ...(await agentEnv()), OPENAI_API_KEY: 'x' };
    const run = await runAgent(['-p', 'run the tests', '--approval-mode', 'yolo', '--provider', 'openai', '--base-url', server.openaiBaseUrl], { cwd: root, env });
    expect(run.status).toBe(0);
    const results = server.requests[1]!.messages.at(-1)!.content;
    expect(results).toMatch(/12 passed, 0 failed/);
    expect(results).toContain('all of it: {"cmd":"exec","args":{"cmd":"node --test a.test.mjs 2>&1"}})');
    expect(results).not.toContain('exec --cmd');
  });
});
