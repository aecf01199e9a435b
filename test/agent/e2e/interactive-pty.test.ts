import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../../helpers/model-server.js';
import { CLI, tempDir, writeFiles } from '../../helpers/fixture.js';
import { plain } from '../ui/harness.js';
import { agentEnv, answer, coder } from './run-agent.js';

// The real binary in a pseudo-terminal, talking to the scripted model server over HTTP: the task is typed
// at the prompt, the plan is shown, the patch waits for an approval, the diff is shown, the answer ends the
// turn and `exit` ends the session.
const SCRIPT = [
  answer('Look first.\n1. Read add.js\n2. Fix the operator', coder('read', { file: 'add.js' })),
  answer('1. [x] Read add.js\n2. Fix the operator', coder('patch', { file: 'add.js', search: 'a - b', replace: 'a + b' })),
  'Fixed: `add` now adds.',
];

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('codeward agent in a terminal', () => {
  it('reads the task, shows the plan, asks before the patch, shows the diff and exits on "exit"', async () => {
    server = await startModelServer({ replies: SCRIPT });
    const root = await tempDir('codeward-agent-pty-');
    await writeFiles(root, { 'add.js': 'export const add = (a, b) => a - b;\n' });
    const env = { ...(await agentEnv()), OPENAI_API_KEY: 'sk-test' };
    const pty = await import('@lydell/node-pty');
    const child = pty.spawn(process.execPath, [CLI, 'agent', '--provider', 'openai', '--model', 'gpt-test', '--base-url', server.openaiBaseUrl], { cols: 260, rows: 40, cwd: root, env });
    let out = '';
    child.onData((data) => {
      out += data;
    });
    const exit = new Promise<number>((resolve) => child.onExit(({ exitCode }) => resolve(exitCode)));
    const waitFor = async (text: string | RegExp, from = 0): Promise<number> => {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const screen = plain(out).slice(from);
        const at = typeof text === 'string' ? screen.indexOf(text) : screen.search(text);
        if (at >= 0) return from + at;
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${String(text)}; got:\n${plain(out)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    try {
      await waitFor('What should I do?');
      expect(plain(out)).toContain('codeward · openai/gpt-test');
      expect(plain(out)).toContain('approvals: ask');
      expect(plain(out)).toMatch(/transcript: ~\/\S*workspaces\/[0-9a-f]+\/sessions\/\d{8}-\d{6}-[0-9a-f]{6}\.jsonl/);
      child.write('fix the add function\r');
      const asked = await waitFor('[y] once / [a] always / [n] no / [d] never ›');
      const screen = plain(out);
      expect(screen).toContain('Read add.js');
      expect(screen).toMatch(/\[x\] 1\. Read add\.js/);
      expect(screen).toContain('patch add.js');
      expect(screen).not.toContain('<tool_call');
      // Nothing is written before the answer.
      expect(await readFile(join(root, 'add.js'), 'utf8')).toContain('a - b');
      child.write('y\r');
      await waitFor('Fixed: `add` now adds.', asked);
      expect(out).toContain('+export const add = (a, b) => a + b;');
      expect(await readFile(join(root, 'add.js'), 'utf8')).toBe('export const add = (a, b) => a + b;\n');
      expect(server.requests).toHaveLength(3);
      expect(server.requests[0]!.messages[0]!.content).toContain('fix the add function');
      child.write('exit\r');
      expect(await exit).toBe(0);
    } finally {
      child.kill();
    }
  });
});

describe('approvals people can judge (issue 17 point 7)', () => {
  it('echoes the task, shows the diff before the question, takes single keys, asks why after n, and shows the command a test runs', async () => {
    server = await startModelServer({
      replies: [
        answer('Fix it.\n1. Fix the operator', coder('patch', { file: 'add.js', search: 'a - b', replace: 'a * b' })),
        answer('Use addition then.\n1. Fix the operator\n2. Run the tests', coder('patch', { file: 'add.js', search: 'a - b', replace: 'a + b' }), coder('test', {})),
        'Fixed.',
      ],
    });
    const root = await tempDir('codeward-agent-pty-');
    await writeFiles(root, {
      'add.js': 'export const add = (a, b) => a - b;\n',
      'package.json': '{ "type": "module", "scripts": { "test": "node -e 0" } }\n',
      'package-lock.json': '{}\n',
    });
    const env = { ...(await agentEnv()), OPENAI_API_KEY: 'sk-test' };
    const pty = await import('@lydell/node-pty');
    const child = pty.spawn(process.execPath, [CLI, 'agent', 'fix the add function', '--provider', 'openai', '--model', 'gpt-test', '--base-url', server.openaiBaseUrl], { cols: 200, rows: 40, cwd: root, env });
    let out = '';
    child.onData((data) => {
      out += data;
    });
    const exit = new Promise<number>((resolve) => child.onExit(({ exitCode }) => resolve(exitCode)));
    const waitFor = async (text: string | RegExp, from = 0): Promise<number> => {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const screen = plain(out).slice(from);
        const at = typeof text === 'string' ? screen.indexOf(text) : screen.search(text);
        if (at >= 0) return from + at;
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${String(text)}; got:\n${plain(out)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    try {
      const first = await waitFor('[y] once / [a] always / [n] no / [d] never ›');
      const screen = plain(out);
      expect(screen).toContain('> fix the add function');
      // The diff of the edit is on screen before the question.
      const diffAt = screen.indexOf('+export const add = (a, b) => a * b;');
      expect(diffAt).toBeGreaterThan(0);
      expect(diffAt).toBeLessThan(first);
      // One key answers; the reason typed after it goes to the model.
      child.write('n');
      const why = await waitFor('why? (told to the model; Enter to skip) ›', first);
      child.write('use addition, not multiplication\r');
      const second = await waitFor('[y] once / [a] always / [n] no / [d] never ›', why);
      child.write('y');
      const third = await waitFor(/\[y\] once \/ \[(?:a\] always \/ \[)?n\] no/, second + 10);
      expect(plain(out).slice(second, third + 200)).toContain('runs: npm test');
      child.write('y');
      await waitFor('Fixed.', third);
      expect(await readFile(join(root, 'add.js'), 'utf8')).toBe('export const add = (a, b) => a + b;\n');
      const told = server.requests[1]!.messages.at(-1)!.content;
      expect(told).toMatch(/\[1\] @coder patch: error C240/);
      expect(told).toContain('The person refused @coder patch add.js and said: "use addition, not multiplication"');
      child.write('exit\r');
      expect(await exit).toBe(0);
    } finally {
      child.kill();
    }
  });
});
