// Issue 31: the bundle's large chunks run as scripts through a V8 code cache kept in the user's codeward cache folder
// (src/bin/script-loader.ts, scripts/script-chunks.mjs). A cold call makes it (private: 0700 folder, 0600 files),
// the next one uses it unchanged; a corrupt, foreign or shared (group/other-accessible) cache is never used, only
// costs a compile; CODEWARD_NO_CODE_CACHE=1 keeps none; a sandboxed process never sees it. No timing is asserted: the cache's effect is measured in bench/ (startup-cpu.mjs).
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;

describe('the code cache of the bundle chunks (a cold call compiles them once per build)', () => {
  let root: string;
  let state: string;
  beforeAll(async () => {
    root = await tempDir();
    await writeFiles(root, { 'ws/small.txt': 'hello\n', 'ws/code.ts': 'export function parsed(): number {\n  return 1;\n}\n' });
    state = join(root, 'state');
    mkdirSync(state, { mode: 0o700 });
  });
  afterAll(async () => {
    await removeDir(root);
  });

  const read = (env: Record<string, string> = {}) => {
    const run = runCli(['--json', '-C', join(root, 'ws'), 'read', '--file', 'small.txt'], { env: { CODEWARD_STATE_DIR: state, CODEWARD_NO_SERVE: '1', ...env } });
    expect(run.json.ok, run.stderr).toBe(true);
    expect((run.json as { data?: { content?: string } }).data?.content).toBe('hello\n');
    expect(run.stderr).toBe('');
    return run;
  };
  const cache = () => join(state, 'code-cache');
  // The cache file of the CLI core's script (the chunk every cold call runs).
  const coreFile = () => {
    const name = readdirSync(cache()).find((file) => /^cli-core-.*\.js\.script$/.test(file));
    expect(name).toBeDefined();
    return join(cache(), name!);
  };
  const identity = (file: string) => {
    const stats = statSync(file, { bigint: true });
    return `${stats.ino}:${stats.mtimeNs}:${stats.size}`;
  };

  it('a cold call makes a private cache naming its script; the next call uses it as it is', () => {
    expect(readdirSync(join(REPO_ROOT, 'dist/chunks')).some((file) => /^cli-core-.*\.js\.script$/.test(file))).toBe(true);
    read();
    expect(statSync(cache()).mode & 0o777).toBe(0o700);
    const file = coreFile();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const header = readFileSync(file).subarray(0, 400).toString('latin1');
    expect(header.startsWith('v1\0')).toBe(true);
    expect(header).toContain(join(REPO_ROOT, 'dist/chunks/'));
    const made = identity(file);
    read();
    // Used, not made again (data V8 rejects is made again at exit).
    expect(identity(file)).toBe(made);
  });

  // Issue 30: a call that compiles WebAssembly (a code parse, the shell parser) sets V8 flags (--liftoff-only) partway,
  // and V8 rejects data made under other flags than its own: made at exit, after the flags changed, the cache was
  // rejected by every next such call and made again (a one-changed-file repo map compiled the CLI core each time).
  it('a call that parses code makes a cache the next such call uses as it is', () => {
    const fresh = join(root, 'state-wasm');
    mkdirSync(fresh, { mode: 0o700 });
    const outline = () => {
      const run = runCli(['--json', '-C', join(root, 'ws'), 'outline', '--file', 'code.ts'], { env: { CODEWARD_STATE_DIR: fresh, CODEWARD_NO_SERVE: '1' } });
      expect(run.json.ok, run.stderr).toBe(true);
      expect((run.json as { data?: { symbols?: { name: string }[] } }).data?.symbols?.map((symbol) => symbol.name)).toEqual(['parsed']);
    };
    outline();
    const name = readdirSync(join(fresh, 'code-cache')).find((file) => /^cli-core-.*\.js\.script$/.test(file));
    expect(name).toBeDefined();
    const made = identity(join(fresh, 'code-cache', name!));
    outline();
    outline();
    expect(identity(join(fresh, 'code-cache', name!))).toBe(made);
  });

  it('a corrupt cache or one naming another script only costs a compile: the answer is the same, the file is made again', () => {
    const file = coreFile();
    const bytes = readFileSync(file);
    const end = bytes.indexOf(0x0a) + 1;
    // The header kept, V8's data replaced by garbage.
    writeFileSync(file, Buffer.concat([bytes.subarray(0, end), Buffer.alloc(bytes.length - end, 0x5a)]));
    read();
    expect(readFileSync(file).subarray(end, end + 64).equals(Buffer.alloc(64, 0x5a))).toBe(false);
    // A header naming the script with another size: not this script's data.
    const good = readFileSync(file);
    const other = Buffer.from(good.subarray(0, end).toString('latin1').replace(/\0(\d+)\0/, (_, ino: string) => `\0${ino}1\0`), 'latin1');
    writeFileSync(file, Buffer.concat([other, good.subarray(end)]));
    const planted = identity(file);
    read();
    expect(identity(file)).not.toBe(planted);
    expect(readFileSync(file).subarray(0, end).equals(good.subarray(0, end))).toBe(true);
  });

  it('a cache file others may read or write is not used (made again, 0600), nor a folder others may enter', () => {
    const file = coreFile();
    chmodSync(file, 0o644);
    read();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    chmodSync(cache(), 0o755);
    const before = readdirSync(cache()).map((name) => `${name}:${identity(join(cache(), name))}`);
    writeFileSync(file, 'v1\0garbage\n');
    read();
    // Neither read (the answer is right) nor written.
    expect(readdirSync(cache()).length).toBe(before.length);
    expect(readFileSync(file, 'utf8')).toBe('v1\0garbage\n');
    chmodSync(cache(), 0o700);
  });

  it('no cache with CODEWARD_NO_CODE_CACHE=1', () => {
    const off = join(root, 'state-off');
    mkdirSync(off, { mode: 0o700 });
    read({ CODEWARD_STATE_DIR: off, CODEWARD_NO_CODE_CACHE: '1' });
    expect(existsSync(join(off, 'code-cache'))).toBe(false);
  });

  it.skipIf(!bwrapWorks)('a sandboxed process sees no code cache (it would run as codeward next call)', () => {
    read();
    const run = runCli(['--json', '-C', join(root, 'ws'), '--sandbox', 'workspace-write', 'exec', '--cmd', `ls ${cache()} || echo none`], { env: { CODEWARD_STATE_DIR: state, CODEWARD_NO_SERVE: '1' } });
    expect(run.json.ok, run.stderr).toBe(true);
    const data = (run.json as { data?: { stdout?: string } }).data;
    expect(data?.stdout).toContain('none');
    expect(data?.stdout).not.toContain('cli-core');
  });
});
