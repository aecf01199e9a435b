import { lstat, readdir, realpath } from 'node:fs/promises';
import type { Engine } from '../../engine/engine.js';
import { readSmall } from './diffs.js';

// What a change call will do to each file, computed on the current files through the jail without writing:
// the text before (null: the file does not exist) and after (null: the call removes it). A file that cannot
// be read or computed is left out (the call fails on its own, with its own message).
export interface FileChange {
  readonly rel: string;
  readonly before: string | null;
  readonly after: string | null;
}

export interface ChangePlan {
  readonly files: FileChange[];
  // What a diff cannot show: a folder a delete removes (with its files), a link, a binary or large file.
  readonly notes: string[];
}

type Args = Record<string, unknown>;
const LISTED = 20;

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const list = (value: unknown): Args[] => (Array.isArray(value) ? value.filter((item): item is Args => item !== null && typeof item === 'object') : []);

// The current text of a workspace file: undefined when refused, binary or too large to show.
async function current(engine: Engine, path: string): Promise<{ rel: string; real: string; text: string | null } | undefined> {
  try {
    const resolved = await engine.workspace.resolve(path, 'write');
    const now = await readSmall(resolved.real);
    return now === undefined ? undefined : { rel: resolved.rel, real: resolved.real, text: now };
  } catch {
    return undefined;
  }
}

// The entries directly in a folder (sub-folders marked with /), up to LISTED, and how many there are. One
// read of the folder the jail resolved; if it is not that folder any more afterwards (swapped for a link
// while it was read), nothing is listed.
async function folderEntries(real: string, rel: string): Promise<{ entries: string[]; total: number } | undefined> {
  const found = await readdir(real, { withFileTypes: true }).catch(() => undefined);
  if (!found || (await realpath(real).catch(() => '')) !== real) return undefined;
  const names = found.map((entry) => `${rel}/${entry.name}${entry.isDirectory() ? '/' : ''}`).sort();
  return { entries: names.slice(0, LISTED), total: names.length };
}

// Applies `edit` to each file's running text (several edits of one file apply in order).
async function sequential(engine: Engine, items: readonly { path: string; edit: (before: string) => string | null }[]): Promise<FileChange[]> {
  const files = new Map<string, FileChange>();
  for (const item of items) {
    const now = await current(engine, item.path);
    if (!now) continue;
    const state = files.get(now.rel) ?? { rel: now.rel, before: now.text, after: now.text };
    if (state.after === null && state.before !== null) continue;
    let after: string | null;
    try {
      after = item.edit(state.after ?? '');
    } catch {
      return []; // the call fails as a whole, with its own message
    }
    files.set(now.rel, { ...state, after });
  }
  return [...files.values()];
}

async function writePlan(engine: Engine, args: Args): Promise<FileChange[]> {
  const content = text(args['content']);
  const file = text(args['file']) ?? text(args['path']);
  if (content === undefined || file === undefined || args['encoding'] === 'base64') return [];
  return sequential(engine, [{ path: file, edit: (before) => (args['append'] === true ? before + content : content) }]);
}

async function patchPlan(engine: Engine, args: Args): Promise<FileChange[]> {
  if (args['encoding'] === 'base64') return [];
  const diff = text(args['diff']);
  if (diff !== undefined) {
    const { applyFilePatch, parseUnifiedDiff, patchTarget } = await import('../../edit/unified-diff.js');
    let patches;
    try {
      patches = parseUnifiedDiff(diff, text(args['file']) !== undefined ? { defaultFile: text(args['file'])! } : {});
    } catch {
      return [];
    }
    return sequential(engine, patches.map((patch) => ({ path: patchTarget(patch), edit: (before: string) => applyFilePatch(patch.oldPath === null ? null : before, patch).text })));
  }
  const [file, search, replace] = [text(args['file']), text(args['search']), text(args['replace'])];
  if (file === undefined || search === undefined || replace === undefined) return [];
  const { applySearchReplace } = await import('../../edit/search-replace.js');
  return sequential(engine, [{ path: file, edit: (before) => applySearchReplace(before, search, replace, { all: args['all'] === true }).text }]);
}

async function multipatchPlan(engine: Engine, args: Args): Promise<FileChange[]> {
  const { applySearchReplace } = await import('../../edit/search-replace.js');
  const edits = list(args['edits']);
  if (edits.some((edit) => edit['encoding'] === 'base64')) return [];
  return sequential(engine, edits.flatMap((edit) => {
    const [file, search, replace] = [text(edit['file']), text(edit['search']), text(edit['replace'])];
    return file === undefined || search === undefined || replace === undefined ? [] : [{ path: file, edit: (before: string) => applySearchReplace(before, search, replace, { all: edit['all'] === true }).text }];
  }));
}

async function createPlan(engine: Engine, args: Args): Promise<FileChange[]> {
  const entries = list(args['files']);
  return sequential(engine, entries.flatMap((entry) => {
    const [path, content] = [text(entry['path']), text(entry['content']) ?? ''];
    return path === undefined || entry['encoding'] === 'base64' ? [] : [{ path, edit: () => content }];
  }));
}

async function updatePlan(engine: Engine, args: Args): Promise<FileChange[]> {
  const { applyLineOps } = await import('../../edit/line-ops.js');
  return sequential(engine, list(args['files']).flatMap((entry) => {
    const path = text(entry['path']);
    return path === undefined ? [] : [{ path, edit: (before: string) => applyLineOps(before, entry['ops'] as never).text }];
  }));
}

async function deletePlan(engine: Engine, args: Args): Promise<ChangePlan> {
  const files: FileChange[] = [];
  const notes: string[] = [];
  for (const path of Array.isArray(args['paths']) ? args['paths'].filter((item): item is string => typeof item === 'string') : []) {
    let resolved;
    try {
      resolved = await engine.workspace.resolve(path, 'delete');
    } catch {
      continue;
    }
    const info = await lstat(resolved.lexical).catch(() => undefined);
    if (!info) continue;
    if (info.isSymbolicLink()) notes.push(`removes the link ${path} (its target stays)`);
    else if (info.isDirectory()) {
      const listed = await folderEntries(resolved.real, resolved.rel);
      if (!listed) notes.push(`removes the folder ${resolved.rel}/ and everything in it (it changed while it was read)`);
      else {
        const more = listed.total > listed.entries.length ? `, … ${listed.total - listed.entries.length} more` : '';
        notes.push(`removes the folder ${resolved.rel}/ and everything in it${listed.total > 0 ? ` (${listed.entries.join(', ')}${more})` : ' (empty)'}`);
      }
    } else {
      const before = await readSmall(resolved.real);
      if (typeof before === 'string') files.push({ rel: resolved.rel, before, after: null });
      else notes.push(`removes ${resolved.rel} (${info.size} bytes; binary or too large to show)`);
    }
  }
  return { files, notes };
}

// The change a call will make, for the commands that change files; undefined for others.
export async function planChange(engine: Engine, name: string, args: Args): Promise<ChangePlan | undefined> {
  const only = (files: FileChange[]): ChangePlan => ({ files, notes: [] });
  switch (name) {
    case 'write':
      return only(await writePlan(engine, args));
    case 'patch':
      return only(await patchPlan(engine, args));
    case 'multipatch':
      return only(await multipatchPlan(engine, args));
    case 'create':
      return only(await createPlan(engine, args));
    case 'update':
      return only(await updatePlan(engine, args));
    case 'delete':
      return deletePlan(engine, args);
    default:
      return undefined;
  }
}

export const CHANGE_COMMANDS: ReadonlySet<string> = new Set(['write', 'patch', 'multipatch', 'create', 'update', 'delete']);
