import { spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Engine } from '../../src/index.js';

// Real repositories for the git command tests: no user or system config, a fixed identity and dates.
export const GIT_ENV: Record<string, string> = {
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 'Test Author',
  GIT_AUTHOR_EMAIL: 'author@example.com',
  GIT_COMMITTER_NAME: 'Test Committer',
  GIT_COMMITTER_EMAIL: 'committer@example.com',
  GIT_AUTHOR_DATE: '2024-01-02T03:04:05+00:00',
  GIT_COMMITTER_DATE: '2024-01-02T03:04:05+00:00',
};

// The engine's git calls inherit the process environment: keep the machine's git config out of them.
export function isolateGitConfig(): void {
  process.env.GIT_CONFIG_GLOBAL = '/dev/null';
  process.env.GIT_CONFIG_NOSYSTEM = '1';
}

export function git(cwd: string, ...args: string[]): string {
  const result = spawnSync('git', ['-c', 'commit.gpgsign=false', '-c', 'tag.gpgsign=false', ...args], {
    cwd,
    env: { ...process.env, ...GIT_ENV },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout;
}

export async function put(root: string, files: Record<string, string>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
}

export async function initRepo(root: string, files: Record<string, string> = {}): Promise<void> {
  git(root, 'init', '-q', '-b', 'main');
  if (Object.keys(files).length === 0) return;
  await put(root, files);
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'initial');
}

export interface Ok<D> {
  ok: true;
  data: D;
  warnings: string[];
}

export async function ok<D = any>(engine: Engine, cmd: string, args: Record<string, unknown> = {}): Promise<Ok<D>> {
  const envelope = await engine.run({ cmd, args });
  if (!envelope.ok) throw new Error(`${cmd} failed: ${JSON.stringify(envelope)}`);
  return envelope as unknown as Ok<D>;
}

export async function failure(engine: Engine, cmd: string, args: Record<string, unknown> = {}): Promise<{ code: string; message: string }> {
  const envelope = await engine.run({ cmd, args });
  if (envelope.ok) throw new Error(`${cmd} unexpectedly succeeded: ${JSON.stringify(envelope)}`);
  return envelope.error;
}
