// fix81 (R44-a4's class): a PATH folder or program file is related to the areas a run may write by its MOUNT (a bind of
// a folder inside an area, binds of binds, an overlay with a layer in an area: mount-aliases.ts over mountinfo), and a
// program file by its other NAMES (a hard link inside an area: area-links.ts). findShell keeps the judge (ToolEnv).
import { chmodSync, linkSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LINK_BUDGET, linkedInto } from '../../src/sandbox/area-links.js';
import { areaPlaces, mountAliased } from '../../src/sandbox/mount-aliases.js';
import { parseMountLine, type Mount } from '../../src/sandbox/mount-info.js';
import { findOnPath, outsidePath, toolNotes } from '../../src/sandbox/which.js';
import { findShell } from '../../src/shell/run.js';

const base = mkdtempSync(join(tmpdir(), 'cw-mount-aliases-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
const tool = (file: string): void => {
  writeFileSync(file, '#!/bin/sh\n');
  chmodSync(file, 0o755);
};

describe('mountinfo lines', () => {
  it('octal escapes in the root and mount point; overlay layers with an escaped colon and a space', () => {
    const bind = parseMountLine('70 46 254:0 /tmp/a\\040b /mnt/x\\134y rw,relatime - ext4 /dev/vda rw');
    expect(bind).toMatchObject({ device: '254:0', root: '/tmp/a b', point: '/mnt/x\\y', type: 'ext4' });
    const overlay = parseMountLine('69 46 0:40 / /m rw shared:1 - overlay overlay rw,lowerdir=/l\\040o:/l\\134:2,upperdir=/u\\054p,workdir=/w,lowerdir+=/l3,uuid=on');
    expect(overlay).toMatchObject({ type: 'overlay', upper: ['/u,p'], lower: ['/l o', '/l:2', '/l3'] });
    expect(parseMountLine('garbage')).toBeUndefined();
  });
});

describe('a folder whose mount shows an area\'s files (listed mounts, no privileges needed)', () => {
  const area = join(base, 'wr');
  const elsewhere = join(base, 'mnt');
  mkdirSync(join(area, 'sub', 'bin'), { recursive: true });
  mkdirSync(join(area, 'up'), { recursive: true });
  mkdirSync(elsewhere, { recursive: true });
  const root: Mount = { device: '9:9', root: '/', point: '/', type: 'ext4', upper: [], lower: [] };
  const places = (mounts: readonly Mount[]): ReturnType<typeof areaPlaces> => areaPlaces([area], mounts);

  it('a bind of a folder INSIDE an area (the identity walk up from the mount point never meets the area)', () => {
    const mounts = [root, { ...root, root: join(area, 'sub'), point: elsewhere }];
    expect(mountAliased(join(elsewhere, 'bin'), places(mounts), mounts)).toBe(true);
  });
  it('a bind of a bind (each names its folder of the filesystem)', () => {
    const mounts = [root, { ...root, device: '7:7', point: join(base, 'disk') }, { ...root, device: '7:7', root: '/x', point: elsewhere }];
    expect(mountAliased(elsewhere, places(mounts), mounts)).toBe(false);
    const inside = [root, { ...root, device: '7:7', root: '/x', point: area }, { ...root, device: '7:7', root: '/x/y', point: elsewhere }];
    expect(mountAliased(elsewhere, areaPlaces([area], inside), inside)).toBe(true);
  });
  it('an overlay whose upper or lower layer lies in an area; not one whose layers lie elsewhere', () => {
    const overlay = (upper: string, lower: string): Mount[] => [root, { device: '0:40', root: '/', point: elsewhere, type: 'overlay', upper: [upper], lower: [lower] }];
    expect(mountAliased(elsewhere, places(overlay(join(area, 'up'), '/usr')), overlay(join(area, 'up'), '/usr'))).toBe(true);
    expect(mountAliased(join(elsewhere, 'bin'), places(overlay('/var/up', join(area, 'sub'))), overlay('/var/up', join(area, 'sub')))).toBe(true);
    expect(mountAliased(elsewhere, places(overlay('/var/up', '/usr')), overlay('/var/up', '/usr'))).toBe(false);
  });
  it('a PATH folder that is an upper layer of an overlay mounted on an area (writes there land in it)', () => {
    const mounts = [root, { device: '0:41', root: '/', point: area, type: 'overlay', upper: [elsewhere], lower: ['/usr'] }];
    expect(mountAliased(join(elsewhere, 'bin'), places(mounts), mounts)).toBe(true);
  });
  it('control: a plain folder of the same filesystem', () => {
    expect(mountAliased(elsewhere, places([root]), [root])).toBe(false);
  });
});

describe('another name of a PATH program inside an area (hard link)', () => {
  it('is skipped and said; the kept answer never outlives the names', () => {
    const area = join(base, 'hl-area');
    const bin = join(base, 'hl-bin');
    mkdirSync(join(area, 'deep', 'er'), { recursive: true });
    mkdirSync(bin);
    tool(join(bin, 'bwrap'));
    const kept = join(base, 'kept.json');
    expect(linkedInto(join(bin, 'bwrap'), [area], kept).verdict).toBe('none');
    linkSync(join(bin, 'bwrap'), join(area, 'deep', 'er', 'x'));
    expect(linkedInto(join(bin, 'bwrap'), [area], kept)).toEqual({ verdict: 'found', area });
    const env = outsidePath({ PATH: bin }, [area]);
    expect(env.PATH).toBe(bin);
    expect(findOnPath('bwrap', env)).not.toBe(join(bin, 'bwrap'));
    expect(toolNotes(env).join('\n')).toContain(join(bin, 'bwrap'));
  });
  it(`past ${LINK_BUDGET} entries: started with a warning naming the area (decided: the sandbox stays on)`, () => {
    const area = join(base, 'big-area');
    const bin = join(base, 'big-bin');
    mkdirSync(area);
    mkdirSync(bin);
    for (let i = 0; i <= LINK_BUDGET; i += 1) writeFileSync(join(area, `f${i}`), '');
    tool(join(bin, 'tool'));
    linkSync(join(bin, 'tool'), join(base, 'outside-name'));
    const env = outsidePath({ PATH: bin, CODEWARD_CACHE_DIR: join(base, 'cache') }, [area]);
    expect(findOnPath('tool', env)).toBe(join(bin, 'tool'));
    expect(toolNotes(env).join('\n')).toMatch(/without ruling out another name.*big-area/);
  });
});

describe('findShell keeps the area judge (an env rebuilt from PATH dropped it)', () => {
  it('a bash on a kept PATH folder that links into the workspace is not the shell', () => {
    const ws = join(base, 'shell-ws');
    const bin = join(base, 'shell-bin');
    mkdirSync(ws);
    mkdirSync(bin);
    tool(join(ws, 'bash'));
    symlinkSync(join(ws, 'bash'), join(bin, 'bash'));
    expect(findShell({ PATH: `${bin}:/usr/bin:/bin` }, ws)).not.toBe(join(bin, 'bash'));
  });
});
