import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmdirSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MountLease } from '../../src/sandbox/mount-points.js';
import { withMutex } from '../../src/sandbox/mutex.js';
import { mountedElsewhere, processOrigin, processStart } from '../../src/sandbox/proc.js';
import { removeDir, tempDir } from '../helpers/fixture.js';

// Issue 20: the mount points codeward creates for a sandbox (an empty `.git` in a plain folder, a
// `.git/commondir` placeholder…) are removed after the LAST sandbox of the workspace ended, and only
// while they are still exactly what codeward made. Written from the attacker's side: a second sandbox
// still running, a codeward killed mid-run, a pid reused, a link or a real repository put in their place.

let root: string;
let state: string;
let outside: string;
let git: string;
let placeholder: string;
const children: ChildProcess[] = [];

const leases = (): string[] => readdirSync(join(state, 'sandbox-mounts')).filter((name) => name.endsWith('.json'));

// One sandbox run's mount points: an empty folder and a placeholder file, as bwrap.ts asks for them.
function run(): MountLease {
  const { lease, value } = MountLease.register(state, root, [], (maker) => [maker?.make(git, 'dir'), maker?.make(placeholder, 'file', '.\n')]);
  expect(lease).toBeDefined();
  expect(value.every((result) => result !== 'failed')).toBe(true);
  return lease!;
}

// Makes the lease files of this workspace look like those of process `pid` (started at `start`): a
// codeward that was killed (SIGKILL), or whose pid another process got since.
function ownedBy(pid: number, start: string | undefined, more: Record<string, unknown> = {}): void {
  for (const name of leases()) {
    const file = join(state, 'sandbox-mounts', name);
    const record = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    writeFileSync(file, JSON.stringify({ ...record, pid, start, ...more }));
  }
}

function deadPid(): number {
  const child = spawnSync('true');
  return child.pid!;
}

function sleeper(): ChildProcess {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  children.push(child);
  return child;
}

const exited = (child: ChildProcess): Promise<void> => new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

beforeEach(async () => {
  root = await tempDir('codeward-lease-ws-');
  state = await tempDir('codeward-lease-state-');
  outside = await tempDir('codeward-lease-out-');
  git = join(root, '.git');
  placeholder = join(root, 'commondir');
});

afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await removeDir(root);
  await removeDir(state);
  await removeDir(outside);
});

