import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../../helpers/model-server.js';
import { tempDir, writeFiles } from '../../helpers/fixture.js';
import { spawnAgentPty } from './pty-agent.js';
import { agentEnv, answer, coderBody } from './run-agent.js';

// Issue 17 points 1, 3 and 4 in a pseudo-terminal, through the real binary and the scripted model: a
// multipatch shows the diff of every file before the question; [a] then [2] saves "all edits under src/",
// so the second file of the call is not asked about; /undo typed at the prompt runs the engine's undo, shows
// what it restored, and the model is told with the next message.
let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const PROMPT = '[y] once / [a] always / [n] no / [d] never ›';

describe('always scopes, all-file diffs and /undo in the terminal', () => {
  it('asks once for a two-file multipatch under the folder scope, and /undo restores both files and tells the model', async () => {
    server = await startModelServer({
      replies: [
        answer('Fix both.\n1. Fix the operators', coderBody('multipatch', { edits: [{ file: 'src/a.js', search: 'a - b', replace: 'a + b' }, { file: 'src/b.js', search: 'x - y', replace: 'x + y' }] })),
        'Fixed both.',
        'Understood: the change is gone.',
      ],
    });
    const root = await tempDir('codeward-agent-scopes-');
    await writeFiles(root, { 'src/a.js': 'export const add = (a, b) => a - b;\n', 'src/b.js': 'export const sum = (x, y) => x - y;\n' });
    const env = { ...(await agentEnv()), OPENAI_API_KEY: 'sk-test' };
    const child = await spawnAgentPty(['fix the operators', '--provider', 'openai', '--model', 'gpt-test', '--base-url', server.openaiBaseUrl], { cwd: root, env });
    const { waitFor } = child;
    try {
      const asked = await waitFor(PROMPT);
      const screen = child.output();
      // Both files' diffs are on screen before the first question.
      for (const line of ['+export const add = (a, b) => a + b;', '+export const sum = (x, y) => x + y;']) {
        expect(screen.indexOf(line), line).toBeGreaterThan(0);
        expect(screen.indexOf(line), line).toBeLessThan(asked);
      }
      // One question for the call (issue 26: it used to ask per file, offering "this file" for the first).
      expect(screen).toContain('[a] always, then choose: [1] these 2 files (multipatch src/a.js, src/b.js) · [2] all edits under src/ · [3] all edits in this workspace, this session');
      child.write('a');
      const which = await waitFor('always for which? [1] [2] [3] ›', asked);
      child.write('2');
      await waitFor('Fixed both.', which);
      // One question only: the second file is under the saved folder rule.
      expect(child.output().split(PROMPT)).toHaveLength(2);
      expect(child.output()).toContain('→ approved; saved: all edits under src/');
      expect(await readFile(join(root, 'src/b.js'), 'utf8')).toContain('x + y');
      child.write('/undo\r');
      const undone = await waitFor('undid 1 change:', which);
      // The lines after it arrive a moment later: wait for them, not only for the heading.
      await waitFor('multipatch: src/a.js, src/b.js', undone);
      expect(child.output().slice(undone)).toMatch(/checkpoint \d+ multipatch: src\/a\.js, src\/b\.js/);
      expect(await readFile(join(root, 'src/a.js'), 'utf8')).toBe('export const add = (a, b) => a - b;\n');
      expect(await readFile(join(root, 'src/b.js'), 'utf8')).toBe('export const sum = (x, y) => x - y;\n');
      // No approval was asked for the person's own /undo.
      expect(child.output().split(PROMPT)).toHaveLength(2);
      // /help and an unknown /word are answered here; the model never sees them (requests[2] below is the next message).
      child.write('/help\r');
      const helped = await waitFor('commands (everything else goes to the model):', undone);
      child.write('/bogus\r');
      await waitFor('unknown command /bogus; /help lists them', helped);
      child.write('I undid it, sorry\r');
      await waitFor('Understood: the change is gone.', undone);
      const told = server.requests[2]!.messages.at(-1)!.content;
      expect(told).toMatch(/^\[The person ran \/undo: multipatch \(checkpoint \d+\) taken back\. src\/a\.js, src\/b\.js are back to the content before those changes/);
      expect(told).toContain('read them again before changing them.]\n\nI undid it, sorry');
      child.write('exit\r');
      expect(await child.exit).toBe(0);
    } finally {
      child.kill();
    }
  });
});
