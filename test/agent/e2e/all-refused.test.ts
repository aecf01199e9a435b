import { access, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../../helpers/model-server.js';
import { removeDir, tempDir } from '../../helpers/fixture.js';
import { agentEnv, answer, coder, runAgent } from './run-agent.js';

// Issue 28 through the real binary: a headless json run whose every tool call was refused said ok and
// exited 0, so a script took "done" for done. Now ok:false with the refusal, counts, and exit 1.
const servers: ModelServer[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  await Promise.all(dirs.splice(0).map(removeDir));
});

async function run(replies: NonNullable<Parameters<typeof startModelServer>[0]>['replies']): Promise<{ status: number; body: Record<string, unknown>; root: string }> {
  const root = await realpath(await tempDir('codeward-agent-refused-'));
  const env: Record<string, string> = { ...(await agentEnv()), OPENAI_API_KEY: 'x' };
  dirs.push(root, env['HOME']!);
  const server = await startModelServer({ replies });
  servers.push(server);
  const result = await runAgent(['-p', 'do it', '--output-format', 'json', '--provider', 'openai', '--base-url', server.openaiBaseUrl], { cwd: root, env });
  return { status: result.status ?? -1, body: JSON.parse(result.stdout.trim().split('\n').at(-1)!) as Record<string, unknown>, root };
}

describe('agent --output-format json when every call was refused', () => {
  it('every write refused (nobody to approve): ok false, exit 1, the counts and the refusal code', async () => {
    const { status, body, root } = await run([answer('1. Write', coder('write', { file: 'a.txt', content: 'a\n' }), coder('write', { file: 'b.txt', content: 'b\n' })), 'All done!']);
    expect(status).toBe(1);
    expect(body).toMatchObject({ ok: false, toolCalls: 2, refused: 2, error: { code: 'C241' } });
    expect((body['error'] as { message: string }).message).toContain('every tool call of the run (2) was refused');
    await expect(access(join(root, 'a.txt'))).rejects.toThrow();
  });

  it('one call allowed (a read) among refused ones: the run is ok as before', async () => {
    const { status, body } = await run([answer('1. Look', coder('tree', {}), coder('write', { file: 'a.txt', content: 'a\n' })), 'Looked.']);
    expect(status).toBe(0);
    expect(body).toMatchObject({ ok: true, toolCalls: 2, refused: 1 });
  });
});
