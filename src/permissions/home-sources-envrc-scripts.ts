import { relative } from 'node:path';
import { readGitMetadataOr, unreadWhy } from '../git/config-read.js';

// A script an `.envrc` runs (`./scripts/env.sh`, `bash tools/env.sh`) runs on every `cd` like the `.envrc`
// itself (issue 26): a shell script's lines are walked with the same allow-list (home-sources-envrc.ts), in the
// `.envrc`'s place (the folder direnv runs it in). What cannot be walked that way is not understood (`why`):
// a script that spells paths relative to itself (`$0`, `BASH_SOURCE`: the walk reads them from the `.envrc`'s
// folder), or more scripts than a bound. A script of another language (a `#!` naming no
// shell) is obeyed as a file, not read (home-sources-shell.ts).

const MAX_BYTES = 64 * 1024;
const MAX_SCRIPTS = 16;
const SHELL_BANG = /^#!\s*\S*\/(?:env\s+)?(?:sh|bash|zsh|dash|ksh)\b/;

// `top`: the `.envrc`'s folder (names in the reason are relative to it).
export function runScript(path: string, shell: boolean, seen: Set<string>, top: string): { text?: string; why?: string } {
  const got = readGitMetadataOr(path, MAX_BYTES);
  // Missing: the path itself is obeyed, nothing is run from it yet. Too large (or a FIFO, a link loop): not read,
  // never silently. A device or FIFO outside the `.envrc`'s folder (`>/dev/null` taken for a script) is the
  // system's, not the workspace's (as home-sources.ts judges a file past a bound out of the workspace).
  const outside = relative(top, path).startsWith('..');
  if (got === 'absent' || got === 'folder' || (got === 'not-a-file' && outside)) return {};
  if (typeof got !== 'object') return { why: `${unreadWhy(relative(top, path), got, MAX_BYTES)!}, run by the \`.envrc\`` };
  const text = got.text;
  if (!shell && text.startsWith('#!') && !SHELL_BANG.test(text)) return {};
  const name = relative(top, path);
  // Met again (run twice, or a chain that loops): its lines were judged already.
  if (seen.has(path)) return {};
  if (seen.size >= MAX_SCRIPTS) return { why: `the \`.envrc\` runs more than ${MAX_SCRIPTS} scripts (\`${name}\` not read)` };
  seen.add(path);
  if (/\$\{?(?:0|BASH_SOURCE)\b/.test(text)) return { why: `\`${name}\` (run by the \`.envrc\`) spells paths relative to itself` };
  return { text };
}
