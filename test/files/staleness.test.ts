import { execFile, spawn } from 'node:child_process';
import { chmod, mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StalenessTracker, formatWarning } from '../../src/files/staleness.js';
import { cleanup, LATER, makeTempDir, PAST, settledFile } from './helpers.js';

let dir: string;
let tracker: StalenessTracker;
beforeEach(async () => {
  dir = await makeTempDir('cw-stale-');
  tracker = new StalenessTracker();
});
afterEach(async () => {
  await chmod(dir, 0o700).catch(() => undefined);
  await cleanup(dir);
});

// Exactly representable fractions, so utimes() round-trips them to the millisecond.
const settled = (name: string, content: string, when = PAST): Promise<string> => settledFile(dir, name, content, when);

describe('seed 002 scenarios', () => {
  it('file not modified: not stale, through the fast path', async () => {
    const path = await settled('a.go', 'package main\n');
    await tracker.recordRead(path);
    expect(tracker.get(path)?.stamp).toMatchObject({ mtimeMs: PAST.getTime(), size: 13 });
    expect(await tracker.check(path)).toEqual({ stale: false, reason: 'mtime and size unchanged' });
  });

  it('touch without editing: not stale, and the stamp is refreshed so the next check is fast', async () => {
    const path = await settled('a.go', 'package main\n');
    await tracker.recordRead(path);
    await utimes(path, LATER, LATER);
    expect(await tracker.check(path)).toEqual({ stale: false, reason: 'mtime changed but content identical' });
    expect(tracker.get(path)?.stamp.mtimeMs).toBe(LATER.getTime());
    expect(await tracker.check(path)).toEqual({ stale: false, reason: 'mtime and size unchanged' });
  });

  it('real edit: stale, with the exact warning (ISO mtimes and sizes)', async () => {
    const path = await settled('a.go', 'package main\n');
    await tracker.recordRead(path);
    await writeFile(path, 'package main\n\nfunc main() {}\n');
    await utimes(path, LATER, LATER);
    const result = await tracker.check(path);
    expect(result.stale).toBe(true);
    expect(result.stale && result.warning).toBe(
      `WARNING: File "${path}" has been modified externally since you last read it.\n` +
        'Reason: file modified externally (mtime: 2025-01-02T03:04:05.500Z -> 2025-01-02T03:09:00.250Z, size: 13 -> 29)\n' +
        'You should re-read the file before making changes to avoid overwriting external edits.\n' +
        'If you proceed anyway, external changes will be lost.',
    );
    expect(result.reason).toBe('file modified externally (mtime: 2025-01-02T03:04:05.500Z -> 2025-01-02T03:09:00.250Z, size: 13 -> 29)');
  });

  it('file deleted: stale', async () => {
    const path = await settled('a.go', 'x');
    await tracker.recordRead(path);
    await rm(path);
    const result = await tracker.check(path, 'a.go');
    expect(result).toMatchObject({ stale: true, reason: 'file was deleted since it was read' });
    expect(result.stale && result.warning).toBe(formatWarning('a.go', 'file was deleted since it was read'));
    expect(result.stale && result.warning).toContain('WARNING: File "a.go" has been modified externally since you last read it.\nReason: file was deleted since it was read\n');
  });

  it('file never read: not stale', async () => {
    const path = await settled('a.go', 'x');
    expect(await tracker.check(path)).toEqual({ stale: false, reason: 'not tracked' });
    expect(await tracker.check(join(dir, 'missing'))).toEqual({ stale: false, reason: 'not tracked' });
  });

  it('error during check (the path is now a folder, or a parent is now a file): not stale', async () => {
    const path = await settled('a.go', 'x');
    await tracker.recordRead(path);
    await rm(path);
    await mkdir(path);
    expect(await tracker.check(path)).toMatchObject({ stale: false, reason: expect.stringMatching(/^check failed/) });
    const nested = join(dir, 'sub', 'b.go');
    await mkdir(join(dir, 'sub'));
    await writeFile(nested, 'b');
    await tracker.recordRead(nested);
    await rm(join(dir, 'sub'), { recursive: true });
    await writeFile(join(dir, 'sub'), 'now a file');
    expect(await tracker.check(nested)).toEqual({ stale: false, reason: 'check failed: ENOTDIR' });
  });

  it('error during check (a FIFO replaced the file): not stale, and no hang', async () => {
    const path = await settled('a.go', 'x');
    await tracker.recordRead(path);
    await rm(path);
    await promisify(execFile)('mkfifo', [path]);
    expect(await tracker.check(path)).toMatchObject({ stale: false, reason: expect.stringMatching(/^check failed/) });
  });

  it('error during check (permission denied on the folder): not stale', async () => {
    const sub = join(dir, 'locked');
    await mkdir(sub);
    const path = join(sub, 'a.go');
    await writeFile(path, 'x');
    if (process.getuid?.() !== 0) {
      await tracker.recordRead(path);
      await chmod(sub, 0o000);
      try {
        expect(await tracker.check(path)).toEqual({ stale: false, reason: 'check failed: EACCES' });
      } finally {
        await chmod(sub, 0o755);
      }
      return;
    }
    // root ignores modes: the tracker runs in an unprivileged child that stamps, waits, then checks.
    await chmod(dir, 0o755);
    const bundle = join(dir, 'staleness.mjs');
    await build({ entryPoints: [fileURLToPath(new URL('../../src/files/staleness.ts', import.meta.url))], bundle: true, format: 'esm', platform: 'node', target: 'node20', outfile: bundle, logLevel: 'warning' });
    await writeFile(join(dir, 'child.mjs'), `import { StalenessTracker } from './staleness.mjs';
const t = new StalenessTracker();
await t.recordRead(process.argv[2]);
process.stdout.write(t.get(process.argv[2]) ? 'ready\\n' : 'no-stamp\\n');
process.stdin.once('data', async () => { process.stdout.write(JSON.stringify(await t.check(process.argv[2])) + '\\n'); process.exit(0); });
`);
    const child = spawn(process.execPath, [join(dir, 'child.mjs'), path], { uid: 65534, gid: 65534, stdio: ['pipe', 'pipe', 'inherit'] });
    const lines: string[] = [];
    let wake: () => void = () => undefined;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      lines.push(...chunk.split('\n').filter(Boolean));
      wake();
    });
    const nextLine = async (n: number): Promise<string> => {
      while (lines.length < n) await new Promise<void>((done) => (wake = done));
      return lines[n - 1]!;
    };
    expect(await nextLine(1)).toBe('ready');
    await chmod(sub, 0o000);
    child.stdin.write('go\n');
    expect(JSON.parse(await nextLine(2))).toEqual({ stale: false, reason: 'check failed: EACCES' });
  });
});
