import { statSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import type { ReadData } from '../../commands/read-format.js';
import { runEngine, wirePath } from './call.js';
import type { WorkerContext } from './config.js';
import { werr } from './errors.js';

export interface ReadFileResponse {
  path: string;
  content: string;
  is_utf8: boolean;
  size: number;
  mode: number;
  mtime: number;
}

const STRICT = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const LOSSY = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

// UTF-8 text, invalid bytes replaced by U+FFFD (Rust's from_utf8_lossy).
export function decodeLossy(bytes: Uint8Array): { text: string; utf8: boolean } {
  try {
    return { text: STRICT.decode(bytes), utf8: true };
  } catch {
    return { text: LOSSY.decode(bytes), utf8: false };
  }
}

export function unixSeconds(mtimeMs: number): number {
  return Number.isFinite(mtimeMs) ? Math.floor(mtimeMs / 1000) : 0;
}

// The metadata of a workspace-relative entry through the engine's jail (never through a symlink), or of
// base_path itself ('.').
export function entryStats(ctx: WorkerContext, rel: string): Stats | undefined {
  const { root, jail } = ctx.engine.workspace;
  if (rel === '.' || rel === '') return statSync(root);
  try {
    return jail.lstat(join(root, rel), rel);
  } catch {
    return undefined;
  }
}

// coder::read-file → the engine's `read` of the raw bytes (base64, at most max_read_bytes of them): jail,
// non-accessible globs, permission gate, a folder C210; then the size cap (C213) and the seed's decoding.
export async function readFileFn(ctx: WorkerContext, req: { path: string }): Promise<ReadFileResponse> {
  const max = ctx.config.max_read_bytes;
  const data = await runEngine<ReadData>(ctx, 'read', { file: wirePath(req.path), encoding: 'base64', maxBytes: Math.max(1, max) }, req.path);
  if (data.size > max) throw werr('C213', `${req.path} is ${data.size} bytes; max_read_bytes is ${max}`);
  const bytes = Buffer.from(data.content, 'base64');
  const { text, utf8 } = decodeLossy(bytes);
  const info = entryStats(ctx, data.path);
  return { path: req.path, content: text, is_utf8: utf8, size: bytes.length, mode: (info?.mode ?? 0) & 0o777, mtime: unixSeconds(info?.mtimeMs ?? 0) };
}
