// multipatch through the engine: search/replace edits across files, in order, all or nothing.
import { chmod, lstat, readFile, readdir, stat, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine, type Engine, type Envelope } from '../../src/index.js';
import { multipatchCommand, type MultipatchData } from '../../src/commands/multipatch.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

let root: string;
let state: string;
let engine: Engine;

beforeEach(async () => {
  root = await tempDir('codeward-multipatch-');
  state = await tempDir('codeward-multipatch-state-');
  // These tests check ChatCLI's .bak files: the opt-in backups: "beside" (the default keeps them in the checkpoint store).
  await writeFiles(root, { '.codeward/config.json': '{"backups":"beside"}' });
  engine = await createEngine({ workspace: root, env: { ...process.env, CODEWARD_STATE_DIR: state } });
});
afterEach(async () => {
  await removeDir(root);
  await removeDir(state);
});

interface Edit {
  file: string;
  search: string;
  replace: string;
  all?: boolean;
  encoding?: 'text' | 'base64';
}

const multipatch = (edits: Edit[]): Promise<Envelope> => engine.run({ cmd: 'multipatch', args: { edits } });
const text = async (path: string): Promise<string> => readFile(join(root, path), 'utf8');
const exists = (path: string): Promise<boolean> => lstat(join(root, path)).then(() => true, () => false);

function failure(envelope: Envelope): { code: string; message: string } {
  if (envelope.ok) throw new Error(`expected a failure, got ${JSON.stringify(envelope)}`);
  return envelope.error;
}

type FilesData = MultipatchData;
function data(envelope: Envelope): FilesData {
  if (!envelope.ok) throw new Error(`expected success, got ${JSON.stringify(envelope)}`);
  return envelope.data as FilesData;
}

// Bytes and mode of every entry below the workspace.
async function snapshot(dir = root, prefix = ''): Promise<Map<string, { bytes: Buffer; mode: number }>> {
  const out = new Map<string, { bytes: Buffer; mode: number }>();
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const rel = prefix + entry.name;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) for (const [k, v] of await snapshot(full, `${rel}/`)) out.set(k, v);
    else out.set(rel, { bytes: await readFile(full), mode: (await stat(full)).mode & 0o7777 });
  }
  return out;
}

