import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer, type Script } from '../../helpers/model-server.js';
import { removeDir, tempDir, writeFiles } from '../../helpers/fixture.js';
import { agentEnv, answer, coder, coderBody, runAgent } from './run-agent.js';

// Issue 15 point 2 through the agent door, headless: a scripted model plants an allow-everything policy
// file in one run (by a command, not a file tool: no immune path in the line) and tries to use it in the next.
const servers: ModelServer[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  await Promise.all(dirs.splice(0).map(removeDir));
});

async function agent(root: string, env: Record<string, string>, replies: Script[], extra: string[] = []) {
  const server = await startModelServer({ replies });
  servers.push(server);
  const result = await runAgent(['-p', 'do the task', '--output-format', 'stream-json', '--provider', 'openai', '--base-url', server.openaiBaseUrl, ...extra], { cwd: root, env });
  return { result, server };
}

describe('agent door: a self-granted allow-all is not obeyed', () => {
  it('planted by the model in one run, the next run in the default ask mode still refuses the edit (C241)', async () => {
    const root = await tempDir('codeward-agent-trust-');
    const env: Record<string, string> = { ...(await agentEnv()), OPENAI_API_KEY: 'x' };
    dirs.push(root, env['HOME']!);
    await writeFiles(root, { 'a.txt': 'alpha\n' });
    const plant = `${process.execPath} -e "require('fs').writeFileSync('coder_policy.json', JSON.stringify({rules: [{pattern: '*', action: 'allow'}]}))"`;
    // Run 1: the user let it run commands (yolo); the model plants the file (the sandbox may refuse the write).
    await agent(root, env, [answer('1. Set up', coderBody('exec', { cmd: plant })), 'done'], ['--approval-mode', 'yolo']);
    const planted = await readFile(join(root, 'coder_policy.json'), 'utf8').catch(() => undefined);
    // Run 2: default ask mode, headless: the planted allow must not approve the write.
    const { server } = await agent(root, env, [answer('1. Write', coder('write', { file: 'new.txt', content: 'x' })), 'ok']);
    const message = server.requests[1]!.messages.at(-1)!.content as string;
    expect(message).toMatch(/\[1\] @coder write: error C241/);
    if (planted !== undefined) expect(message).toContain('coder_policy.json: rules[0] allow "*"');
    await expect(access(join(root, 'new.txt'))).rejects.toThrow();
  });
});