describe('mount points of the sandbox', () => {
  it('stay while another sandbox of the workspace runs (the first ends first), and go with the last', () => {
    const first = run();
    expect(lstatSync(git).isDirectory()).toBe(true);
    expect(readFileSync(placeholder, 'utf8')).toBe('.\n');
    const second = run();
    first.release();
    // The second sandbox still mounts over them: removing one would detach its mount.
    expect(existsSync(git)).toBe(true);
    expect(existsSync(placeholder)).toBe(true);
    second.release();
    expect(existsSync(git)).toBe(false);
    expect(existsSync(placeholder)).toBe(false);
    expect(leases()).toEqual([]);
  });

  it('a codeward killed mid-run (its pid gone) leaves them; the next run that finishes removes them', () => {
    run();
    ownedBy(deadPid(), '1');
    expect(existsSync(git)).toBe(true);
    run().release();
    expect(existsSync(git)).toBe(false);
    expect(existsSync(placeholder)).toBe(false);
    expect(leases()).toEqual([]);
  });

  it('a lease whose pid now belongs to another process (another start time) is stale', () => {
    run();
    ownedBy(process.pid, 'not-this-start');
    run().release();
    expect(existsSync(git)).toBe(false);
  });

  it('a lease of a running process (pid and start time match) keeps them until that process is gone', async () => {
    const other = sleeper();
    run();
    ownedBy(other.pid!, processStart(other.pid!));
    run().release();
    expect(existsSync(git)).toBe(true);
    other.kill('SIGKILL');
    await exited(other);
    run().release();
    expect(existsSync(git)).toBe(false);
  });

  it('a lease of another boot is stale even when its pid runs now; one of another machine or container counts as running until the longest timeout passed', () => {
    run();
    ownedBy(process.pid, processStart(process.pid), { boot: 'another-boot' });
    run().release();
    expect(existsSync(git)).toBe(false);
    // Another machine or PID namespace: its pid means nothing here.
    run();
    ownedBy(deadPid(), '1', { where: 'another-host pid:[1]', since: Date.now() });
    run().release();
    expect(existsSync(git)).toBe(true);
    ownedBy(deadPid(), '1', { where: 'another-host pid:[1]', since: Date.now() - 3 * 3600 * 1000 });
    run().release();
    expect(existsSync(git)).toBe(false);
  });

  it('never removes a repository the user created there meanwhile, nor a placeholder that changed', () => {
    const lease = run();
    writeFileSync(join(git, 'HEAD'), 'ref: refs/heads/main\n');
    writeFileSync(placeholder, '../other\n');
    lease.release();
    expect(readFileSync(join(git, 'HEAD'), 'utf8')).toBe('ref: refs/heads/main\n');
    expect(readFileSync(placeholder, 'utf8')).toBe('../other\n');
  });

  it('never follows nor removes a link (or another entry) put where a mount point was after a crash', () => {
    run();
    ownedBy(deadPid(), '1');
    // The recorded folder and file replaced by links to an empty folder and a same-content file outside.
    rmdirSync(git);
    mkdirSync(join(outside, 'empty'));
    symlinkSync(join(outside, 'empty'), git);
    unlinkSync(placeholder);
    writeFileSync(join(outside, 'same'), '.\n');
    symlinkSync(join(outside, 'same'), placeholder);
    run().release();
    expect(readlinkSync(git)).toBe(join(outside, 'empty'));
    expect(readlinkSync(placeholder)).toBe(join(outside, 'same'));
    expect(existsSync(join(outside, 'empty'))).toBe(true);
    expect(readFileSync(join(outside, 'same'), 'utf8')).toBe('.\n');
  });

  it('never removes an empty folder or a same-content file someone else put in its place (another inode)', () => {
    run();
    ownedBy(deadPid(), '1');
    // Made while the recorded ones still exist: other inodes for certain.
    mkdirSync(`${git}.new`);
    writeFileSync(`${placeholder}.new`, '.\n');
    rmdirSync(git);
    renameSync(`${git}.new`, git);
    renameSync(`${placeholder}.new`, placeholder);
    run().release();
    expect(lstatSync(git).isDirectory()).toBe(true);
    expect(readFileSync(placeholder, 'utf8')).toBe('.\n');
  });

  it('removes nothing a lease names outside the workspace and its writable folders', () => {
    const elsewhere = join(outside, 'victim');
    mkdirSync(elsewhere);
    const stats = lstatSync(elsewhere, { bigint: true });
    const folder = join(state, 'sandbox-mounts');
    mkdirSync(folder, { recursive: true });
    const point = { path: elsewhere, kind: 'dir', content: '', dev: String(stats.dev), ino: String(stats.ino) };
    const { where } = processOrigin();
    writeFileSync(join(folder, 'forged.json'), JSON.stringify({ pid: deadPid(), where, since: Date.now(), root, points: [point] }));
    writeFileSync(join(folder, 'forged2.json'), JSON.stringify({ pid: 0, where, since: Date.now(), root, points: [{ ...point, path: join(root, '..', 'victim') }] }));
    run().release();
    // The stale leases were handled (the run's own mount points went), the forged paths stayed.
    expect(existsSync(git)).toBe(false);
    expect(leases()).toEqual([]);
    expect(existsSync(elsewhere)).toBe(true);
  });

  it('removes no file or folder of a name codeward never makes a mount point for, even with its exact identity and content (a planted lease naming .codeward/policy.json)', () => {
    const policy = join(root, 'policy.json');
    writeFileSync(policy, '{"rules":[]}');
    const empty = join(root, 'src');
    mkdirSync(empty);
    const point = (path: string, kind: 'dir' | 'file', content: string): Record<string, string> => {
      const stats = lstatSync(path, { bigint: true });
      return { path, kind, content, dev: String(stats.dev), ino: String(stats.ino) };
    };
    const folder = join(state, 'sandbox-mounts');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'planted.json'), JSON.stringify({ pid: 0, where: processOrigin().where, since: Date.now(), root, points: [point(policy, 'file', '{"rules":[]}'), point(empty, 'dir', '')] }));
    run().release();
    expect(existsSync(git)).toBe(false);
    expect(readFileSync(policy, 'utf8')).toBe('{"rules":[]}');
    expect(existsSync(empty)).toBe(true);
  });
});

