import { writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Workspace } from '../../src/workspace/workspace.js';
import { expectFail, makeSandbox, missingMessage, put, type Sandbox } from './helpers.js';

let box: Sandbox;
let ws: Workspace;

beforeEach(async () => {
  box = await makeSandbox();
  await put(join(box.ws, 'a.txt'), 'hello');
  await put(join(box.ws, 'dir/b.txt'), 'bee');
  await put(join(`${box.ws}_evil`, 'x'), 'evil');
  ws = await Workspace.open(box.ws, { home: box.ws, env: { PROJ: box.ws, SUB: 'dir', OUT: box.outside } });
});
afterEach(async () => {
  await box.cleanup();
});

describe('Workspace.open', () => {
  it('keeps the real root and the given spelling', () => {
    expect(ws.root).toBe(box.ws);
    expect(ws.givenRoot).toBe(box.ws);
  });
  it('resolves a relative root against the cwd', async () => {
    const opened = await Workspace.open(relative(process.cwd(), box.ws));
    expect(opened.root).toBe(box.ws);
  });
  it('refuses a missing root with C211 and a file with C210', async () => {
    const missing = join(box.base, 'nope');
    await expectFail(Workspace.open(missing), 'C211', `workspace not found: ${missing}`);
    await expectFail(Workspace.open(join(box.ws, 'a.txt')), 'C210');
    await expectFail(Workspace.open('a\0b'), 'C210');
  });
  it('withOptions keeps both spellings and swaps the globs', async () => {
    const other = ws.withOptions({ nonAccessibleGlobs: ['**/*.txt'] });
    expect(other.root).toBe(ws.root);
    await expectFail(other.resolve('a.txt', 'read'), 'C211');
    expect((await ws.resolve('a.txt', 'read')).kind).toBe('file');
  });
});

describe('resolve: lexical jail', () => {
  it('resolves a plain file with every field', async () => {
    const r = await ws.resolve('dir/b.txt', 'read');
    expect(r).toMatchObject({ input: 'dir/b.txt', real: join(box.ws, 'dir/b.txt'), rel: 'dir/b.txt', kind: 'file',
      isLink: false, lexical: join(box.ws, 'dir/b.txt') });
    expect(r.stats?.isFile()).toBe(true);
  });
  it('treats the empty string and . as the root', async () => {
    for (const input of ['', '.', './', 'dir/..']) {
      const r = await ws.resolve(input, 'list');
      expect(r.real).toBe(box.ws);
      expect(r.rel).toBe('.');
      expect(r.kind).toBe('dir');
    }
  });
  it('accepts absolute paths inside the workspace, including the root', async () => {
    expect((await ws.resolve(join(box.ws, 'a.txt'), 'read')).rel).toBe('a.txt');
    expect((await ws.resolve(box.ws, 'list')).rel).toBe('.');
    expect((await ws.resolve(`${box.ws}/dir/../a.txt`, 'read')).rel).toBe('a.txt');
  });
  it('refuses the prefix trap, relative and absolute', async () => {
    await expectFail(ws.resolve('../ws_evil/x', 'read'), 'C215', 'path escapes the workspace: ../ws_evil/x');
    await expectFail(ws.resolve(`${box.ws}_evil/x`, 'read'), 'C215');
    await expectFail(ws.resolve(`${box.ws}_evil`, 'list'), 'C215');
    expect(ws.contains(`${box.ws}_evil/x`)).toBe(false);
    expect(ws.contains(box.ws)).toBe(true);
    expect(ws.contains(join(box.ws, 'a/b'))).toBe(true);
    expect(ws.contains('a.txt')).toBe(false);
  });
  it('refuses .. traversal, relative and absolute, for every access', async () => {
    for (const access of ['read', 'write', 'delete', 'list'] as const) {
      await expectFail(ws.resolve('..', access), 'C215');
      await expectFail(ws.resolve('../outside/secret.txt', access), 'C215');
      await expectFail(ws.resolve('a/../../outside/secret.txt', access), 'C215');
      await expectFail(ws.resolve('dir/../../x', access), 'C215');
      await expectFail(ws.resolve(`${box.ws}/../outside/secret.txt`, access), 'C215');
      await expectFail(ws.resolve(join(box.outside, 'secret.txt'), access), 'C215');
      await expectFail(ws.resolve('/', access), 'C215');
    }
  });
  it('collapses .. that stays inside', async () => {
    expect((await ws.resolve('dir/../a.txt', 'read')).rel).toBe('a.txt');
    expect((await ws.resolve('missing/../a.txt', 'read')).rel).toBe('a.txt');
    expect((await ws.resolve('./dir/./b.txt', 'read')).rel).toBe('dir/b.txt');
  });
  it('refuses NUL bytes, non-strings and unknown access kinds with C210', async () => {
    await expectFail(ws.resolve('a.txt\0.png', 'read'), 'C210');
    await expectFail(ws.resolve('\0', 'write'), 'C210');
    await expectFail(ws.resolve(42 as unknown as string, 'read'), 'C210');
    await expectFail(ws.resolve('a.txt', 'exec' as 'read'), 'C210');
  });
  it('returns missing paths for write and delete, refuses them for read and list', async () => {
    const r = await ws.resolve('new/deep/file.txt', 'write');
    expect(r).toMatchObject({ kind: 'missing', real: join(box.ws, 'new/deep/file.txt'), rel: 'new/deep/file.txt',
      isLink: false, stats: undefined });
    expect((await ws.resolve('gone.txt', 'delete')).kind).toBe('missing');
    await expectFail(ws.resolve('gone.txt', 'read'), 'C211', missingMessage('gone.txt'));
    await expectFail(ws.resolve('gone', 'list'), 'C211', missingMessage('gone'));
  });
  it('treats a path below a file as not found', async () => {
    await expectFail(ws.resolve('a.txt/x', 'read'), 'C211', missingMessage('a.txt/x'));
    await expectFail(ws.resolve('a.txt/x', 'write'), 'C211');
  });
  it('handles unicode, spaces, percent signs and backslashes literally', async () => {
    const names = ['héllo wörld.txt', '日本語/ファイル.txt', '100%.txt', '%2e%2e/x.txt', 'a\\b.txt', '..\\..\\x.txt', ' lead'];
    for (const name of names) {
      await put(join(box.ws, name), name);
      const r = await ws.resolve(name, 'read');
      expect(r.real).toBe(join(box.ws, name));
      expect(r.rel).toBe(name);
    }
    expect((await ws.resolve('%2e%2e/new', 'write')).real).toBe(join(box.ws, '%2e%2e/new'));
  });
  it('relative() maps absolute paths to forward-slash workspace paths', () => {
    expect(ws.relative(box.ws)).toBe('.');
    expect(ws.relative(join(box.ws, 'dir/b.txt'))).toBe('dir/b.txt');
  });
});

