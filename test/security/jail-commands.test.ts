import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

// Every escape of peers.md §1 (the MCP filesystem CVEs) and iii-worker.md §2, through every command.
let parent: string;
let root: string;
let outside: string;
let engine: Engine;

async function snapshot(dir: string): Promise<string> {
  const hash = createHash('sha256');
  const walk = async (folder: string): Promise<void> => {
    for (const entry of (await readdir(folder, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(folder, entry.name);
      hash.update(path);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) hash.update(await readFile(path));
    }
  };
  await walk(dir);
  return hash.digest('hex');
}

beforeEach(async () => {
  parent = await tempDir('codeward-jail-');
  root = join(parent, 'allowed');
  outside = join(parent, 'allowed_evil'); // the prefix trap of CVE-2025-53110
  await mkdir(root);
  await writeFiles(outside, { 'secret.txt': 'TOP SECRET\n', 'secret.txt.bak': 'OLD SECRET\n', 'dir/file.txt': 'x\n' });
  await writeFiles(root, { 'ok.txt': 'fine\n' });
  await symlink(join(outside, 'secret.txt'), join(root, 'file-link'));
  await symlink(join(outside, 'dir'), join(root, 'dir-link'));
  await symlink(join(outside, 'missing.txt'), join(root, 'dangling-link'));
  await symlink(outside, join(root, 'escape'));
  await symlink('chain-2', join(root, 'chain-1'));
  await symlink(join(outside, 'secret.txt'), join(root, 'chain-2'));
  await symlink('loop-b', join(root, 'loop-a'));
  await symlink('loop-a', join(root, 'loop-b'));
  engine = await createEngine({ workspace: root, env: { HOME: outside, OUT: outside } });
});
afterEach(async () => removeDir(parent));

const ESCAPES: readonly [string, string, readonly string[]][] = [
  ['parent traversal', '../allowed_evil/secret.txt', ['C215']],
  ['prefix-trap absolute', '__OUTSIDE__/secret.txt', ['C215']],
  ['deep traversal', 'a/b/../../../allowed_evil/secret.txt', ['C215']],
  ['absolute system file', '/etc/hostname', ['C215']],
  ['symlink to an outside file', 'file-link', ['C215']],
  ['file below a symlinked outside dir', 'dir-link/file.txt', ['C215']],
  ['new file below a symlinked outside dir', 'dir-link/new.txt', ['C215']],
  ['dangling symlink to outside', 'dangling-link', ['C215']],
  ['symlink chain ending outside', 'chain-1', ['C215']],
  ['symlink loop', 'loop-a', ['C215']],
  ['missing/../escape bypass', 'missing/../escape/secret.txt', ['C215']],
  ['tilde expansion to outside', '~/secret.txt', ['C215']],
  ['variable expansion to outside', '$OUT/secret.txt', ['C215']],
  ['braced variable expansion', '${OUT}/secret.txt', ['C215']],
  ['NUL byte', 'ok.txt\u0000../../etc/passwd', ['C210']],
];

const CALLS: readonly [string, (path: string) => Record<string, unknown>][] = [
  ['read', (path) => ({ file: path })],
  ['read', (path) => ({ file: path, tail: 1 })],
  ['read', (path) => ({ file: path, encoding: 'base64' })],
  ['write', (path) => ({ file: path, content: 'pwned' })],
  ['write', (path) => ({ file: path, content: 'pwned', append: true })],
  ['tree', (path) => ({ dir: path })],
  ['rollback', (path) => ({ file: path })],
  ['clean', (path) => ({ dir: path, pattern: '*.bak' })],
  ['patch', (path) => ({ file: path, search: 'SECRET', replace: 'pwned' })],
  ['patch', (path) => ({ diff: `--- a/${path}\n+++ b/${path}\n@@ -1 +1 @@\n-TOP SECRET\n+pwned\n` })],
  ['multipatch', (path) => ({ edits: [{ file: 'ok.txt', search: 'fine', replace: 'x' }, { file: path, search: 'SECRET', replace: 'pwned' }] })],
  ['update', (path) => ({ files: [{ path, ops: [{ op: 'insert', at_line: 1, content: 'pwned' }] }] })],
  ['create', (path) => ({ files: [{ path, content: 'pwned', overwrite: true }] })],
  ['list', (path) => ({ path })],
  ['search', (path) => ({ term: 'SECRET', dir: path })],
  ['exec', (path) => ({ cmd: 'cat secret.txt', dir: path })],
  ['git-status', (path) => ({ dir: path })],
];

// Batched commands answer per entry: the escape is that entry's error, and the call itself is valid.
function refusal(envelope: { ok: boolean; data?: unknown; error?: { code: string } }): string | undefined {
  if (!envelope.ok) return envelope.error?.code;
  const results = (envelope.data as { results?: { success: boolean; error?: { code: string } }[] }).results ?? [];
  return results.find((entry) => !entry.success)?.error?.code;
}

describe.each(CALLS)('%s through the jail', (cmd, argsFor) => {
  it.each(ESCAPES)('%s is refused and nothing outside changes', async (_name, rawPath, codes) => {
    const before = await snapshot(outside);
    const path = rawPath.replace('__OUTSIDE__', outside);
    const envelope = await engine.run({ cmd, args: argsFor(path) });
    expect(codes).toContain(refusal(envelope));
    expect(JSON.stringify(envelope)).not.toContain('SECRET');
    expect(await snapshot(outside)).toBe(before);
  });
});

describe('sensitive and non-accessible files through every command', () => {
  it.each(['.env', 'sub/.env.local', 'certs/server.pem', 'id.key', 'secrets/token'])('%s is C211 for read and write', async (file) => {
    await writeFiles(root, { [file]: 'HIDDEN VALUE' });
    for (const args of [{ cmd: 'read', args: { file } }, { cmd: 'write', args: { file, content: 'x' } }, { cmd: 'rollback', args: { file } }]) {
      const envelope = await engine.run(args);
      expect(envelope).toMatchObject({ ok: false, error: { code: 'C211' } });
      expect(JSON.stringify(envelope)).not.toContain('HIDDEN');
    }
    expect(await readFile(join(root, file), 'utf8')).toBe('HIDDEN VALUE');
  });

  it('a harmless-looking link to .env is refused', async () => {
    await writeFile(join(root, '.env'), 'HIDDEN VALUE');
    await symlink('.env', join(root, 'notes.txt'));
    expect(await engine.run({ cmd: 'read', args: { file: 'notes.txt' } })).toMatchObject({ ok: false, error: { code: 'C211' } });
  });

  it('the error for a missing file and a non-accessible one read the same', async () => {
    await writeFile(join(root, '.env'), 'HIDDEN VALUE');
    const hidden = await engine.run({ cmd: 'read', args: { file: '.env' } });
    const missing = await engine.run({ cmd: 'read', args: { file: '.nv' } });
    const shape = (envelope: typeof hidden) => (envelope.ok ? '' : envelope.error.message.replace(/^[^:]+/, 'P'));
    expect(shape(hidden)).toBe(shape(missing));
  });

  it('the workspace root given through a symlink works in both spellings', async () => {
    const alias = join(parent, 'alias');
    await symlink(root, alias);
    const viaAlias = await createEngine({ workspace: alias });
    expect(await viaAlias.run({ cmd: 'read', args: { file: join(alias, 'ok.txt') } })).toMatchObject({ ok: true });
    expect(await viaAlias.run({ cmd: 'read', args: { file: join(root, 'ok.txt') } })).toMatchObject({ ok: true });
    expect(basename(alias)).toBe('alias');
  });
});
