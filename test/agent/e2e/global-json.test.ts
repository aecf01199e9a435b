import { describe, expect, it } from 'vitest';
import { agentScene, runAgent } from './run-agent.js';

// Newcomer pass 45: the global --json (the JSON envelope of every other command) was silently ignored by `agent`: a
// script asking `codeward --json agent -p ...` got text. It now means --output-format json; another format named
// beside it is refused (C210) before any request.
const scene = agentScene();

describe('codeward agent --json', { timeout: 60_000 }, () => {
  it('means --output-format json: the last line is the JSON result', async () => {
    const server = await scene.serve({ replies: ['All done.'] });
    const root = await scene.folder('cw-agent-json-');
    const run = await runAgent(['--json', '-p', 'say done', '--provider', 'openai', '--base-url', server.openaiBaseUrl], { cwd: root, env: await scene.env() });
    expect(run.status, run.stderr).toBe(0);
    const last = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
    expect(last).toMatchObject({ ok: true });
  });

  it('with another --output-format: C210 naming both, no request made', async () => {
    const server = await scene.serve({ replies: ['All done.'] });
    const root = await scene.folder('cw-agent-json-');
    const run = await runAgent(['--json', '-p', 'say done', '--output-format', 'text', '--provider', 'openai', '--base-url', server.openaiBaseUrl], { cwd: root, env: await scene.env() });
    expect(run.status).toBe(2);
    expect(run.stdout + run.stderr).toMatch(/--json means --output-format json; drop one of --json and --output-format text/);
    expect(server.requests.length).toBe(0);
  });
});
