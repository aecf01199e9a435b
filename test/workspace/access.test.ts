import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Workspace } from '../../src/workspace/workspace.js';
import { expectFail, link, makeSandbox, missingMessage, put, type Sandbox } from './helpers.js';

let box: Sandbox;
let ws: Workspace;

beforeEach(async () => {
  box = await makeSandbox();
  for (const name of ['a.txt', '.env', 'a/b/.env', '.env.local', 'x.pem', 'k.key', 'secrets/a', 'cfg/.env', '.envrc']) {
    await put(join(box.ws, name), `content of ${name}`);
  }
  ws = await Workspace.open(box.ws);
});
afterEach(async () => {
  await box.cleanup();
});

describe('default non-accessible globs', () => {
  it('refuses read, write and delete with C211', async () => {
    for (const name of ['.env', 'a/b/.env', '.env.local', 'x.pem', 'k.key', 'secrets/a', 'secrets/new.txt', 'new.pem']) {
      for (const access of ['read', 'write', 'delete'] as const) {
        await expectFail(ws.resolve(name, access), 'C211', missingMessage(name));
      }
    }
  });
  it('leaves look-alikes readable', async () => {
    expect((await ws.resolve('.envrc', 'read')).kind).toBe('file');
    expect((await ws.resolve('a.txt', 'read')).kind).toBe('file');
  });
  it('uses the same message for missing and non-accessible', async () => {
    const denied = await expectFail(ws.resolve('x.pem', 'read'), 'C211');
    await put(join(box.base, 'other/keep'));
    const empty = await Workspace.open(join(box.base, 'other'));
    const missing = await expectFail(empty.resolve('x.pem', 'read'), 'C211');
    expect(denied.message).toBe(missing.message);
    expect(denied.message).toBe('x.pem: no such file or directory, or not accessible');
  });
  it('checks the lexical name and the real target of links', async () => {
    await link('.env', join(box.ws, 'ok.txt'));
    await link('a.txt', join(box.ws, 'y.pem'));
    await link('secrets', join(box.ws, 'data'));
    await link('cfg', join(box.ws, 'conf'));
    await expectFail(ws.resolve('ok.txt', 'read'), 'C211', missingMessage('ok.txt'));
    await expectFail(ws.resolve('ok.txt', 'write'), 'C211');
    await expectFail(ws.resolve('y.pem', 'read'), 'C211');
    await expectFail(ws.resolve('data/a', 'read'), 'C211');
    await expectFail(ws.resolve('conf/.env', 'read'), 'C211');
  });
  it('never refuses the root itself', async () => {
    const all = await Workspace.open(box.ws, { nonAccessibleGlobs: ['**'] });
    expect((await all.resolve('.', 'read')).rel).toBe('.');
    await expectFail(all.resolve('a.txt', 'read'), 'C211');
    expect(all.isNonAccessible('.')).toBe(false);
  });
});

describe('list access', () => {
  it('may list a non-accessible folder; its entries are flagged', async () => {
    const r = await ws.resolve('secrets', 'list');
    expect(r.kind).toBe('dir');
    expect(ws.isNonAccessible('secrets/a')).toBe(true);
    expect(ws.isNonAccessible('a/b/.env')).toBe(true);
    expect(ws.isNonAccessible('a/b')).toBe(false);
    expect(ws.isNonAccessible('.')).toBe(false);
    expect(ws.isNonAccessible('a.txt')).toBe(false);
  });
  it('still refuses missing folders and escapes', async () => {
    await expectFail(ws.resolve('nope', 'list'), 'C211', missingMessage('nope'));
    await expectFail(ws.resolve('..', 'list'), 'C215');
  });
});

describe('custom globs', () => {
  it('replace the defaults', async () => {
    const custom = await Workspace.open(box.ws, { nonAccessibleGlobs: ['**/*.txt', 'private'] });
    await put(join(box.ws, 'private/notes.md'));
    expect((await custom.resolve('.env', 'read')).kind).toBe('file');
    await expectFail(custom.resolve('a.txt', 'read'), 'C211');
    await expectFail(custom.resolve('deep/new.txt', 'write'), 'C211');
    await expectFail(custom.resolve('private/notes.md', 'read'), 'C211');
    expect(custom.isNonAccessible('private/notes.md')).toBe(true);
    expect((await custom.resolve('private', 'list')).kind).toBe('dir');
  });
  it('an empty list protects nothing by glob', async () => {
    const open = await Workspace.open(box.ws, { nonAccessibleGlobs: [] });
    expect((await open.resolve('.env', 'read')).kind).toBe('file');
  });
});
