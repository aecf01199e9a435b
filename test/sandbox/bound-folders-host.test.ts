// Red team R42-a2/a5: a shown path is the host's (bound read-only, its scripts trusted unread) only when it exists on
// the host and no folder above it is one the run can move away (a PATH folder under /var/tmp: its parent is a folder of
// the run's own tmpfs). A missing prefix part is the run's; a movable one is `writable` (judged by written-before).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { boundFolders, sandboxPolicy } from '../../src/sandbox/policy.js';

const base = mkdtempSync('/var/tmp/cw-bound-');
const tools = join(base, 'tools');
mkdirSync(join(tools, 'bin'), { recursive: true });
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('boundFolders', () => {
  const policy = sandboxPolicy('workspace-write', join(base, 'ws'), { network: false, home: undefined, accountHome: null, env: { PATH: `${tools}/bin:/usr/bin` } });
  const folders = boundFolders(policy);
  it('control: the shown PATH folder and its prefix parts are in the view', () => {
    expect(policy.shown.map((entry) => entry.path)).toEqual(expect.arrayContaining([join(tools, 'bin'), join(tools, 'lib')]));
    expect(folders.host).toContain('/usr');
  });
  it('a prefix part missing on the host is not the host\'s', () => {
    expect([...folders.host, ...folders.writable]).not.toContain(join(tools, 'lib'));
  });
  it('a folder under /var/tmp (its parent the run\'s tmpfs) is writable, not host', () => {
    expect(folders.host).not.toContain(join(tools, 'bin'));
    expect(folders.writable).toContain(join(tools, 'bin'));
  });
});
