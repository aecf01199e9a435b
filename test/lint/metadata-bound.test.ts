// A bound must never stop silently (red team R19-9/R19-10/R20-25/R21-9): readGitMetadata gives undefined both for
// "absent" and for "larger than the bound", and a caller's `?? ''` or `continue` then reads a padded file as empty.
// The deciding code (permissions/, shell/) reads through readGitMetadataOr (src/git/config-read.ts), whose
// 'too-large' cannot be mistaken for 'absent'. NOT_YET: the callers still on the ambiguous form (bounds22 ran out
// of time); the list may only shrink.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const NOT_YET = new Set([
  'src/permissions/readonly-git-submodules.ts',
  'src/permissions/obeyed-env-mains.ts',
  'src/permissions/home-sources-assign.ts',
  'src/permissions/readonly-git-config.ts',
  'src/permissions/home-sources.ts',
  'src/permissions/obeyed-repos.ts',
  'src/permissions/hook-packages.ts',
  'src/permissions/hook-walk.ts',
  'src/shell/git-alone-repo.ts',
]);
const AMBIGUOUS = /\breadGitMetadata(?:Bytes)?\s*\(/;

const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : []));

describe('lint: no ambiguous metadata read where safety is decided', () => {
  it('permissions/ and shell/ read through readGitMetadataOr', () => {
    const offenders = ['src/permissions', 'src/shell'].flatMap(files).filter((file) => !NOT_YET.has(file) && AMBIGUOUS.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('the not-yet list only names files that still need it', () => {
    expect([...NOT_YET].filter((file) => !AMBIGUOUS.test(readFileSync(file, 'utf8')))).toEqual([]);
  });
});
