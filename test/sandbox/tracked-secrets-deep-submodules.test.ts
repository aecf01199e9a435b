// issue 26 (fix72's LEFT): TrackedSecretCheck.reachable (tracked-secrets.ts) stopped 4 submodules down
// (MAX_SUBMODULE_DEPTH). A submodule 6 levels down that tracks `.env` (committed, since deleted from its checkout, so
// the secret walk has no file to hide) kept its git folder in the view: `git -C m/m/m/m/m/m log -p` (from a script) printed it
// in the sandbox. Now every level is read, by a count (MAX_REACHED) past which a submodule counts as unreadable.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositoryOf, TrackedSecretCheck } from '../../src/sandbox/tracked-secrets.js';
import { CLI } from '../helpers/fixture.js';
import { bareBase, bareExec, removeBare } from '../helpers/bare-cli.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const SECRET = 'DEEP_SUBMODULE_SECRET=fix75';
const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 'a', GIT_AUTHOR_EMAIL: 'a@b', GIT_COMMITTER_NAME: 'a', GIT_COMMITTER_EMAIL: 'a@b' };
const git = (cwd: string, ...args: string[]): string => execFileSync('git', args, { cwd, env, stdio: 'pipe' }).toString();
let base: string | undefined;
let out = '';
const ws = (): string => join(base!, 'ws');
beforeAll(async () => {
  base = await bareBase('cw-fix75-deep-sub-');
  // Bottom up: m/m/m/m/m/m tracks .env; each level above tracks the one below as a gitlink.
  const levels = Array.from({ length: 7 }, (_, index) => join(ws(), ...Array<string>(index).fill('m')));
  for (const dir of levels.slice(1).reverse()) {
    mkdirSync(dir, { recursive: true });
    git(dir, 'init', '-q');
  }
  const deepest = levels[6]!;
  writeFileSync(join(deepest, '.env'), `${SECRET}\n`);
  git(deepest, 'add', '.env');
  git(deepest, 'commit', '-qm', 'env');
  rmSync(join(deepest, '.env'));
  for (const dir of levels.slice(0, 6).reverse()) {
    git(dir, 'add', 'm');
    git(dir, 'commit', '-qm', 'm');
  }
  // A program the permission gate does not read runs the git (the gate's own check is readonly-git-secrets.ts).
  writeFileSync(join(ws(), 'p.py'), "import subprocess\nsubprocess.run(['git', '-C', '/'.join(['m'] * 6), 'log', '-p'])\nprint('shown')\n");
  if (bwrapWorks && existsSync(CLI)) out = bareExec(base, 'python3 p.py', true);
}, 120_000);
afterAll(() => removeBare(base));

describe('a submodule 6 levels down tracking a non-accessible file', () => {
  it('is reached by the check, with what it tracks', () => {
    const reached = new TrackedSecretCheck(['.env']).reachable(repositoryOf(ws(), ws())!, ws());
    expect(reached.flatMap((each) => each.files)).toContain('m/m/m/m/m/m/.env');
  });

  it.skipIf(!bwrapWorks || !existsSync(CLI))('its blob is not shown to a sandboxed git', () => {
    expect(out).toContain('shown');
    expect(out).not.toContain(SECRET);
  });
});
