// Issue 31: which config files git loads for a workspace, and the password stores they name
// (git/config-credential.ts), are kept between processes in the state folder (credential-configs.json,
// permissions/kept-across.ts). Each CredentialConfigs with a FolderListings on the same kept file is what one
// cold process builds. Every answer must equal a cold one's after a change between two processes that no
// file read before shows by its bytes alone: an include added, an included symlink re-pointed, a file a
// shell helper names created, a submodule's config added.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CredentialConfigs } from '../../src/git/config-credential.js';
import { createEngine } from '../../src/setup.js';
import { FolderListings } from '../../src/workspace/listings.js';
import { removeDir, tempDir } from '../helpers/fixture.js';

const TOKEN = '[remote "origin"]\n\turl = https://user:ghp_0123456789abcdefghijklmnopqrstuvwxyz@github.com/o/r.git\n';

let base: string;
let home: string;
let root: string;
let kept: string;

const env = (): Record<string, string | undefined> => ({ HOME: home, GIT_CONFIG_NOSYSTEM: '1' });
const git = (...args: string[]) => execFileSync('git', ['-C', root, ...args], { env: { ...process.env, ...env() } });

beforeEach(async () => {
  base = await tempDir('cw-cred-kept-');
  home = join(base, 'home');
  root = join(base, 'ws');
  kept = join(base, 'state', 'home-scan.json');
  mkdirSync(home, { recursive: true });
  mkdirSync(root, { recursive: true });
  git('init', '-q');
  // Files written a moment ago lie in the racy window (listings.ts recentlyChanged) and are never kept: the
  // clock is set ahead, as if the calls came later.
  const now = Date.now();
  vi.spyOn(Date, 'now').mockReturnValue(now + 10_000);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await removeDir(base);
});

// One process's answer, with the state folder's file (next) or without (cold).
const next = (): string[] => new CredentialConfigs(root, home, env(), new FolderListings(kept)).inWorkspace().sort();
const cold = (): string[] => new CredentialConfigs(root, home, env()).inWorkspace().sort();
const keptFile = () => join(base, 'state', 'credential-configs.json');

describe('the loaded git config files kept between processes', () => {
  it('keeps the answer in the state folder; the next process answers as a cold one', () => {
    writeFileSync(join(root, 'creds.gitconfig'), TOKEN);
    git('config', 'include.path', '../creds.gitconfig');
    const first = next();
    expect(first).toEqual([join(root, 'creds.gitconfig')]);
    expect(existsSync(keptFile())).toBe(true);
    const file = JSON.parse(readFileSync(keptFile(), 'utf8')) as { entries: Record<string, unknown> };
    expect(Object.keys(file.entries).map((key) => JSON.parse(key)[0])).toEqual(['credential-configs']);
    expect(next()).toEqual(first);
    expect(next()).toEqual(cold());
  });

  it('sees an include added to the repository config between two processes', () => {
    writeFileSync(join(root, 'creds.gitconfig'), TOKEN);
    expect(next()).toEqual([]);
    git('config', 'include.path', '../creds.gitconfig');
    expect(next()).toEqual([join(root, 'creds.gitconfig')]);
  });

  it('sees an included symlink re-pointed (no config file changed)', () => {
    writeFileSync(join(root, 'plain.gitconfig'), '[core]\n\tautocrlf = false\n');
    writeFileSync(join(root, 'creds.gitconfig'), TOKEN);
    symlinkSync('plain.gitconfig', join(root, 'link.gitconfig'));
    git('config', 'include.path', '../link.gitconfig');
    expect(next()).toEqual([]);
    rmSync(join(root, 'link.gitconfig'));
    symlinkSync('creds.gitconfig', join(root, 'link.gitconfig'));
    expect(next()).toEqual([join(root, 'creds.gitconfig')]);
    expect(next()).toEqual(cold());
  });

  it('sees a file a shell helper names created (no config file changed)', () => {
    git('config', 'credential.helper', '!f() { cat tokens.txt; }; f');
    expect(next()).toEqual([]);
    writeFileSync(join(root, 'tokens.txt'), 'https://user:secret@example.com\n');
    expect(next()).toEqual([join(root, 'tokens.txt')]);
  });

  it("sees a submodule's config naming a store added below .git/modules", () => {
    expect(next()).toEqual([]);
    const module = join(root, '.git', 'modules', 'sub');
    mkdirSync(module, { recursive: true });
    writeFileSync(join(module, 'HEAD'), 'ref: refs/heads/main\n');
    writeFileSync(join(module, 'config'), `[credential]\n\thelper = store --file=${join(root, 'sub-store')}\n`);
    expect(next()).toEqual([join(root, 'sub-store')]);
    expect(next()).toEqual(cold());
  });

  it('computes again from a garbled kept file', () => {
    writeFileSync(join(root, 'creds.gitconfig'), TOKEN);
    git('config', 'include.path', '../creds.gitconfig');
    mkdirSync(join(base, 'state'), { recursive: true });
    writeFileSync(keptFile(), '{"v":1,"entries":{"x":{"stamps":1}}');
    expect(next()).toEqual([join(root, 'creds.gitconfig')]);
  });

  it('read keeps it too (the workspace jail gets the kept file): an include added between two processes is refused in the second', async () => {
    const state = join(base, 'state');
    mkdirSync(state, { recursive: true, mode: 0o700 });
    writeFileSync(join(root, 'creds.gitconfig'), TOKEN);
    const call = async () => {
      const engine = await createEngine({ workspace: root, env: { ...process.env, ...env(), CODEWARD_STATE_DIR: state } });
      try {
        return await engine.run({ cmd: 'read', args: { file: 'creds.gitconfig' } });
      } finally {
        await engine.close?.();
      }
    };
    expect(await call()).toMatchObject({ ok: true });
    // The workspace's own folder in the state folder (engine/state-dir.ts) holds it.
    expect(readdirSync(state, { recursive: true }).map(String).filter((file) => file.endsWith('credential-configs.json'))).toHaveLength(1);
    git('config', 'include.path', '../creds.gitconfig');
    expect(await call()).toMatchObject({ ok: false, error: { code: 'C211' } });
  });
});
