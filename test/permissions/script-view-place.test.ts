// Where a shell script outside the workspace stands in the run's view (task-runner-shell.ts placeOf, red team R40-a5,
// R41-a3, R41-a10): the host's file only in a folder the view binds read-only from the host; in a sandboxWritable
// folder only when it stands there (and written-before.ts says the line did not write it: every path is in `files`);
// anywhere else (the private /tmp, /var, /run, a home, a link leading there) the run's own: unknown.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskRunnerLines } from '../../src/permissions/task-runner-lines.js';

let base: string;
let ws: string;
let shown: string;
let wr: string;
const view = (): { host: string[]; writable: string[] } => ({ host: ['/usr', '/bin', shown], writable: [wr] });
const read = (path: string, given: { host: string[]; writable: string[] } | null = view()) => taskRunnerLines(['sh', path], ws, ws, [], given ?? undefined)!;

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'cw-scr58-'));
  ws = join(base, 'ws');
  shown = join(base, 'shown');
  wr = join(base, 'wr');
  for (const dir of [ws, shown, wr]) mkdirSync(dir);
  writeFileSync(join(shown, 'x.sh'), 'echo hi\n');
  writeFileSync(join(wr, 'there.sh'), 'echo hi\n');
  symlinkSync(join(base, 'private', 'y.sh'), join(wr, 'dangling.sh'));
  writeFileSync(join(base, 'private.sh'), 'echo hi\n');
  symlinkSync(join(base, 'private.sh'), join(shown, 'out.sh'));
});
afterAll(async () => rm(base, { recursive: true, force: true }));

describe('a script outside the workspace, by the view', () => {
  it('a folder the view binds read-only from the host (PATH, toolchain, sandboxReadable) holds the host\'s file', () => {
    expect(read(join(shown, 'x.sh')).unknown).toBeUndefined();
  });
  it('the private /run, /var, /tmp and any place the view does not bind are the run\'s own', () => {
    for (const path of ['/run/x.sh', '/var/run/x.sh', '/var/x.sh', '/var/tmp/x.sh', '/tmp/x.sh', '/dev/shm/x.sh', join(base, 'private.sh')]) {
      expect(read(path).unknown, path).toMatch(/does not bind from the host/);
    }
  });
  it('a sandboxWritable folder: absent is unknown, present is looked at for written-before', () => {
    expect(read(join(wr, 'absent.sh')).unknown).toMatch(/not there when the line is judged/);
    const there = read(join(wr, 'there.sh'));
    expect(there.unknown).toBeUndefined();
    expect(there.files).toContain(join(wr, 'there.sh'));
  });
  it('a link leading out of the host\'s folders (or nowhere) is the run\'s own', () => {
    expect(read(join(shown, 'out.sh')).unknown).toMatch(/does not bind from the host/);
    expect(read(join(wr, 'dangling.sh')).unknown).toMatch(/does not bind from the host/);
  });
  it('with no view known, only the system\'s programs are the host\'s', () => {
    expect(read('/usr/share/x.sh', null).unknown).toBeUndefined();
    expect(read(join(shown, 'x.sh'), null).unknown).toMatch(/does not bind from the host/);
  });
});
