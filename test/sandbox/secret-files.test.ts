import { mkdir, mkdtemp, readFile, realpath, rename, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bwrapArgs } from '../../src/sandbox/bwrap.js';
import { sandboxPolicy } from '../../src/sandbox/policy.js';
import { SecretFinder } from '../../src/sandbox/secret-files.js';
import { seatbeltProfile } from '../../src/sandbox/seatbelt.js';
import { DEFAULT_NON_ACCESSIBLE_GLOBS } from '../../src/workspace/types.js';

// The walk that finds what the sandbox hides (no bwrap needed): what it finds, and that its folder
// cache (in the engine and on disk) never keeps a secret out of the list.
let root: string;
let state: string;

beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'codeward-secrets-')));
  state = await realpath(await mkdtemp(join(tmpdir(), 'codeward-secrets-state-')));
  for (const [path, text] of Object.entries({ '.env': 'S', 'a/b/.env.prod': 'S', 'node_modules/pkg/test/key.pem': 'S', 'secrets/x': 'S', 'secrets/y/z': 'S', 'ok.txt': 'fine', 'real/t.txt': 'S' })) {
    await mkdir(join(root, path, '..'), { recursive: true });
    await writeFile(join(root, path), text);
  }
  await symlink('real/t.txt', join(root, 'link.key'));
});

afterEach(async () => {
  vi.restoreAllMocks();
  await rm(root, { recursive: true, force: true });
  await rm(state, { recursive: true, force: true });
});

const paths = (finder: SecretFinder): string[] => finder.find().map((entry) => `${entry.kind}:${entry.path.slice(root.length + 1)}`).sort();

describe('SecretFinder', () => {
  it('finds nested files, matched folders whole (not their contents), node_modules, and link targets', () => {
    expect(paths(new SecretFinder(root, DEFAULT_NON_ACCESSIBLE_GLOBS))).toEqual(['dir:secrets', 'file:.env', 'file:a/b/.env.prod', 'file:node_modules/pkg/test/key.pem', 'file:real/t.txt']);
  });

  it('uses the custom globs given', () => {
    expect(paths(new SecretFinder(root, ['**/ok.txt']))).toEqual(['file:ok.txt']);
  });

  it('a rename into a secret name is seen by the same finder and by a new one reading the disk cache', async () => {
    const cache = join(state, 'scan.json');
    const finder = new SecretFinder(root, DEFAULT_NON_ACCESSIBLE_GLOBS, cache);
    finder.find();
    await rename(join(root, 'ok.txt'), join(root, 'a', 'b', 'server.key'));
    // Put the folder's mtime back: the cache must not trust mtimes (ctime changes anyway).
    const old = new Date(Date.now() - 3_600_000);
    await utimes(join(root, 'a', 'b'), old, old);
    expect(paths(finder)).toContain('file:a/b/server.key');
    await mkdir(join(root, 'a', 'secrets'));
    expect(paths(new SecretFinder(root, DEFAULT_NON_ACCESSIBLE_GLOBS, cache))).toContain('dir:a/secrets');
  });

  // Bench sandbox: the workspace folder's time changes at every run (its mount points come and go), its
  // listing does not; the disk cache was rewritten whole at every exec.
  it('the disk cache is written again only when what is hidden changed', async () => {
    const cache = join(state, 'scan.json');
    const finder = new SecretFinder(root, DEFAULT_NON_ACCESSIBLE_GLOBS, cache);
    finder.find();
    const written = (await stat(cache)).ino;
    await writeFile(join(root, 'mount-point'), '');
    await rm(join(root, 'mount-point'));
    finder.find();
    expect((await stat(cache)).ino).toBe(written);
    await writeFile(join(root, 'server.key'), 'S');
    expect(paths(finder)).toContain('file:server.key');
    expect((await stat(cache)).ino).not.toBe(written);
    expect(paths(new SecretFinder(root, DEFAULT_NON_ACCESSIBLE_GLOBS, cache))).toContain('file:server.key');
  });

  it('ignores a disk cache written for other globs', () => {
    const cache = join(state, 'scan.json');
    new SecretFinder(root, ['**/nothing'], cache).find();
    expect(paths(new SecretFinder(root, DEFAULT_NON_ACCESSIBLE_GLOBS, cache))).toContain('file:.env');
  });

  // An upgrade never reuses the scans of the code it replaced: the cache's key names the build
  // (kept-across.ts buildVersion); the old key (no build) or another build's is walked again.
  it('ignores a disk cache written by another build', async () => {
    // The files were written a moment ago (the racy window: such a scan is not kept): as if the calls came later.
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 10_000);
    const cache = join(state, 'scan.json');
    new SecretFinder(root, DEFAULT_NON_ACCESSIBLE_GLOBS, cache).find();
    const [key, items] = JSON.parse(await readFile(cache, 'utf8')) as [string, [string, string, string, string[], string[], string[]][]];
    const parts = JSON.parse(key) as unknown[];
    expect(parts.at(-1)).toMatch(/^1:/);
    // The same scans with nothing found: what an older scanner might have kept.
    const emptied = items.map(([rel, ino, ctime, , folders, configs]) => [rel, ino, ctime, [], folders, configs]);
    for (const other of [parts.slice(0, 3), [...parts.slice(0, 3), '1:another-build']]) {
      await writeFile(cache, JSON.stringify([JSON.stringify(other), emptied]));
      expect(paths(new SecretFinder(root, DEFAULT_NON_ACCESSIBLE_GLOBS, cache)), JSON.stringify(other)).toContain('file:.env');
    }
    // This build's key: the emptied scans are read as they are (what makes the two above visible).
    await writeFile(cache, JSON.stringify([key, emptied]));
    expect(paths(new SecretFinder(root, DEFAULT_NON_ACCESSIBLE_GLOBS, cache))).not.toContain('file:.env');
  });

  it('never hides the workspace itself through a link, nor kernel files', async () => {
    await symlink(root, join(root, 'self.pem'));
    await symlink('/dev/null', join(root, 'null.pem'));
    await symlink('/proc/self/environ', join(root, 'env.pem'));
    const found = paths(new SecretFinder(root, DEFAULT_NON_ACCESSIBLE_GLOBS));
    expect(found.some((entry) => /null|environ|^dir:$/.test(entry))).toBe(false);
    expect(new SecretFinder(root, DEFAULT_NON_ACCESSIBLE_GLOBS).find().some((entry) => entry.path === root || entry.path.startsWith('/dev') || entry.path.startsWith('/proc'))).toBe(false);
  });
});

