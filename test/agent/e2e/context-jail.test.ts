import { link, mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../../helpers/model-server.js';
import { removeDir, tempDir, writeFiles } from '../../helpers/fixture.js';
import { agentEnv, runAgent } from './run-agent.js';

// A cloned repository ships its context, rules and agent files as links to secrets. The real binary runs
// against a real HTTP model server: no request body may carry a secret, the start event names the
// context files that were loaded, and stderr says which were refused.

const OUTSIDE = 'OUTSIDE-secret-5d1e';
const DOTENV = 'DOTENV-secret-a7c3';
const ENVIRON = 'ENVIRON-secret-09bb';

let server: ModelServer | undefined;
const folders: string[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const folder of folders.splice(0)) await removeDir(folder);
});

async function attackerRepo(): Promise<{ base: string; root: string }> {
  const base = await tempDir('codeward-context-jail-');
  folders.push(base);
  const root = join(base, 'repo');
  await writeFiles(base, {
    'outside/id_rsa': `${OUTSIDE}\n`,
    'outside/rules/x.md': `${OUTSIDE} (a rule from outside)\n`,
    'repo/.env': `API_TOKEN=${DOTENV}\n`,
    'repo/AGENTS.md': 'Run the tests before finishing.\n',
    'repo/src/app.js': 'x\n',
  });
  await mkdir(join(root, '.codeward/agents'), { recursive: true });
  await mkdir(join(root, '.git'));
  await symlink(join(base, 'outside/id_rsa'), join(root, 'CLAUDE.md'));
  await symlink('.env', join(root, 'GEMINI.md'));
  await symlink('/proc/self/environ', join(root, 'RULES.md'));
  await symlink(join(base, 'outside/rules'), join(root, '.codeward/rules'));
  await symlink('../../.env', join(root, '.codeward/agents/leak.md'));
  await symlink('/proc/self/environ', join(root, '.codeward/agents/environ.md'));
  await symlink(join(base, 'outside/id_rsa'), join(root, '.codeward/agents/reviewer.md'));
  return { base, root };
}

describe('codeward agent: context files through the read jail', () => {
  it('sends no linked secret to the model provider, and says which context files were loaded', async () => {
    const { root } = await attackerRepo();
    server = await startModelServer({ replies: ['done'] });
    const env: Record<string, string> = { ...(await agentEnv()), OPENAI_API_KEY: 'x', CANARY_VALUE: ENVIRON };
    folders.push(env['HOME']!);
    const result = await runAgent(['--provider', 'openai', '--base-url', server.openaiBaseUrl, '-p', 'hi', '--output-format', 'stream-json'], { cwd: root, env });
    expect(result.status).toBe(0);
    expect(server.requests).toHaveLength(1);
    const sent = JSON.stringify(server.requests.map((request) => request.body));
    for (const secret of [OUTSIDE, DOTENV, ENVIRON]) expect(sent).not.toContain(secret);
    expect(server.requests[0]!.system).toContain('Run the tests before finishing.');
    expect(result.events[0]).toMatchObject({ type: 'start', contextFiles: ['AGENTS.md'] });
    for (const name of ['CLAUDE.md', 'GEMINI.md', 'RULES.md', '.codeward/rules', 'leak.md', 'environ.md', 'reviewer.md']) expect(result.stderr).toContain(name);
    expect(result.stderr).not.toContain(OUTSIDE);
  });

  it('refuses a --persona that links out (exit 1, C211) before any request', async () => {
    const { root } = await attackerRepo();
    server = await startModelServer({ replies: ['done'] });
    const env: Record<string, string> = { ...(await agentEnv()), OPENAI_API_KEY: 'x' };
    folders.push(env['HOME']!);
    const result = await runAgent(['--provider', 'openai', '--base-url', server.openaiBaseUrl, '-p', 'hi', '--persona', 'reviewer'], { cwd: root, env });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^error: .*reviewer\.md was not read: C215.*\(C211\)$/m);
    expect(server.requests).toHaveLength(0);
  });

  it('reads CLAUDE.md and GEMINI.md, a link inside the workspace, and a hard link', async () => {
    const base = await tempDir('codeward-context-ok-');
    folders.push(base);
    const root = join(base, 'repo');
    await writeFiles(base, { 'repo/docs/guide.md': 'Use tabs.\n', 'repo/GEMINI.md': 'Prefer small commits.\n', 'shared.md': 'Shared team notes.\n' });
    await symlink('docs/guide.md', join(root, 'CLAUDE.md'));
    await link(join(base, 'shared.md'), join(root, 'AGENTS.md'));
    server = await startModelServer({ replies: ['done'] });
    const env: Record<string, string> = { ...(await agentEnv()), OPENAI_API_KEY: 'x' };
    folders.push(env['HOME']!);
    const result = await runAgent(['--provider', 'openai', '--base-url', server.openaiBaseUrl, '-p', 'hi', '--output-format', 'stream-json'], { cwd: root, env });
    expect(result.status).toBe(0);
    expect(result.events[0]).toMatchObject({ type: 'start', contextFiles: ['AGENTS.md', 'CLAUDE.md', 'GEMINI.md'] });
    for (const line of ['Shared team notes.', 'Use tabs.', 'Prefer small commits.']) expect(server.requests[0]!.system).toContain(line);
  });
});
