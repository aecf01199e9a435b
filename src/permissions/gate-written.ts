import type { PreparedCall } from '../engine/engine.js';
import { isStylesheet } from './stylesheet-kinds.js';
import type { Judged } from './types.js';

// The new text of each stylesheet a file tool writes, from the call's own dry run (its declared bytes), on the
// judged path: a Tailwind project's stylesheet is obeyed only when that text loads code (css-code.ts). Reading the
// dry run here binds the run to it: a run that declares other bytes is refused (engine/dry-run.ts approvedIntent,
// C230). A stylesheet declared twice, removed, not UTF-8, or a dry run that failed: no text (obeyed, it asks).
export async function withWritten(call: PreparedCall, judged: Judged[]): Promise<Judged[]> {
  const styles = (entry: Judged): boolean => entry.kind === 'path' && entry.access === 'write' && entry.real !== undefined && isStylesheet(entry.real);
  if (call.found || !call.command.dryRun || call.preview === undefined || !judged.some(styles)) return judged;
  const dry = await call.preview().catch(() => undefined);
  if (dry === undefined || dry.error !== undefined) return judged;
  return judged.map((entry) => {
    const changes = styles(entry) ? dry.changes.filter((change) => change.path === entry.real) : [];
    const [only] = changes;
    if (changes.length !== 1 || only?.after == null) return entry;
    const written = utf8(only.after);
    return written === undefined ? entry : { ...entry, written };
  });
}

export function utf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
