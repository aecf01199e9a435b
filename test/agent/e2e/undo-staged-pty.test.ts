import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../../helpers/model-server.js';
import { removeDir, tempDir } from '../../helpers/fixture.js';
import { bwrapWorks, overlayWorks, tree } from '../../shell/stage-helpers.js';
import { spawnAgentPty } from './pty-agent.js';
import { agentEnv, answer, coderBody } from './run-agent.js';

// Issue 27 in the agent, through the real binary in a pseudo-terminal with the scripted model (real HTTP
// server): the model's turn runs four staged execs (sed -i, rm, a created build folder with a link, a
// chmod); one /undo takes the whole turn back, byte-exact (bytes, modes, links, folders); /redo applies
// it again. Skipped where bwrap or an overlay in a user namespace cannot run.
let server: ModelServer | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  await Promise.all(dirs.splice(0).map(removeDir));
});

const COMMANDS = ['sed -i s/a/b/g f.txt', 'rm gone.txt', 'mkdir -p build/js && echo out > build/js/app.js && ln -s js/app.js build/main.js', 'chmod 755 run.sh'];

describe.skipIf(!bwrapWorks || !overlayWorks)('/undo of staged shell commands in the agent', { timeout: 120_000 }, () => {
  it('one /undo takes back the turn\'s four commands byte-exact; /redo applies them again', async () => {
    server = await startModelServer({ replies: [answer('Change them.', ...COMMANDS.map((cmd) => coderBody('exec', { cmd }))), 'Changed.', 'Understood.'] });
    const root = await tempDir('codeward-undo-staged-');
    dirs.push(root);
    writeFileSync(join(root, 'f.txt'), 'alpha\r\nbanana\n');
    writeFileSync(join(root, 'gone.txt'), 'bye\n');
    writeFileSync(join(root, 'run.sh'), '#!/bin/sh\necho run\n');
    chmodSync(join(root, 'run.sh'), 0o644);
    mkdirSync(join(root, 'src'));
    const before = tree(root);
    const env: Record<string, string> = { ...(await agentEnv()), OPENAI_API_KEY: 'sk-test' };
    dirs.push(env['HOME']!);
    const child = await spawnAgentPty(['change the files', '--approval-mode', 'yolo', '--provider', 'openai', '--model', 'gpt-test', '--base-url', server.openaiBaseUrl], { cwd: root, env, timeoutMs: 60_000 });
    const { waitFor } = child;
    try {
      const done = await waitFor('Changed.');
      const after = tree(root);
      expect(after).toMatchObject({ 'f.txt': expect.stringMatching(/^644:/), 'build/main.js': 'link:js/app.js', 'run.sh': expect.stringMatching(/^755:/) });
      expect(after['gone.txt']).toBeUndefined();
      child.write('/undo\r');
      const undone = await waitFor('undid 4 changes:', done);
      expect(tree(root)).toEqual(before);
      child.write('/redo\r');
      await waitFor('redid 4 changes', undone);
      expect(tree(root)).toEqual(after);
      child.write('\r');
      expect(await child.exit).toBe(0);
    } finally {
      child.kill();
    }
  });
});
