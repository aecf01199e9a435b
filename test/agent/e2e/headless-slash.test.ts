import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFiles } from '../../helpers/fixture.js';
import { spawnAgentPty } from './pty-agent.js';
import { agentScene, answer, coderBody, runAgent } from './run-agent.js';

// Newcomer pass (issue 28): `codeward agent -p /undo --resume` went to the model as a task (a request, tokens,
// and a model free to do anything with "/undo") instead of running the engine's undo as the terminal UI does.
// A /command given as the task runs as at the prompt, in every output format, and the model of the next
// --resume is told what went back.
const scene = agentScene();

async function fixedOnce(): Promise<{ root: string; env: Record<string, string>; model: string[]; server: Awaited<ReturnType<typeof scene.serve>> }> {
  const server = await scene.serve({
    replies: [answer('1. Fix both', coderBody('write', { file: 'a.txt', content: 'agent a\n' }), coderBody('write', { file: 'b.txt', content: 'agent b\n' })), 'Fixed both.'],
    fallback: 'Understood.',
  });
  const root = await scene.folder('codeward-headless-slash-');
  await writeFiles(root, { 'a.txt': 'a0\n', 'b.txt': 'b0\n' });
  const env = await scene.env();
  const model = ['--provider', 'openai', '--model', 'gpt-test', '--base-url', server.openaiBaseUrl];
  const run = await runAgent(['-p', 'fix a and b', '--approval-mode', 'yolo', ...model], { cwd: root, env });
  expect(run.status).toBe(0);
  expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('agent a\n');
  return { root, env, model, server };
}

describe('a /command given as the headless task', () => {
  it('/undo --resume takes back the last turn without a model request; the next --resume tells the model', async () => {
    const { root, env, model, server } = await fixedOnce();
    const requests = server.requests.length;
    // A look first: a /command without --resume starts no session that --resume would then find.
    expect((await runAgent(['-p', '/checkpoints', ...model], { cwd: root, env })).status).toBe(0);
    const undo = await runAgent(['-p', '/undo', '--resume', ...model], { cwd: root, env });
    expect(undo.stderr).toBe('');
    expect(undo.status).toBe(0);
    expect(undo.stdout).toMatch(/undid 2 changes/);
    expect(server.requests.length).toBe(requests);
    expect([await readFile(join(root, 'a.txt'), 'utf8'), await readFile(join(root, 'b.txt'), 'utf8')]).toEqual(['a0\n', 'b0\n']);
    const next = await runAgent(['-p', 'what changed?', '--resume', ...model], { cwd: root, env });
    expect(next.status).toBe(0);
    const told = server.requests.at(-1)!.messages.at(-1)!.content;
    expect(told).toContain('[The person ran /undo');
    expect(told).toContain('what changed?');
  });

  it('/undo --resume needs no provider, model or key: it makes no request (newcomer pass 2)', async () => {
    const { root, env, server } = await fixedOnce();
    const requests = server.requests.length;
    const { OPENAI_API_KEY: _key, ...bare } = env;
    const undo = await runAgent(['-p', '/undo', '--resume', '--output-format', 'json'], { cwd: root, env: bare });
    expect(undo.json).toMatchObject({ ok: true, turns: 0 });
    expect(undo.json.result).toMatch(/undid 2 changes/);
    expect(undo.status).toBe(0);
    expect(server.requests.length).toBe(requests);
    expect([await readFile(join(root, 'a.txt'), 'utf8'), await readFile(join(root, 'b.txt'), 'utf8')]).toEqual(['a0\n', 'b0\n']);
    // A task for the model still needs a provider, and says how to name one.
    const task = await runAgent(['-p', 'fix it', '--resume'], { cwd: root, env: bare });
    expect(task.status).toBe(2);
    expect(task.stderr).toMatch(/no model provider configured: pass --provider/);
  });

  it('json and stream-json carry the command\'s answer; a session with nothing to undo and an unknown /word fail without a request', async () => {
    const { root, env, model, server } = await fixedOnce();
    const requests = server.requests.length;
    const list = await runAgent(['-p', '/checkpoints', '--output-format', 'json', ...model], { cwd: root, env });
    expect(list.status).toBe(0);
    expect(list.json).toMatchObject({ ok: true, turns: 0 });
    expect(list.json.result).toMatch(/write/);
    // A new session (no --resume) made no change: its /undo names how to reach the others.
    const fresh = await runAgent(['-p', '/undo', '--output-format', 'stream-json', ...model], { cwd: root, env });
    expect(fresh.status).toBe(1);
    expect(JSON.stringify(fresh.events)).toMatch(/nothing to undo in this session/);
    // In the words /undo takes (it refuses --all-sessions as an argument).
    expect(JSON.stringify(fresh.events)).toContain('add --all (/undo --all) to include them');
    expect(JSON.stringify(fresh.events)).not.toContain('--all-sessions');
    const unknown = await runAgent(['-p', '/undoo', ...model], { cwd: root, env });
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/unknown command \/undoo \(did you mean \/undo\?\)/);
    expect(server.requests.length).toBe(requests);
    expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('agent a\n');
  });

  it('in the terminal UI a /command given on the command line runs first; the session then waits for a task', async () => {
    const { root, env, model, server } = await fixedOnce();
    const requests = server.requests.length;
    const child = await spawnAgentPty(['/undo', '--resume', ...model], { cwd: root, env, timeoutMs: 30_000 });
    try {
      const undone = await child.waitFor('undid 2 changes:');
      await child.waitFor('What should I do?', undone);
      expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('a0\n');
      expect(server.requests.length).toBe(requests);
      child.write('\r');
      expect(await child.exit).toBe(0);
    } finally {
      child.kill();
    }
  });
});
