import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect } from 'vitest';
import { isCodewardError, type ErrorCode } from '../../src/engine/errors.js';

export interface Sandbox {
  // Real temp dir holding everything below.
  readonly base: string;
  // The workspace root (real path).
  readonly ws: string;
  // A sibling directory outside the workspace with a secret in it.
  readonly outside: string;
  cleanup(): Promise<void>;
}

// base/ws (the workspace) and base/outside (with secret.txt), all real paths.
export async function makeSandbox(): Promise<Sandbox> {
  const base = await realpath(await mkdtemp(join(tmpdir(), 'codeward-ws-')));
  const ws = join(base, 'ws');
  const outside = join(base, 'outside');
  await mkdir(ws);
  await mkdir(outside);
  await writeFile(join(outside, 'secret.txt'), 'TOP SECRET');
  return { base, ws, outside, cleanup: () => rm(base, { recursive: true, force: true }) };
}

export async function put(file: string, content = 'x'): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, content);
}

export async function link(target: string, at: string): Promise<void> {
  await mkdir(dirname(at), { recursive: true });
  await symlink(target, at);
}

// Awaits a rejection and checks it is a CodewardError with this code (and message, when given).
export async function expectFail(promise: Promise<unknown>, code: ErrorCode, message?: string): Promise<Error> {
  let caught: unknown;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  expect(caught, 'expected a rejection').toBeDefined();
  expect(isCodewardError(caught), `not a CodewardError: ${String(caught)}`).toBe(true);
  const error = caught as Error & { code: string };
  expect(error.code, error.message).toBe(code);
  if (message !== undefined) expect(error.message).toBe(message);
  return error;
}

export function missingMessage(input: string): string {
  return `${input}: no such file or directory, or not accessible`;
}

// A sensitive system path says what it is (it exists on every machine; "no such file" would be false).
export function sensitiveMessage(input: string): string {
  return `${input}: a protected system path (/etc/passwd, /etc/shadow, /etc/gshadow, /etc/sudoers, /etc/sudoers.d, /etc/ssh, /etc/ssl/private, /proc, /sys, /dev, /boot); codeward refuses it in every command, whether or not it exists`;
}
