import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { createEngine } from '../../src/setup.js';
import { git } from '../helpers/git.js';
import { sandbox, type Sandbox } from './helpers.js';

// One exec call under --yes with these deny rules (in-process engine, no sandbox: the decision is what is
// checked): 'ran', or the error code (C240 denied, C241 a person is needed).
// `env`: added to the engine's (NO_JAIL for a row that must write outside the workspace, such as a push to a local remote).
export async function execUnderYes(box: Pick<Sandbox, 'root' | 'home'>, deny: readonly string[], cmd: string, env: Readonly<Record<string, string>> = {}): Promise<string> {
  const engine = await createEngine({ workspace: box.root, env: { HOME: box.home, ...env }, sandbox: { mode: 'off' }, permissions: { home: box.home, yes: true, cliRules: { deny: [...deny] } } });
  try {
    const result = await engine.run({ cmd: 'exec', args: { cmd } });
    return result.ok ? 'ran' : result.error.code;
  } finally {
    await engine.close();
  }
}

// A workspace that is a repository with one commit and a bare remote `origin` in the home folder: the push rows
// of the end-to-end launch tests (launch-*-run.test.ts). `branches()`: what reached the remote ('' for nothing).
export interface PushBox {
  readonly box: Sandbox;
  readonly bare: string;
  branches(): string;
}

export async function pushBox(): Promise<PushBox> {
  const box = await sandbox();
  const bare = join(box.home, 'remote.git');
  git(box.home, 'init', '-q', '--bare', bare);
  git(box.root, 'init', '-q');
  git(box.root, 'commit', '-q', '--allow-empty', '-m', 'i');
  git(box.root, 'remote', 'add', 'origin', bare);
  return { box, bare, branches: () => spawnSync('git', ['branch', '--list'], { cwd: bare, encoding: 'utf8' }).stdout };
}
