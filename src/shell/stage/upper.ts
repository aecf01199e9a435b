import { chmodSync, lstatSync, readlinkSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import type { OverlayLayout } from '../../sandbox/overlay.js';
import { listBytes } from '../../sandbox/byte-names.js';
import { overlayOpaque } from './xattrs.js';

// What a staged run left in the overlay's upper folder (overlay.ts), as entries relative to the
// workspace: files and links it created or changed (a changed mode copies the whole file up), whiteouts
// (char device 0/0: a name it removed), folders (new ones, and "opaque" ones it emptied and made again:
// none of the workspace's entries below them survive), and anything else (a FIFO, a socket), which is
// never applied. The upper folder is codeward's own (hidden from the sandbox, outside the workspace):
// nothing in it is followed, every entry is read with lstat.

export type UpperEntry =
  | { readonly kind: 'file'; readonly rel: string; readonly source: string; readonly stats: Stats }
  | { readonly kind: 'symlink'; readonly rel: string; readonly source: string; readonly target: string }
  | { readonly kind: 'whiteout'; readonly rel: string }
  | { readonly kind: 'dir'; readonly rel: string; readonly source: string; readonly mode: number; readonly opaque: boolean; readonly unsure?: string }
  | { readonly kind: 'other'; readonly rel: string; readonly reason?: string };

function entryOf(rel: string, source: string, stats: Stats): UpperEntry {
  if (stats.isFile()) return { kind: 'file', rel, source, stats };
  if (stats.isSymbolicLink()) return { kind: 'symlink', rel, source, target: readlinkSync(source) };
  if (stats.isCharacterDevice() && stats.rdev === 0) return { kind: 'whiteout', rel };
  if (stats.isDirectory()) return { kind: 'dir', rel, source, mode: stats.mode & 0o7777, opaque: false };
  return { kind: 'other', rel };
}

// Listed by bytes (byte-names.ts; red team R41-a8: one name that is not UTF-8 made the whole change set unreadable,
// nothing applied): such an entry, and all below it, is never applied (said by its reason); the rest is.
function walk(dir: string, prefix: string, out: UpperEntry[]): void {
  for (const listed of listBytes(dir).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const name = listed.name;
    const rel = prefix === '' ? name : `${prefix}/${name}`;
    if (!listed.faithful) {
      out.push({ kind: 'other', rel, reason: `its name is not UTF-8 (bytes ${listed.raw.toString('hex')}), which codeward cannot name: not applied, with all below it` });
      continue;
    }
    const source = join(dir, name);
    const entry = entryOf(rel, source, lstatSync(source));
    out.push(entry);
    if (entry.kind !== 'dir') continue;
    // A folder the command made read-only (chmod 555, or 000) is opened in the upper folder (codeward's
    // own) so it can be listed and its files moved out as a normal user; its mode is in the entry.
    if ((entry.mode & 0o700) !== 0o700) chmodSync(source, entry.mode | 0o700);
    walk(source, rel, out);
  }
}

// Every entry of the upper folder, parents before children; folders marked opaque where the overlay marked them
// (xattrs.ts). A folder whose mark could not be read is not opaque, and says why (`unsure`): the plan removes
// nothing of the workspace's below it (a wrong "opaque" would delete what the run never touched).
export function readUpper(layout: Pick<OverlayLayout, 'upper'>): UpperEntry[] {
  const entries: UpperEntry[] = [];
  walk(layout.upper, '', entries);
  const folders = entries.flatMap((entry) => (entry.kind === 'dir' ? [entry.source] : []));
  const opaque = overlayOpaque(folders);
  return entries.map((entry) => {
    if (entry.kind !== 'dir') return entry;
    const mark = opaque.get(entry.source);
    return mark === undefined ? { ...entry, unsure: 'its overlay attributes could not be read (GNU tar, /usr/bin/tar, read them)' } : mark ? { ...entry, opaque: true } : entry;
  });
}
