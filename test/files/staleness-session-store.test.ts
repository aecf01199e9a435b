import { spawn } from 'node:child_process';
import { mkdir, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SessionStore, codewardCacheDir, validateSessionId } from '../../src/files/session-store.js';
import { StalenessTracker } from '../../src/files/staleness.js';
import { cleanup, makeTempDir } from './helpers.js';

let dir: string;
let workspace: string;
let cacheDir: string;
beforeEach(async () => {
  dir = await makeTempDir('cw-session-');
  workspace = join(dir, 'ws');
  cacheDir = join(dir, 'cache', 'codeward');
  await mkdir(workspace);
  await writeFile(join(workspace, 'a.txt'), 'one\n');
  const past = new Date('2025-03-01T00:00:00Z');
  await utimes(join(workspace, 'a.txt'), past, past);
});
afterEach(async () => cleanup(dir));

// One CLI call: load the session, do something with the tracker, save.
async function cliCall<T>(sessionId: string, use: (tracker: StalenessTracker) => Promise<T>, root = workspace): Promise<T> {
  const store = await SessionStore.open({ workspaceRoot: root, sessionId, cacheDir });
  const tracker = await store.load();
  try {
    return await use(tracker);
  } finally {
    await store.save(tracker);
  }
}

const outcome = (promise: Promise<string[]>): Promise<string> =>
  promise.then((warnings) => (warnings.length > 0 ? 'proceed-with-warning' : 'ok'), (error: { code: string }) => error.code);

