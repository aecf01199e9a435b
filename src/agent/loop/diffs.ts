import { constants } from 'node:fs';
import { lstat, readFile, realpath } from 'node:fs/promises';
import { createTwoFilesPatch } from 'diff';
import type { Engine } from '../../engine/engine.js';

// Files larger than this are not diffed for display (the edit itself has no such limit).
const MAX_DIFF_BYTES = 1024 * 1024;

interface Before {
  readonly rel: string;
  readonly real: string;
  readonly text: string | null;
}

// The text of a file the jail resolved to `real` (null: missing; undefined: not shown). Opened without
// following a final link, and dropped if the path no longer resolves to itself afterwards (a folder on the
// way swapped for a link while it was read): a display diff never shows a file outside the workspace.
export async function readSmall(real: string): Promise<string | null | undefined> {
  const info = await lstat(real).catch(() => undefined);
  if (!info) return null;
  if (!info.isFile() || info.size > MAX_DIFF_BYTES) return undefined;
  const bytes = await readFile(real, { flag: constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK }).catch(() => undefined);
  if (!bytes || bytes.includes(0) || (await realpath(real).catch(() => '')) !== real) return undefined;
  return bytes.toString('utf8');
}

// The current text of the files an edit call will write, through the jail (a path the jail refuses is
// simply not shown: the call itself will fail with the jail's error).
export async function snapshotFiles(engine: Engine, args: string): Promise<Before[]> {
  let touches;
  try {
    touches = engine.plan(args).touches.filter((touch) => touch.access === 'write' || touch.access === 'delete');
  } catch {
    return [];
  }
  const before: Before[] = [];
  for (const touch of touches) {
    try {
      const resolved = await engine.workspace.resolve(touch.path, 'write');
      const text = await readSmall(resolved.real);
      if (text !== undefined) before.push({ rel: resolved.rel, real: resolved.real, text });
    } catch {
      // refused or unreadable: no diff for this file
    }
  }
  return before;
}

// A unified diff of what changed since the snapshot ('' when nothing did).
export async function diffSince(before: readonly Before[]): Promise<string> {
  const patches: string[] = [];
  for (const file of before) {
    const after = await readSmall(file.real);
    if (after === undefined || after === file.text) continue;
    const oldName = file.text === null ? '/dev/null' : `a/${file.rel}`;
    const newName = after === null ? '/dev/null' : `b/${file.rel}`;
    patches.push(createTwoFilesPatch(oldName, newName, file.text ?? '', after ?? '', undefined, undefined, { context: 3 }).replace(/^=+\n/, ''));
  }
  return patches.join('');
}
