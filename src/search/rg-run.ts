// Runs one rg process and hands its stdout to the caller line by line.
//
// rg writes its output in one write() per file searched: ~11,000 small writes for a common term in a
// 20,000-file tree. Through a pipe each becomes a wake-up and a read of Node's event loop (thousands
// of them), and rg's threads stall on the pipe while Node parses; that costs about half as much again
// as rg's own search. So rg writes to an unlinked scratch file instead (0600, in a private 0700 folder
// under the OS temp folder, removed before rg starts where the OS allows it), which never blocks it;
// Node reads what has arrived every few milliseconds, in large blocks, and still stops rg as soon as
// the caller has seen enough. Where no scratch file can be made, rg writes to a pipe as before; and
// as the file keeps all of rg's output until rg ends, output beyond SCRATCH_LIMIT stops the run
// (`overflowed`): the caller runs it again through a pipe, which holds no more than it is read.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readSync, rmdirSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fail } from '../engine/errors.js';
import { bwrapFailed, launchRipgrep, type Launch } from './confine.js';

// Thrown when the binary cannot be started at all; the caller falls back to the Node scan.
export class RipgrepUnavailable extends Error {}

export interface RunOutcome {
  readonly code: number | null;
  readonly stderr: string;
  readonly stopped: boolean; // the caller stopped rg (or the signal aborted, or it overflowed)
  readonly overflowed: boolean; // the scratch file passed SCRATCH_LIMIT: run again with the 'pipe' sink
  readonly confined: boolean; // rg ran in a namespace holding only its working folder (confine.ts)
}

// Where rg writes: a scratch file read every few milliseconds, or a pipe.
export type RipgrepSink = 'file' | 'pipe';

const SCRATCH_LIMIT = 64 * 1024 * 1024;

// One stdout line, bytes buf[start, end) without the newline; false stops rg. The bytes are only
// valid during the call: decode (copy) what is kept.
export type LineHandler = (buf: Buffer, start: number, end: number) => boolean;

const STDERR_KEEP = 16 * 1024;
const NEWLINE = 10;
const POLL_MS = 4;
const BLOCK = 256 * 1024;

// Cuts bytes into lines; keeps an unfinished line for the next block.
class LineSplitter {
  private buf = Buffer.allocUnsafe(BLOCK);
  private have = 0; // bytes of an unfinished line at buf[0, have)

  constructor(
    private readonly onLine: LineHandler,
    // The byte that ends a record: a newline, or NUL for `--files --null` (names may hold newlines).
    private readonly separator: number = NEWLINE,
  ) {}

  // Where the next bytes go: buf[have, buf.length), grown when one line fills the whole buffer.
  target(): { buf: Buffer; offset: number; length: number } {
    if (this.have === this.buf.length) {
      const grown = Buffer.allocUnsafe(this.buf.length * 2);
      this.buf.copy(grown, 0, 0, this.have);
      this.buf = grown;
    }
    return { buf: this.buf, offset: this.have, length: this.buf.length - this.have };
  }

  // Takes n bytes written at target(); false once onLine stopped.
  commit(n: number): boolean {
    const buf = this.buf;
    const end = this.have + n;
    let start = 0;
    let newline = buf.indexOf(this.separator, this.have);
    while (newline !== -1 && newline < end) {
      if (!this.onLine(buf, start, newline)) return false;
      start = newline + 1;
      newline = buf.indexOf(this.separator, start);
    }
    if (start > 0) buf.copyWithin(0, start, end);
    this.have = end - start;
    return true;
  }

  push(chunk: Buffer): boolean {
    let from = 0;
    while (from < chunk.length) {
      const { buf, offset, length } = this.target();
      const n = Math.min(length, chunk.length - from);
      chunk.copy(buf, offset, from, from + n);
      from += n;
      if (!this.commit(n)) return false;
    }
    return true;
  }

  // The last line, when the output does not end with a newline.
  finish(): void {
    if (this.have > 0) this.onLine(this.buf, 0, this.have);
    this.have = 0;
  }
}

interface Scratch {
  readonly fd: number;
  close(): void;
}

