import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { encode } from 'gpt-tokenizer';
import { afterEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer, type RecordedRequest } from '../../helpers/model-server.js';
import { tempDir, writeFiles } from '../../helpers/fixture.js';
import { loadFixture, replay } from './replay.js';
import { agentEnv, runAgent } from './run-agent.js';

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const promptTokens = (request: RecordedRequest): number => encode(request.system + request.messages.map((message) => message.content).join('\n')).length;

describe('a replayed "fix the failing tests" session (issue 17 acceptance)', () => {
  it('completes in at most 4 model requests, with no correction, skipped call or failed plan step', async () => {
    const fixture = loadFixture('fix-failing-tests');
    const root = await tempDir('codeward-agent-fixture-');
    await writeFiles(root, fixture.files);
    server = await startModelServer({ fallback: replay(fixture) });
    const env = { ...(await agentEnv()), OPENAI_API_KEY: 'x' };
    const run = await runAgent(['-p', fixture.task, '--approval-mode', 'yolo', '--output-format', 'stream-json', '--provider', 'openai', '--base-url', server.openaiBaseUrl], { cwd: root, env, timeoutMs: 50_000 });
    expect(run.status).toBe(0);
    const requests = server.requests;
    const tokens = requests.map(promptTokens);
    console.info(`fixture session: ${requests.length} requests, prompt tokens ${tokens.join(' + ')} = ${tokens.reduce((a, b) => a + b, 0)}`);
    expect(requests.length).toBeLessThanOrEqual(4);
    const all = requests.map((request) => request.messages.map((message) => message.content).join('\n')).join('\n');
    expect(all).not.toMatch(/FORMAT ERROR|: not run|: skipped \(/);
    // The first results: the read (given "lines") ran, and the test run leads with its counts.
    const first = requests[1]!.messages.at(-1)!.content;
    expect(first).toMatch(/\[1\] @coder read: ok\n1 \| \/\/ Parses/);
    expect(first).toMatch(/\[2\] @coder test: error C253 exit code 1: 0 passed, 3 failed/);
    // The plan: seeing the tests fail completed step 1; the final answer ticks what the last turn did.
    const plans = run.events.filter((event) => event.type === 'task').map((event) => event.plan.tasks.map((task: { status: string }) => task.status));
    expect(plans.some((plan) => plan.includes('failed'))).toBe(false);
    expect(plans.at(-1)).toEqual(['completed', 'completed', 'completed', 'completed']);
    expect(run.events.at(-1)).toMatchObject({ type: 'final', ok: true, result: fixture.turns.at(-1)!.final });
    expect(await readFile(join(root, 'src/parse.js'), 'utf8')).toContain("text.split(';')");
    execFileSync(process.execPath, ['--test'], { cwd: root, stdio: 'pipe' });
  });
});
