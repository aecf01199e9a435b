import { describe, expect, it } from 'vitest';
import { writeFiles } from '../../helpers/fixture.js';
import { agentScene, answer, coder, runAgent } from './run-agent.js';

// Newcomer pass (issue 28): headless text progress showed each call as `→ test {"cmd":"test","args":{"cmd":
// "npx tape test/*.js"}}`, the name twice and the arguments last (cut at 120 characters). It shows the name
// and the arguments: `→ read {"file":"a.txt"}`.
const scene = agentScene();

describe('headless text progress', () => {
  it('names each call once, with its arguments', async () => {
    const server = await scene.serve({ replies: [answer('1. Read a', coder('read', { file: 'a.txt' })), 'Read it.'] });
    const root = await scene.folder('codeward-progress-');
    await writeFiles(root, { 'a.txt': 'alpha\n' });
    const run = await runAgent(['-p', 'read a', '--provider', 'openai', '--base-url', server.openaiBaseUrl], { cwd: root, env: await scene.env() });
    expect(run.status).toBe(0);
    expect(run.stderr).toContain('→ read {"file":"a.txt"}\n');
  });
});
