import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { findOnPath, isExecutable, outsidePath } from '../sandbox/which.js';
import { withoutInherited } from './inherited-fds.js';
import { OutputCap } from './output-cap.js';
import { signalGroup, trackGroup } from './run-groups.js';

export const DEFAULT_MAX_OUTPUT_BYTES = 1024 * 1024;
// After SIGTERM, how long the group gets before SIGKILL.
const KILL_GRACE_MS = 2000;
// After the shell exited, how long we keep reading from pipes that a leftover process holds open.
const CLOSE_GRACE_MS = 1000;

export interface RunOptions {
  readonly command: string;
  readonly cwd: string;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
  readonly env: NodeJS.ProcessEnv;
  // Per stream: half kept from the start, half from the end (default 1 MiB).
  readonly maxOutputBytes?: number;
  // Sees every chunk as it arrives, before the cap (test summaries count lines the cap drops).
  readonly onChunk?: (chunk: Buffer, stream: 'stdout' | 'stderr') => void;
  // A program (and its arguments) the shell runs under: the OS sandbox.
  readonly wrapper?: readonly string[];
  // Bytes the wrapper reads on fds 3, 4, ... (bwrap's seccomp program: sandbox/seccomp.ts WRAPPER_INPUT_FD).
  readonly inputs?: readonly Buffer[];
  // The workspace root, or it and the other folders a run may write (Workspace.toolAreas): a bash found on PATH
  // there is the repository's or a run's, never the shell that runs.
  readonly workspace?: string | readonly string[];
}

export interface RunResult {
  exitCode: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  cancelled: boolean;
  // Bytes elided from the middle of each stream.
  truncated: { stdout: number; stderr: number };
  durationMs: number;
  // It ran inside the OS sandbox.
  sandboxed?: boolean;
  // ... without a network.
  networkBlocked?: boolean;
  // ... read-only, and where that came from ('--sandbox read-only', the project config).
  readOnlyFrom?: string;
  // ... `--sandbox off` in the write jail (sandbox/write-jail.ts): what a refused write is told.
  writeJail?: string;
}

// bash from PATH (or /bin/bash); sh when there is none. PATH folders inside `workspace` (and the other areas a run may
// write) are skipped, and so is a bash file leading there (which.ts findOnPath on outsidePath's ToolEnv, never on a
// `{ PATH }` rebuilt from it: that dropped the area judge, fix81): a repository's node_modules/.bin/bash (with that
// folder on PATH) would otherwise run every exec line. Looked up per run: a mount or a link made since counts.
export function findShell(env: NodeJS.ProcessEnv, workspace: string | readonly string[] = []): string {
  return findOnPath('bash', outsidePath(env, workspace)) ?? (isExecutable('/bin/sh') ? '/bin/sh' : 'sh');
}

// Waits for `promise`, at most `ms`; the timer never keeps the process alive after it settles.
async function within(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  try {
    await Promise.race([promise, expired]);
  } finally {
    clearTimeout(timer);
  }
}

// SIGTERM to the whole group; SIGKILL to whatever is left once every pipe closed (or after the grace
// period). Not a liveness poll: where init does not reap orphans, dead members linger as zombies
// that still count as group members.
async function terminateGroup(pgid: number, closed: Promise<void>): Promise<void> {
  if (!signalGroup(pgid, 'SIGTERM')) return;
  await within(closed, KILL_GRACE_MS);
  signalGroup(pgid, 'SIGKILL');
}

// Each input written whole and closed (the reader sees its end); a wrapper that exits before reading it
// fails on its own, so a write error (EPIPE) is not the run's.
function giveInputs(streams: readonly unknown[], inputs: readonly Buffer[]): void {
  inputs.forEach((bytes, index) => {
    const stream = streams[index] as Writable | null | undefined;
    stream?.on('error', () => undefined);
    // Closed once written: the reader still gets the buffered bytes, then its end; nothing waits on this side.
    stream?.end(bytes, () => stream.destroy());
  });
}

// Runs a shell line in its own process group, stdin closed, output captured in bounded memory.
// A timeout or an abort kills the whole group (grandchildren included); the result then says why.
// A process that left the group (setsid) and holds the pipes open cannot delay the result for long:
// the call returns at most CLOSE_GRACE_MS after the shell exits. Rejects only when the shell cannot start.
export async function runProcess(options: RunOptions): Promise<RunResult> {
  const started = performance.now();
  const maxBytes = options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES;
  const wrapper = options.wrapper ?? [];
  const shellArgs = [findShell(options.env, options.workspace), '-c', options.command];
  const [program, ...args] = wrapper.length > 0 ? [...wrapper, ...shellArgs] : shellArgs;
  // stdout and stderr are pipes whatever follows them (node types only the three-entry spelling so); a descriptor
  // codeward inherited open is not passed on (inherited-fds.ts).
  const stdio: ('ignore' | 'pipe')[] = ['ignore', 'pipe', 'pipe', ...(options.inputs ?? []).map(() => 'pipe' as const)];
  const child = withoutInherited(stdio, (all) => spawn(program!, args, { cwd: options.cwd, env: options.env, detached: true, stdio: all })) as ChildProcessByStdio<null, Readable, Readable>;
  giveInputs(child.stdio.slice(3), options.inputs ?? []);
  const streams = { stdout: new OutputCap(maxBytes), stderr: new OutputCap(maxBytes) };
  for (const name of ['stdout', 'stderr'] as const) {
    child[name].on('data', (chunk: Buffer) => {
      streams[name].push(chunk);
      options.onChunk?.(chunk, name);
    });
  }
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', reject);
  });
  const untrack = child.pid === undefined ? () => undefined : trackGroup(child.pid);
  let reason: 'timeout' | 'cancel' | undefined;
  let terminating: Promise<void> = Promise.resolve();
  const stop = (why: 'timeout' | 'cancel'): void => {
    if (reason !== undefined || child.pid === undefined) return;
    reason = why;
    terminating = terminateGroup(child.pid, closed);
  };
  const timer = setTimeout(() => stop('timeout'), options.timeoutMs);
  const onAbort = (): void => stop('cancel');
  options.signal?.addEventListener('abort', onAbort, { once: true });
  if (options.signal?.aborted) onAbort();
  try {
    const exit = await exited;
    clearTimeout(timer);
    await terminating;
    await within(closed, CLOSE_GRACE_MS);
    return {
      exitCode: exit.code,
      signal: exit.signal,
      stdout: streams.stdout.text(),
      stderr: streams.stderr.text(),
      timedOut: reason === 'timeout',
      cancelled: reason === 'cancel',
      truncated: { stdout: streams.stdout.elidedBytes, stderr: streams.stderr.elidedBytes },
      durationMs: Math.round(performance.now() - started),
    };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
    child.stdout.destroy();
    child.stderr.destroy();
    untrack();
  }
}
