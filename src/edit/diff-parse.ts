import { fail } from '../engine/errors.js';
import { isFileHeaderAt, readHunk } from './diff-hunk-parse.js';
import { gitHeaderPaths, headerPath, plainPath, stripPrefixes } from './diff-paths.js';
import type { FilePatch } from './diff-types.js';

// What a `diff --git` section said before (or instead of) its `---` / `+++` lines.
interface GitSection {
  oldPath: string | null;
  newPath: string | null;
  newFile: boolean;
  deletedFile: boolean;
  renameFrom?: string;
  renameTo?: string;
  binary: boolean;
  patch?: FilePatch;
}

const BINARY = /^(?:Binary files .* differ$|GIT binary patch)/;

function startGit(line: string): GitSection {
  const names = gitHeaderPaths(line.slice('diff --git '.length));
  const paths = names === undefined
    ? { oldPath: null, newPath: null }
    : stripPrefixes(names.oldPath, names.newPath);
  return { ...paths, newFile: false, deletedFile: false, binary: false };
}

// Records an extended header line (`new file mode`, `rename from`, ...); false when it is not one.
function gitExtended(git: GitSection, line: string): boolean {
  if (line.startsWith('new file mode')) git.newFile = true;
  else if (line.startsWith('deleted file mode')) git.deletedFile = true;
  else if (line.startsWith('rename from ') || line.startsWith('copy from ')) git.renameFrom = plainPath(line.replace(/^\w+ from /, ''));
  else if (line.startsWith('rename to ') || line.startsWith('copy to ')) git.renameTo = plainPath(line.replace(/^\w+ to /, ''));
  else if (!/^(?:index |old mode |new mode |similarity index |dissimilarity index )/.test(line)) return false;
  return true;
}

// The patch a git section stands for when it has no `---` / `+++` lines (an empty new or deleted file).
function gitOnlyPatch(git: GitSection): FilePatch | undefined {
  const path = git.newPath ?? git.oldPath;
  if (path === null || !(git.newFile || git.deletedFile)) return undefined;
  return { oldPath: git.newFile ? null : path, newPath: git.deletedFile ? null : path, hunks: [] };
}

function finishGit(git: GitSection | undefined, patches: FilePatch[]): void {
  if (git === undefined) return;
  const name = git.newPath ?? git.oldPath ?? 'a file';
  if (git.binary) throw fail('C210', `${name}: the diff holds a binary patch, which cannot be applied as text`);
  if (git.renameFrom !== undefined || git.renameTo !== undefined) {
    throw fail('C210', `the diff renames ${git.renameFrom ?? git.oldPath ?? '?'} to ${git.renameTo ?? git.newPath ?? '?'}; `
      + 'renames are not supported: move the file separately and send the content change as a diff of one path');
  }
  if (git.patch === undefined) {
    const patch = gitOnlyPatch(git);
    if (patch !== undefined) patches.push(patch);
  }
}

function fileHeaderPatch(lines: readonly string[], at: number): FilePatch {
  const oldPath = headerPath((lines[at] ?? '').slice(4), '---');
  const newPath = headerPath((lines[at + 1] ?? '').slice(4), '+++');
  if (oldPath === null && newPath === null) throw fail('C210', 'the diff has /dev/null on both its --- and +++ lines');
  return { ...stripPrefixes(oldPath, newPath), hunks: [] };
}

// Parses a unified diff as people and models write it (git, GNU diff, jsdiff, headerless, wrong counts).
export function parseUnifiedDiff(diffText: string, options: { defaultFile?: string } = {}): FilePatch[] {
  const lines = diffText.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  const patches: FilePatch[] = [];
  let current: FilePatch | undefined;
  let git: GitSection | undefined;
  let ordinal = 0;
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (line.startsWith('diff --git ')) {
      finishGit(git, patches);
      git = startGit(line);
      current = undefined;
      i++;
    } else if (git !== undefined && git.patch === undefined && gitExtended(git, line)) {
      i++;
    } else if (isFileHeaderAt(lines, i)) {
      current = fileHeaderPatch(lines, i);
      if (git !== undefined && git.patch === undefined) git.patch = current;
      patches.push(current);
      ordinal = 0;
      i += 2;
    } else if (line.startsWith('@@')) {
      if (current === undefined) {
        current = headerlessPatch(git, options.defaultFile, patches);
        ordinal = 0;
      }
      const { hunk, next } = readHunk(lines, i, ++ordinal);
      current.hunks.push(hunk);
      i = next;
    } else {
      if (git !== undefined && BINARY.test(line)) git.binary = true;
      i++;
    }
  }
  finishGit(git, patches);
  for (const patch of patches) {
    if (patch.hunks.length === 0 && patch.oldPath !== null && patch.newPath !== null) {
      throw fail('C210', `${patch.newPath}: the diff has --- / +++ lines for it but no hunk (a line starting with @@ before the changes)`);
    }
  }
  if (patches.length === 0) throw fail('C210', 'the diff has no hunks: expected lines starting with @@ followed by context (" "), removed ("-") and added ("+") lines');
  return patches;
}

// Hunks before any file header: the git section's file, else the caller's default file.
function headerlessPatch(git: GitSection | undefined, defaultFile: string | undefined, patches: FilePatch[]): FilePatch {
  let patch: FilePatch;
  if (git !== undefined && (git.oldPath !== null || git.newPath !== null)) {
    patch = { oldPath: git.newFile ? null : git.oldPath ?? git.newPath, newPath: git.deletedFile ? null : git.newPath ?? git.oldPath, hunks: [] };
    git.patch = patch;
  } else if (defaultFile !== undefined && defaultFile !== '') {
    patch = { oldPath: defaultFile, newPath: defaultFile, hunks: [] };
  } else {
    throw fail('C210', 'the diff names no file; pass --file');
  }
  patches.push(patch);
  return patch;
}
