// The source files under a folder, by ripgrep's walk (gitignore, hidden files and the non-accessible
// globs applied as for `search`); with a name, only the files whose text holds it (rg -l), so files
// that cannot define it cost nothing.
import { LANGUAGES } from '../languages.js';
import type { Workspace } from '../../workspace/workspace.js';

export interface ListRequest {
  readonly workspace: Workspace;
  readonly nonAccessibleGlobs: readonly string[];
  readonly target: { readonly rel: string; readonly real: string; readonly kind: 'dir' | 'file' };
  // Only files that contain this text (literal); absent: every source file.
  readonly containing?: { readonly text: string; readonly caseSensitive: boolean };
  readonly maxFiles: number;
  readonly signal: AbortSignal;
  readonly warn: (message: string) => void;
}

export const CODE_GLOBS: readonly string[] = LANGUAGES.flatMap((language) => language.extensions.map((ending) => `*${ending}`));

export async function listCodeFiles(request: ListRequest): Promise<{ files: string[]; truncated: boolean }> {
  const { runSearch } = await import('../../search/search.js');
  const containing = request.containing;
  const result = await runSearch({
    workspace: request.workspace,
    nonAccessibleGlobs: request.nonAccessibleGlobs,
    target: request.target,
    term: containing?.text ?? '.',
    mode: containing === undefined ? 'content' : 'files',
    regex: containing === undefined,
    caseSensitive: containing?.caseSensitive ?? true,
    context: 0,
    maxResults: request.maxFiles,
    globs: CODE_GLOBS,
    includeHidden: false,
    searchContent: containing !== undefined,
    searchPaths: containing === undefined,
    maxLineLength: 200,
    signal: request.signal,
    warn: request.warn,
  });
  const files = containing === undefined ? result.pathMatches.map((hit) => hit.path) : result.files.map((hit) => hit.path);
  return { files, truncated: result.truncated };
}
