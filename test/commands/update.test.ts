import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';
import { trustWorkspaceAt } from '../helpers/trust.js';

// `update` through the engine (the door every other door uses): seed 003's coder::update-file line ops,
// CONTRACT "Batched commands" (one result per file, each file atomic on its own, envelope ok:true).

let root: string;
let state: string;
let engine: Engine;

beforeEach(async () => {
  root = await tempDir('cw-update-');
  state = await tempDir('cw-update-state-');
  // These tests check ChatCLI's .bak files: the opt-in backups: "beside" (the default keeps them in the checkpoint store).
  await writeFiles(root, { '.codeward/config.json': '{"backups":"beside"}' });
  engine = await createEngine({ workspace: root, env: { ...process.env, CODEWARD_STATE_DIR: state } });
});
afterEach(async () => {
  await engine.close();
  await removeDir(root);
  await removeDir(state);
});

const read = (path: string): Promise<string> => readFile(join(root, path), 'utf8');
const exists = (path: string): Promise<boolean> => stat(join(root, path)).then(() => true, () => false);

type Op = Record<string, unknown>;
async function update(files: { path: string; ops: Op[] }[]) {
  return engine.run({ cmd: 'update', args: { files } });
}

// schema.sql of 32 lines; every line but 30 mentions OLD_, so the replace op has work above, inside and below
// the removed range.
const SCHEMA = Array.from({ length: 32 }, (_, i) => (i + 1 === 30 ? '  PRIMARY KEY (old_id),' : `  col_${i + 1} OLD_TYPE_${i + 1},`));

describe('seed 003 examples', () => {
  it('notes.md: insert at 2 and update_lines 3..3 both use the original numbering', async () => {
    await writeFiles(root, { 'notes.md': '# notes\n- one\n- two\n' });
    const envelope = await update([
      { path: 'notes.md', ops: [{ op: 'insert', at_line: 2, content: 'draft' }, { op: 'update_lines', from_line: 3, to_line: 3, content: '- ONE' }] },
    ]);
    expect(envelope).toEqual({
      ok: true,
      cmd: 'update',
      data: { results: [{ path: 'notes.md', success: true, applied: 2, newLineCount: 4, backup: 'notes.md.bak' }] },
      warnings: [],
    });
    expect(await read('notes.md')).toBe('# notes\ndraft\n- one\n- ONE\n');
    expect(await read('notes.md.bak')).toBe('# notes\n- one\n- two\n');
  });

  it('schema.sql: insert, remove, update_lines and a replace over the whole body', async () => {
    await writeFiles(root, { 'schema.sql': `${SCHEMA.join('\n')}\n` });
    const envelope = await update([
      {
        path: 'schema.sql',
        ops: [
          { op: 'insert', at_line: 1, content: '-- header\n-- v2' },
          { op: 'remove', from_line: 5, to_line: 12 },
          { op: 'update_lines', from_line: 30, to_line: 30, content: 'PRIMARY KEY (id)' },
          { op: 'replace', pattern: 'OLD_', replacement: 'NEW_' },
        ],
      },
    ]);
    const expected = [
      '-- header',
      '-- v2',
      ...SCHEMA.slice(0, 4),
      ...SCHEMA.slice(12, 29),
      'PRIMARY KEY (id)',
      ...SCHEMA.slice(30),
    ].map((line) => line.replaceAll('OLD_', 'NEW_'));
    expect(expected).toHaveLength(26);
    expect(envelope).toEqual({
      ok: true,
      cmd: 'update',
      data: { results: [{ path: 'schema.sql', success: true, applied: 4, newLineCount: 26, backup: 'schema.sql.bak' }] },
      warnings: [],
    });
    const text = await read('schema.sql');
    expect(text).toBe(`${expected.join('\n')}\n`);
    expect(text).not.toContain('OLD_');
    expect(text).not.toContain('col_5 ');
    expect(text).not.toContain('col_12 ');
    expect(text).toContain('  col_13 NEW_TYPE_13,');
  });

  it('the text rendering of the CLI door names each file, its op count and its new line count', async () => {
    await writeFiles(root, { 'notes.md': '# notes\n- one\n- two\n' });
    const files = JSON.stringify([
      { path: 'notes.md', ops: [{ op: 'insert', at_line: 2, content: 'draft' }] },
      { path: 'gone.md', ops: [{ op: 'remove', from_line: 1, to_line: 1 }] },
    ]);
    const result = runCli(['update', '--files', files], { cwd: root, env: { CODEWARD_STATE_DIR: state } });
    // A failed entry: exit 1, its line stays in the output beside the others', stderr names it.
    expect(result.stderr).toBe('error C211: 1 of 2 entries failed: gone.md; the others were done\n');
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('updated notes.md (1 op, now 4 lines)\ngone.md: error C211: gone.md: no such file or directory, or not accessible\n');
    expect(await read('notes.md')).toBe('# notes\ndraft\n- one\n- two\n');
  });
});

