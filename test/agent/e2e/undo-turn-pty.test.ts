import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../../helpers/model-server.js';
import { removeDir, runCli, tempDir, writeFiles } from '../../helpers/fixture.js';
import { spawnAgentPty } from './pty-agent.js';
import { agentEnv, answer, coderBody } from './run-agent.js';

// Issue 28 item 4, through the real binary in a pseudo-terminal with the scripted model: /undo takes back the
// model's whole last turn (two calls: write a, then write b), and only this session's: a write the CLI made
// before the session and one it made after the turn (another door, no session) are left alone; /undo --all
// reaches the workspace's newest change. The old /undo took back one call across the whole workspace: the
// CLI's later write first, then b only.
let server: ModelServer | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  await Promise.all(dirs.splice(0).map(removeDir));
});

describe('/undo in the agent: one turn, this session', () => {
  it('takes back both calls of the last turn and never a change of another door', async () => {
    server = await startModelServer({
      replies: [
        answer('Write a.', coderBody('write', { file: 'a.txt', content: 'agent a\n' })),
        answer('Write b.', coderBody('write', { file: 'b.txt', content: 'agent b\n' })),
        'Wrote both.',
        'Understood.',
      ],
    });
    const root = await tempDir('codeward-undo-turn-');
    dirs.push(root);
    await writeFiles(root, { 'a.txt': 'a0\n', 'b.txt': 'b0\n', 'c.txt': 'c0\n', 'd.txt': 'd0\n' });
    const env: Record<string, string> = { ...(await agentEnv()), OPENAI_API_KEY: 'sk-test' };
    dirs.push(env['HOME']!);
    const cli = (...args: string[]) => runCli(['-C', root, '--json', ...args], { env: { CODEWARD_STATE_DIR: env['CODEWARD_STATE_DIR']! } });
    // Another door's change made before the agent's session.
    expect(cli('write', '--file', 'c.txt', '--content', 'cli c\n').json).toMatchObject({ ok: true });
    const child = await spawnAgentPty(['write a and b', '--approval-mode', 'yolo', '--provider', 'openai', '--model', 'gpt-test', '--base-url', server.openaiBaseUrl], { cwd: root, env, timeoutMs: 30_000 });
    const { waitFor } = child;
    try {
      const done = await waitFor('Wrote both.');
      expect([await readFile(join(root, 'a.txt'), 'utf8'), await readFile(join(root, 'b.txt'), 'utf8')]).toEqual(['agent a\n', 'agent b\n']);
      // Another door's change made after the turn (the MCP client of the issue, ten minutes later).
      expect(cli('write', '--file', 'd.txt', '--content', 'cli d\n').json).toMatchObject({ ok: true });
      child.write('/undo\r');
      const undone = await waitFor('undid 2 changes:', done);
      await waitFor('write: b.txt', undone);
      expect([await readFile(join(root, 'a.txt'), 'utf8'), await readFile(join(root, 'b.txt'), 'utf8')]).toEqual(['a0\n', 'b0\n']);
      expect([await readFile(join(root, 'c.txt'), 'utf8'), await readFile(join(root, 'd.txt'), 'utf8')]).toEqual(['cli c\n', 'cli d\n']);
      // Nothing more of this session: the CLI's changes stay, and the person is told how to reach them.
      child.write('/undo\r');
      const none = await waitFor('nothing to undo in this session', undone);
      await waitFor('add --all', none); // the words /undo takes (it refuses --all-sessions)
      expect(await readFile(join(root, 'c.txt'), 'utf8')).toBe('cli c\n');
      // The workspace-wide history stays reachable: /undo --all takes back the newest change of anyone (d).
      child.write('/undo --all\r');
      await waitFor('write: d.txt', none);
      expect([await readFile(join(root, 'c.txt'), 'utf8'), await readFile(join(root, 'd.txt'), 'utf8')]).toEqual(['cli c\n', 'd0\n']);
      child.write('\r');
      expect(await child.exit).toBe(0);
    } finally {
      child.kill();
    }
  });
});
