import type { PreparedCall } from '../engine/engine.js';
import { isInside, toRel } from '../workspace/contains.js';
import type { FolderListings } from '../workspace/listings.js';
import type { ObeyedContextOf } from './immune.js';
import type { ObeyedContext } from './obeyed.js';
import { isStylesheet, judgedAsSheet } from './stylesheet-kinds.js';
import type { Judged } from './types.js';

// The new text of each stylesheet a file tool writes, from the call's own dry run (its declared bytes), on the
// judged path: a Tailwind project's stylesheet is obeyed only when that text loads code (css-code.ts). Reading the
// dry run here binds the run to it: a run that declares other bytes is refused (engine/dry-run.ts approvedIntent,
// C230). A stylesheet declared twice, removed, not UTF-8, or a dry run that failed: no text (obeyed, it asks).
// A file of another kind an existing sheet imports is a sheet too (R23-7: `@import "./x.txt"`): which ones the write
// gate's context says, computed here once for the call (`obeyed`: the same context for its decisions).
export async function withWritten(call: PreparedCall, judged: Judged[], at?: { readonly root: string; readonly folderListings?: FolderListings }): Promise<{ judged: Judged[]; obeyed?: ObeyedContextOf }> {
  const writes = (entry: Judged): boolean => entry.kind === 'path' && entry.access === 'write' && entry.real !== undefined;
  if (call.found || !call.command.dryRun || call.preview === undefined || !judged.some(writes)) return { judged };
  const context = judged.some((entry) => writes(entry) && !isStylesheet(entry.real!)) && at !== undefined ? await contextOf(at.root, at.folderListings) : undefined;
  const styles = (entry: Judged): boolean => writes(entry) && (isStylesheet(entry.real!) || sheetByImport(entry, at?.root, context?.ctx));
  // A write where a relative PATH entry `.` obeys the programs (red team R28-1) is judged by what it leaves there.
  const program = context?.ctx.homeLinks?.some((link) => link.executable === true) === true ? await import('./runnable.js') : undefined;
  const programs = (entry: Judged): boolean => program !== undefined && writes(entry) && program.programByPath(entry, at!.root, context!.ctx);
  const obeyed = context === undefined ? {} : { obeyed: context.of };
  if (!judged.some(styles) && !judged.some(programs)) return { judged, ...obeyed };
  const dry = await call.preview().catch(() => undefined);
  // Not known (the call would fail): a program (it asks).
  if (dry === undefined || dry.error !== undefined) return { judged: judged.map((entry) => (programs(entry) ? { ...entry, program: true } : entry)), ...obeyed };
  return { ...obeyed, judged: judged.map((entry) => {
    if (programs(entry)) entry = { ...entry, program: program!.leavesProgram(entry, dry.changes, at!.root) };
    const changes = styles(entry) ? dry.changes.filter((change) => change.path === entry.real) : [];
    const [only] = changes;
    if (changes.length !== 1 || only?.after == null) return entry;
    const written = utf8(only.after);
    return written === undefined ? entry : { ...entry, written };
  }) };
}

// The write gate's context of the workspace, once: the function the decisions call returns it for the same
// workspace and listings (immune.ts asks with no home: the default one).
async function contextOf(root: string, listings: FolderListings | undefined): Promise<{ ctx: ObeyedContext; of: ObeyedContextOf }> {
  const { obeyedContext } = await import('./obeyed-context.js');
  const ctx = obeyedContext(root, undefined, listings);
  return { ctx, of: (asked, home, kept) => (asked === root && home === undefined && kept === listings ? ctx : obeyedContext(asked, home, kept)) };
}

// Whether a written path of another kind is a sheet by an import: by its workspace-relative spellings.
function sheetByImport(entry: Judged, root: string | undefined, ctx: ObeyedContext | undefined): boolean {
  if (ctx === undefined || root === undefined) return false;
  const real = isInside(root, entry.real!) ? toRel(root, entry.real!) : undefined;
  return [entry.subject, real].some((rel) => rel !== undefined && judgedAsSheet(rel, ctx));
}

export function utf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
