import { afterEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../../helpers/model-server.js';
import { removeDir, tempDir, writeFiles } from '../../helpers/fixture.js';
import { agentEnv, answer, coder, coderBody, runAgent } from './run-agent.js';

// Issue 18 through the agent door: every tool result the model is fed fits the result budget (default 100000
// bytes, about 25k tokens; --max-result-bytes) and says, in the agent's own JSON keys, how to get the rest.
const servers: ModelServer[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  await Promise.all(dirs.splice(0).map(removeDir));
});

// 1.3 MB of numbered lines.
function bigFile(): string {
  const lines: string[] = [];
  for (let i = 1; i <= 14_000; i += 1) lines.push(`line ${i} ${'x'.repeat(85)}\n`);
  return lines.join('');
}

async function run(replies: string[], extra: string[] = [], files: Record<string, string> = { 'big.txt': bigFile(), 'small.txt': 'tiny\n' }) {
  const server = await startModelServer({ replies });
  servers.push(server);
  const root = await tempDir('codeward-agent-budget-');
  const env: Record<string, string> = { ...(await agentEnv()), OPENAI_API_KEY: 'x' };
  dirs.push(root, env['HOME']!);
  await writeFiles(root, files);
  const result = await runAgent(['-p', 'look', '--output-format', 'json', '--approval-mode', 'yolo', '--provider', 'openai', '--base-url', server.openaiBaseUrl, ...extra], { cwd: root, env, timeoutMs: 50_000 });
  expect(result.status).toBe(0);
  return server.requests[1]!.messages.at(-1)!.content;
}

const FIVE_MB = `${process.execPath} -e "for (let i = 0; i < 50000; i++) process.stdout.write('output line ' + i + ' ' + 'y'.repeat(90) + '\\n')"`;

describe('agent result budget (issue 18)', () => {
  it('a 1.3 MB read fits the default budget and names the next call with "start"', async () => {
    const message = await run([answer('1. Read', coder('read', { file: 'big.txt' })), 'Read it.']);
    expect(Buffer.byteLength(message, 'utf8')).toBeLessThanOrEqual(100_000);
    const next = /call again with (\{[^\n]*\})\.\]/.exec(message);
    expect(next, message.slice(-600)).not.toBeNull();
    const call = JSON.parse(next![1]!) as { cmd: string; args: Record<string, unknown> };
    expect(call.cmd).toBe('read');
    const args = call.args;
    expect(args['file']).toBe('big.txt');
    // The next call starts right after the last whole line shown.
    const shownLast = [...message.matchAll(/^\s*(\d+) \| line \d+/gm)].at(-1)![1];
    expect(args['start']).toBe(Number(shownLast) + 1);
    expect(message).not.toMatch(/--start|--max-bytes/);
  });

  it('5 MB of exec output fits, keeps the head and the end, and says how to get the middle', async () => {
    const message = await run([answer('1. Run', coderBody('exec', { cmd: FIVE_MB })), 'Ran it.']);
    expect(Buffer.byteLength(message, 'utf8')).toBeLessThanOrEqual(100_000);
    expect(message).toContain('output line 0 ');
    expect(message).toMatch(/cut to fit this result's share of the result budget \(\d+ bytes\): showed the first \d+ and the last \d+ of the \d+ lines the command's output cap kept \(it had dropped \d+ bytes from the middle; the total line count is unknown\)/);
    expect(message).toContain('{"cmd": "read", "file": "out.log", "start":');
  });

  it('--max-result-bytes sets the budget for every result of the batch together', async () => {
    const message = await run([answer('1. Both', coder('read', { file: 'big.txt' }), coderBody('exec', { cmd: FIVE_MB })), 'Done.'], ['--max-result-bytes', '20000']);
    expect(Buffer.byteLength(message, 'utf8')).toBeLessThanOrEqual(20_000);
    expect(message).toMatch(/\[1\] @coder read: ok/);
    expect(message).toMatch(/\[2\] @coder exec: ok/);
    expect(message).toContain('call again with {"cmd":"read","args":{"file":"big.txt","start":');
  });

  // Issue 29: a batch of three reads split the budget in equal thirds, so a small read left its share unused
  // while its sibling was cut. Shared by need: the small ones whole, the big one gets what they leave.
  it('the budget is shared by need: small results whole, the big one gets the rest', async () => {
    const message = await run([answer('1. All', coder('read', { file: 'small.txt' }), coder('read', { file: 'big.txt' }), coder('read', { file: 'small.txt', start: 1 })), 'Done.'], ['--max-result-bytes', '30000']);
    expect(Buffer.byteLength(message, 'utf8')).toBeLessThanOrEqual(30_000);
    expect(message.match(/\| tiny/g)).toHaveLength(2);
    const shownLast = Number([...message.matchAll(/^\s*(\d+) \| line \d+/gm)].at(-1)![1]);
    // An equal third (~9 k bytes) showed under 90 lines of ~95 bytes; by need it shows well over 200.
    expect(shownLast).toBeGreaterThan(200);
  });

  // Issue 29's benchmark: the share was sized on the CLI's text, the result fitted in the agent's (longer: a
  // suggested call in JSON), so a 193-byte failing test run came back cut, its middle replaced by a note.
  it('a small failing test run is shown whole, not cut to a share sized on other text', async () => {
    const files = { 'package.json': '{ "scripts": { "test": "echo first line; echo second line; no-such-tool-xyz" } }\n' };
    const message = await run([answer('1. Test', coder('test', {})), 'Done.'], [], files);
    expect(message).toContain('first line');
    expect(message).toContain('second line');
    expect(message).toContain('no-such-tool-xyz');
    expect(message).not.toContain('cut to fit');
  });
});
