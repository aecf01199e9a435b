// A bound must never stop silently (red team R19-9/R19-10/R20-25/R21-9, bounds23): readGitMetadata gives undefined
// both for "absent" and for "larger than the bound", and a caller's `?? ''` or `continue` then reads a padded file as
// empty (bounds23: a `.git/config` padded with 5 MiB of comments let a line of git alone run the filter after it).
// The deciding code (permissions/, shell/, git/, sandbox/) reads through readGitMetadataOr, readGitMetadataBytesOr,
// metadataText or readGitMetadataNoting (src/git/config-read.ts), whose 'too-large' cannot be mistaken for
// 'absent'. ALLOWED: the files still on the ambiguous form, each with why; the list may only shrink.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ALLOWED = new Map([
  ['src/git/config-read.ts', 'defines the readers (the unambiguous ones are built on readGitMetadataBytes)'],
  ['src/sandbox/git-identity.ts', 'already fails closed: unread and present (lstat) is hidden whole from the sandbox'],
  ['src/sandbox/secret-text.ts', 'already fails closed: unread and present (lstat) is hidden whole from the sandbox (hiddenWhole, moved from git-identity.ts)'],
  ['src/sandbox/gitlink-memo.ts', 'undefined is already "unknown" to every caller (the submodules git enters cannot be told: asks)'],
  ['src/sandbox/enclosing-git.ts', 'the index copy: undefined gives no enclosing-repository view at all (fails closed)'],
  ['src/sandbox/git-state.ts', "LEFT (bounds23): the index snapshot a run's git changes are judged against"],
  ['src/sandbox/git-state-read.ts', 'LEFT (bounds23): refs and packed-refs of that snapshot'],
  ['src/sandbox/hidden-excludes.ts', "LEFT (bounds23): the copy of info/exclude the sandbox shows (a padded one is shown as codeward's lines only)"],
  ['src/sandbox/nested-git.ts', 'LEFT (bounds23): nested clones\' pointers, commondir and configs for the sandbox\'s read-only view'],
  ['src/sandbox/tracked-secrets.ts', 'LEFT (bounds23): pointer/commondir/alternates; the index read already fails closed (undefined: git lists it)'],
  ['src/sandbox/secret-scripts.ts', 'LEFT (bounds23): a script past the bound is not looked at for a secret'],
  ['src/git/credential-stores.ts', "LEFT (bounds23): a padded config's credential helper store is not found"],
]);
const AMBIGUOUS = /\breadGitMetadata(?:Bytes)?\s*\(/;

const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : []));

describe('lint: no ambiguous metadata read where safety is decided', () => {
  it('permissions/, shell/, git/ and sandbox/ read through readGitMetadataOr', () => {
    const offenders = ['src/permissions', 'src/shell', 'src/git', 'src/sandbox'].flatMap(files).filter((file) => !ALLOWED.has(file) && AMBIGUOUS.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('the allow list only names files that still need it, each with a reason', () => {
    expect([...ALLOWED.keys()].filter((file) => !AMBIGUOUS.test(readFileSync(file, 'utf8')))).toEqual([]);
    expect([...ALLOWED.values()].filter((why) => why.length < 20)).toEqual([]);
  });
});
