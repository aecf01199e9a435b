import { access, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer, type RecordedRequest } from '../../helpers/model-server.js';
import { tempDir, writeFiles } from '../../helpers/fixture.js';
import { agentEnv, answer, coder, runAgent } from './run-agent.js';
import { agentCall, isOrchestrator, teamReplies, workerKey, type TeamScript } from './team-server.js';

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function runTeam(script: TeamScript, options: { args?: string[]; env?: Record<string, string>; files?: Record<string, string> } = {}) {
  const { reply, log } = teamReplies(script);
  server = await startModelServer({ fallback: reply });
  const root = await tempDir('codeward-team-');
  await writeFiles(root, { 'a.txt': 'one\ntwo\n', ...options.files });
  const env = { ...(await agentEnv()), OPENAI_API_KEY: 'x', ...options.env };
  const started = Date.now();
  const args = ['-p', 'do the task', '--output-format', 'stream-json', '--provider', 'openai', '--base-url', server.openaiBaseUrl, ...(options.args ?? ['--approval-mode', 'yolo'])];
  const result = await runAgent(args, { cwd: root, env });
  return { result, root, log, elapsed: Date.now() - started, server };
}

const orchestratorRequests = (server: ModelServer): RecordedRequest[] => server.requests.filter(isOrchestrator);
const workerRequests = (server: ModelServer, script: TeamScript, key: string): RecordedRequest[] =>
  server.requests.filter((request) => !isOrchestrator(request) && workerKey(request, script) === key);
const lastUser = (request: RecordedRequest): string => request.messages.at(-1)!.content;

