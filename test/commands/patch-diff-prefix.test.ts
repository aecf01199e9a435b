// Unified diffs whose headers use git's a/ b/ prefixes the way models write them (issue 19): both headers
// `a/x` (or `b/x`), or one prefixed and one bare. The prefix goes only when the other header agrees or the
// file without it exists; a real folder named `a/` keeps working, and nothing gets out of the jail.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine, type Engine, type Envelope } from '../../src/index.js';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';
import { parseUnifiedDiff } from '../../src/edit/unified-diff.js';

let outer: string;
let root: string;
let state: string;
let engine: Engine;
beforeEach(async () => {
  outer = await tempDir('codeward-prefix-');
  root = join(outer, 'ws');
  state = join(outer, 'state');
  await writeFiles(outer, { 'ws/foo.go': 'package foo\n\nvar x = 1\n', 'foo.go': 'package outside\n\nvar x = 1\n' });
  engine = await createEngine({ workspace: root, env: { ...process.env, CODEWARD_STATE_DIR: state } });
});
afterEach(async () => removeDir(outer));

const patch = (diff: string): Promise<Envelope> => engine.run({ cmd: 'patch', args: { diff } });
const text = (path: string): Promise<string> => readFile(join(root, path), 'utf8');
const diffOf = (oldHeader: string, newHeader: string, from = 'var x = 1', to = 'var x = 2'): string =>
  [`--- ${oldHeader}`, `+++ ${newHeader}`, '@@ -1,3 +1,3 @@', ' package foo', ' ', `-${from}`, `+${to}`, ''].join('\n');

describe('a/ and b/ prefixes as models write them', () => {
  it.each([
    ['a/foo.go', 'a/foo.go'],
    ['b/foo.go', 'b/foo.go'],
    ['foo.go', 'b/foo.go'],
    ['a/foo.go', 'foo.go'],
    ['a/foo.go', 'b/foo.go'],
    ['foo.go', 'foo.go'],
  ])('--- %s / +++ %s patches foo.go', async (oldHeader, newHeader) => {
    const result = await patch(diffOf(oldHeader, newHeader));
    expect(result.ok, JSON.stringify(result)).toBe(true);
    expect(await text('foo.go')).toBe('package foo\n\nvar x = 2\n');
    expect(await readdir(root)).toEqual(['foo.go']);
  });

  it('a real folder a/ is used when a/foo.go exists (both headers a/foo.go)', async () => {
    await writeFiles(root, { 'a/foo.go': 'package foo\n\nvar x = 1\n' });
    const result = await patch(diffOf('a/foo.go', 'a/foo.go'));
    expect(result.ok, JSON.stringify(result)).toBe(true);
    expect(await text('a/foo.go')).toBe('package foo\n\nvar x = 2\n');
    expect(await text('foo.go')).toBe('package foo\n\nvar x = 1\n');
  });

  it('git\'s own a/a/foo.go b/a/foo.go still means the folder a/', async () => {
    await writeFiles(root, { 'a/foo.go': 'package foo\n\nvar x = 1\n' });
    expect((await patch(diffOf('a/a/foo.go', 'b/a/foo.go'))).ok).toBe(true);
    expect(await text('a/foo.go')).toBe('package foo\n\nvar x = 2\n');
    expect(await text('foo.go')).toBe('package foo\n\nvar x = 1\n');
  });

  it('different names are not taken as one file (--- foo.go / +++ b/bar.go keeps b/bar.go)', () => {
    const [parsed] = parseUnifiedDiff(diffOf('foo.go', 'b/bar.go'));
    expect(parsed).toMatchObject({ oldPath: 'foo.go', newPath: 'b/bar.go' });
  });

  it('a prefix never opens a way out: a/../foo.go is refused (C215) and the outside file is untouched', async () => {
    for (const [oldHeader, newHeader] of [['a/../foo.go', 'a/../foo.go'], ['../foo.go', 'b/../foo.go'], ['b/../../foo.go', 'b/../../foo.go']]) {
      const result = await patch(diffOf(oldHeader!, newHeader!));
      expect(result.ok).toBe(false);
      expect((result as { error: { code: string } }).error.code).toBe('C215');
    }
    expect(await readFile(join(outer, 'foo.go'), 'utf8')).toBe('package outside\n\nvar x = 1\n');
  });

  it('the real binary applies --- a/foo.go / +++ a/foo.go to foo.go', async () => {
    const result = runCli(['--json', 'patch', '--diff', diffOf('a/foo.go', 'a/foo.go')], { cwd: root, env: { CODEWARD_STATE_DIR: state } });
    expect(result.status, result.stderr).toBe(0);
    expect(await text('foo.go')).toBe('package foo\n\nvar x = 2\n');
  });
});

describe('text nits', () => {
  it('patching a text with itself says unchanged, not "1 replacement"', async () => {
    const result = runCli(['patch', '--file', 'foo.go', '--search', 'var x = 1', '--replace', 'var x = 1'], { cwd: root, env: { CODEWARD_STATE_DIR: state } });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('foo.go unchanged');
    expect(result.stdout).not.toContain('1 replacement');
  });
});
