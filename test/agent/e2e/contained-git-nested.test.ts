// Red team round 4 H1/H2 (issue 29): a contained run gets the workspace's own git folder read-only
// (contained-git.test.ts); a repository NESTED in the workspace (vendor/lib/.git) is staged like any file:
// what a contained run does to it is set aside by the write gate and named to the model, never applied.
// From the attacker's side, headless (nobody approves), through the real binary and HTTP model server.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFiles } from '../../helpers/fixture.js';
import { agentScene, answer, coder, runAgent } from './run-agent.js';

const HAS_BWRAP = existsSync('/usr/bin/bwrap');

const scene = agentScene();

const git = (cwd: string, ...args: string[]): string => execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' } }).trim();

// What the model's script does to git, in every spelling the command line does not show.
const ATTACK = [
  "const { execSync } = require('child_process');",
  "for (const c of ['git tag planted', 'git commit --allow-empty -qm sneaky', '/usr/lib/git-core/git-update-ref refs/heads/evil HEAD']) { try { execSync(c, { stdio: 'ignore' }); } catch {} }",
  "require('fs').writeFileSync('attack-ran.txt', 'yes\\n');",
].join('\n');

async function repository(folder: string): Promise<void> {
  for (const args of [['init', '-q'], ['config', 'user.email', 'a@b.c'], ['config', 'user.name', 'a'], ['add', '.'], ['commit', '-qm', 'init']]) git(folder, ...args);
}

async function run(root: string, calls: string[]): Promise<string> {
  const server = await scene.serve({ replies: [answer('1. Run it', ...calls), 'done'] });
  const env = await scene.env({ GIT_CONFIG_GLOBAL: '/dev/null' });
  const result = await runAgent(['-p', 'run it', '--provider', 'openai', '--base-url', server.openaiBaseUrl, '--approval-mode', 'auto-edit'], { cwd: root, env, timeoutMs: 120_000 });
  expect(result.status).toBe(0);
  return server.requests[1]!.messages.at(-1)!.content;
}

describe.skipIf(!HAS_BWRAP)('a contained run cannot change git unasked', () => {
  it('in a folder that is no repository, a nested repository\'s .git changes are staged, set aside and reported to the model', async () => {
    const root = await scene.folder('codeward-contained-git-');
    await writeFiles(root, { 'lib/a.txt': 'a\n', 's.js': ATTACK.replaceAll("'git ", "'git -C lib ").replace('/usr/lib/git-core/git-update-ref', '/usr/lib/git-core/git -C lib update-ref') });
    await repository(join(root, 'lib'));
    const head = git(join(root, 'lib'), 'rev-parse', 'HEAD');
    const results = await run(root, [coder('exec', { cmd: 'node s.js' })]);
    // It ran unasked (contained), and the model reads what was set aside.
    expect(results).toMatch(/\[1\] @coder exec: ok/);
    expect(await readFile(join(root, 'attack-ran.txt'), 'utf8')).toBe('yes\n');
    expect(results).toMatch(/not applied: \d+ paths/);
    // Set aside and named, under its reason (one reason line for the paths that share it).
    expect(results).toMatch(/lib\/\.git\/refs\/tags\/planted(: protected|\n)/);
    expect(results).toMatch(/\n {2}(\d+ paths|lib\/\.git\/refs\/tags\/planted): protected/);
    expect(git(join(root, 'lib'), 'rev-parse', 'HEAD')).toBe(head);
    expect(git(join(root, 'lib'), 'tag')).toBe('');
  }, 180_000);
});