// An empty file only this process can reach, or undefined (then rg writes to a pipe).
function openScratch(): Scratch | undefined {
  let dir: string | undefined;
  try {
    dir = mkdtempSync(join(tmpdir(), 'codeward-rg-'));
    const path = join(dir, 'out');
    const fd = openSync(path, 'wx+', 0o600);
    if (process.platform === 'win32') {
      const folder = dir;
      return {
        fd,
        close: () => {
          closeSync(fd);
          rmSync(folder, { recursive: true, force: true });
        },
      };
    }
    unlinkSync(path);
    rmdirSync(dir);
    return { fd, close: () => closeSync(fd) };
  } catch {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
}

export interface RunOptions {
  readonly sink?: RipgrepSink; // 'file' unless given
  readonly scratchLimit?: number; // bytes; SCRATCH_LIMIT unless given
  readonly separator?: number; // the byte between records; a newline unless given
  readonly bwrap?: string | undefined; // run rg confined to `cwd` through this bwrap (confine.ts)
}

export async function runRipgrep(rgPath: string, args: readonly string[], cwd: string, signal: AbortSignal, onLine: LineHandler, options: RunOptions = {}): Promise<RunOutcome> {
  if (options.bwrap === undefined) return runOnce(launchRipgrep(rgPath, args, cwd, undefined), cwd, signal, onLine, options);
  let lines = 0;
  const counting: LineHandler = (buf, start, end) => {
    lines += 1;
    return onLine(buf, start, end);
  };
  const outcome = await runOnce(launchRipgrep(rgPath, args, cwd, options.bwrap), cwd, signal, counting, options);
  if (!bwrapFailed(outcome.code, outcome.stderr, lines > 0) || signal.aborted) return outcome;
  return runOnce(launchRipgrep(rgPath, args, cwd, undefined), cwd, signal, onLine, options);
}

function runOnce(launch: Launch, cwd: string, signal: AbortSignal, onLine: LineHandler, options: RunOptions): Promise<RunOutcome> {
  const scratch = options.sink === 'pipe' ? undefined : openScratch();
  const scratchLimit = options.scratchLimit ?? SCRATCH_LIMIT;
  return new Promise((resolve, reject) => {
    let child: ChildProcess;
    try {
      child = spawn(launch.command, launch.args, { cwd, stdio: ['ignore', scratch ? scratch.fd : 'pipe', 'pipe'] });
    } catch (error) {
      scratch?.close();
      reject(new RipgrepUnavailable((error as Error).message));
      return;
    }
    const lines = new LineSplitter(onLine, options.separator);
    let started = false;
    let stopped = false;
    let stderr = '';
    let failure: unknown;
    let timer: NodeJS.Timeout | undefined;
    let position = 0; // of the scratch file read so far
    let overflowed = false;
    const stop = (): void => {
      if (stopped) return;
      stopped = true;
      clearTimeout(timer);
      child.kill();
    };
    // Runs a step of reading; a throwing handler (e.g. a line that is not JSON) stops rg rather than
    // report half a result.
    const guarded = (step: () => boolean): void => {
      if (stopped) return;
      try {
        if (!step()) stop();
      } catch (error) {
        failure = error;
        stop();
      }
    };
    const drain = (): boolean => {
      for (;;) {
        const { buf, offset, length } = lines.target();
        const n = readSync(scratch!.fd, buf, offset, length, position);
        if (n === 0) return true;
        position += n;
        if (!lines.commit(n)) return false;
        if (position > scratchLimit) {
          overflowed = true;
          return false;
        }
      }
    };
    const poll = (): void => {
      guarded(drain);
      if (!stopped) timer = setTimeout(poll, POLL_MS);
    };
    const onAbort = (): void => stop();
    signal.addEventListener('abort', onAbort, { once: true });
    child.once('spawn', () => {
      started = true;
      if (scratch) timer = setTimeout(poll, POLL_MS);
    });
    child.once('error', (error) => {
      if (!started) {
        signal.removeEventListener('abort', onAbort);
        scratch?.close();
        reject(new RipgrepUnavailable(error.message));
      } else stop();
    });
    child.stdout?.on('data', (chunk: Buffer) => guarded(() => lines.push(chunk)));
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      if (stderr.length < STDERR_KEEP) stderr += chunk;
    });
    child.once('close', (code) => {
      signal.removeEventListener('abort', onAbort);
      clearTimeout(timer);
      if (!started) return; // 'error' answered
      if (scratch) guarded(drain);
      guarded(() => {
        lines.finish();
        return true;
      });
      scratch?.close();
      if (failure !== undefined) reject(failure instanceof Error ? fail('C216', `could not read ripgrep's output: ${failure.message}`) : failure);
      else resolve({ code, stderr, stopped, overflowed, confined: launch.confined });
    });
  });
}
