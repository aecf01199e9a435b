import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hideArgs, jailSecrets } from '../../src/sandbox/write-jail-hidden.js';
import { removeDir, tempDir } from '../helpers/fixture.js';

// What the write jail of --sandbox off hides (R34-1/R34-2): the home's credential catalogue where it really is,
// the secrets variables locate, the workspace's non-accessible entries, codeward's own folders; sandboxReadable wins.
let base: string;
beforeAll(async () => {
  base = await tempDir('cw-jail-hidden-');
  for (const dir of ['home/.ssh', 'home/.config', 'dotfiles/aws', 'state', 'creds', 'shown/.gnupg']) mkdirSync(join(base, dir), { recursive: true });
  writeFileSync(join(base, 'home/.ssh/id_rsa'), 'k');
  writeFileSync(join(base, 'home/.netrc'), 'machine x password y');
  symlinkSync(join(base, 'dotfiles/aws'), join(base, 'home/.aws'));
  writeFileSync(join(base, 'creds/aws'), 'k');
});
afterAll(async () => removeDir(base));

describe('jailSecrets', () => {
  it('hides the catalogue where it really is, variable-located secrets, own folders and workspace secrets', () => {
    const found = jailSecrets({ homes: [join(base, 'home')], env: { AWS_SHARED_CREDENTIALS_FILE: join(base, 'creds/aws') }, workspace: [{ path: join(base, 'w/.env'), kind: 'file' }], own: [join(base, 'state')], readable: [] });
    const paths = found.map((secret) => secret.path);
    expect(paths).toEqual(expect.arrayContaining([join(base, 'home/.ssh'), join(base, 'home/.netrc'), join(base, 'dotfiles/aws'), join(base, 'creds/aws'), join(base, 'state'), join(base, 'w/.env')]));
    // Nothing inside a folder already hidden (the key lies in .ssh), and no missing catalogue entry.
    expect(paths).not.toContain(join(base, 'home/.ssh/id_rsa'));
    expect(paths).not.toContain(join(base, 'home/.kube'));
    expect(found.find((secret) => secret.path === join(base, 'home/.netrc'))?.kind).toBe('file');
  });

  it('leaves what sandboxReadable names readable', () => {
    const found = jailSecrets({ homes: [join(base, 'shown')], env: {}, workspace: [], own: [], readable: [join(base, 'shown/.gnupg')] });
    expect(found.map((secret) => secret.path)).not.toContain(join(base, 'shown/.gnupg'));
  });

  it('mounts an empty read-only folder or file over each', () => {
    expect(hideArgs([{ path: '/h/.ssh', kind: 'dir' }, { path: '/h/.netrc', kind: 'file' }], '/e')).toEqual(['--tmpfs', '/h/.ssh', '--remount-ro', '/h/.ssh', '--ro-bind', '/e', '/h/.netrc']);
  });
});
