import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../../helpers/model-server.js';
import { tempDir, writeFiles } from '../../helpers/fixture.js';
import { agentEnv, answer, coder, runAgent } from './run-agent.js';
import { agentCall, isOrchestrator, teamReplies } from './team-server.js';

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const HAS_BWRAP = existsSync('/usr/bin/bwrap');

async function project(): Promise<string> {
  const root = await tempDir('codeward-agent-approvals-');
  await writeFiles(root, {
    'package.json': '{ "type": "module", "scripts": { "test": "node test.js" } }\n',
    'package-lock.json': '{}\n',
    'test.js': "console.log('1 passed');\n",
  });
  return root;
}

async function run(args: string[], replies: string[], extraEnv: Record<string, string> = {}) {
  server = await startModelServer({ replies });
  const root = await project();
  const env = { ...(await agentEnv()), OPENAI_API_KEY: 'x', ...extraEnv };
  const result = await runAgent(['-p', 'run the tests', '--provider', 'openai', '--base-url', server.openaiBaseUrl, ...args], { cwd: root, env, timeoutMs: 120_000 });
  return { result, server };
}

const TESTS = [answer('1. Run the tests', coder('test', {}), coder('exec', { cmd: 'touch made.txt' })), 'done'];

describe('headless approvals (issue 17 point 8)', () => {
  it('a refusal tells the model what still runs and what the person can pass, never "run interactively" or "--yes"', async () => {
    const { result, server } = await run(['--approval-mode', 'ask'], TESTS);
    expect(result.status).toBe(0);
    const results = server.requests[1]!.messages.at(-1)!.content;
    expect(results).toMatch(/\[1\] @coder test: error C241 @coder test \. was not run: it needs approval [^\n]*nobody can approve in this headless run\. Go on with what runs without asking \(reads and searches\)/);
    expect(results).toContain('--allow "@coder test?." or --approval-mode auto-edit (file edits, and exec and test staged in the OS sandbox) or --approval-mode yolo');
    expect(results).not.toMatch(/run interactively|--yes/);
  });

  // Red team round 7: the refusal named the call `@coder undo "allSessions" .`; the model is told the call and
  // the rule in the spelling a person types and `policy check` reads.
  it('a refused undo --all-sessions is named with its CLI flag, in the call and in the rule', async () => {
    const { result, server } = await run(['--approval-mode', 'ask', '--allow', '@coder undo .'], [answer('1. Undo', coder('undo', { allSessions: true })), 'done']);
    expect(result.status).toBe(0);
    const results = server.requests[1]!.messages.at(-1)!.content;
    expect(results).toContain('error C241 @coder undo --all-sessions . was not run');
    expect(results).toContain('--allow "@coder undo?--all-sessions ."');
    expect(results).not.toContain('"allSessions"');
  });

  // Relay run B: a batch whose search ran and whose test command was refused marked the step failed
  // ("Progress: 2/4 done, 1 failed") and counted toward the replan rule.
  it('a refused call neither fails the step its batch served nor counts toward a replan', async () => {
    const plan = '1. Read package.json and run a build\n2. Summarise';
    const { result } = await run(['--approval-mode', 'ask', '--output-format', 'stream-json'], [answer(plan, coder('read', { file: 'package.json' }), coder('exec', { cmd: 'touch made.txt' })), 'done']);
    expect(result.status).toBe(0);
    const tasks = result.events.filter((event) => event.type === 'task');
    const afterBatch = tasks.find((event) => event.plan.tasks[0].status !== 'pending' && event.plan.tasks[0].status !== 'in_progress');
    expect(afterBatch.plan.tasks[0].status).toBe('completed');
    expect(afterBatch.plan.consecutiveFailures).toBe(0);
    expect(tasks.some((event) => event.plan.tasks.some((task: { status: string }) => task.status === 'failed'))).toBe(false);
  });

  // Issue 29: auto-edit runs what the sandbox contains and undo takes back (auto-edit-contained.test.ts has
  // the whole matrix); a staged exec or test --cmd line no longer asks.
  it.skipIf(!HAS_BWRAP)('auto-edit runs the project\'s tests and staged commands inside the OS sandbox without asking', async () => {
    const tests = [answer('1. Run the tests', coder('test', {}), coder('exec', { cmd: 'touch made.txt' }), coder('test', { cmd: 'touch other.txt' })), 'done'];
    const { result, server } = await run(['--approval-mode', 'auto-edit'], tests);
    expect(result.status).toBe(0);
    const results = server.requests[1]!.messages.at(-1)!.content;
    expect(results).toMatch(/\[1\] @coder test: ok\n\$ npm test/);
    expect(results).toMatch(/\[2\] @coder exec: ok/);
    expect(results).toMatch(/\[3\] @coder test: ok/);
    expect(results).not.toContain('C241');
 }, 180_000);

  // Run B of the relay sessions: the model ran the tests its own way (`exec "npm test"`, `test` with "cmd") and
  // was refused; staged in the sandbox, both now run as asked, with no retry.
  it.skipIf(!HAS_BWRAP)('auto-edit runs the model\'s own way of running the tests (exec "npm test", test with a "cmd")', async () => {
    const tests = [answer('1. Run the tests', coder('exec', { cmd: 'npm test' }), coder('test', { cmd: 'node test.js' })), 'done'];
    server = await startModelServer({ replies: tests });
    const root = await project();
    const env = { ...(await agentEnv()), OPENAI_API_KEY: 'x' };
    const result = await runAgent(['-p', 'run the tests', '--provider', 'openai', '--base-url', server.openaiBaseUrl, '--approval-mode', 'auto-edit', '--output-format', 'stream-json'], { cwd: root, env, timeoutMs: 120_000 });
    expect(result.status).toBe(0);
    const first = server.requests[1]!.messages.at(-1)!.content;
    expect(first).toMatch(/\[1\] @coder exec: ok/);
    expect(first).toMatch(/\[2\] @coder test: ok\n\$ node test\.js/);
    expect(server.requests).toHaveLength(2);
    expect(result.events.at(-1)).toMatchObject({ type: 'final', result: 'done' });
 }, 180_000);

  it.skipIf(!HAS_BWRAP)('an agent that may not run test is not told to run it (it would be C240)', async () => {
    const script = {
      orchestrator: [answer('1. Let the coder agent build it', agentCall('coder', 'TASK-BUILD run npm test')), 'done'],
      // In place (not staged), so it asks: the refusal must not name test to an agent that may not call it.
      workers: { 'TASK-BUILD': [answer('1. Run the tests', coder('exec', { cmd: 'npm test', stage: false })), 'could not run them'] },
    };
    const { reply } = teamReplies(script);
    server = await startModelServer({ fallback: reply });
    const root = await project();
    const env = { ...(await agentEnv()), OPENAI_API_KEY: 'x' };
    const result = await runAgent(['-p', 'build it', '--provider', 'openai', '--base-url', server.openaiBaseUrl, '--approval-mode', 'auto-edit'], { cwd: root, env });
    expect(result.status).toBe(0);
    const worker = server.requests.filter((request) => !isOrchestrator(request));
    expect(worker).toHaveLength(2);
    const results = worker[1]!.messages.at(-1)!.content;
    expect(results).toMatch(/\[1\] @coder exec: error C241 [^\n]*Go on with what runs without asking \(reads, searches and file edits\)/);
    expect(results).not.toContain('"cmd":"test"');
  });

  it.skipIf(!HAS_BWRAP)('a refused run of the project\'s own tests (an ask rule) never claims the tests run without asking', async () => {
    const { result, server } = await run(['--approval-mode', 'auto-edit', '--ask', '@coder test'], TESTS);
    expect(result.status).toBe(0);
    const results = server.requests[1]!.messages.at(-1)!.content;
    expect(results).toMatch(/\[1\] @coder test: error C241 [^\n]*\(reads, searches and file edits\)/);
  });

  it.skipIf(!HAS_BWRAP)('auto-edit asks for the tests when the sandbox lets them reach the network', async () => {
    const { result, server } = await run(['--approval-mode', 'auto-edit', '--sandbox-network'], TESTS);
    expect(result.status).toBe(0);
    expect(server.requests[1]!.messages.at(-1)!.content).toMatch(/\[1\] @coder test: error C241/);
  });

  it('auto-edit without an OS sandbox asks for the tests like any command', async () => {
    const { result, server } = await run(['--approval-mode', 'auto-edit', '--sandbox', 'off'], TESTS);
    expect(result.status).toBe(0);
    expect(server.requests[1]!.messages.at(-1)!.content).toMatch(/\[1\] @coder test: error C241/);
  });

  it('agent --yes is refused with the approval modes to use instead', async () => {
    const { result, server } = await run(['--yes'], TESTS);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^error: --yes does not apply to codeward agent; choose what runs without asking with --approval-mode auto-edit[^\n]* \(C210\)$/m);
    expect(server.requests).toHaveLength(0);
  });
});
