import { mkdirSync, readFileSync, readlinkSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { statQuiet } from '../files/stat-quiet.js';

// Whether bwrap can run here (sandbox.ts `detect`): the probe is a process of its own (a fork of this one,
// then bwrap's namespaces), paid by every cold exec. A POSITIVE answer is kept across processes in the
// user's cache folder, under a key of everything the answer depends on: the program (its path, identity,
// size and times), the user, the boot, this process's user and mount namespaces (another container sharing
// the home folder is another key), and the kernel's switches for unprivileged user namespaces.
// Why this cannot weaken the sandbox: only "it works" is kept. Had it stopped working under the same key, the
// run itself fails in bwrap and nothing runs (fail closed); a negative answer (which lets a default run go
// unsandboxed, with a warning) is never kept, so it is always probed again. The file lies in codeward's cache
// folder, which sandboxed processes cannot see (sandbox.ts codewardFolders); a planted "works" is the same
// fail-closed case.

const SWITCHES = ['/proc/sys/kernel/random/boot_id', '/proc/sys/user/max_user_namespaces', '/proc/sys/kernel/unprivileged_userns_clone', '/proc/sys/kernel/apparmor_restrict_unprivileged_userns'];
const NAMESPACES = ['/proc/self/ns/user', '/proc/self/ns/mnt'];

const quiet = (read: () => string): string => {
  try {
    return read().trim();
  } catch {
    return '-';
  }
};

// What a kept answer for `program args` must match; undefined when the program cannot be stat'ed (then no
// answer is kept or used).
export function probeKey(program: string, args: readonly string[]): string | undefined {
  let stats;
  try {
    stats = statQuiet(program, true);
  } catch {
    return undefined;
  }
  if (!stats?.isFile()) return undefined;
  return JSON.stringify([
    program, args, `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}:${stats.mode}:${stats.uid}`,
    process.getuid?.() ?? '-', process.getgid?.() ?? '-',
    ...SWITCHES.map((path) => quiet(() => readFileSync(path, 'utf8'))),
    ...NAMESPACES.map((path) => quiet(() => readlinkSync(path))),
  ]);
}

// `probe()`'s answer, or true without probing when `file` keeps a positive answer under this key.
export async function keptProbe(file: string | undefined, program: string, args: readonly string[], probe: () => Promise<boolean>): Promise<boolean> {
  const key = file === undefined ? undefined : probeKey(program, args);
  if (key === undefined) return probe();
  if (quiet(() => readFileSync(file!, 'utf8')) === key) return true;
  const works = await probe();
  if (works) keep(file!, key);
  return works;
}

function keep(file: string, key: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(temporary, key, { mode: 0o600 });
    renameSync(temporary, file);
  } catch {
    // Only a cache: probed again next time.
    rmSync(temporary, { force: true });
  }
}

// A folder's device and inode for a key ('-' when it cannot be stat'ed): which file system it is on.
export function placeOf(path: string): string {
  try {
    const stats = statQuiet(path, true);
    return stats ? `${stats.dev}:${stats.ino}` : '-';
  } catch {
    return '-';
  }
}
