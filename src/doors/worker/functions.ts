import type { WorkerContext } from './config.js';
import { createFileFn } from './create-file.js';
import { deleteFileFn } from './delete-file.js';
import { PayloadError, WorkerError } from './errors.js';
import { listFolderFn } from './list-folder.js';
import { CreateFileRequest, DeleteFileRequest, ListFolderRequest, parsePayload, ReadFileRequest, SearchRequest, TreeRequest, UpdateFileRequest } from './payload.js';
import { readFileFn } from './read-file.js';
import { searchFn } from './search.js';
import { treeFn } from './tree.js';
import { updateFileFn } from './update-file.js';

type Json = Record<string, unknown>;

export interface WorkerFunction {
  readonly id: string;
  readonly description: string;
  readonly request_format: Json;
  readonly response_format: Json;
  readonly run: (ctx: WorkerContext, data: unknown) => Promise<unknown>;
}

const str = { type: 'string' };
const bool = { type: 'boolean' };
const int = { type: 'integer' };
const strs = { type: 'array', items: str };
const obj = (properties: Json, required: string[] = []): Json => ({ type: 'object', properties, required });
const ERR = { type: 'string', description: 'JSON text {"code":"C2xx","message":"..."}; absent on success' };

// The 7 functions of seed 003, in registration order.
export const WORKER_FUNCTIONS: readonly WorkerFunction[] = [
  {
    id: 'coder::read-file',
    description: 'Read a single file relative to base_path (capped at max_read_bytes).',
    request_format: obj({ path: str }, ['path']),
    response_format: obj({ path: str, content: str, is_utf8: bool, size: int, mode: int, mtime: int }),
    run: (ctx, data) => readFileFn(ctx, parsePayload(ReadFileRequest, data, 'coder::read-file')),
  },
  {
    id: 'coder::search',
    description: 'Search file contents (literal/regex) and/or paths under base_path (.git skipped; node_modules and vendor unless include_hidden).',
    request_format: obj({
      query: str, path: str, regex: bool, ignore_case: bool, include_globs: strs, exclude_globs: strs,
      max_matches: int, max_line_bytes: int, search_content: bool, search_paths: bool, include_hidden: bool,
    }, ['query']),
    response_format: obj({
      content_matches: { type: 'array', items: obj({ path: str, line: int, column: int, text: str }) },
      path_matches: { type: 'array', items: obj({ path: str }) },
      truncated: bool,
    }),
    run: (ctx, data) => searchFn(ctx, parsePayload(SearchRequest, data, 'coder::search')),
  },
  {
    id: 'coder::update-file',
    description: 'Apply batched insert / remove / update_lines / regex replace ops across one or more files. Line ops bottom-up; atomic per file.',
    request_format: obj({
      files: {
        type: 'array',
        items: obj({
          path: str,
          ops: {
            type: 'array',
            items: obj({ op: { type: 'string', enum: ['insert', 'remove', 'update_lines', 'replace'] }, at_line: int, from_line: int, to_line: int, content: str, pattern: str, replacement: str, ignore_case: bool }, ['op']),
          },
        }, ['path', 'ops']),
      },
    }, ['files']),
    response_format: obj({ results: { type: 'array', items: obj({ path: str, success: bool, applied: int, new_line_count: int, error: ERR }) } }),
    run: (ctx, data) => updateFileFn(ctx, parsePayload(UpdateFileRequest, data, 'coder::update-file')),
  },
  {
    id: 'coder::create-file',
    description: 'Create one or more files with overwrite and parents flags.',
    request_format: obj({ files: { type: 'array', items: obj({ path: str, content: str, mode: str, parents: bool, overwrite: bool }, ['path', 'content']) } }, ['files']),
    response_format: obj({ results: { type: 'array', items: obj({ path: str, success: bool, bytes_written: int, error: ERR }) } }),
    run: (ctx, data) => createFileFn(ctx, parsePayload(CreateFileRequest, data, 'coder::create-file')),
  },
  {
    id: 'coder::delete-file',
    description: 'Remove one or more paths; recursive: true required for non-empty dirs.',
    request_format: obj({ paths: strs, recursive: bool }, ['paths']),
    response_format: obj({ results: { type: 'array', items: obj({ path: str, success: bool, removed: bool, error: ERR }) } }),
    run: (ctx, data) => deleteFileFn(ctx, parsePayload(DeleteFileRequest, data, 'coder::delete-file')),
  },
  {
    id: 'coder::list-folder',
    description: 'Paginated single-folder listing; non-accessible entries flagged (.git left out; node_modules and vendor unless include_hidden).',
    request_format: obj({ path: str, page: int, page_size: int, include_hidden: bool }),
    response_format: obj({
      path: str,
      entries: { type: 'array', items: obj({ name: str, kind: str, size: int, mtime: int, non_accessible: bool }) },
      total: int, page: int, page_size: int, has_more: bool,
    }),
    run: (ctx, data) => listFolderFn(ctx, parsePayload(ListFolderRequest, data, 'coder::list-folder')),
  },
  {
    id: 'coder::tree',
    description: 'Recursive snapshot bounded by max_depth and per_folder_limit (.git left out; node_modules and vendor unless include_hidden).',
    request_format: obj({ path: str, max_depth: int, per_folder_limit: int, include_hidden: bool }),
    response_format: obj({ root: { type: 'object' } }),
    run: (ctx, data) => treeFn(ctx, parsePayload(TreeRequest, data, 'coder::tree')),
  },
];

export function findFunction(id: string): WorkerFunction | undefined {
  return WORKER_FUNCTIONS.find((fn) => fn.id === id);
}

// An invocation's outcome: the response, a C2xx error, or a payload that did not deserialize.
export type Outcome =
  | { readonly ok: true; readonly result: unknown }
  | { readonly ok: false; readonly error: WorkerError | PayloadError };

export async function invoke(ctx: WorkerContext, id: string, data: unknown): Promise<Outcome> {
  const fn = findFunction(id);
  // The names, so the caller's next try is a right one (newcomer: `coder::nope` named nothing to use).
  if (fn === undefined) return { ok: false, error: new PayloadError(`function not found: ${id} (this worker registers ${WORKER_FUNCTIONS.map((each) => each.id).join(', ')})`) };
  try {
    // The engine's permission stage reads the policy files at every call: a rule the user adds applies at once.
    return { ok: true, result: await fn.run(ctx, data) };
  } catch (error) {
    if (error instanceof WorkerError || error instanceof PayloadError) return { ok: false, error };
    return { ok: false, error: new WorkerError('C216', error instanceof Error ? error.message : String(error)) };
  }
}

// The SDK handler: a C2xx failure is thrown as the JSON text, which the SDK sends as invocation_failed.
export function sdkHandler(ctx: WorkerContext, fn: WorkerFunction): (data: unknown) => Promise<unknown> {
  return async (data) => {
    const outcome = await invoke(ctx, fn.id, data);
    if (outcome.ok) return outcome.result;
    throw new Error(outcome.error instanceof WorkerError ? outcome.error.toWire() : outcome.error.message);
  };
}
