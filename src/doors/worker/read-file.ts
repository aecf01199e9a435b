import type { WorkerContext } from './config.js';
import { ioError, werr } from './errors.js';
import { permit } from './gate.js';
import { closeQuietly, jailOf, openInBase, readFd } from './jail.js';
import { requireWritable } from './paths.js';

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

// coder::read-file: require_writable → open through the jail (missing → C211, swapped → C215) → regular file (C210) → size cap (C213) → read.
export async function readFileFn(ctx: WorkerContext, req: { path: string }): Promise<ReadFileResponse> {
  const resolved = await requireWritable(ctx, req.path);
  permit(ctx, 'read', resolved.rel, 'read', { raw: req.path, abs: resolved.abs });
  // Opened through the jail (no symlink on the way, none at the leaf); checked and read by descriptor.
  const { fd, info } = openInBase(jailOf(ctx), resolved.abs, req.path);
  let bytes: Buffer;
  try {
    if (!info.isFile()) throw werr('C210', `not a regular file: ${req.path}`);
    if (info.size > ctx.config.max_read_bytes) {
      throw werr('C213', `${req.path} is ${info.size} bytes; max_read_bytes is ${ctx.config.max_read_bytes}`);
    }
    bytes = await readFd(fd).catch((error: unknown) => {
      throw ioError(error, req.path);
    });
  } finally {
    closeQuietly(fd);
  }
  const { text, utf8 } = decodeLossy(bytes);
  return { path: req.path, content: text, is_utf8: utf8, size: bytes.length, mode: info.mode & 0o777, mtime: unixSeconds(info.mtimeMs) };
}
