import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFiles } from '../../helpers/fixture.js';
import { agentScene, answer, coder, runAgent } from './run-agent.js';
import { spawnAgentPty } from './pty-agent.js';

// A refused edit (the person's "no", a deny rule) cancels what the model built on it in the same batch: a
// later call on the same file and every later command run; calls on other files still run, and the
// model is told which calls were cancelled and why (issue 29, TUI).
const scene = agentScene();

const PARSE = 'export const parse = (s) => s.split(",");\n// second\n';

async function repo(): Promise<string> {
  const root = await scene.folder('codeward-agent-refused-');
  await writeFiles(root, {
    'src/parse.js': PARSE,
    'src/other.js': 'export const other = 1;\n',
    // The test run the model queued after its edit: it leaves a mark when it runs at all.
    'test.js': "require('node:fs').writeFileSync('ran.txt', 'the test ran');\n",
  });
  return root;
}

const batch = [
  coder('patch', { file: 'src/parse.js', search: 's.split(",")', replace: 's.split(";")' }),
  coder('patch', { file: 'src/parse.js', search: '// second', replace: '// 2nd' }),
  coder('read', { file: 'src/parse.js' }),
  coder('exec', { cmd: 'node test.js' }),
  coder('patch', { file: 'src/other.js', search: '= 1', replace: '= 2' }),
  coder('read', { file: 'src/other.js' }),
];

function expectCancelled(results: string): void {
  expect(results).toContain('Results of your 6 tool calls (1 failed, 3 not run):');
  expect(results).toMatch(/\[1\] @coder patch: error C240 [^\n]*/);
  expect(results).toMatch(/\[2\] @coder patch: not run \(call \[1\] \(patch\) was refused \(C240\); it names the same file and expects that change\./);
  expect(results).toMatch(/\[3\] @coder read: not run \(call \[1\] \(patch\) was refused \(C240\); it names the same file/);
  expect(results).toMatch(/\[4\] @coder exec: not run \(call \[1\] \(patch\) was refused \(C240\); it runs after that change and would use the unchanged files/);
  // Calls on other files are the model's to judge: they ran.
  expect(results).toContain('[5] @coder patch: ok');
  expect(results).toMatch(/\[6\] @coder read: ok\n1 \| export const other = 2;/);
}

async function expectFiles(root: string): Promise<void> {
  expect(await readFile(join(root, 'src/parse.js'), 'utf8')).toBe(PARSE);
  expect(await readFile(join(root, 'src/other.js'), 'utf8')).toBe('export const other = 2;\n');
  await expect(readFile(join(root, 'ran.txt'), 'utf8')).rejects.toThrow(/ENOENT/);
}

describe('a refused edit cancels the calls of its batch that build on it', () => {
  it('a deny rule: the later patch and read of that file and the test run after it are not run', async () => {
    const server = await scene.serve({ replies: [answer('1. Fix parse and test', ...batch), 'Stopped.'] });
    const root = await repo();
    const env = await scene.env();
    const run = await runAgent(['-p', 'fix parse', '--approval-mode', 'yolo', '--sandbox', 'off', '--deny', '@coder patch src/parse.js', '--provider', 'openai', '--base-url', server.openaiBaseUrl], { cwd: root, env });
    expect(run.status).toBe(0);
    expectCancelled(server.requests[1]!.messages.at(-1)!.content);
    await expectFiles(root);
  });

  it('the person says no at the terminal: the same calls are cancelled', async () => {
    const server = await scene.serve({ replies: [answer('1. Fix parse and test', ...batch), 'Stopped.'] });
    const root = await repo();
    const env = await scene.env();
    const pty = await spawnAgentPty(['--provider', 'openai', '--model', 'gpt-test', '--base-url', server.openaiBaseUrl, '--sandbox', 'off', 'fix parse'], { cwd: root, env });
    try {
      // The first question is the patch of src/parse.js (the patch of src/other.js may ask first: it runs in
      // parallel); answer no to parse.js and yes to other.js.
      let from = 0;
      for (let asked = 0; asked < 2; asked += 1) {
        const at = await pty.waitFor('[y] once', from);
        const question = pty.output().slice(from, at);
        pty.write(question.lastIndexOf('src/parse.js') > question.lastIndexOf('src/other.js') ? 'n\r' : 'y');
        from = at + 1;
      }
      await pty.waitFor('Stopped.');
      pty.write('exit\r');
      expect(await pty.exit).toBe(0);
    } finally {
      pty.kill();
    }
    expectCancelled(server.requests[1]!.messages.at(-1)!.content);
    await expectFiles(root);
  }, 60_000);
});
