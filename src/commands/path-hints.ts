// What a caller probably meant by a path that is not found (CommandDefinition.notFoundHint).
import { posix } from 'node:path';
import type { Workspace } from '../workspace/workspace.js';

// How many entries of the workspace listing a name search looks at (it runs only after a path was not found).
const NAME_SEARCH_ENTRIES = 20_000;
const NAMED_AT_MOST = 3;

// Files elsewhere in the workspace with the base name of `input` (`num.js` → `test/num.js`), through the
// same listing as tree: gitignored, hidden and non-accessible entries are never named, so the answer is the
// same whether or not a hidden file exists. Bounded: the first NAME_SEARCH_ENTRIES entries of the walk.
export async function sameNamed(input: string, workspace: Workspace): Promise<string[]> {
  const wanted = posix.basename(input.replaceAll('\\', '/'));
  if (wanted === '' || wanted === '.' || wanted === '..') return [];
  const asked = posix.normalize(input.replaceAll('\\', '/')).replace(/^\.\//, '');
  // The walk (and its gitignore reader) loads here: only a call whose path was not found pays for it.
  const { walkTree } = await import('./tree-walk.js');
  const { entries } = await walkTree({
    workspace,
    dir: workspace.root,
    maxDepth: undefined,
    maxEntries: NAME_SEARCH_ENTRIES,
    glob: undefined,
    includeHidden: false,
    signal: new AbortController().signal,
  });
  const lower = wanted.toLowerCase();
  const found = entries.filter((entry) => entry.type === 'file' && entry.nonAccessible !== true && entry.path !== asked && posix.basename(entry.path).toLowerCase() === lower);
  return found.map((entry) => entry.path);
}

// `did you mean test/num.js?` when one to three files of that name exist elsewhere.
export async function sameNameHint(input: string, workspace: Workspace): Promise<string | undefined> {
  const found = await sameNamed(input, workspace);
  if (found.length === 0 || found.length > NAMED_AT_MOST) return undefined;
  return found.length === 1 ? `did you mean ${found[0]}?` : `did you mean one of ${found.join(', ')}?`;
}

// A command's own hint from the input, else the name search.
export function orSameName(first?: (input: string) => string | undefined): (input: string, workspace: Workspace) => Promise<string | undefined> {
  return async (input, workspace) => first?.(input) ?? sameNameHint(input, workspace);
}

// `src/app.ts:50`, `src/app.ts:50:7`, `src/app.ts:50-80` (how compilers and search results name a line).
export function lineFormHint(input: string): string | undefined {
  const found = /^(.+?):(\d+)(?::\d+|-(\d+))?$/.exec(input);
  if (!found) return undefined;
  const [, file, start, end] = found;
  return `to read ${file} from line ${start}, pass the line as a flag: read --file ${file} --start ${start}${end === undefined ? '' : ` --end ${end}`}`;
}

// `HEAD~1`, `HEAD^`, `@{u}`, `main..feature`, `a1b2c3d`: a revision, which git-diff does not take.
export function revisionHint(input: string): string | undefined {
  const revision = /^(?:HEAD|@|ORIG_HEAD|FETCH_HEAD|MERGE_HEAD)(?:[~^]\d*|@\{[^}]*\})*$|^[\w./-]+(?:~\d+|\^\d*)+$|\.\.|^[0-9a-f]{7,40}$|@\{[^}]*\}/.test(input);
  if (!revision) return undefined;
  return `${input} looks like a git revision, and git-diff takes none: it compares the working tree with the index (--staged: the index with HEAD), and --file names a path. To see what commits changed, run git-log (--stat), or exec "git diff ${input}"`;
}
