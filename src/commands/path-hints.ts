// What a caller probably meant by a path that is not found (CommandDefinition.notFoundHint).

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
