import type { Workspace } from '../workspace/workspace.js';
import type { FileHit, PathMatch, SearchMatch } from './collect.js';

export type { FileHit, PathMatch, SearchMatch } from './collect.js';

// content: the matching lines; files: the files with a match; count: matching lines per file.
export type SearchMode = 'content' | 'files' | 'count';

// One search, after the command validated its flags and the jail resolved --dir.
export interface SearchRequest {
  readonly workspace: Workspace;
  // The non-accessible globs of the configuration, handed to ripgrep as exclusions (every result is
  // also checked against the workspace itself, which has the final word).
  readonly nonAccessibleGlobs: readonly string[];
  // What to search: a folder (rel '' is the workspace root) or one file, workspace-relative.
  readonly target: { readonly rel: string; readonly real: string; readonly kind: 'dir' | 'file' };
  readonly term: string;
  readonly mode: SearchMode;
  readonly regex: boolean;
  readonly caseSensitive: boolean;
  readonly context: number;
  // The most results collected (lines for content, files otherwise, paths for searchPaths): past it the
  // search stops and says it was truncated.
  readonly maxResults: number;
  // rg walks the tree in path order (`--sort path`, one thread), so the first maxResults results it finds are
  // the first by path: a page stops rg early and is the same page at every call.
  readonly ordered?: boolean;
  // Path names (searchPaths) come back in the order rg found them, unsorted: the caller sorts them itself.
  readonly anyOrder?: boolean;
  // A listing of paths only (searchPaths, not searchContent) whose every file the caller reads afterwards
  // only through the jail (Workspace.resolve(rel, 'read'), which refuses a credential store by its content):
  // the path filter then leaves that content check to the read instead of opening every listed file (on
  // 20 k files, most of a one-changed-file repo map; the code index reads only files whose stamp is not a
  // kept entry's). Ignored by a search that reports content.
  readonly readThroughJail?: true;
  readonly globs: readonly string[];
  readonly includeHidden: boolean;
  readonly searchContent: boolean;
  readonly searchPaths: boolean;
  readonly maxLineLength: number;
  readonly signal: AbortSignal;
  readonly warn: (message: string) => void;
}

export interface SearchResult {
  matches: SearchMatch[];
  // Modes files and count (count only in count mode), in path order.
  files: FileHit[];
  pathMatches: PathMatch[];
  truncated: boolean;
  engine: 'ripgrep' | 'node';
}
