// What a search found nothing in did not look at: the entries at the top of the searched folder that
// the default rules skip (dot-files, node_modules, vendor, gitignored) and the non-accessible ones, so
// "no matches" is never read as "the text is nowhere" (issue 28).
import { readdirSync } from 'node:fs';
import type { Workspace } from '../workspace/workspace.js';
import { GitignoreCheck } from './gitignore.js';

const ALWAYS_SKIPPED = new Set(['.git', '.codeward']);
const SHOWN = 5;

// The warning for an empty search of `rel` (workspace-relative folder, '' = root), or undefined when
// nothing at its top was skipped.
export function skippedNote(workspace: Workspace, rel: string, real: string, includeHidden: boolean): string | undefined {
  const dir = workspace.jail.openDir(real, { input: rel || '.' });
  let entries: { name: string; folder: boolean }[];
  try {
    entries = readdirSync(dir.path, { withFileTypes: true }).map((entry) => ({ name: entry.name, folder: entry.isDirectory() }));
  } catch {
    return undefined;
  } finally {
    dir.close();
  }
  const git = new GitignoreCheck(workspace, undefined, rel);
  const hidden: string[] = [];
  let secret = 0;
  for (const { name, folder } of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (ALWAYS_SKIPPED.has(name)) continue;
    const path = rel === '' ? name : `${rel}/${name}`;
    if (workspace.isHiddenFromReaders(path)) secret++;
    else if (!includeHidden && (name.startsWith('.') || name === 'node_modules' || name === 'vendor' || git.ignores(folder ? `${path}/` : path))) hidden.push(folder ? `${name}/` : name);
  }
  const parts: string[] = [];
  if (hidden.length > 0) {
    const more = hidden.length > SHOWN ? ` and ${hidden.length - SHOWN} more` : '';
    parts.push(`not searched by the default rules (dot-files, node_modules, vendor, gitignored): ${hidden.slice(0, SHOWN).join(', ')}${more} at the top of ${rel || 'the workspace'}; --include-hidden searches them, or name one with --dir`);
  }
  if (secret > 0) parts.push(`${secret} non-accessible ${secret === 1 ? 'entry' : 'entries'} (the hidden-files globs) never searched`);
  return parts.length === 0 ? undefined : `no match in the files searched; ${parts.join('; ')}`;
}
