import { describe, expect, it } from 'vitest';
import { writeFiles } from '../../helpers/fixture.js';
import { agentScene, runAgent } from './run-agent.js';

// Newcomer pass (issue 28): a headless run stopped with SIGTERM (`timeout 600 codeward agent -p ...`, a CI
// job's cancel) died silently: no JSON on stdout, exit by signal, the request left open. It ends as Ctrl+C
// does: the turn cancelled, the format's last word written, exit 130.
const scene = agentScene();

describe('SIGTERM to a headless agent', () => {
  it('cancels the turn and still prints the json result', async () => {
    const server = await scene.serve({ replies: [{ hang: true, text: '<reasoning>' }] });
    const root = await scene.folder('codeward-sigterm-');
    await writeFiles(root, { 'a.txt': 'alpha\n' });
    const result = await runAgent(['-p', 'wait', '--output-format', 'json', '--provider', 'openai', '--base-url', server.openaiBaseUrl], {
      cwd: root,
      env: await scene.env(),
      onSpawn: (kill) => void server.waitForRequests(1).then(() => kill('SIGTERM')),
    });
    expect(result.signal).toBeNull();
    expect(result.status).toBe(130);
    expect(result.json).toMatchObject({ ok: false, error: { code: 'C250' } });
  });
});
