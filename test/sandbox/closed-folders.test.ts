// The closed walk as root (etc-view.ts Beyond, R37-a4) one folder at a time (closed-folders.ts): the same answer as a
// fresh walk of the old shape (budget included), and a walk after a folder changed (jail42: a rotated log under
// /var/log, a folder closed since) hides what is closed now (nothing is kept between walks: perf42).
import { readdirSync } from 'node:fs';
import { chmod, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClosedFolders } from '../../src/sandbox/closed-folders.js';
import { EtcSecrets, type Beyond } from '../../src/sandbox/etc-view.js';
import { closedMode } from '../../src/sandbox/folder-log.js';
import { lstatQuiet } from '../../src/files/stat-quiet.js';
import type { SecretPath } from '../../src/sandbox/secret-files.js';
import { removeDir, tempDir } from '../helpers/fixture.js';

let base: string;
let host: string;
let workspace: string;

beforeAll(async () => {
  base = await tempDir('cw-closed-folders-');
  host = join(base, 'host');
  workspace = join(host, 'srv', 'proj');
  await mkdir(join(host, 'log', 'app'), { recursive: true });
  await mkdir(join(host, 'lib', 'private', 'deep'), { recursive: true });
  await mkdir(join(host, 'lib', 'open', 'a', 'b', 'c'), { recursive: true });
  await mkdir(workspace, { recursive: true });
  await writeFile(join(host, 'log', 'syslog'), 'open\n');
  await writeFile(join(host, 'log', 'btmp'), 'closed\n', { mode: 0o600 });
  await writeFile(join(host, 'log', 'app', 'app.log'), 'open\n');
  await writeFile(join(host, 'lib', 'private', 'deep', 'k'), 'x', { mode: 0o600 });
  await chmod(join(host, 'lib', 'private'), 0o700);
  await writeFile(join(host, 'lib', 'open', 'a', 'b', 'c', 'too-deep'), 'x', { mode: 0o600 });
  await writeFile(join(host, 'lib', 'open', 'a', 'level3'), 'x', { mode: 0o600 });
  await writeFile(join(host, 'lib', 'open', 'a', 'b', 'level4'), 'x', { mode: 0o600 });
  await writeFile(join(workspace, 'mine'), 'x', { mode: 0o600 });
  await chmod(join(host, 'srv'), 0o700);
  await symlink('/etc/shadow', join(host, 'log', 'link'));
});
afterAll(async () => removeDir(base));

const beyond = (budget = 20_000): Beyond => ({ roots: [join(host, 'log'), join(host, 'lib'), join(host, 'srv')], depth: 3, budget, areas: [workspace] });
const walk = (folders: ClosedFolders, budget?: number): string[] => paths(new EtcSecrets('/nonexistent', true, undefined, () => true, beyond(budget)).beyondFound(folders));
const paths = (found: readonly SecretPath[]): string[] => found.map((entry) => `${entry.kind}:${entry.path}`).filter((entry) => entry.includes(host)).sort();

// The walk as R37-a4 first wrote it (readdir + lstat of every entry), the reference the walk must equal; with a
// budget per top folder (R38-a6): a root's own entries are judged whole, each folder below it spends its own.
function reference(budget: number): string[] {
  const found: SecretPath[] = [];
  const { roots, depth, areas } = beyond(budget);
  const inside = (path: string, area: string): boolean => path === area || path.startsWith(`${area}/`);
  const below = (dir: string, level: number, left: { entries: number } | undefined): void => {
    for (const item of readdirSync(dir, { withFileTypes: true })) {
      if (left && left.entries-- <= 0) return;
      const path = join(dir, item.name);
      if (item.isSymbolicLink() || areas.some((area) => inside(path, area))) continue;
      const around = areas.some((area) => inside(area, path));
      const isDir = item.isDirectory();
      if (!around && closedMode(lstatQuiet(path)!.mode, isDir)) found.push({ path, kind: isDir ? 'dir' : 'file' });
      else if (isDir && (around || level < depth)) below(path, level + 1, left ?? { entries: budget });
    }
  };
  for (const root of roots) below(root, 1, undefined);
  return paths(found);
}

describe('the closed walk one folder at a time (closed-folders.ts)', () => {
  it('finds what a fresh walk finds: closed files and folders, not the workspace, not past 3 levels, not through links', () => {
    const found = walk(new ClosedFolders());
    expect(found).toEqual([`file:${join(host, 'lib', 'open', 'a', 'level3')}`, `dir:${join(host, 'lib', 'private')}`, `file:${join(host, 'log', 'btmp')}`].sort());
    expect(found).toEqual(reference(20_000));
  });

  it('spends the budget entry by entry as the fresh walk did (every budget)', () => {
    for (let budget = 1; budget <= 16; budget += 1) expect(walk(new ClosedFolders(), budget), `budget ${budget}`).toEqual(reference(budget));
  });

  it('a folder that changed after a walk (a log rotated, a folder closed) shows no newly closed entry', async () => {
    walk(new ClosedFolders());
    // A root-only file appears where the walk had been (logrotate's btmp.1, the old one gone), and a folder whose
    // parent did not change is closed (its own mode is read with its key when the walk enters it).
    await writeFile(join(host, 'log', 'btmp.1'), 'closed\n', { mode: 0o600 });
    await rm(join(host, 'log', 'btmp'));
    await chmod(join(host, 'lib', 'open', 'a'), 0o750);
    const again = walk(new ClosedFolders());
    expect(again).toContain(`file:${join(host, 'log', 'btmp.1')}`);
    expect(again).not.toContain(`file:${join(host, 'log', 'btmp')}`);
    expect(again).toContain(`dir:${join(host, 'lib', 'open', 'a')}`);
    expect(again).toEqual(reference(20_000));
  });
});
