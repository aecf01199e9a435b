import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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

// Relay run A (issue 17's second round): a feature in a multi-file project, recorded turn by turn.
const recorded = JSON.parse(readFileSync(new URL('./fixtures/relay-json-flag.json', import.meta.url), 'utf8')) as Recorded;
// auto-edit runs the tests without asking only inside the OS sandbox; without bubblewrap, yolo.
const MODE = existsSync('/usr/bin/bwrap') ? 'auto-edit' : 'yolo';

describe('a feature session recorded through the relay, replayed', () => {
  it(`adds --json across 3 files and a test in ${recorded.replies.length} requests with --approval-mode ${MODE}, nothing failed, corrected or skipped`, async () => {
    const root = await tempDir('codeward-agent-recorded-feature-');
    await writeFiles(root, recorded.files);
    server = await startModelServer({ replies: recorded.replies });
    const env = { ...(await agentEnv()), OPENAI_API_KEY: 'x' };
    const run = await runAgent(['-p', recorded.task, '--approval-mode', MODE, '--output-format', 'stream-json', '--provider', 'openai-compatible', '--model', 'relay', '--base-url', server.openaiBaseUrl], { cwd: root, env, timeoutMs: 50_000 });
    expect(run.status).toBe(0);
    expect(server.requests).toHaveLength(4);
    const tokens = server.requests.map((request) => encode(request.system + request.messages.map((message) => message.content).join('\n')).length);
    console.info(`recorded feature session: ${server.requests.length} requests, prompt tokens ${tokens.join(' + ')} = ${tokens.reduce((a, b) => a + b, 0)}`);
    expect(run.events.filter((event) => event.type === 'turn' && event.violation)).toEqual([]);
    const results = run.events.filter((event) => event.type === 'tool_result');
    expect(results).toHaveLength(18);
    expect(results.filter((event) => !event.ok)).toEqual([]);
    // The batch that edits 3 files, adds a test and runs the tests in one response: the tests ran last.
    expect(results.at(-1)).toMatchObject({ cmd: 'test', ok: true });
    expect(server.requests[3]!.messages.at(-1)!.content).toMatch(/\[9\] @coder test: ok\n\$ npm test[\s\S]*7 passed, 0 failed/);
    expect(run.events.filter((event) => event.type === 'task').at(-1).plan.tasks.every((task: { status: string }) => task.status === 'completed')).toBe(true);
    // The summary quotes a fenced usage line after the work was done: accepted as it is (issue 17 point 5).
    expect(run.events.at(-1)).toMatchObject({ type: 'final', ok: true, result: recorded.replies.at(-1) });
    execFileSync(process.execPath, ['--test'], { cwd: root, stdio: 'pipe' });
    const report = JSON.parse(execFileSync(process.execPath, [join(root, 'src/cli.js'), '--json', join(root, 'src')], { encoding: 'utf8' })) as { files: number };
    expect(report.files).toBe(5);
    expect(execFileSync(process.execPath, [join(root, 'src/cli.js'), join(root, 'src')], { encoding: 'utf8' })).toMatch(/total \(5 files\)/);
  });
});
