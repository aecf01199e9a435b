import type * as ChildProcess from 'node:child_process';
import { createRequire } from 'node:module';

// spawnSync, with node:child_process loaded on the first run. The modules that run git to judge tracked and
// committed secrets (tracked-secrets.ts, history-secrets.ts) load with the permission policy, which read, list
// and tree load too without ever starting a process: importing node:child_process cost each such cold call
// ~4 ms of CPU (issue 31; test/bin/lazy-builtins.test.ts).
export const spawnSync = ((...args: unknown[]): unknown => {
  const childProcess = createRequire(import.meta.url)('node:child_process') as typeof ChildProcess;
  return (childProcess.spawnSync as (...all: unknown[]) => unknown)(...args);
}) as typeof ChildProcess.spawnSync;
