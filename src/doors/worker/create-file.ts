import type { CreateResult as EngineCreate } from '../../commands/create.js';
import { runEntry, wirePath } from './call.js';
import type { WorkerContext } from './config.js';
import { werr, WorkerError } from './errors.js';
import { asWorkerError } from './update-file.js';

export interface CreateEntry {
  path: string;
  content: string;
  mode?: string | null;
  parents?: boolean | null;
  overwrite?: boolean | null;
}

export interface CreateResult {
  path: string;
  success: boolean;
  bytes_written: number;
  error?: string;
}

// "0644" → 0o644: leading zeros stripped, base 8, & 0o777. Checked before writing (the original wrote first).
export function parseMode(mode: string): number {
  const digits = mode.replace(/^0+/, '');
  if (!/^[0-7]+$/.test(digits)) throw werr('C210', `invalid mode ${JSON.stringify(mode)}: expected an octal string such as "0644"`);
  return Number.parseInt(digits, 8) & 0o777;
}

// One entry → the engine's `create` of one file (jail, write gate, permission gate, staleness, an undo
// step, temp file + rename through the parent folder's descriptor). The seed's own checks first: the
// content cap on the text as sent (C213) and the mode (C210); its default mode 0644 and parents true.
async function createOne(ctx: WorkerContext, entry: CreateEntry): Promise<number> {
  const path = wirePath(entry.path);
  const size = Buffer.byteLength(entry.content, 'utf8');
  const max = ctx.config.max_write_bytes;
  if (size > max) throw werr('C213', `${size} bytes exceeds max_write_bytes ${max}`);
  const mode = parseMode(entry.mode ?? '0644');
  const overwrite = entry.overwrite === true;
  const file = { path, content: entry.content, mode: `0${mode.toString(8).padStart(3, '0')}`, parents: entry.parents ?? true, overwrite };
  try {
    return (await runEntry<EngineCreate>(ctx, 'create', { files: [file] }, entry.path)).bytesWritten ?? size;
  } catch (error) {
    // A folder where the file goes: the original's EISDIR (overwrite) or its "exists" (not).
    if (error instanceof WorkerError && error.code === 'C210' && error.message.endsWith(' is a folder')) {
      throw overwrite ? werr('C216', `${entry.path}: Is a directory (os error 21)`) : werr('C217', `${entry.path} already exists; pass overwrite=true to replace`);
    }
    throw error;
  }
}

// coder::create-file: independent entries, partial success.
export async function createFileFn(ctx: WorkerContext, req: { files: CreateEntry[] }): Promise<{ results: CreateResult[] }> {
  if (req.files.length === 0) throw werr('C210', '`files` must not be empty');
  const results: CreateResult[] = [];
  for (const entry of req.files) {
    try {
      results.push({ path: entry.path, success: true, bytes_written: await createOne(ctx, entry) });
    } catch (error) {
      results.push({ path: entry.path, success: false, bytes_written: 0, error: asWorkerError(error).toWire() });
    }
  }
  return { results };
}