describe('<agent_call> dispatch', () => {
  it('runs three agents at the same time and reports them in one message', async () => {
    const DELAY = 3_000; // long enough that a loaded machine still starts all three within half of it
    const script: TeamScript = {
      orchestrator: [answer('1. Look at three things at once', agentCall('file', 'TASK-A read a.txt'), agentCall('search', 'TASK-B find two'), agentCall('reviewer', 'TASK-C review a.txt')), 'All three reported.'],
      workers: {
        'TASK-A': [{ text: 'a.txt holds one and two', delayMs: DELAY }],
        'TASK-B': [{ text: 'two is on line 2', delayMs: DELAY }],
        'TASK-C': [{ text: 'looks fine', delayMs: DELAY }],
      },
    };
    const { result, log, server } = await runTeam(script);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const arrivals = ['TASK-A', 'TASK-B', 'TASK-C'].map((key) => log.arrivals.get(key)![0]!);
    // All three asked the model before the first answer came back: they ran concurrently.
    expect(Math.max(...arrivals) - Math.min(...arrivals)).toBeLessThan(DELAY / 2);
    const report = lastUser(orchestratorRequests(server)[1]!);
    expect(report).toContain('--- Agent Results (3 ok, 0 failed) ---');
    expect(report).toMatch(/\[file\] \(call ac-1, [\d.]+s, 1 turn, 0 tool calls\)\nTask: TASK-A read a.txt\nStatus: OK\nOutput:\na.txt holds one and two/);
    expect(report).toContain('[search] (call ac-2');
    expect(report).toContain('[reviewer] (call ac-3');
    const phases = result.events.filter((event) => event.type === 'agent').map((event) => `${event.id}:${event.phase}`);
    expect(phases.filter((phase) => phase.endsWith(':start'))).toHaveLength(3);
    expect(phases.filter((phase) => phase.endsWith(':end'))).toHaveLength(3);
    // A dispatch moves the plan on like tool calls do.
    const plan = result.events.filter((event) => event.type === 'task').at(-1);
    expect(plan.plan.tasks.map((task: { status: string }) => task.status)).toEqual(['completed']);
    // The run's token count includes the agents' requests, not only the orchestrator's turns.
    const own = result.events.filter((event) => event.type === 'turn').reduce((sum, event) => sum + event.usage.input, 0);
    const final = result.events.find((event) => event.type === 'final');
    expect(final.usage.input).toBeGreaterThan(own);
    // Each worker has its own context: its role, only its commands, no agents section, no other task.
    const worker = workerRequests(server, script, 'TASK-A')[0]!;
    expect(worker.system).toContain('You read and analyse code');
    expect(worker.system).toContain('- read (');
    expect(worker.system).not.toContain('- write (');
    expect(worker.messages[0]!.content).not.toContain('TASK-B');
  });

  it('runs them one at a time when parallel mode is off', async () => {
    const DELAY = 300;
    const script: TeamScript = {
      orchestrator: [answer('1. Two looks', agentCall('file', 'TASK-A x'), agentCall('file', 'TASK-B y')), 'ok'],
      workers: { 'TASK-A': [{ text: 'a', delayMs: DELAY }], 'TASK-B': [{ text: 'b', delayMs: DELAY }] },
    };
    const { result, log } = await runTeam(script, { env: { CODEWARD_AGENT_PARALLEL: 'false' } });
    expect(result.status).toBe(0);
    expect(log.arrivals.get('TASK-B')![0]! - log.arrivals.get('TASK-A')![0]!).toBeGreaterThanOrEqual(DELAY - 20);
  });

  it('refuses a read-only agent that tries to write, and the file stays untouched', async () => {
    const script: TeamScript = {
      orchestrator: [answer('1. Ask the file agent', agentCall('file', 'TASK-W change a.txt')), 'done'],
      workers: { 'TASK-W': [answer('1. Write it', coder('write', { file: 'a.txt', content: 'overwritten\n' })), 'I could not write: I am read-only.'] },
    };
    const { result, root, server } = await runTeam(script);
    expect(result.status).toBe(0);
    expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('one\ntwo\n');
    const second = workerRequests(server, script, 'TASK-W')[1]!;
    expect(lastUser(second)).toMatch(/\[1\] @coder write: error C240 agent "file" is read-only and may not run write; allowed: read, tree, search/);
    expect(lastUser(orchestratorRequests(server)[1]!)).toMatch(/\[file\] \(call ac-1, [\d.]+s, 2 turns, 1 tool call \(1 failed\)\)/);
  });

  it('serialises two agents patching one file: no edit is lost', async () => {
    const script: TeamScript = {
      orchestrator: [answer('1. Two edits', agentCall('coder', 'TASK-1 first line'), agentCall('coder', 'TASK-2 second line')), 'both done'],
      workers: {
        'TASK-1': [{ text: answer('1. Patch', coder('patch', { file: 'a.txt', search: 'one', replace: 'ONE' })), delayMs: 200 }, 'patched one'],
        'TASK-2': [{ text: answer('1. Patch', coder('patch', { file: 'a.txt', search: 'two', replace: 'TWO' })), delayMs: 200 }, 'patched two'],
      },
    };
    const { result, root, server } = await runTeam(script);
    expect(result.status).toBe(0);
    expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('ONE\nTWO\n');
    expect(lastUser(orchestratorRequests(server)[1]!)).toContain('(2 ok, 0 failed)');
  });

  it('reports a failing agent (timeout) while the others succeed', async () => {
    const script: TeamScript = {
      orchestrator: [answer('1. Three', agentCall('file', 'TASK-OK1 a'), agentCall('file', 'TASK-SLOW b'), agentCall('planner', 'TASK-OK2 c')), 'one failed'],
      workers: { 'TASK-OK1': ['fine'], 'TASK-SLOW': [{ text: 'too late', delayMs: 60_000 }], 'TASK-OK2': ['1. step one'] },
    };
    const { result, server, elapsed } = await runTeam(script, { env: { CODEWARD_AGENT_WORKER_TIMEOUT: '1' } });
    expect(result.status).toBe(0);
    expect(elapsed).toBeLessThan(40_000); // far below the slow reply's 60 s: the timeout cut it
    const report = lastUser(orchestratorRequests(server)[1]!);
    expect(report).toContain('(2 ok, 1 failed)');
    expect(report).toMatch(/Task: TASK-SLOW b\nStatus: FAILED — C250 agent "file" ran past its timeout \(1 s\)/);
    expect(report).toMatch(/Task: TASK-OK1 a\nStatus: OK/);
    expect(report).toContain('dispatch them again');
    const plan = result.events.filter((event) => event.type === 'task').at(-1);
    expect(plan.plan.tasks[0]).toMatchObject({ status: 'failed', error: expect.stringContaining('agent file ac-2: C250') });
  });

  it('reports an unknown agent type with the list of agents', async () => {
    const script: TeamScript = { orchestrator: [answer('1. Try', agentCall('wizard', 'TASK-X')), 'ok'], workers: {} };
    const { result, server } = await runTeam(script);
    expect(result.status).toBe(0);
    expect(lastUser(orchestratorRequests(server)[1]!)).toMatch(/Status: FAILED — C210 unknown agent "wizard"; available: file, coder, shell/);
  });

  it('uses a custom agent from .codeward/agents, and never lets one replace a built-in by accident', async () => {
    const script: TeamScript = {
      orchestrator: [answer('1. Ask the docs agent', agentCall('docs', 'TASK-DOC write NOTES.md')), 'done'],
      workers: { 'TASK-DOC': [answer('1. Write', coder('write', { file: 'NOTES.md', content: '# Notes\n' })), 'wrote NOTES.md'] },
    };
    const { reply } = teamReplies(script);
    server = await startModelServer({ fallback: reply });
    const root = await tempDir('codeward-team-');
    await mkdir(join(root, '.codeward', 'agents'), { recursive: true });
    await writeFile(join(root, '.codeward', 'agents', 'docs.md'), '---\nname: docs\ndescription: writes documentation\ntools: [read, write]\n---\nYou write DOCS-ROLE documentation.\n');
    await writeFile(join(root, '.codeward', 'agents', 'coder.md'), '---\nname: coder\ntools: read\n---\nA shadow coder.\n');
    const env = { ...(await agentEnv()), OPENAI_API_KEY: 'x' };
    const result = await runAgent(['-p', 'go', '--approval-mode', 'yolo', '--provider', 'openai', '--base-url', server.openaiBaseUrl], { cwd: root, env });
    expect(result.status).toBe(0);
    expect(result.stderr).toMatch(/custom agent skipped: .*coder\.md: "coder" is a built-in agent; rename this one, or add "override: true"/);
    expect(await readFile(join(root, 'NOTES.md'), 'utf8')).toBe('# Notes\n');
    const orchestrator = orchestratorRequests(server)[0]!;
    expect(orchestrator.system).toContain('docs (writes documentation)');
    expect(orchestrator.system).toContain('<agent_call agent="coder" task="..." />');
    expect(orchestrator.system).toMatch(/this project's: docs \(writes documentation\)\.$/m);
    const worker = workerRequests(server, script, 'TASK-DOC')[0]!;
    expect(worker.system).toContain('You write DOCS-ROLE documentation.');
    expect(worker.system).not.toContain('- exec (');
  });
});

describe('delegate', () => {
  it('is gated like any command: refused headless in ask mode (C241)', async () => {
    const script: TeamScript = { orchestrator: [answer('1. Delegate', coder('delegate', { prompt: 'TASK-D look' })), 'ok'], workers: { 'TASK-D': ['never asked'] } };
    const { result, server } = await runTeam(script, { args: ['--approval-mode', 'ask'] });
    expect(result.status).toBe(0);
    expect(lastUser(orchestratorRequests(server)[1]!)).toMatch(/\[1\] @coder delegate: error C241/);
    expect(workerRequests(server, script, 'TASK-D')).toHaveLength(0);
  });

  it('runs a read-only subagent and returns its report with counts', async () => {
    const script: TeamScript = {
      orchestrator: [answer('1. Delegate', coder('delegate', { prompt: 'TASK-R read a.txt', description: 'reader' })), 'ok'],
      workers: { 'TASK-R': [answer('1. Read', coder('read', { file: 'a.txt' })), 'a.txt has two lines'] },
    };
    const { result, server } = await runTeam(script);
    expect(result.status).toBe(0);
    expect(lastUser(orchestratorRequests(server)[1]!)).toMatch(/\[1\] @coder delegate: ok\n\[subagent result — description="reader", depth=1, turns=2, tool_calls=1, failed=0, elapsed=[\d.]+s\]\na.txt has two lines/);
  });

  it('keeps the subagent under the permission gate: its write is refused headless (C241)', async () => {
    const script: TeamScript = {
      orchestrator: [answer('1. Delegate', coder('delegate', { prompt: 'TASK-E write b.txt', readOnly: false })), 'ok'],
      workers: { 'TASK-E': [answer('1. Write', coder('write', { file: 'b.txt', content: 'b\n' })), 'could not write'] },
    };
    const { result, server, root } = await runTeam(script, { args: ['--approval-mode', 'ask', '--allow', '@coder delegate'] });
    expect(result.status).toBe(0);
    expect(lastUser(workerRequests(server, script, 'TASK-E')[1]!)).toMatch(/\[1\] @coder write: error C241/);
    await expect(access(join(root, 'b.txt'))).rejects.toThrow();
  });

  it('stops at the depth limit (2)', async () => {
    const nested = (task: string) => coder('delegate', { prompt: task, tools: ['read', 'delegate'], readOnly: false });
    const script: TeamScript = {
      orchestrator: [answer('1. Delegate', nested('TASK-L1')), 'ok'],
      workers: {
        'TASK-L1': [answer('1. Delegate deeper', nested('TASK-L2')), 'level 1 done'],
        'TASK-L2': [answer('1. Delegate deeper still', nested('TASK-L3')), 'level 2 done'],
        'TASK-L3': ['never asked'],
      },
    };
    const { result, server } = await runTeam(script);
    expect(result.status).toBe(0);
    expect(lastUser(workerRequests(server, script, 'TASK-L2')[1]!)).toMatch(/@coder delegate: error C240 delegation depth limit reached \(2; this agent is at depth 2\)/);
    expect(workerRequests(server, script, 'TASK-L3')).toHaveLength(0);
    expect(lastUser(orchestratorRequests(server)[1]!)).toContain('depth=1');
  });
});
