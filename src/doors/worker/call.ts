import { join, posix } from 'node:path';
import type { ErrorInfo } from '../../engine/errors.js';
import type { WorkerContext } from './config.js';
import { werr, WorkerError, type WorkerCode } from './errors.js';

// The translation between seed 003's wire and the engine: a coder::* function turns its payload into
// Engine.run calls (runEngine) and the engine's errors into seed 003's codes and wording (toWorker). The
// engine decides; the door only words it the way the original worker's callers expect.

// A wire path as seed 003 takes it: relative to base_path. Absolute → C210 (stricter than the engine,
// which takes an absolute path inside the workspace), as the original.
export function wirePath(path: string): string {
  if (path.startsWith('/')) throw werr('C210', `path must be relative to base_path: ${path}`);
  if (path.includes('\0')) throw werr('C210', `path must not contain a NUL byte: ${JSON.stringify(path)}`);
  return path === '' ? '.' : path;
}

const KEPT: ReadonlySet<string> = new Set<WorkerCode>(['C210', 'C211', 'C213', 'C215', 'C216', 'C217', 'C230', 'C240', 'C241']);

type Rewrite = readonly [code: string, test: RegExp, to: (input: string, match: RegExpMatchArray, ctx: WorkerContext) => readonly [WorkerCode, string]];

// The engine's wording → the original worker's, where its callers know the original's (codes first;
// messages the original did not have stay the engine's, which name the fix).
const REWRITES: readonly Rewrite[] = [
  ['C215', /^path escapes the workspace: /, (input) => ['C215', `path escapes base_path: ${input}`]],
  ['C215', /^dangling symlink in path: /, (input, _match, ctx) => ['C215', `${input}: dangling symlink in path: ${join(ctx.base, input)}`]],
  ['C211', /^.* holds a non-accessible file \((.*)\); nothing was removed$/, (input, match, ctx) =>
    ['C211', `recursive delete blocked: ${join(ctx.base, input)} contains non-accessible ${join(ctx.base, match[1]!)}`]],
  ['C211', /no such file or directory, or not accessible(?:; did you mean .*)?$/, (input, _match, ctx) =>
    ctx.engine.workspace.isNonAccessible(posix.normalize(input)) ? ['C211', `path is non-accessible per config: ${input}`] : ['C211', `${input}: No such file or directory (os error 2)`]],
  ['C210', /^refusing to delete the workspace root itself$/, () => ['C210', 'refusing to delete base_path itself']],
  ['C210', / is not a folder; /, (input) => ['C210', `not a directory: ${input}`]],
  ['C210', / is a folder that is not empty; /, () => ['C216', 'Directory not empty (os error 39)']],
  ['C210', / is a folder, not a file; | is not a regular file$/, (input) => ['C210', `not a regular file: ${input}`]],
  ['C217', /already exists/, (input) => ['C217', `${input} already exists; pass overwrite=true to replace`]],
  ['C213', /: (\d+) bytes is over the edit limit of (\d+)$/, (_input, match) => ['C213', `current file size ${match[1]} exceeds max_write_bytes ${match[2]}`]],
  ['C213', /the result \((\d+) bytes\) is over the write limit of (\d+)$/, (_input, match) => ['C213', `new file size ${match[1]} exceeds max_write_bytes ${match[2]}`]],
];

// An engine error (of the call, or of one batch entry) as the worker's wire error.
export function toWorker(ctx: WorkerContext, error: ErrorInfo, input = ''): WorkerError {
  for (const [code, test, to] of REWRITES) {
    const match = error.code === code ? test.exec(error.message) : null;
    if (match !== null) return werr(...to(input, match, ctx));
  }
  return keptCode(error);
}

// An engine error as it is, when its code is one the worker speaks; else C216 naming it.
export function keptCode(error: ErrorInfo): WorkerError {
  return KEPT.has(error.code) ? werr(error.code as WorkerCode, error.message) : werr('C216', `${error.code}: ${error.message}`);
}

// Runs one engine call and returns its data, or throws its error as the worker's.
export async function runEngine<T>(ctx: WorkerContext, cmd: string, args: Record<string, unknown>, input?: string): Promise<T> {
  const envelope = await ctx.engine.run({ cmd, args });
  if (envelope.ok) return envelope.data as T;
  throw toWorker(ctx, envelope.error, input);
}

// The one entry of a batched engine call (create, update, delete) made for one wire entry: its result,
// or its error as the worker's. One engine call per entry keeps the original's per-entry answers (and a
// refusal of one entry by the permission gate from failing the others).
export async function runEntry<T extends { success: boolean; error?: ErrorInfo }>(ctx: WorkerContext, cmd: string, args: Record<string, unknown>, input: string): Promise<T> {
  const data = await runEngine<{ results: T[] }>(ctx, cmd, args, input);
  const result = data.results[0]!;
  if (!result.success) throw toWorker(ctx, result.error ?? { code: 'C216', message: 'failed' }, input);
  return result;
}

export { WorkerError };