describe('multipatch', () => {
  it('edits 3 files, reports edits per file and leaves a .bak of each', async () => {
    await writeFiles(root, { 'a.ts': 'loginV1();\nloginV1Helper();\n', 'lib/b.ts': 'import { loginV1 } from "./a";\n', 'c.md': 'Call loginV1.\n' });
    const result = await multipatch([
      { file: 'a.ts', search: 'loginV1();', replace: 'loginV2();' },
      { file: 'lib/b.ts', search: 'loginV1', replace: 'loginV2' },
      { file: 'a.ts', search: 'loginV1Helper', replace: 'loginV2Helper' },
      { file: 'c.md', search: 'loginV1', replace: 'loginV2' },
    ]);
    expect(data(result).files).toEqual([
      { path: 'a.ts', edits: 2, replacements: 2, backup: 'a.ts.bak' },
      { path: 'lib/b.ts', edits: 1, replacements: 1, backup: 'lib/b.ts.bak' },
      { path: 'c.md', edits: 1, replacements: 1, backup: 'c.md.bak' },
    ]);
    expect(await text('a.ts')).toBe('loginV2();\nloginV2Helper();\n');
    expect(await text('lib/b.ts')).toBe('import { loginV2 } from "./a";\n');
    expect(await text('c.md')).toBe('Call loginV2.\n');
    expect(await text('a.ts.bak')).toBe('loginV1();\nloginV1Helper();\n');
    expect(await text('lib/b.ts.bak')).toBe('import { loginV1 } from "./a";\n');
    expect(await text('c.md.bak')).toBe('Call loginV1.\n');
  });

  it('counts the places an all: true edit changed apart from the edits, in the data and the text', async () => {
    await writeFiles(root, { 'a.py': 'total(x)\ntotal(y)\ntotal(z)\n', 'b.py': 'total(1)\n' });
    const result = await multipatch([
      { file: 'a.py', search: 'total(', replace: 'sum_of(', all: true },
      { file: 'b.py', search: 'total(', replace: 'sum_of(' },
    ]);
    expect(data(result).files.map(({ path, edits, replacements }) => ({ path, edits, replacements }))).toEqual([
      { path: 'a.py', edits: 1, replacements: 3 },
      { path: 'b.py', edits: 1, replacements: 1 },
    ]);
    expect(multipatchCommand.format!(data(result))).toBe('patched a.py (1 edit, 3 replacements)\npatched b.py (1 edit)');
  });

  it('a later edit sees the result of an earlier edit of the same file', async () => {
    await writeFiles(root, { 'a.txt': 'start\n' });
    const result = await multipatch([
      { file: 'a.txt', search: 'start', replace: 'middle' },
      { file: 'a.txt', search: 'middle', replace: 'end' },
    ]);
    expect(data(result).files).toEqual([{ path: 'a.txt', edits: 2, replacements: 2, backup: 'a.txt.bak' }]);
    expect(await text('a.txt')).toBe('end\n');
    expect(await text('a.txt.bak')).toBe('start\n');
  });

  it('a failing 3rd edit is C223 naming edit 3 and its cause; every file byte-identical, modes kept, no .bak', async () => {
    await writeFiles(root, { 'a.txt': 'alpha\n', 'b.txt': 'beta\r\n', 'c.txt': 'gamma\n' });
    await chmod(join(root, 'b.txt'), 0o600);
    await chmod(join(root, 'c.txt'), 0o755);
    const before = await snapshot();
    const result = await multipatch([
      { file: 'a.txt', search: 'alpha', replace: 'ALPHA' },
      { file: 'b.txt', search: 'beta', replace: 'BETA' },
      { file: 'c.txt', search: 'delta', replace: 'DELTA' },
    ]);
    const error = failure(result);
    expect(error.code).toBe('C223');
    expect(error.message).toMatch(/^edit 3 \(c\.txt\) failed with C220: /);
    expect(error.message).toContain('nothing was written');
    expect(result.ok ? undefined : result.data).toMatchObject({ failedEdit: 3, cause: { code: 'C220' } });
    expect(await snapshot()).toEqual(before);
  });

  it('an ambiguous edit fails the whole call with its C221 as the cause', async () => {
    await writeFiles(root, { 'a.txt': 'one\n', 'b.txt': 'x\nx\n' });
    const result = await multipatch([
      { file: 'a.txt', search: 'one', replace: 'ONE' },
      { file: 'b.txt', search: 'x', replace: 'y' },
    ]);
    expect(failure(result).message).toMatch(/^edit 2 \(b\.txt\) failed with C221: .*2 times/);
    expect(await text('a.txt')).toBe('one\n');
  });

  it('keeps a 0o755 file mode', async () => {
    await writeFiles(root, { 'run.sh': '#!/bin/sh\necho old\n', 'b.txt': 'b\n' });
    await chmod(join(root, 'run.sh'), 0o755);
    data(await multipatch([
      { file: 'run.sh', search: 'echo old', replace: 'echo new' },
      { file: 'b.txt', search: 'b', replace: 'B' },
    ]));
    expect(await text('run.sh')).toBe('#!/bin/sh\necho new\n');
    expect((await stat(join(root, 'run.sh'))).mode & 0o777).toBe(0o755);
    expect((await stat(join(root, 'run.sh.bak'))).mode & 0o777).toBe(0o755);
  });

  it('`all` applies per edit', async () => {
    await writeFiles(root, { 'a.txt': 'x x x\n', 'b.txt': 'x\n' });
    const result = await multipatch([
      { file: 'a.txt', search: 'x', replace: 'y', all: true },
      { file: 'b.txt', search: 'x', replace: 'z' },
    ]);
    expect(data(result).files.map((f) => f.edits)).toEqual([1, 1]);
    expect(await text('a.txt')).toBe('y y y\n');
    expect(await text('b.txt')).toBe('z\n');
    // Without `all` the same edit is ambiguous.
    await writeFiles(root, { 'c.txt': 'x x\n' });
    expect(failure(await multipatch([{ file: 'c.txt', search: 'x', replace: 'y' }])).message).toMatch(/C221/);
  });

  it('base64 applies per edit', async () => {
    await writeFiles(root, { 'a.txt': 'tab\there\n', 'b.txt': 'plain\n' });
    const b64 = (s: string): string => Buffer.from(s, 'utf8').toString('base64');
    data(await multipatch([
      { file: 'a.txt', search: b64('tab\there'), replace: b64('tab→there ✓'), encoding: 'base64' },
      { file: 'b.txt', search: 'plain', replace: 'text' },
    ]));
    expect(await text('a.txt')).toBe('tab→there ✓\n');
    expect(await text('b.txt')).toBe('text\n');
    // A bad base64 edit names itself and its C210 cause.
    const error = failure(await multipatch([
      { file: 'b.txt', search: 'text', replace: 'TEXT' },
      { file: 'a.txt', search: '%%%', replace: 'x', encoding: 'base64' },
    ]));
    expect(error.message).toMatch(/^edit 2 \(a\.txt\) failed with C210/);
    expect(await text('b.txt')).toBe('text\n');
  });

  it('edits to one file through two spellings (a.txt, ./a.txt, a symlink) apply in order to one text', async () => {
    await writeFiles(root, { 'a.txt': 'one\ntwo\nthree\n' });
    await symlink('a.txt', join(root, 'link.txt'));
    const result = await multipatch([
      { file: 'a.txt', search: 'one', replace: 'ONE' },
      { file: './a.txt', search: 'ONE\ntwo', replace: '1\n2' },
      { file: 'link.txt', search: '2\nthree', replace: '2\n3' },
    ]);
    expect(data(result).files).toEqual([{ path: 'a.txt', edits: 3, replacements: 3, backup: 'a.txt.bak' }]);
    expect(await text('a.txt')).toBe('1\n2\n3\n');
    expect(await text('a.txt.bak')).toBe('one\ntwo\nthree\n');
    expect((await lstat(join(root, 'link.txt'))).isSymbolicLink()).toBe(true);
  });

  it('refuses an escaping path (C215) before touching any file', async () => {
    await writeFiles(root, { 'a.txt': 'one\n' });
    const result = await multipatch([
      { file: 'a.txt', search: 'one', replace: 'ONE' },
      { file: '../x.txt', search: 'a', replace: 'b' },
    ]);
    expect(failure(result).code).toBe('C215');
    expect(await text('a.txt')).toBe('one\n');
    expect(await exists('a.txt.bak')).toBe(false);
  });

  it('10 parallel calls over two shared files, named in opposite orders: no deadlock, every edit lands', async () => {
    const n = 10;
    const lines = (prefix: string, done: (i: number) => boolean): string =>
      Array.from({ length: n }, (_, i) => `${prefix}${i}: ${done(i) ? 'DONE' : 'todo'}`).join('\n') + '\n';
    await writeFiles(root, { 'a.txt': lines('a', () => false), 'b.txt': lines('b', () => false) });
    const results = await Promise.all(
      Array.from({ length: n }, (_, i) => {
        const a = { file: 'a.txt', search: `a${i}: todo`, replace: `a${i}: DONE` };
        const b = { file: 'b.txt', search: `b${i}: todo`, replace: `b${i}: DONE` };
        return multipatch(i % 2 === 0 ? [a, b] : [b, a]);
      }),
    );
    for (const [i, result] of results.entries()) expect(result.ok, `call ${i}: ${JSON.stringify(result)}`).toBe(true);
    expect(await text('a.txt')).toBe(lines('a', () => true));
    expect(await text('b.txt')).toBe(lines('b', () => true));
  });

  it('an empty edits list is C210', async () => {
    expect(failure(await multipatch([])).code).toBe('C210');
  });
});
