import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll } from 'vitest';
import { writeFiles } from '../helpers/fixture.js';
import { explain, policyWith, sandbox, type Sandbox } from './helpers.js';

// A workspace that is a real git repository with `config` set by `git config` (key, value pairs in order) and
// `files` written, made before a describe block's tests and removed after them.
export function repoBox(config: readonly (readonly [string, string])[], files: Readonly<Record<string, string>> = {}, extra?: (box: Sandbox) => void): () => Sandbox {
  let box: Sandbox | undefined;
  beforeAll(async () => {
    box = await sandbox();
    await writeFiles(box.root, { 'build/x': '', 'src/a.ts': '1\n', ...files });
    git(box.root, 'init', '-q');
    for (const [key, value] of config) git(box.root, 'config', '--add', key, value);
    extra?.(box);
  });
  afterAll(async () => {
    await box?.cleanup();
  });
  return () => box!;
}

export const git = (dir: string, ...args: string[]): string => execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

// The decision under `rules` (default: a deny rule and `allow *`, as in the brief).
export async function decide(box: Pick<Sandbox, 'root' | 'home'>, line: string, rules = ['deny @coder exec git push*', 'allow *']): Promise<{ decision: string; source: string }> {
  const result = await explain(await policyWith(box as Sandbox, rules), `@coder exec ${line}`);
  return { decision: result.decision, source: result.source };
}

export const ASKED = { decision: 'ask', source: 'immune' };
