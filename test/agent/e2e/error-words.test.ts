import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../../helpers/model-server.js';
import { tempDir, writeFiles } from '../../helpers/fixture.js';
import { agentEnv, answer, coderBody, runAgent } from './run-agent.js';

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

// Relay probes: what a failed call tells the model. Each error must be something it can act on with the
// JSON it sends: no CLI flags (`--all`), no `codeward X --help` it cannot run, no success text made from
// a failure's data ("patched undefined: undefined replacements").
describe('failed calls in the model\'s words', () => {
  it('an ambiguous patch names "all": true and nothing else; a malformed multipatch shows the edit\'s keys', async () => {
    const root = await tempDir('codeward-agent-words-');
    await writeFiles(root, { 'a.js': 'export const a = 1;\nexport const b = 2;\n', 'b.js': 'export const c = 1;\n' });
    const first = answer(
      '1. Make both exports let',
      coderBody('patch', { file: 'a.js', search: 'export const', replace: 'export let' }),
      coderBody('multipatch', { edits: [{ path: 'b.js', old: 'c = 1', new: 'c = 10' }] }),
    );
    // The scripted model fixes each call from what the errors say, nothing else.
    const fix = (request: { messages: { content: string }[] }): string => {
      const results = request.messages.at(-1)!.content;
      const all = /pass ("all": true)/.exec(results)?.[1];
      const keys = /edits: JSON array of \{(\w+), (\w+), (\w+)/.exec(results);
      if (!all || !keys) return 'The errors do not say how to fix the calls.';
      const [, file, search, replace] = keys;
      return answer(
        '1. Send both again as the errors say',
        coderBody('patch', { file: 'a.js', search: 'export const', replace: 'export let', ...(JSON.parse(`{${all}}`) as object) }),
        coderBody('multipatch', { edits: [{ [file!]: 'b.js', [search!]: 'c = 1', [replace!]: 'c = 10' }] }),
      );
    };
    server = await startModelServer({ replies: [first, fix, 'Done.'] });
    const env = { ...(await agentEnv()), OPENAI_API_KEY: 'x' };
    const run = await runAgent(['-p', 'make the exports let', '--approval-mode', 'auto-edit', '--output-format', 'stream-json', '--provider', 'openai', '--base-url', server.openaiBaseUrl], { cwd: root, env });
    expect(run.status).toBe(0);
    const results = server.requests[1]!.messages.at(-1)!.content;
    expect(results).toMatch(/^\[1\] @coder patch: error C221 search text matches in a\.js 2 times \(lines 1, 2\); add surrounding lines to make it unique, or pass "all": true to replace every match\n\n\[2\]/m);
    expect(results).toMatch(/^\[2\] @coder multipatch: error C210 multipatch: missing required key "edits\[0\]\.file"; [^\n]*unknown keys "path", "old", "new" in "edits\[0\]" \(edits: JSON array of \{file, search, replace, encoding\?, all\?\}/m);
    expect(results).not.toMatch(/undefined|--all|--edits|codeward multipatch --help/);
    expect(server.requests).toHaveLength(3);
    expect(server.requests[2]!.messages.at(-1)!.content).toMatch(/^Results of your 2 tool calls:/);
    expect(await readFile(join(root, 'a.js'), 'utf8')).toBe('export let a = 1;\nexport let b = 2;\n');
    expect(await readFile(join(root, 'b.js'), 'utf8')).toBe('export const c = 10;\n');
  });
});

// The person reads what went wrong and the fix first, the code after it (issue 29: the agent said `error C210`
// before anything a newcomer could act on).
describe('errors in the person\'s words', () => {
  it('a set-up failure prints the message and its fix, the code last', async () => {
    const root = await tempDir('codeward-agent-words-');
    const env = await agentEnv();
    const run = await runAgent(['-p', 'hello'], { cwd: root, env });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^error: no model provider configured: pass --provider [^\n]* \(C210\)\n$/);
  });
});