describe('each file succeeds or fails on its own', () => {
  it('overlapping ops, a missing file, ../x and .env fail only themselves; the other files are written', async () => {
    await writeFiles(root, { 'a.txt': 'a1\na2\n', 'b.txt': 'b1\nb2\nb3\nb4\n', '.env': 'SECRET=1\n', 'c.txt': 'c1\n' });
    const envelope = await update([
      { path: 'a.txt', ops: [{ op: 'update_lines', from_line: 1, to_line: 1, content: 'A1' }] },
      { path: 'b.txt', ops: [{ op: 'update_lines', from_line: 2, to_line: 3, content: 'B' }, { op: 'remove', from_line: 3, to_line: 4 }] },
      { path: 'missing.txt', ops: [{ op: 'insert', at_line: 1, content: 'x' }] },
      { path: '../x', ops: [{ op: 'insert', at_line: 1, content: 'x' }] },
      { path: '.env', ops: [{ op: 'remove', from_line: 1, to_line: 1 }] },
      { path: 'c.txt', ops: [{ op: 'insert', at_line: 2, content: 'c2' }] },
    ]);
    expect(envelope.ok).toBe(true);
    expect(envelope.warnings).toEqual([]);
    expect(envelope.ok && envelope.data).toEqual({
      results: [
        { path: 'a.txt', success: true, applied: 1, newLineCount: 2, backup: 'a.txt.bak' },
        {
          path: 'b.txt',
          success: false,
          error: {
            code: 'C210',
            message: 'ops 1 (update_lines lines 2-3) and 2 (remove lines 3-4) overlap: both touch original line 3. Every line op refers to the original '
              + 'numbering, so no two may touch the same line; merge them into one op (an insert may sit right after a range, at to_line + 1)',
          },
        },
        { path: 'missing.txt', success: false, error: { code: 'C211', message: 'missing.txt: no such file or directory, or not accessible' } },
        { path: '../x', success: false, error: { code: 'C215', message: 'path escapes the workspace: ../x' } },
        { path: '.env', success: false, error: { code: 'C211', message: '.env: no such file or directory, or not accessible' } },
        { path: 'c.txt', success: true, applied: 1, newLineCount: 2, backup: 'c.txt.bak' },
      ],
    });
    expect(await read('a.txt')).toBe('A1\na2\n');
    expect(await read('c.txt')).toBe('c1\nc2\n');
    // The failed files are untouched, have no backup, and nothing was created.
    expect(await read('b.txt')).toBe('b1\nb2\nb3\nb4\n');
    expect(await read('.env')).toBe('SECRET=1\n');
    expect(await exists('b.txt.bak')).toBe(false);
    expect(await exists('.env.bak')).toBe(false);
    expect(await exists('missing.txt')).toBe(false);
    expect((await readdir(root)).filter((name) => name !== '.codeward').sort()).toEqual(['.env', 'a.txt', 'a.txt.bak', 'b.txt', 'c.txt', 'c.txt.bak']);
  });

  it('the envelope is ok:true even when every entry fails', async () => {
    await writeFiles(root, { 'one.txt': 'one\n' });
    const envelope = await update([
      { path: 'one.txt', ops: [{ op: 'remove', from_line: 2, to_line: 2 }] },
      { path: 'nope.txt', ops: [{ op: 'remove', from_line: 1, to_line: 1 }] },
    ]);
    expect(envelope).toEqual({
      ok: true,
      cmd: 'update',
      data: {
        results: [
          { path: 'one.txt', success: false, error: { code: 'C210', message: 'op 1 (remove): from_line 2 is past the end of the file (1 line)' } },
          { path: 'nope.txt', success: false, error: { code: 'C211', message: 'nope.txt: no such file or directory, or not accessible' } },
        ],
      },
      warnings: [],
    });
    expect(await read('one.txt')).toBe('one\n');
    expect((await readdir(root)).filter((name) => name !== '.codeward')).toEqual(['one.txt']);
  });

  it('a malformed call (no ops) is a usage error for the whole call, not a per-file result', async () => {
    await writeFiles(root, { 'one.txt': 'one\n' });
    const envelope = await update([{ path: 'one.txt', ops: [] }]);
    expect(envelope).toMatchObject({ ok: false, cmd: 'update', error: { code: 'C210' }, usage: true });
    expect(await read('one.txt')).toBe('one\n');
  });
});