describe('the mutex around leases', () => {
  it('takes over a lock left by a killed process, and waits (then C216) for a live holder', () => {
    mkdirSync(join(state, 'm'));
    const lock = join(state, 'm', 'mutex.lock');
    writeFileSync(lock, JSON.stringify({ pid: deadPid(), start: '1', where: processOrigin().where, token: 't' }));
    expect(withMutex(join(state, 'm'), () => 'ran')).toBe('ran');
    expect(existsSync(lock)).toBe(false);
    const other = sleeper();
    writeFileSync(lock, JSON.stringify({ pid: other.pid, start: processStart(other.pid!), where: processOrigin().where, token: 't' }));
    expect(() => withMutex(join(state, 'm'), () => 'ran', undefined, 300)).toThrow(/held by another codeward process \(pid \d+\)/);
    expect(existsSync(lock)).toBe(true);
    // Another machine or container: its pid cannot be checked; stale once far older than any hold.
    writeFileSync(lock, JSON.stringify({ pid: other.pid, where: 'another-host pid:[1]', token: 't' }));
    expect(() => withMutex(join(state, 'm'), () => 'ran', undefined, 300)).toThrow(/held by another codeward process/);
    utimesSync(lock, new Date(Date.now() - 120_000), new Date(Date.now() - 120_000));
    expect(withMutex(join(state, 'm'), () => 'ran')).toBe('ran');
  });
});

const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;

describe.skipIf(!bwrapWorks)(`a mount point still mounted by a sandbox this codeward has no lease of${bwrapWorks ? '' : ' — skipped: bwrap (bubblewrap) is not installed or cannot run here'}`, () => {
  it('is kept (a sandbox being torn down, or one of a codeward with another state folder) and removed once it is gone', async () => {
    const lease = run();
    const ready = join(outside, 'ready');
    // Another sandbox over the same `.git`, which this codeward knows nothing about.
    const other = spawn('bwrap', ['--ro-bind', '/', '/', '--dev', '/dev', '--bind', outside, outside, '--tmpfs', git, '--remount-ro', git, '--unshare-pid', '--die-with-parent', 'sh', '-c', `touch ${ready}; exec sleep 60`], { stdio: 'ignore' });
    children.push(other);
    for (let i = 0; i < 400 && !existsSync(ready); i++) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(existsSync(ready)).toBe(true);
    expect(mountedElsewhere([git])?.has(git)).toBe(true);
    lease.release();
    expect(existsSync(git)).toBe(true);
    expect(existsSync(placeholder)).toBe(false);
    other.kill('SIGKILL');
    await exited(other);
    // The sandbox's own processes end a moment after bwrap (--die-with-parent), later still on a loaded machine: a
    // release made while one still holds the mount keeps it (as it must), so the next ones remove it.
    for (let i = 0; i < 400 && existsSync(git); i++) {
      if (mountedElsewhere([git])?.has(git) !== true) run().release();
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(existsSync(git)).toBe(false);
    expect(leases()).toEqual([]);
  });

  it('is kept when that sandbox reaches the same folder by another path (a bind mount: same device and inode)', async () => {
    const lease = run();
    const ready = join(outside, 'ready');
    const alias = join(outside, 'alias');
    mkdirSync(alias);
    const other = spawn('bwrap', ['--ro-bind', '/', '/', '--dev', '/dev', '--bind', outside, outside, '--bind', root, alias, '--tmpfs', join(alias, '.git'), '--remount-ro', join(alias, '.git'), '--unshare-pid', '--die-with-parent', 'sh', '-c', `touch ${ready}; exec sleep 60`], { stdio: 'ignore' });
    children.push(other);
    for (let i = 0; i < 400 && !existsSync(ready); i++) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(existsSync(ready)).toBe(true);
    lease.release();
    expect(existsSync(git)).toBe(true);
    other.kill('SIGKILL');
    await exited(other);
    for (let i = 0; i < 400 && mountedElsewhere([git])?.has(git); i++) await new Promise((resolve) => setTimeout(resolve, 25));
    run().release();
    expect(existsSync(git)).toBe(false);
  });
});
