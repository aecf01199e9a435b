import { describe, expect, it } from 'vitest';
import { writeFiles } from '../../helpers/fixture.js';
import { agentScene, answer, coder, runAgent } from './run-agent.js';
import { spawnAgentPty } from './pty-agent.js';

// Three requests whose token counts the real HTTP server reports: every door shows each request's
// prompt and completion tokens and the session's total.
const SCRIPT = [
  { text: answer('1. Read a.txt', coder('read', { file: 'a.txt' })), usage: { input: 1_200, output: 30 } },
  { text: answer('1. [x] Read a.txt\n2. Read b.txt', coder('read', { file: 'b.txt' })), usage: { input: 2_500, output: 45 } },
  { text: 'Both files say hello.', usage: { input: 3_100, output: 12 } },
];

const scene = agentScene();

async function setUp(): Promise<{ root: string; env: Record<string, string>; args: string[] }> {
  const server = await scene.serve({ replies: SCRIPT });
  const root = await scene.folder('codeward-agent-tokens-');
  await writeFiles(root, { 'a.txt': 'hello\n', 'b.txt': 'hello again\n' });
  return { root, env: await scene.env(), args: ['--provider', 'openai', '--model', 'gpt-test', '--base-url', server.openaiBaseUrl] };
}

describe('tokens per request are counted and shown (issue 29)', () => {
  it('stream-json: each turn event carries the request usage and the session total so far', async () => {
    const { root, env, args } = await setUp();
    const run = await runAgent(['-p', 'what do the files say?', '--output-format', 'stream-json', ...args], { cwd: root, env });
    expect(run.status).toBe(0);
    const turns = run.events.filter((event) => event.type === 'turn');
    expect(turns.map((turn) => [turn.usage, turn.total])).toEqual([
      [{ input: 1_200, output: 30 }, { input: 1_200, output: 30 }],
      [{ input: 2_500, output: 45 }, { input: 3_700, output: 75 }],
      [{ input: 3_100, output: 12 }, { input: 6_800, output: 87 }],
    ]);
    expect(run.json).toMatchObject({ type: 'final', usage: { input: 6_800, output: 87 } });
  });

  it('--verbose: one line per request on stderr and the total at the end; stdout keeps the answer alone', async () => {
    const { root, env, args } = await setUp();
    const run = await runAgent(['-p', 'what do the files say?', '--verbose', ...args], { cwd: root, env });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('Both files say hello.\n');
    const lines = run.stderr.split('\n').filter((line) => line.includes('tokens'));
    expect(lines).toEqual([
      '  tokens request 1: 1,200 prompt + 30 completion; session 1,200 prompt + 30 completion',
      '  tokens request 2: 2,500 prompt + 45 completion; session 3,700 prompt + 75 completion',
      '  tokens request 3: 3,100 prompt + 12 completion; session 6,800 prompt + 87 completion',
      'tokens in all: 6,800 prompt + 87 completion in 3 requests',
    ]);
    // json keeps one object on stdout; the counts go to stderr beside it.
    const { root: again, env: env2, args: args2 } = await setUp();
    const json = await runAgent(['-p', 'what do the files say?', '-v', '--output-format', 'json', ...args2], { cwd: again, env: env2 });
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: true, usage: { input: 6_800, output: 87 } });
    expect(json.stderr).toContain('tokens in all: 6,800 prompt + 87 completion in 3 requests');
  });

  it('without --verbose no token lines are printed', async () => {
    const { root, env, args } = await setUp();
    const run = await runAgent(['-p', 'what do the files say?', ...args], { cwd: root, env });
    expect(run.status).toBe(0);
    expect(run.stderr).not.toContain('tokens');
  });

  it('the TUI status line shows the latest request and the session total', async () => {
    const { root, env, args } = await setUp();
    const pty = await spawnAgentPty([...args, 'what do the files say?'], { cwd: root, env });
    try {
      // While b.txt is read (after the second request): that request's tokens, then the session's.
      await pty.waitFor('request ↑2.5k ↓45 · session ↑3.7k ↓75 tokens');
      await pty.waitFor('✓ done · 3 turns · request ↑3.1k ↓12 · session ↑6.8k ↓87 tokens');
      pty.write('exit\r');
      expect(await pty.exit).toBe(0);
    } finally {
      pty.kill();
    }
  });
});