describe('bytes are kept', () => {
  it('a CRLF file stays CRLF: inserted LF content takes CRLF (reported), untouched lines keep their bytes', async () => {
    await writeFiles(root, { 'win.txt': 'a\r\nb\r\nc\r\n' });
    const envelope = await update([
      { path: 'win.txt', ops: [{ op: 'insert', at_line: 2, content: 'x\ny' }, { op: 'update_lines', from_line: 3, to_line: 3, content: 'C' }] },
    ]);
    expect(envelope).toEqual({
      ok: true,
      cmd: 'update',
      data: { results: [{ path: 'win.txt', success: true, applied: 2, newLineCount: 5, backup: 'win.txt.bak' }] },
      warnings: ['win.txt: op 1 (insert): content line endings converted to CRLF to match the file'],
    });
    expect(await readFile(join(root, 'win.txt'), 'latin1')).toBe('a\r\nx\r\ny\r\nb\r\nC\r\n');
  });

  it('a file without a final newline keeps none, also when a line is appended', async () => {
    await writeFiles(root, { 'n.txt': 'a\nb' });
    await update([{ path: 'n.txt', ops: [{ op: 'update_lines', from_line: 2, to_line: 2, content: 'B' }] }]);
    expect(await read('n.txt')).toBe('a\nB');
    const envelope = await update([{ path: 'n.txt', ops: [{ op: 'insert', at_line: 3, content: 'c' }] }]);
    expect(envelope.ok && envelope.data).toEqual({ results: [{ path: 'n.txt', success: true, applied: 1, newLineCount: 3, backup: 'n.txt.bak' }] });
    expect(await read('n.txt')).toBe('a\nB\nc');
  });
});

describe('regex replace', () => {
  it('$1 and $2 refer to capture groups', async () => {
    await writeFiles(root, { 'k.txt': 'x=1\ny=22\n' });
    const envelope = await update([{ path: 'k.txt', ops: [{ op: 'replace', pattern: '(\\w+)=(\\d+)', replacement: '$2=$1' }] }]);
    expect(envelope.ok && envelope.data).toEqual({ results: [{ path: 'k.txt', success: true, applied: 1, newLineCount: 2, backup: 'k.txt.bak' }] });
    expect(await read('k.txt')).toBe('1=x\n22=y\n');
  });

  it('$3 with two groups is C210 for that file; nothing is written, not even a backup', async () => {
    await writeFiles(root, { 'k.txt': 'x=1\ny=22\n', 'ok.txt': 'x=1\n' });
    const envelope = await update([
      { path: 'k.txt', ops: [{ op: 'insert', at_line: 1, content: 'top' }, { op: 'replace', pattern: '(\\w+)=(\\d+)', replacement: '$1:$3' }] },
      { path: 'ok.txt', ops: [{ op: 'replace', pattern: '(\\w+)=(\\d+)', replacement: '${1}:$$$2' }] },
    ]);
    expect(envelope.ok && envelope.data).toEqual({
      results: [
        { path: 'k.txt', success: false, error: { code: 'C210', message: 'op 2 (replace): $3 refers to a group the pattern does not have (it has 2); write $$ for a literal $' } },
        { path: 'ok.txt', success: true, applied: 1, newLineCount: 1, backup: 'ok.txt.bak' },
      ],
    });
    expect(await read('k.txt')).toBe('x=1\ny=22\n');
    expect(await exists('k.txt.bak')).toBe(false);
    expect(await read('ok.txt')).toBe('x:$1\n');
  });
});

