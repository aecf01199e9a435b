// Reads one source file for code intelligence through the workspace jail (the one read jail: the same
// checks as a model's `read`), with the per-file budgets: too large, minified and generated files are
// skipped with a reason, so one vendored bundle cannot eat the index's time or memory.
import { decodeText } from '../../files/text.js';
import type { ResolvedPath } from '../../workspace/types.js';
import type { Workspace } from '../../workspace/workspace.js';

// Larger files are skipped (a 5 k-line TypeScript file is ~200 KB).
export const MAX_CODE_BYTES = 1024 * 1024;
// A line this long, or this average line length, marks a minified file.
const MINIFIED_LINE = 5000;
const MINIFIED_AVERAGE = 300;
// A comment among the first lines that says so (Go's `// Code generated ... DO NOT EDIT.`, `@generated`).
const GENERATED = /^\s*(?:\/\/|#|\/\*|\*|--)\s*(?:@generated\b|code generated\b.*\bdo not edit\b|(?:this file (?:is|was) )?(?:auto-?generated|automatically generated)\b)/im;

// The identity the index keys a file's entry by (a changed file changes at least one of these).
export function stampOf(stats: { dev: number; ino: number; size: number; mtimeMs: number }): string {
  return `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeMs}`;
}

export type CodeFile = { readonly text: string; readonly stamp: string } | { readonly skip: string; readonly stamp: string };

// Why a file of this name and size is not read at all, if it is not.
export function skipBySize(rel: string, size: number): string | undefined {
  if (size > MAX_CODE_BYTES) return `larger than ${MAX_CODE_BYTES / 1024} KB`;
  if (/[.-]min\.[cm]?js$/.test(rel) || /\.bundle\.js$/.test(rel)) return 'minified (by name)';
  return undefined;
}

// Why this text is not indexed (minified or generated), if it is not.
export function skipByText(text: string): string | undefined {
  const head = text.split('\n', 5).join('\n');
  if (GENERATED.test(head)) return 'generated (marked in its first lines)';
  let lines = 1;
  let start = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) {
    if (at - start > MINIFIED_LINE) return 'minified (a line over 5000 characters)';
    start = at + 1;
    lines++;
  }
  if (text.length - start > MINIFIED_LINE) return 'minified (a line over 5000 characters)';
  return text.length / lines > MINIFIED_AVERAGE ? 'minified (long lines)' : undefined;
}

export type CodeBytes = { readonly bytes: Uint8Array; readonly stamp: string } | { readonly skip: string; readonly stamp: string };

// The text of a resolved file, read once through the jail; a budget's reason instead when one applies.
export async function readCodeFile(workspace: Workspace, target: ResolvedPath): Promise<CodeFile> {
  const read = await readCodeBytes(workspace, target);
  return 'skip' in read ? read : { ...codeText(read.bytes), stamp: read.stamp };
}

// The bytes of a resolved file, read once through the jail (the size budget applied): the index hands
// them to a worker thread, which makes the text (codeText), so the main thread of a cold index does not
// allocate every file of the repository as a string.
export async function readCodeBytes(workspace: Workspace, target: ResolvedPath): Promise<CodeBytes> {
  const file = await workspace.openReadFile(target);
  try {
    const { stats } = file;
    const stamp = stampOf(stats);
    const bySize = skipBySize(target.rel, stats.size);
    if (bySize !== undefined) return { skip: bySize, stamp };
    // Its own ArrayBuffer (Buffer.alloc never hands out the shared pool): it can be transferred.
    const buffer = Buffer.alloc(stats.size);
    let read = 0;
    while (read < stats.size) {
      const { bytesRead } = await file.read(buffer, read, stats.size - read, read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    return { bytes: buffer.subarray(0, read), stamp };
  } finally {
    await file.close();
  }
}

// The text of a code file's bytes, or why it is not indexed (binary, minified, generated).
export function codeText(bytes: Uint8Array): { text: string } | { skip: string } {
  const doc = decodeText(bytes);
  if (doc.binary) return { skip: 'binary' };
  const byText = skipByText(doc.text);
  return byText === undefined ? { text: doc.text } : { skip: byText };
}