describe('SessionStore (CLI --session)', () => {
  it('sequential CLI calls with one session share stamps and the refuse-once state', async () => {
    const file = join(workspace, 'a.txt');
    await cliCall('s1', (t) => t.recordRead(file));
    await writeFile(file, 'two, from the editor\n');
    expect(await cliCall('s1', (t) => outcome(t.assertFresh([file])))).toBe('C230');
    expect(await cliCall('s1', (t) => outcome(t.assertFresh([file])))).toBe('proceed-with-warning');
    await cliCall('s1', (t) => t.recordRead(file));
    expect(await cliCall('s1', (t) => outcome(t.assertFresh([file])))).toBe('ok');
    // Another session id never saw the read.
    expect(await cliCall('other', async (t) => t.get(file))).toBeUndefined();
  });

  it('keeps the file in the cache folder, keyed by workspace and session, private and without temp leftovers', async () => {
    const store = await SessionStore.open({ workspaceRoot: workspace, sessionId: 'abc', cacheDir });
    expect(store.file.startsWith(join(cacheDir, 'sessions') + '/')).toBe(true);
    expect(store.file).toMatch(/\/[0-9a-f]{32}\.json$/);
    expect(store.lockDir).toBe(join(cacheDir, 'locks'));
    await cliCall('abc', (t) => t.recordRead(join(workspace, 'a.txt')));
    expect((await stat(store.file)).mode & 0o777).toBe(0o600);
    expect((await readdir(join(cacheDir, 'sessions'))).filter((name) => !name.startsWith('.pruned'))).toEqual([store.file.split('/').pop()]);
    expect(await readdir(workspace)).toEqual(['a.txt']);
    expect(JSON.parse(await readFile(store.file, 'utf8'))).toMatchObject({ version: 1, session: 'abc', files: { [join(workspace, 'a.txt')]: { stamp: { size: 4 } } } });
  });

  it('a different workspace has a separate session with the same id', async () => {
    const other = join(dir, 'ws2');
    await mkdir(other);
    await cliCall('same', (t) => t.recordRead(join(workspace, 'a.txt')));
    const a = await SessionStore.open({ workspaceRoot: workspace, sessionId: 'same', cacheDir });
    const b = await SessionStore.open({ workspaceRoot: other, sessionId: 'same', cacheDir });
    expect(a.file).not.toBe(b.file);
    expect((await b.load()).records().size).toBe(0);
    expect((await a.load()).records().size).toBe(1);
  });

  it('an invalid session id is C210', async () => {
    for (const id of ['', 'a/b', '../x', 'a b', 'x'.repeat(65), 'é', 'a\0b']) {
      await expect(SessionStore.open({ workspaceRoot: workspace, sessionId: id, cacheDir })).rejects.toMatchObject({ code: 'C210' });
    }
    expect(validateSessionId('Run-1.2_x')).toBe('Run-1.2_x');
    expect(validateSessionId('x'.repeat(64))).toHaveLength(64);
  });

  it('a corrupted or foreign session file counts as empty, and the next save repairs it', async () => {
    const store = await SessionStore.open({ workspaceRoot: workspace, sessionId: 'c', cacheDir });
    await mkdir(join(cacheDir, 'sessions'), { recursive: true });
    for (const junk of ['{not json', '', 'null', '[]', '{"version":1,"root":"/elsewhere","session":"c","files":{}}', '{"version":1,"files":{"x":{"stamp":1}}}']) {
      await writeFile(store.file, junk);
      expect((await store.load()).records().size).toBe(0);
    }
    await cliCall('c', (t) => t.recordRead(join(workspace, 'a.txt')));
    expect((await store.load()).records().size).toBe(1);
  });

  it('two calls that overlap merge their changes instead of overwriting each other', async () => {
    await writeFile(join(workspace, 'b.txt'), 'b');
    const [s1, s2] = await Promise.all([0, 1].map(() => SessionStore.open({ workspaceRoot: workspace, sessionId: 'm', cacheDir })));
    const [t1, t2] = await Promise.all([s1!.load(), s2!.load()]);
    await t1!.recordRead(join(workspace, 'a.txt'));
    await t2!.recordRead(join(workspace, 'b.txt'));
    await Promise.all([s1!.save(t1!), s2!.save(t2!)]);
    expect([...(await s1!.load()).records().keys()].sort()).toEqual([join(workspace, 'a.txt'), join(workspace, 'b.txt')]);
    // A later forget wins over the older stamp on disk.
    const t3 = await s1!.load();
    t3.forget(join(workspace, 'a.txt'));
    await s1!.save(t3);
    expect([...(await s1!.load()).records().keys()]).toEqual([join(workspace, 'b.txt')]);
  });

  it('parallel CLI processes saving one session do not corrupt it or lose stamps', { timeout: 60_000 }, async () => {
    const bundle = join(dir, 'session-store.mjs');
    await build({ entryPoints: [fileURLToPath(new URL('../../src/files/session-store.ts', import.meta.url))], bundle: true, format: 'esm', platform: 'node', target: 'node20', outfile: bundle, logLevel: 'warning' });
    await writeFile(join(dir, 'child.mjs'), `import { SessionStore } from './session-store.mjs';
const [root, cacheDir, file] = process.argv.slice(2);
const store = await SessionStore.open({ workspaceRoot: root, sessionId: 'par', cacheDir });
const tracker = await store.load();
await tracker.recordRead(file);
await store.save(tracker);
`);
    const names = Array.from({ length: 8 }, (_, i) => `f${i}.txt`);
    await Promise.all(names.map((name) => writeFile(join(workspace, name), name)));
    await Promise.all(
      names.map(
        (name) =>
          new Promise<void>((resolve, reject) => {
            const child = spawn(process.execPath, [join(dir, 'child.mjs'), workspace, cacheDir, join(workspace, name)], { stdio: 'inherit' });
            child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`child exited ${code}`))));
          }),
      ),
    );
    const store = await SessionStore.open({ workspaceRoot: workspace, sessionId: 'par', cacheDir });
    expect([...(await store.load()).records().keys()].sort()).toEqual(names.map((name) => join(workspace, name)).sort());
    expect(await readdir(join(cacheDir, 'locks'))).toEqual([]);
  });

  it('prunes session files unused for more than 7 days, at most hourly', async () => {
    const sessions = join(cacheDir, 'sessions');
    await mkdir(sessions, { recursive: true });
    const old = new Date(Date.now() - 8 * 24 * 3600 * 1000);
    await writeFile(join(sessions, 'old.json'), '{}');
    await utimes(join(sessions, 'old.json'), old, old);
    await writeFile(join(sessions, 'recent.json'), '{}');
    await cliCall('p', (t) => t.recordRead(join(workspace, 'a.txt')));
    const left = await readdir(sessions);
    expect(left).toContain('recent.json');
    expect(left).not.toContain('old.json');
    await writeFile(join(sessions, 'old2.json'), '{}');
    await utimes(join(sessions, 'old2.json'), old, old);
    await cliCall('p', (t) => t.recordRead(join(workspace, 'a.txt')));
    expect(await readdir(sessions)).toContain('old2.json');
  });

  it('never stores the session inside the workspace, even when the cache folder is in it', async () => {
    const store = await SessionStore.open({ workspaceRoot: dir, sessionId: 'inside', cacheDir });
    try {
      expect(store.file.startsWith(tmpdir())).toBe(true);
      expect(store.file.startsWith(dir + '/')).toBe(false);
    } finally {
      await rm(store.file, { force: true });
    }
  });

  it('finds the cache folder from the environment', () => {
    expect(codewardCacheDir({ env: { CODEWARD_STATE_DIR: '/s' } })).toBe('/s');
    expect(codewardCacheDir({ env: { XDG_CACHE_HOME: '/x' } })).toBe('/x/codeward');
    expect(codewardCacheDir({ env: { XDG_CACHE_HOME: 'relative' }, home: '/h' })).toBe('/h/.cache/codeward');
    expect(codewardCacheDir({ env: {}, home: '/h' })).toBe('/h/.cache/codeward');
  });
});
