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
  // Without `containing`: the caller reads each listed file only through the jail (indexFiles), so the
  // listing does not open each one for the credential store content check (search/types.ts).
  readonly readThroughJail?: true;
  readonly signal: AbortSignal;
  readonly warn: (message: string) => void;
}

export const CODE_GLOBS: readonly string[] = LANGUAGES.flatMap((language) => language.extensions.map((ending) => `*${ending}`));
// The same endings as one path pattern. The whole listing matches it rather than passing CODE_GLOBS to
// ripgrep: a positive --glob overrides ripgrep's ignore rules, so every listed path would then be checked
// against each .gitignore again on this thread (a third of a warm repo-map on 20 k files).
export const CODE_PATH = `(?:${LANGUAGES.flatMap((language) => language.extensions).map((ending) => ending.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')).join('|')})$`;

export async function listCodeFiles(request: ListRequest): Promise<{ files: string[]; truncated: boolean; engine: 'ripgrep' | 'node' }> {
  const { runSearch } = await import('../../search/search.js');
  const containing = request.containing;
  const result = await runSearch({
    workspace: request.workspace,
    nonAccessibleGlobs: request.nonAccessibleGlobs,
    target: request.target,
    term: containing?.text ?? CODE_PATH,
    mode: containing === undefined ? 'content' : 'files',
    regex: containing === undefined,
    caseSensitive: containing?.caseSensitive ?? true,
    context: 0,
    maxResults: request.maxFiles,
    // The index sorts what it returns.
    anyOrder: true,
    globs: containing === undefined ? [] : CODE_GLOBS,
    includeHidden: false,
    searchContent: containing !== undefined,
    searchPaths: containing === undefined,
    ...(request.readThroughJail === true && containing === undefined ? { readThroughJail: true } : {}),
    maxLineLength: 200,
    signal: request.signal,
    warn: request.warn,
  });
  const files = containing === undefined ? result.pathMatches.map((hit) => hit.path) : result.files.map((hit) => hit.path);
  return { files, truncated: result.truncated, engine: result.engine };
}
