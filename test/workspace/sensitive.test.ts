import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Workspace } from '../../src/workspace/workspace.js';
import { expectFail, link, makeSandbox, sensitiveMessage, put, type Sandbox } from './helpers.js';

let box: Sandbox;

beforeEach(async () => {
  box = await makeSandbox();
  await put(join(box.ws, 'a.txt'), 'hello');
});
afterEach(async () => {
  await box.cleanup();
});

describe.skipIf(process.platform === 'win32')('sensitive system paths', () => {
  it('are refused with C211 when the workspace is /', async () => {
    const root = await Workspace.open('/');
    for (const input of ['/etc/shadow', '/etc/passwd', 'etc/passwd', '/etc/ssh/ssh_config', '/etc/ssh', '/proc/self/environ',
      '/dev/null', '/sys', '/boot', '/etc/sudoers.d/x', '/etc/ssl/private/k', 'etc/../etc/shadow']) {
      for (const access of ['read', 'write', 'delete', 'list'] as const) {
        await expectFail(root.resolve(input, access), 'C211', sensitiveMessage(input));
      }
    }
  });
  it('leave other files under / reachable', async () => {
    const root = await Workspace.open('/');
    expect((await root.resolve('/etc/hosts', 'read')).rel).toBe('etc/hosts');
    expect((await root.resolve(join(box.ws, 'a.txt'), 'read')).rel).toBe(join(box.ws, 'a.txt').slice(1));
  });
  it('are refused through symlinks: C215 outside, C211 with root /', async () => {
    await link('/etc/passwd', join(box.ws, 'pw'));
    await link('/etc', join(box.ws, 'etcdir'));
    const jail = await Workspace.open(box.ws);
    await expectFail(jail.resolve('pw', 'read'), 'C215');
    const root = await Workspace.open('/');
    const viaLink = join(box.ws, 'pw');
    await expectFail(root.resolve(viaLink, 'read'), 'C211', sensitiveMessage(viaLink));
    await expectFail(root.resolve(join(box.ws, 'etcdir/shadow'), 'read'), 'C211');
    await expectFail(root.resolve(join(box.ws, 'etcdir/ssh/new'), 'write'), 'C211');
    expect((await root.resolve(join(box.ws, 'etcdir/hosts'), 'read')).real).toBe('/etc/hosts');
  });
  it('are refused when the workspace is /etc', async () => {
    const etc = await Workspace.open('/etc');
    await expectFail(etc.resolve('passwd', 'read'), 'C211', sensitiveMessage('passwd'));
    await expectFail(etc.resolve('ssh', 'list'), 'C211');
    await expectFail(etc.resolve('ssh/new_key', 'write'), 'C211');
    expect((await etc.resolve('hosts', 'read')).kind).toBe('file');
  });
  // A walk (search, the code index's listing) skips the per-path test only where no path below the root can
  // be sensitive: at `/`, `/etc` and inside a sensitive folder every walked entry is still judged.
  it('are hidden from walks at /, /etc and below a sensitive folder; a plain workspace hides none', async () => {
    const cases: [string, string, boolean][] = [['/', 'etc/passwd', true], ['/', 'etc/hosts', false], ['/etc', 'shadow', true], ['/etc', 'ssh', true],
      ['/etc/ssh', 'ssh_config', true], ['/proc', 'self', true], ['/etc', 'hosts', false], [box.ws, 'a.txt', false]];
    for (const [at, rel, hidden] of cases) {
      const ws = await Workspace.open(at);
      expect(ws.isHiddenFromReadersByName(rel, false), `${at} ${rel}`).toBe(hidden);
      expect(ws.isHiddenFromReaders(rel), `${at} ${rel}`).toBe(hidden);
    }
  });
});
