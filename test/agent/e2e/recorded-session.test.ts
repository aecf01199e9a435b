import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { encode } from 'gpt-tokenizer';
import { afterEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../../helpers/model-server.js';
import { tempDir, writeFiles } from '../../helpers/fixture.js';
import { agentEnv, runAgent } from './run-agent.js';

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

interface Recorded {
  task: string;
  files: Record<string, string>;
  replies: string[];
}

const recorded = JSON.parse(readFileSync(new URL('./fixtures/relay-fix-failing-tests.json', import.meta.url), 'utf8')) as Recorded;
// auto-edit runs the tests without asking only inside the OS sandbox; without bubblewrap, yolo.
const MODE = existsSync('/usr/bin/bwrap') ? 'auto-edit' : 'yolo';

describe('a session recorded through the relay, replayed (issue 17 acceptance)', () => {
  it(`fixes the failing tests in ${recorded.replies.length} requests with --approval-mode ${MODE}, nothing corrected or skipped`, async () => {
    const root = await tempDir('codeward-agent-recorded-');
    await writeFiles(root, recorded.files);
    server = await startModelServer({ replies: recorded.replies });
    const env = { ...(await agentEnv()), OPENAI_API_KEY: 'x' };
    const run = await runAgent(['-p', recorded.task, '--approval-mode', MODE, '--output-format', 'stream-json', '--provider', 'openai-compatible', '--model', 'relay', '--base-url', server.openaiBaseUrl], { cwd: root, env, timeoutMs: 50_000 });
    expect(run.status).toBe(0);
    expect(server.requests).toHaveLength(recorded.replies.length);
    expect(server.requests.length).toBeLessThanOrEqual(4);
    const tokens = server.requests.map((request) => encode(request.system + request.messages.map((message) => message.content).join('\n')).length);
    console.info(`recorded session: ${server.requests.length} requests, prompt tokens ${tokens.join(' + ')} = ${tokens.reduce((a, b) => a + b, 0)}`);
    expect(run.events.filter((event) => event.type === 'turn' && event.violation)).toEqual([]);
    const results = run.events.filter((event) => event.type === 'tool_result');
    expect(results.filter((event) => event.skipped)).toEqual([]);
    expect(results.filter((event) => !event.ok).map((event) => event.code)).toEqual(['C253']);
    expect(run.events.filter((event) => event.type === 'task').at(-1).plan.tasks.every((task: { status: string }) => task.status === 'completed')).toBe(true);
    expect(run.events.at(-1)).toMatchObject({ type: 'final', ok: true, result: recorded.replies.at(-1) });
    execFileSync(process.execPath, ['--test'], { cwd: root, stdio: 'pipe' });
  });
});
