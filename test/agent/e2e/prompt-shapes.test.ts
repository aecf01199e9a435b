import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../../helpers/model-server.js';
import { tempDir, writeFiles } from '../../helpers/fixture.js';
import { agentEnv, answer, coderBody, runAgent } from './run-agent.js';

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

// Relay run B renamed a function across 5 files with one multipatch; the prompt said only "multipatch
// (edits)", so the item's keys were a guess (a model that guessed {path, old, new} lost a turn to C210).
describe('the prompt shows the keys of a list argument a model must build', () => {
  it('a model that builds its multipatch from the prompt\'s words alone gets it right the first time', async () => {
    const root = await tempDir('codeward-agent-shapes-');
    await writeFiles(root, { 'a.py': 'def calc_total(x):\n    return calc_total(x)\n', 'b.py': 'from a import calc_total\n' });
    // The scripted model knows nothing but the system prompt: it uses the item keys it shows, in order.
    const fromPrompt = (request: { system: string }): string => {
      const shape = /multipatch \(edits: \[\{([^}]*)\}\]\)/.exec(request.system)?.[1];
      if (!shape) return 'The prompt does not say what an edit looks like.';
      const [file, search, replace, all] = shape.split(',').map((key) => key.trim().replace(/\?$/, ''));
      const edit = (path: string) => ({ [file!]: path, [search!]: 'calc_total', [replace!]: 'compute_total', [all!]: true });
      return answer('1. Rename calc_total in both files', coderBody('multipatch', { edits: [edit('a.py'), edit('b.py')] }));
    };
    server = await startModelServer({ replies: [fromPrompt, 'Renamed.'] });
    const env = { ...(await agentEnv()), OPENAI_API_KEY: 'x' };
    const run = await runAgent(['-p', 'rename calc_total to compute_total', '--approval-mode', 'auto-edit', '--output-format', 'stream-json', '--provider', 'openai', '--base-url', server.openaiBaseUrl], { cwd: root, env });
    expect(run.status).toBe(0);
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.messages.at(-1)!.content).toMatch(/^\[1\] @coder multipatch: ok/m);
    expect(await readFile(join(root, 'a.py'), 'utf8')).toBe('def compute_total(x):\n    return compute_total(x)\n');
    expect(await readFile(join(root, 'b.py'), 'utf8')).toBe('from a import compute_total\n');
  });
});
