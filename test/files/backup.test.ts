import { chmod, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backupPath, createBackup, restoreBackup } from '../../src/files/backup.js';
import { cleanup, makeTempDir } from './helpers.js';

let dir: string;
beforeEach(async () => {
  dir = await makeTempDir();
});
afterEach(async () => {
  await cleanup(dir);
});

const modeOf = async (path: string): Promise<number> => (await stat(path)).mode & 0o7777;

describe('backups', () => {
  it('backupPath appends .bak', () => {
    expect(backupPath('/w/main.go')).toBe('/w/main.go.bak');
  });

  it('createBackup copies bytes and mode, replacing an older backup', async () => {
    const file = join(dir, 'f.sh');
    await writeFile(file, Uint8Array.of(0x61, 0x0d, 0x0a, 0xe9, 0));
    await chmod(file, 0o750);
    await writeFile(`${file}.bak`, 'older');
    await chmod(`${file}.bak`, 0o644);
    expect(await createBackup(file)).toBe(`${file}.bak`);
    expect([...(await readFile(`${file}.bak`))]).toEqual([0x61, 0x0d, 0x0a, 0xe9, 0]);
    expect(await modeOf(`${file}.bak`)).toBe(0o750);
    expect(await readFile(file, 'latin1')).toBe('a\r\n\u00e9\u0000');
  });

  it('createBackup of a missing file is undefined and creates nothing', async () => {
    expect(await createBackup(join(dir, 'missing'))).toBeUndefined();
    expect(await readdir(dir)).toEqual([]);
  });

  it('createBackup of a folder is C210', async () => {
    await mkdir(join(dir, 'sub'));
    await expect(createBackup(join(dir, 'sub'))).rejects.toMatchObject({ code: 'C210' });
  });

  it('restoreBackup without a backup is C224', async () => {
    const file = join(dir, 'f');
    await writeFile(file, 'x');
    await expect(restoreBackup(file)).rejects.toMatchObject({ code: 'C224', message: `no backup for ${file}: write or patch create one` });
  });

  it('restore swaps, so a second restore re-applies the change', async () => {
    const file = join(dir, 'main.go');
    await writeFile(file, 'v1\n');
    await chmod(file, 0o600);
    await createBackup(file);
    await writeFile(file, 'v2\n');
    await chmod(file, 0o755);

    expect(await restoreBackup(file)).toEqual({ restored: file, backup: `${file}.bak` });
    expect(await readFile(file, 'utf8')).toBe('v1\n');
    expect(await modeOf(file)).toBe(0o600);
    expect(await readFile(`${file}.bak`, 'utf8')).toBe('v2\n');
    expect(await modeOf(`${file}.bak`)).toBe(0o755);

    await restoreBackup(file);
    expect(await readFile(file, 'utf8')).toBe('v2\n');
    expect(await modeOf(file)).toBe(0o755);
    expect(await readFile(`${file}.bak`, 'utf8')).toBe('v1\n');
    expect((await readdir(dir)).sort()).toEqual(['main.go', 'main.go.bak']);
  });

  it('restoring a deleted file brings it back and keeps the backup', async () => {
    const file = join(dir, 'gone.txt');
    await writeFile(`${file}.bak`, 'saved');
    await chmod(`${file}.bak`, 0o640);
    await restoreBackup(file);
    expect(await readFile(file, 'utf8')).toBe('saved');
    expect(await modeOf(file)).toBe(0o640);
    expect(await readFile(`${file}.bak`, 'utf8')).toBe('saved');
  });
});
