import * as z from 'zod/mini';
import { describeIssue } from '../../engine/issues.js';
import { PayloadError } from './errors.js';

// Request shapes of seed 003. Optional fields accept null (serde Option); unknown fields are ignored.
const u32 = z.number().check(z.int(), z.minimum(0), z.maximum(4_294_967_295));
const opt = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(schema));

export const ReadFileRequest = z.object({ path: z.string() });

export const SearchRequest = z.object({
  query: z.string(),
  path: opt(z.string()),
  regex: opt(z.boolean()),
  ignore_case: opt(z.boolean()),
  include_globs: opt(z.array(z.string())),
  exclude_globs: opt(z.array(z.string())),
  max_matches: opt(u32),
  max_line_bytes: opt(u32),
  search_content: opt(z.boolean()),
  search_paths: opt(z.boolean()),
  include_hidden: opt(z.boolean()),
});

const Op = z.discriminatedUnion('op', [
  z.object({ op: z.literal('insert'), at_line: u32, content: z.string() }),
  z.object({ op: z.literal('remove'), from_line: u32, to_line: u32 }),
  z.object({ op: z.literal('update_lines'), from_line: u32, to_line: u32, content: z.string() }),
  z.object({ op: z.literal('replace'), pattern: z.string(), replacement: z.string(), ignore_case: opt(z.boolean()) }),
]);
export type UpdateOp = z.infer<typeof Op>;

export const UpdateFileRequest = z.object({
  files: z.array(z.object({ path: z.string(), ops: z.array(Op) })),
});

export const CreateFileRequest = z.object({
  files: z.array(z.object({
    path: z.string(),
    content: z.string(),
    mode: opt(z.string()),
    parents: opt(z.boolean()),
    overwrite: opt(z.boolean()),
  })),
});

export const DeleteFileRequest = z.object({ paths: z.array(z.string()), recursive: opt(z.boolean()) });

export const ListFolderRequest = z.object({ path: opt(z.string()), page: opt(u32), page_size: opt(u32), include_hidden: opt(z.boolean()) });

export const TreeRequest = z.object({ path: opt(z.string()), max_depth: opt(u32), per_folder_limit: opt(u32), include_hidden: opt(z.boolean()) });

// Parses a payload or throws a PayloadError naming the first problem (the original's serde error).
export function parsePayload<T extends z.ZodMiniType>(schema: T, data: unknown, functionId: string): z.infer<T> {
  const parsed = schema.safeParse(data ?? {}, { reportInput: true });
  if (parsed.success) return parsed.data as z.infer<T>;
  const issue = parsed.error.issues[0]!;
  const where = issue.path.length > 0 ? issue.path.join('.') : 'payload';
  let value: unknown = data;
  for (const key of issue.path) value = typeof value === 'object' && value !== null ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  if (value === undefined && issue.path.length > 0) throw new PayloadError(`invalid payload for ${functionId}: ${where}: missing field \`${String(issue.path.at(-1))}\``);
  throw new PayloadError(`invalid payload for ${functionId}: ${describeIssue(issue, where)}`);
}
