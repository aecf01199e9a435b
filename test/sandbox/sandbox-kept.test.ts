// Issue 31: the sandbox's own write-gate context (sandbox.ts, the obeyed paths made read-only before a run) is
// kept across processes in the state folder's git-contexts.json, as the policy's is (kept-across.ts
// keptFileFor). Each ProcessSandbox is what one cold `codeward exec` builds. A configuration changed between two
// of them must be seen by the second: the hooks folder it names is read-only in the run.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProcessSandbox } from '../../src/sandbox/sandbox.js';
import { removeDir, tempDir } from '../helpers/fixture.js';

const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;

let base: string;
let home: string;
let root: string;
let state: string;

const env = (): Record<string, string | undefined> => ({ HOME: home, PATH: process.env['PATH'], GIT_CONFIG_NOSYSTEM: '1', CODEWARD_NO_OVERLAY: '1' });
const git = (...args: string[]) => execFileSync('git', ['-C', root, ...args], { env: { ...process.env, HOME: home, GIT_CONFIG_NOSYSTEM: '1' } });

beforeAll(async () => {
  base = await tempDir('cw-sandbox-kept-');
  home = join(base, 'home');
  root = join(base, 'ws');
  state = join(base, 'state');
  for (const folder of [home, join(root, 'hooks-a'), join(root, 'hooks-b'), state]) mkdirSync(folder, { recursive: true });
  git('init', '-q');
  git('config', 'core.hooksPath', 'hooks-a');
});
afterAll(() => removeDir(base));

// Files written a moment ago lie in the racy window (listings.ts recentlyChanged) and are never kept: the
// clock is set ahead, as if the calls came later.
beforeEach(() => {
  const now = Date.now();
  vi.spyOn(Date, 'now').mockReturnValue(now + 10_000);
});
afterEach(() => vi.restoreAllMocks());

// One cold process's sandbox run: the paths bound read-only over the workspace.
async function readOnlyIn(writable: readonly string[] = []): Promise<string[]> {
  const sandbox = ProcessSandbox.forWorkspace({ sandbox: 'workspace-write', sandboxNetwork: false, sandboxWritable: [...writable] }, undefined, root, env(), state);
  const run = await sandbox.prepare(root);
  try {
    const args = run.wrapper;
    return args.flatMap((arg, index) => (arg === '--ro-bind' && args[index + 2]?.startsWith(`${root}/`) ? [args[index + 2]!.slice(root.length + 1)] : []));
  } finally {
    await run.after?.();
  }
}

const contexts = () => join(state, 'git-contexts.json');
const keys = (): string[] => Object.keys((JSON.parse(readFileSync(contexts(), 'utf8')) as { entries: Record<string, unknown> }).entries);

describe.skipIf(!bwrapWorks)('the sandbox keeps its git context in the state folder', () => {
  it('keeps it for the next process, and a configuration changed between two processes counts in the second', async () => {
    expect(await readOnlyIn()).toContain('hooks-a');
    // The sandbox alone (no policy in this process) wrote it: the next exec's sandbox reads it.
    expect(existsSync(contexts())).toBe(true);
    expect(keys().map((key) => JSON.parse(key)[0])).toContain('git-context');
    expect(await readOnlyIn()).toContain('hooks-a');
    git('config', 'core.hooksPath', 'hooks-b');
    const after = await readOnlyIn();
    expect(after).toContain('hooks-b');
    expect(after).not.toContain('hooks-a');
  });

  // Issue 31: a sandboxWritable folder elsewhere keeps it too (the run cannot write the state folder); one that holds
  // the state folder, or lies inside it, keeps nothing (a sandboxed process could write what the next one trusts).
  it('keeps it with a sandboxWritable folder elsewhere, nothing with one around or inside the state folder', async () => {
    git('config', 'core.hooksPath', 'hooks-a');
    mkdirSync(join(base, 'elsewhere'), { recursive: true });
    mkdirSync(join(state, 'inside'), { recursive: true });
    for (const [writable, kept] of [[join(base, 'elsewhere'), true], [state, false], [base, false], [join(state, 'inside'), false]] as const) {
      rmSync(contexts(), { force: true });
      expect(await readOnlyIn([writable])).toContain('hooks-a');
      expect([writable, existsSync(contexts())]).toEqual([writable, kept]);
    }
  });

  // The view's walks (view-cache.ts) are kept beside them under the same rule, named by the build that kept
  // them; with the state folder in a path the sandboxed process can write, nothing is read or written there.
  it('keeps the view cache under the build, and none where a sandboxed process could write it', async () => {
    const viewCache = join(state, 'view-cache.json');
    rmSync(viewCache, { force: true });
    await readOnlyIn();
    expect((JSON.parse(readFileSync(viewCache, 'utf8')) as { v: unknown }).v).toMatch(/^1:/);
    rmSync(viewCache);
    await readOnlyIn([state]);
    expect(existsSync(viewCache)).toBe(false);
  });

  // The nested git scan's gitlinks (gitlink-memo.ts) are kept beside them, by the index's identity: a gitlink added
  // between two processes is read by the second, which keeps the new answer; none where a sandboxed process writes.
  it('keeps the index gitlinks by the index identity, and a gitlink added between two processes counts in the second', async () => {
    const gitlinks = join(state, 'gitlinks.json');
    const kept = (): unknown => (JSON.parse(readFileSync(gitlinks, 'utf8')) as { entries: Record<string, { gitlinks: string[] }> }).entries[join(root, '.git', 'index')]?.gitlinks;
    rmSync(gitlinks, { force: true });
    git('update-index', '--add', '--cacheinfo', `160000,${'1'.repeat(40)},sub-one`);
    await readOnlyIn();
    expect(kept()).toEqual(['sub-one']);
    git('update-index', '--add', '--cacheinfo', `160000,${'2'.repeat(40)},sub-two`);
    await readOnlyIn();
    expect(kept()).toEqual(['sub-one', 'sub-two']);
    rmSync(gitlinks);
    await readOnlyIn([state]);
    expect(existsSync(gitlinks)).toBe(false);
    git('update-index', '--force-remove', 'sub-one', 'sub-two');
  });
});
