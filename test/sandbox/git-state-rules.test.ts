// A line that runs git alone writes git's index and refs in place; what it leaves there must not carry, beyond
// the write gate's paths, a path the person's rules protect or a file the sandbox hides (sandbox/git-state.ts,
// predicate from shell/run-call.ts):
// - red team R13-11: `--deny '@coder write prod.conf'` + `git revert --no-edit HEAD` under --yes set the work
//   tree change aside but the new COMMIT carried prod.conf's denied content (a later reset or push used it);
// - red team R13-9: `git add -A && git commit` committed an untracked `.env` (shown to the sandbox as an empty
//   placeholder) emptied; the person's next `git checkout -- .env` lost the secret.
// The commit is not kept (the ref set back), the index entry is set back, and the warning says so. The
// in-process engine with the permission gate, bwrap.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine, type PermissionOptions } from '../../src/setup.js';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

let root: string;
let home: string;

const git = (...args: string[]): string => spawnSync('git', args, { cwd: root, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: home } }).stdout.trim();

beforeEach(async () => {
  root = await tempDir('cw-git-rules-');
  home = await tempDir('cw-git-rules-home-');
  git('init', '-q');
  git('config', 'user.email', 'a@b');
  git('config', 'user.name', 'a');
  writeFileSync(join(root, 'prod.conf'), 'old-insecure\n');
  writeFileSync(join(root, 'a.txt'), 'a\n');
  git('add', '-A');
  git('commit', '-qm', 'init');
  writeFileSync(join(root, 'prod.conf'), 'prod-safe\n');
  git('commit', '-qam', 'secure prod');
});

afterEach(async () => {
  await removeDir(root);
  await removeDir(home);
});

async function exec(line: string, permissions: PermissionOptions = {}): Promise<{ ok: boolean; warnings: string[]; text: string }> {
  const engine = await createEngine({ workspace: root, env: { ...process.env, HOME: home, GIT_CONFIG_NOSYSTEM: '1' }, sandbox: { mode: 'workspace-write' }, permissions: { home, yes: true, ...permissions } });
  try {
    const result = await engine.run({ cmd: 'exec', args: { cmd: line } });
    return { ok: result.ok, warnings: [...(result.warnings ?? [])], text: JSON.stringify(result) };
  } finally {
    await engine.close();
  }
}

describe.skipIf(!bwrapWorks)('a git-alone line cannot commit what rules protect or the sandbox hides', { timeout: 120_000 }, () => {
  it('git revert under a deny rule on prod.conf: the commit is not kept (R13-11)', async () => {
    const head = git('rev-parse', 'HEAD');
    const run = await exec('git revert --no-edit HEAD', { cliRules: { deny: ['@coder write prod.conf'] } });
    expect(git('rev-parse', 'HEAD'), run.text).toBe(head);
    expect(git('show', 'HEAD:prod.conf')).toBe('prod-safe');
    expect(git('diff', '--cached', '--name-only')).toBe('');
    expect(run.warnings.join('\n')).toMatch(/prod\.conf[\s\S]*the commit was not kept/);
  });

  it('without the rule the same revert is kept', async () => {
    const head = git('rev-parse', 'HEAD');
    const run = await exec('git revert --no-edit HEAD');
    expect(run.ok, run.text).toBe(true);
    expect(git('rev-parse', 'HEAD^')).toBe(head);
    expect(git('show', 'HEAD:prod.conf')).toBe('old-insecure');
  });

  it('git add -A && git commit with an untracked .env: the commit is kept without .env, which keeps its bytes (R13-9)', async () => {
    writeFileSync(join(root, '.env'), 'API_KEY=sekrit\n');
    writeFileSync(join(root, 'a.txt'), 'b\n');
    const run = await exec('git add -A && git commit -qm wip && git status --porcelain');
    expect(run.ok, run.text).toBe(true);
    expect(git('log', '-1', '--format=%s'), run.text).toBe('wip');
    expect(git('show', 'HEAD:a.txt')).toBe('b');
    expect(git('ls-tree', '-r', '--name-only', 'HEAD')).not.toContain('.env');
    expect(git('ls-files', '--', '.env')).toBe('');
    expect(readFileSync(join(root, '.env'), 'utf8')).toBe('API_KEY=sekrit\n');
  });

  it('a forced git add -f . && git commit: the commit is not kept, .env is not staged (R13-9)', async () => {
    writeFileSync(join(root, '.env'), 'API_KEY=sekrit\n');
    const head = git('rev-parse', 'HEAD');
    const run = await exec('git add -f . && git commit -qm wip');
    expect(git('rev-parse', 'HEAD'), run.text).toBe(head);
    expect(git('ls-files', '--', '.env')).toBe('');
    expect(run.warnings.join('\n'), run.text).toMatch(/\.env[\s\S]*the commit was not kept/);
    expect(readFileSync(join(root, '.env'), 'utf8')).toBe('API_KEY=sekrit\n');
  });
});
