// What every reported path must pass, whichever engine found it: not non-accessible (the workspace's
// own globs; ripgrep was told them too, this is the final word) and, where ripgrep cannot know it,
// not gitignored the way tree decides it.
import { fail } from '../engine/errors.js';
import { GitignoreCheck } from './gitignore.js';
import type { SearchRequest } from './types.js';

export function makePathFilter(request: SearchRequest, engine: 'ripgrep' | 'node'): (rel: string) => boolean {
  const { workspace } = request;
  const folders = new Map<string, boolean>();
  const folderBlocked = (folder: string): boolean => {
    let verdict = folders.get(folder);
    if (verdict === undefined) {
      const cut = folder.lastIndexOf('/');
      // A folder is never a credential store (a regular file's content): judged by name, not opened.
      verdict = workspace.isFolderHiddenFromReaders(folder, cut !== -1 && folderBlocked(folder.slice(0, cut)));
      folders.set(folder, verdict);
    }
    return verdict;
  };
  const git = engine === 'ripgrep' ? ripgrepGaps(request) : undefined;
  // The content check is left to the caller's jailed read only for a listing of names (types.ts readThroughJail).
  const byName = request.readThroughJail === true && request.searchPaths && !request.searchContent;
  // rg reports a folder's files one after another: the last folder's verdict is reused without a lookup.
  let lastFolder = '';
  let lastBlocked = false;
  return (rel) => {
    if (rel === '' || rel.startsWith('/') || rel === '..' || rel.startsWith('../')) return false;
    const cut = rel.lastIndexOf('/');
    let blocked = false;
    if (cut !== -1) {
      if (cut !== lastFolder.length || !rel.startsWith(lastFolder)) {
        lastFolder = rel.slice(0, cut);
        lastBlocked = folderBlocked(lastFolder);
      }
      blocked = lastBlocked;
    }
    if (byName ? workspace.isHiddenFromReadersByName(rel, blocked) : workspace.isHiddenFromReadersEntry(rel, blocked)) return false;
    return git === undefined || !git.ignores(rel);
  };
}

// ripgrep reads .gitignore files from the searched folder down; those above it, and every one for a
// file a positive --glob whitelisted (rg globs override ignore rules), are checked here.
function ripgrepGaps(request: SearchRequest): GitignoreCheck | undefined {
  if (request.includeHidden || request.target.kind === 'file') return undefined;
  const named = request.target.kind === 'dir' ? request.target.rel : '';
  if (request.globs.some((glob) => !glob.startsWith('!'))) return new GitignoreCheck(request.workspace, undefined, named);
  return request.target.rel === '' ? undefined : new GitignoreCheck(request.workspace, request.target.rel, named);
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
}

// The term as a JavaScript RegExp (the Node scan, path names). Literal terms are escaped; regex terms
// use JavaScript syntax, which agrees with ripgrep's on everyday patterns.
export function termRegExp(term: string, regex: boolean, caseSensitive: boolean): RegExp {
  const flags = caseSensitive ? '' : 'i';
  if (!regex) return new RegExp(escapeRegExp(term), `u${flags}`);
  let problem = '';
  for (const unicode of ['u', '']) {
    try {
      return new RegExp(term, `${unicode}${flags}`);
    } catch (error) {
      problem ||= (error as Error).message;
    }
  }
  throw fail('C210', `--regex: invalid regular expression: ${problem}; search the text literally without --regex`);
}

// Whether a path name matches the term.
export function pathMatcher(term: string, regex: boolean, caseSensitive: boolean): (path: string) => boolean {
  if (!regex && caseSensitive) return (path) => path.includes(term);
  const pattern = termRegExp(term, regex, caseSensitive);
  return (path) => pattern.test(path);
}