describe('resolve: ~ and $VAR expansion', () => {
  it('expands ~ and ~/ against the injected home', async () => {
    expect((await ws.resolve('~', 'list')).rel).toBe('.');
    expect((await ws.resolve('~/dir/b.txt', 'read')).rel).toBe('dir/b.txt');
  });
  it('keeps ~user as a literal name', async () => {
    expect((await ws.resolve('~user/x', 'write')).real).toBe(join(box.ws, '~user/x'));
  });
  it('expands $VAR and ${VAR} from the injected env', async () => {
    expect((await ws.resolve('$PROJ/a.txt', 'read')).rel).toBe('a.txt');
    expect((await ws.resolve('${PROJ}/$SUB/b.txt', 'read')).rel).toBe('dir/b.txt');
    expect((await ws.resolve('$SUB/b.txt', 'read')).rel).toBe('dir/b.txt');
  });
  it('keeps unset variables literally', async () => {
    expect((await ws.resolve('$NOPE/x', 'write')).real).toBe(join(box.ws, '$NOPE/x'));
    await writeFile(join(box.ws, '${NOPE}'), 'lit');
    expect((await ws.resolve('${NOPE}', 'read')).rel).toBe('${NOPE}');
  });
  it('jails what expansion produces', async () => {
    await expectFail(ws.resolve('$OUT/secret.txt', 'read'), 'C215', 'path escapes the workspace: $OUT/secret.txt');
    await expectFail(ws.resolve('${OUT}/new', 'write'), 'C215');
    const away = await Workspace.open(box.ws, { home: box.outside, env: {} });
    await expectFail(away.resolve('~/secret.txt', 'read'), 'C215');
    await expectFail(away.resolve('~', 'list'), 'C215');
    const leaky = await Workspace.open(box.ws, { env: { X: '../outside' } });
    await expectFail(leaky.resolve('$X/secret.txt', 'read'), 'C215');
  });
  it('refuses a NUL byte smuggled in through a variable', async () => {
    const bad = await Workspace.open(box.ws, { env: { X: 'a\0b' } });
    await expectFail(bad.resolve('$X', 'read'), 'C210');
  });
});
