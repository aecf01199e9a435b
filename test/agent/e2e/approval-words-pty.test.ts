import { rm } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../../helpers/model-server.js';
import { tempDir, writeFiles } from '../../helpers/fixture.js';
import { agentEnv, answer, coder } from './run-agent.js';
import { spawnAgentPty } from './pty-agent.js';

// The person at the terminal: an approval says in plain words what runs, in which folder and whether
// inside the OS sandbox; after it ran, they see what it printed (capped, with the count of the lines
// between).
let server: ModelServer | undefined;
const folders: string[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

const PRINT = 'node print.js';

describe('approvals in plain words and the output of what ran (issue 29, TUI)', () => {
  it('exec in a sub-folder: runs, where and the sandbox are named; its output is shown capped', async () => {
    server = await startModelServer({ replies: [answer('1. Run the script', coder('exec', { cmd: PRINT, dir: 'tools' })), 'It printed 30 lines.'] });
    const root = await tempDir('codeward-agent-words-');
    await writeFiles(root, { 'tools/print.js': 'for (let i = 1; i <= 30; i += 1) console.log(`printed line ${i}`);\n' });
    const env: Record<string, string> = { ...(await agentEnv()), OPENAI_API_KEY: 'x' };
    folders.push(root, env['HOME']!);
    const pty = await spawnAgentPty(['--provider', 'openai', '--model', 'gpt-test', '--base-url', server.openaiBaseUrl, '--sandbox', 'off', 'run the script'], { cwd: root, env });
    try {
      const asked = await pty.waitFor('[y] once');
      const question = pty.output().slice(0, asked);
      expect(question).toContain(`runs: ${PRINT}`);
      expect(question).toMatch(/where: in tools · outside any OS sandbox \(turned off/);
      pty.write('y');
      const done = await pty.waitFor('✓ done');
      const shown = pty.output().slice(asked, done);
      // The first and last lines of what it printed, the rest counted.
      expect(shown).toMatch(/printed line 1\r?\n/);
      expect(shown).toContain('printed line 30');
      expect(shown).toMatch(/… \d+ more lines/);
      expect(shown).not.toContain('printed line 15');
      pty.write('exit\r');
      expect(await pty.exit).toBe(0);
    } finally {
      pty.kill();
    }
  });
});