describe('backups and rollback', () => {
  it('update keeps a .bak of the previous version; rollback restores it and a second rollback redoes', async () => {
    await writeFiles(root, { 'r.txt': 'one\ntwo\n' });
    await update([{ path: 'r.txt', ops: [{ op: 'update_lines', from_line: 1, to_line: 2, content: 'ONE' }] }]);
    expect(await read('r.txt')).toBe('ONE\n');
    expect(await read('r.txt.bak')).toBe('one\ntwo\n');
    // A second update replaces the backup with the version it overwrote.
    await update([{ path: 'r.txt', ops: [{ op: 'insert', at_line: 2, content: 'end' }] }]);
    expect(await read('r.txt')).toBe('ONE\nend\n');
    expect(await read('r.txt.bak')).toBe('ONE\n');

    // rollback takes the previous version from the checkpoint store (the .bak stays as it was).
    expect(await engine.run({ cmd: 'rollback', args: { file: 'r.txt' } })).toEqual({
      ok: true, cmd: 'rollback', data: { restored: 'r.txt', from: 'checkpoint:2', backup: 'checkpoint:3' }, warnings: [],
    });
    expect(await read('r.txt')).toBe('ONE\n');
    await engine.run({ cmd: 'rollback', args: { file: 'r.txt' } });
    expect(await read('r.txt')).toBe('ONE\nend\n');
  });

  it('an update that changes nothing writes nothing and reports backup null', async () => {
    await writeFiles(root, { 's.txt': 'same\n' });
    const envelope = await update([{ path: 's.txt', ops: [{ op: 'update_lines', from_line: 1, to_line: 1, content: 'same' }] }]);
    expect(envelope.ok && envelope.data).toEqual({ results: [{ path: 's.txt', success: true, applied: 1, newLineCount: 1, backup: null }] });
    expect(await exists('s.txt.bak')).toBe(false);
  });

  it('with backups:false in the config no .bak is written', async () => {
    await writeFiles(root, { '.codeward/config.json': '{"backups": false}', 'b.txt': 'b\n' });
    // Turning backups off loosens: it applies once the user trusts the workspace.
    await trustWorkspaceAt(root, state);
    const plain = await createEngine({ workspace: root, env: { ...process.env, CODEWARD_STATE_DIR: state, HOME: state } });
    const envelope = await plain.run({ cmd: 'update', args: { files: [{ path: 'b.txt', ops: [{ op: 'insert', at_line: 1, content: 'a' }] }] } });
    expect(envelope.ok && envelope.data).toEqual({ results: [{ path: 'b.txt', success: true, applied: 1, newLineCount: 2, backup: null }] });
    expect(await read('b.txt')).toBe('a\nb\n');
    expect(await exists('b.txt.bak')).toBe(false);
  });
});

describe('quote normalisation', () => {
  it('typographic quotes in inserted and replacing text are kept; a .ts file gets a warning, a .md file none', async () => {
    await writeFiles(root, { 'q.ts': 'const a = 1;\nconst b = 2;\n', 'q.md': 'intro\n' });
    const envelope = await update([
      {
        path: 'q.ts',
        ops: [
          { op: 'insert', at_line: 3, content: 'const s = “hi” + ‘x’;' },
          { op: 'update_lines', from_line: 2, to_line: 2, content: 'const b = «2»;' },
          { op: 'replace', pattern: '= 1', replacement: '= “one”' },
        ],
      },
      { path: 'q.md', ops: [{ op: 'insert', at_line: 2, content: 'He said “hi” ‘there’.' }] },
    ]);
    expect(envelope.ok && envelope.data).toEqual({
      results: [
        { path: 'q.ts', success: true, applied: 3, newLineCount: 3, backup: 'q.ts.bak' },
        { path: 'q.md', success: true, applied: 1, newLineCount: 2, backup: 'q.md.bak' },
      ],
    });
    expect(await read('q.ts')).toBe('const a = “one”;\nconst b = «2»;\nconst s = “hi” + ‘x’;\n');
    expect(await read('q.md')).toBe('intro\nHe said “hi” ‘there’.\n');
    expect(envelope.warnings).toEqual([
      'q.ts: 8 typographic quotes (‘ ’ “ ” ′ ″ « ») written as given (the first in '+JSON.stringify('const s = “hi” + ‘x’;')+'); codeward never rewrites them: if they were meant as code quotes, patch them to ASCII',
    ]);
  });
});