describe('bwrap arguments for the hidden workspace files', () => {
  it('binds the empty file over files and a read-only tmpfs over folders; never an empty file the sandbox can write', async () => {
    const policy = sandboxPolicy('workspace-write', root, { network: false, home: state, accountHome: null });
    const workspaceSecrets = new SecretFinder(root, DEFAULT_NON_ACCESSIBLE_GLOBS).find();
    const empty = join(state, 'empty');
    await writeFile(empty, '');
    const args = bwrapArgs({ ...policy, workspaceSecrets, emptyFile: empty }, root).args.join(' ');
    expect(args).toContain(`--ro-bind ${empty} ${join(root, '.env')}`);
    expect(args).toContain(`--tmpfs ${join(root, 'secrets')} --remount-ro ${join(root, 'secrets')}`);
    // An "empty" file inside the writable workspace could be filled from inside: /dev/null instead.
    const inside = join(root, 'empty');
    await writeFile(inside, '');
    const unsafe = bwrapArgs({ ...policy, workspaceSecrets, emptyFile: inside }, root).args.join(' ');
    expect(unsafe).toContain(`--ro-bind /dev/null ${join(root, '.env')}`);
    expect(unsafe).not.toContain(`--ro-bind ${inside}`);
  });
});

describe('Seatbelt profile for the hidden workspace files', () => {
  it('denies reading and writing them (macOS cannot show an empty file)', () => {
    const policy = sandboxPolicy('workspace-write', root, { network: false, home: state, accountHome: null });
    const profile = seatbeltProfile({ ...policy, workspaceSecrets: new SecretFinder(root, DEFAULT_NON_ACCESSIBLE_GLOBS).find() }, '/private/tmp');
    const deny = profile.split('\n').find((line) => line.startsWith('(deny file-read* file-write*')) ?? '';
    expect(deny).toContain(`(subpath "${join(root, '.env')}")`);
    expect(deny).toContain(`(subpath "${join(root, 'secrets')}")`);
  });
});
