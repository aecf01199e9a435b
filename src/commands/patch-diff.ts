import type { CommandContext, Touch } from '../engine/command.js';
import { ensureParentDirs } from '../files/atomic-write.js';
import { encodeText, type TextDoc } from '../files/text.js';
import type { FileChange } from '../files/transaction.js';
import { applyUnifiedDiff, diffCandidates, diffTargets, parseUnifiedDiff, patchTarget, prefixStripped, type FilePatch, type HunkReport } from '../edit/unified-diff.js';
import { decodeBase64 } from './base64.js';
import { checkWriteSize, flagText, loadEditable, sameBytes } from './edit-file.js';

export interface DiffFileResult {
  path: string;
  hunks: HunkReport[];
  created: boolean;
  deleted: boolean;
  backup: string | null;
}

export interface DiffData {
  replacements: number;
  backup: string | null;
  files: DiffFileResult[];
}

function parse(diff: string, encoding: 'text' | 'base64', file: string | undefined): FilePatch[] {
  const text = flagText(diff, encoding, '--diff', decodeBase64);
  return parseUnifiedDiff(text, file === undefined ? {} : { defaultFile: file });
}

// Every file a diff names is jailed (and gated) before anything is read.
export function diffTouches(diff: string, encoding: 'text' | 'base64', file: string | undefined): Touch[] {
  return diffCandidates(parse(diff, encoding, file)).map((path) => ({ path, access: 'write' as const }));
}

// `--- a/x.go` / `+++ a/x.go`: the folder `a/` when `a/x.go` exists, else `x.go` (both were jailed as touches).
function resolvePrefixes(patches: readonly FilePatch[], ctx: CommandContext): FilePatch[] {
  return patches.map((patch) => {
    if (!patch.prefixed) return patch;
    const { prefixed: _, ...asWritten } = patch;
    if (ctx.path(patchTarget(asWritten)).kind !== 'missing') return asWritten;
    const stripped = prefixStripped(patch);
    return ctx.path(patchTarget(stripped)).kind !== 'missing' ? stripped : asWritten;
  });
}

function reportOffsets(ctx: CommandContext, path: string, hunks: readonly HunkReport[]): void {
  for (const hunk of hunks) {
    if (hunk.offset !== 0) ctx.warn(`${path}: hunk ${hunk.index} applied at line ${hunk.appliedLine} (offset ${hunk.offset > 0 ? '+' : ''}${hunk.offset})`);
    if (hunk.whitespaceIgnored) ctx.warn(`${path}: hunk ${hunk.index} matched only with trailing whitespace ignored`);
  }
}

// Sections naming one file through different spellings (`a.txt`, `./a.txt`, a symlink to it) use the
// first spelling, so they apply in sequence to one text instead of overwriting each other.
function sameFileOnce(patches: readonly FilePatch[], ctx: CommandContext): FilePatch[] {
  const spellings = new Map<string, string>();
  return patches.map((patch) => {
    const path = patchTarget(patch);
    const real = ctx.path(path).real;
    const first = spellings.get(real) ?? path;
    spellings.set(real, first);
    if (first === path) return patch;
    return patch.newPath !== null ? { ...patch, newPath: first } : { ...patch, oldPath: first };
  });
}

// Applies a unified diff to every file it names, all or nothing: each file's new text is computed in
// memory first, then all files are committed together (journaled, so even a crash leaves no mix).
export async function runDiff(diff: string, encoding: 'text' | 'base64', file: string | undefined, ctx: CommandContext): Promise<DiffData> {
  const patches = sameFileOnce(resolvePrefixes(parse(diff, encoding, file), ctx), ctx);
  const targets = diffTargets(patches);
  const docs = new Map<string, { doc: TextDoc; bytes: Uint8Array } | null>();
  for (const path of targets) {
    const target = ctx.path(path);
    docs.set(path, target.kind === 'missing' ? null : await loadEditable(ctx, path));
  }
  // A failure of one file of several says itself that no file was changed (unified-diff.ts).
  const applied = applyUnifiedDiff(new Map([...docs].map(([path, loaded]) => [path, loaded?.doc.text ?? null])), patches);
  const changes: FileChange[] = [];
  const files: DiffFileResult[] = [];
  const besides = new Map<DiffFileResult, string | undefined>();
  const computed = targets.map((path) => {
    const result = applied.get(path)!;
    const loaded = docs.get(path) ?? null;
    reportOffsets(ctx, path, result.hunks);
    const bytes = result.text === null ? null : encodeText(result.text, loaded?.doc ?? { bom: false, encoding: 'utf-8' });
    if (bytes !== null) checkWriteSize(ctx, path, bytes);
    return { path, result, loaded, bytes, unchanged: bytes !== null && loaded !== null && sameBytes(bytes, loaded.bytes) };
  });
  // Declared with their bytes before any .bak or folder is made (a dry run stops here).
  if (await ctx.intend(computed.filter((each) => !each.unchanged).map((each) => ({ path: ctx.path(each.path).real, after: each.bytes, before: each.loaded?.bytes ?? null })))) {
    return { replacements: 0, backup: null, files: [] };
  }
  const [{ checkpointed }, { backupLabel, besideBackup }] = await Promise.all([import('../files/checkpoints/record.js'), import('../files/checkpoints/replace.js')]);
  for (const { path, result, loaded, bytes, unchanged } of computed) {
    const target = ctx.path(path);
    const entry: DiffFileResult = { path: target.rel, hunks: result.hunks, created: loaded === null, deleted: bytes === null, backup: null };
    files.push(entry);
    if (unchanged) continue;
    const beside = loaded !== null ? await besideBackup(ctx, target.real) : undefined;
    besides.set(entry, beside);
    if (bytes !== null) await ensureParentDirs(target.real, ctx.workspace.jail);
    changes.push({ path: target.real, bytes });
  }
  const { checkpoint } = await checkpointed(ctx, 'patch', changes.map((change) => change.path), () => ctx.commit(changes));
  for (const [entry, beside] of besides) entry.backup = entry.created ? null : backupLabel(ctx, beside, checkpoint);
  const hunks = files.reduce((sum, each) => sum + each.hunks.length, 0);
  return { replacements: hunks, backup: files.find((each) => each.backup)?.backup ?? null, files };
}
