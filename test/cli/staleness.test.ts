import { readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Stats } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles, type CliResult } from '../helpers/fixture.js';

// Seed 002's staleness lifecycle through the real CLI with --session: every step is its own process, so
// these tests also prove the stamps and the "already warned" state persist between calls (CONTRACT
// "Staleness": refused once with C230 and the seed's warning, the same call repeated proceeds, a fresh
// read clears it; an mtime-only change is not stale).

let root: string;
let state: string;
beforeEach(async () => {
  root = await tempDir('cw-stale-cli-');
  state = await tempDir('cw-stale-state-');
});
afterEach(async () => {
  await removeDir(root);
  await removeDir(state);
});

const SESSION = 'agent-1';

// One CLI call in the session, with a --json envelope.
function cw(...args: string[]): CliResult {
  return runCli(['--json', '--session', SESSION, ...args], { cwd: root, env: { CODEWARD_STATE_DIR: state } });
}

const content = (path: string): Promise<string> => readFile(join(root, path), 'utf8');
const exists = (path: string): Promise<boolean> => stat(join(root, path)).then(() => true, () => false);
const statOf = (path: string): Promise<Stats> => stat(join(root, path));
const iso = (ms: number): string => new Date(ms).toISOString();

// The seed 002 warning for `label`, changed from `before` (the stamp) to `after` (the disk), and the
// refusal's closing words for a person: what changed, when, and the call that fixes it.
interface Stale {
  readonly warning: string;
  readonly fix: string;
}
function modified(label: string, before: Stats, after: Stats): Stale {
  const delta = after.size - before.size;
  const size = delta === 0 ? `same size, other content (${after.size} bytes)` : `now ${after.size} bytes, ${Math.abs(delta)} ${delta > 0 ? 'more' : 'fewer'}`;
  return {
    warning: warning(label, `file modified externally (mtime: ${iso(before.mtimeMs)} -> ${iso(after.mtimeMs)}, size: ${before.size} -> ${after.size})`),
    fix: `${label} was changed outside codeward at ${iso(after.mtimeMs).slice(0, 19).replace('T', ' ')} UTC, after codeward last read it (${size}). Nothing was written. To keep that change: read it again (read ${label}) and make your edit on what is there now; to overwrite it: repeat this same call (undo brings this version back).`,
  };
}
function warning(label: string, reason: string): string {
  return [
    `WARNING: File "${label}" has been modified externally since you last read it.`,
    `Reason: ${reason}`,
    'You should re-read the file before making changes to avoid overwriting external edits.',
    'If you proceed anyway, external changes will be lost.',
  ].join('\n');
}
// What a repeat that went ahead says instead: once, in the past tense, with the way back.
function overwrote(label: string, reason: string): string {
  return `File "${label}" had been changed outside codeward since it was last read (${reason}). The call was repeated, so it went ahead over those changes; the version it replaced is kept in the checkpoint store: "undo" brings it back.`;
}
function overwroteModified(label: string, before: Stats, after: Stats): string {
  return overwrote(label, `file modified externally (mtime: ${iso(before.mtimeMs)} -> ${iso(after.mtimeMs)}, size: ${before.size} -> ${after.size})`);
}
const refusal = (...stale: Stale[]): string => [...stale.map((each) => each.warning), ...stale.map((each) => each.fix)].join('\n\n');

function expectOk(result: CliResult, warnings: string[] = []): void {
  expect(result.stderr).toBe('');
  expect(result.json).toMatchObject({ ok: true });
  expect(result.json.warnings).toEqual(warnings);
  expect(result.status).toBe(0);
}

function expectStale(result: CliResult, cmd: string, message: string, stale: string[]): void {
  expect(result.json).toEqual({ ok: false, cmd, error: { code: 'C230', message }, data: { stale: expect.any(Array) }, warnings: [] });
  const reported = result.json.data.stale as string[];
  expect(reported).toHaveLength(stale.length);
  stale.forEach((path, index) => expect(reported[index]!.endsWith(`/${path}`)).toBe(true));
  expect(result.status).toBe(1);
}

describe('seed 002 lifecycle, one process per call', () => {
  it('read → external edit → write refused → same write proceeds → read → external edit → patch refused → read → patch', async () => {
    const file = 'src/main.go';
    await writeFiles(root, { [file]: 'package main\n' });
    const atRead = await statOf(file);
    expectOk(cw('read', '--file', file));

    // 2. The user edits the file in an IDE.
    const external = 'package main\n\nfunc main() {}\n';
    await writeFile(join(root, file), external);
    const afterEdit = await statOf(file);

    // 3. The write is refused once, with the seed's warning; the file is untouched and no backup is made.
    const write = ['write', '--file', file, '--content', 'package main // mine\n'];
    expectStale(cw(...write), 'write', refusal(modified(file, atRead, afterEdit)), [file]);
    expect(await content(file)).toBe(external);
    expect(await exists(`${file}.bak`)).toBe(false);

    // The model decides to overwrite: the same call proceeds and carries the warning; the external version is
    // in the checkpoint store (undo brings it back, redo the write again), no .bak beside the file.
    expectOk(cw(...write), [overwroteModified(file, atRead, afterEdit)]);
    expect(await content(file)).toBe('package main // mine\n');
    expect(await exists(`${file}.bak`)).toBe(false);
    expectOk(cw('undo'));
    expect(await content(file)).toBe(external);
    expectOk(cw('redo'));
    expect(await content(file)).toBe('package main // mine\n');
    const afterOurWrite = await statOf(file);

    // 4. A fresh read, 5. another external edit: the next mutating call (a patch) is refused again.
    expectOk(cw('read', '--file', file));
    await writeFile(join(root, file), 'package main // theirs, longer\n');
    const afterSecondEdit = await statOf(file);
    const patch = ['patch', '--file', file, '--search', 'theirs, longer', '--replace', 'ours'];
    expectStale(cw(...patch), 'patch', refusal(modified(file, afterOurWrite, afterSecondEdit)), [file]);
    expect(await content(file)).toBe('package main // theirs, longer\n');

    // Reading again clears it: the patch now runs with no warning at all.
    expectOk(cw('read', '--file', file));
    expectOk(cw(...patch));
    expect(await content(file)).toBe('package main // ours\n');
    // And our own write re-stamped the file, so one more patch is not mistaken for an external change.
    expectOk(cw('patch', '--file', file, '--search', 'ours', '--replace', 'ours again'));
    expect(await content(file)).toBe('package main // ours again\n');
  });

  it('without --json the refusal is on stderr as error C230 with the whole warning, and exit 1', async () => {
    await writeFiles(root, { 'a.txt': 'one\n' });
    const before = await statOf('a.txt');
    expectOk(cw('read', '--file', 'a.txt'));
    await writeFile(join(root, 'a.txt'), 'one, edited\n');
    const after = await statOf('a.txt');
    const result = runCli(['--session', SESSION, 'write', '--file', 'a.txt', '--content', 'two\n'], { cwd: root, env: { CODEWARD_STATE_DIR: state } });
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`error C230: ${refusal(modified('a.txt', before, after))}\n`);
    expect(result.status).toBe(1);
    // The repeat proceeds; the warning is printed as a warning, the result on stdout.
    const again = runCli(['--session', SESSION, 'write', '--file', 'a.txt', '--content', 'two\n'], { cwd: root, env: { CODEWARD_STATE_DIR: state } });
    expect(again.stderr).toBe(`warning: ${overwroteModified('a.txt', before, after)}\n`);
    expect(again.stdout).toMatch(/^wrote a\.txt/);
    expect(again.status).toBe(0);
    expect(await content('a.txt')).toBe('two\n');
  });

  it('a second external change after a refusal is refused again (the repeat only covers the state it was warned about)', async () => {
    await writeFiles(root, { 'a.txt': 'v1\n' });
    const v1 = await statOf('a.txt');
    expectOk(cw('read', '--file', 'a.txt'));
    await writeFile(join(root, 'a.txt'), 'v2 from the IDE\n');
    const v2 = await statOf('a.txt');
    expectStale(cw('write', '--file', 'a.txt', '--content', 'mine\n'), 'write', refusal(modified('a.txt', v1, v2)), ['a.txt']);
    await writeFile(join(root, 'a.txt'), 'v3 from the IDE, again\n');
    const v3 = await statOf('a.txt');
    expectStale(cw('write', '--file', 'a.txt', '--content', 'mine\n'), 'write', refusal(modified('a.txt', v1, v3)), ['a.txt']);
    expect(await content('a.txt')).toBe('v3 from the IDE, again\n');
  });
});

describe('what is not stale', () => {
  it('a touch (new mtime, same bytes) after the read', async () => {
    await writeFiles(root, { 't.txt': 'same bytes\n' });
    const atRead = await statOf('t.txt');
    expectOk(cw('read', '--file', 't.txt'));
    const later = new Date(Date.now() + 60_000);
    await utimes(join(root, 't.txt'), later, later);
    expect((await statOf('t.txt')).mtimeMs).toBeGreaterThan(atRead.mtimeMs + 50_000);
    expectOk(cw('patch', '--file', 't.txt', '--search', 'same', '--replace', 'new'));
    expect(await content('t.txt')).toBe('new bytes\n');
  });

  it('a touch to an older time, then a write', async () => {
    await writeFiles(root, { 't.txt': 'same bytes\n' });
    expectOk(cw('read', '--file', 't.txt'));
    const past = new Date('2020-05-06T07:08:09.123Z');
    await utimes(join(root, 't.txt'), past, past);
    expectOk(cw('write', '--file', 't.txt', '--content', 'written\n'));
    expect(await content('t.txt')).toBe('written\n');
  });

  it('a file this session never read, even when it changed and the session has other stamps', async () => {
    await writeFiles(root, { 'read.txt': 'r\n', 'never.txt': 'n\n' });
    expectOk(cw('read', '--file', 'read.txt'));
    await writeFile(join(root, 'never.txt'), 'changed by someone\n');
    expectOk(cw('write', '--file', 'never.txt', '--content', 'ours\n'));
    expect(await content('never.txt')).toBe('ours\n');
  });

  it('our own writes in earlier calls of the session', async () => {
    await writeFiles(root, { 'w.txt': 'a\n' });
    expectOk(cw('read', '--file', 'w.txt'));
    expectOk(cw('write', '--file', 'w.txt', '--content', 'b\n'));
    expectOk(cw('write', '--file', 'w.txt', '--content', 'c\n', '--append'));
    expectOk(cw('update', '--files', JSON.stringify([{ path: 'w.txt', ops: [{ op: 'insert', at_line: 1, content: 'top' }] }])));
    expect(await content('w.txt')).toBe('top\nb\nc\n');
  });
});

describe('only the same call repeated overwrites (red team R6-10)', () => {
  it('after a refusal, a different edit of the file is refused too; the refused call repeated goes ahead', async () => {
    await writeFiles(root, { 'a.txt': 'line1\nline2\n' });
    expectOk(cw('read', '--file', 'a.txt'));
    const before = await statOf('a.txt');
    await writeFiles(root, { 'a.txt': 'line1\nline2\nPERSON LINE\n' });
    const after = await statOf('a.txt');
    const write = ['write', '--file', 'a.txt', '--content', 'model version\n'];
    expectStale(cw(...write), 'write', refusal(modified('a.txt', before, after)), ['a.txt']);
    const update = ['update', '--files', '[{"path":"a.txt","ops":[{"op":"remove","from_line":1,"to_line":1}]}]'];
    expect(cw(...update).json.data).toMatchObject({ results: [{ path: 'a.txt', success: false, error: { code: 'C230' } }] });
    expect(await content('a.txt')).toBe('line1\nline2\nPERSON LINE\n');
    // The update was refused last: it is the call that now goes ahead when repeated; the write is refused again.
    expectStale(cw(...write), 'write', refusal(modified('a.txt', before, after)), ['a.txt']);
    expectOk(cw(...write), [overwroteModified('a.txt', before, after)]);
    expect(await content('a.txt')).toBe('model version\n');
  });
});

describe('a file deleted after the read', () => {
  it('write is refused with the deleted reason and creates nothing; the repeat proceeds and creates it', async () => {
    await writeFiles(root, { 'gone.txt': 'here\n' });
    expectOk(cw('read', '--file', 'gone.txt'));
    await rm(join(root, 'gone.txt'));
    const deleted = { warning: warning('gone.txt', 'file was deleted since it was read'), fix: 'gone.txt was deleted outside codeward since codeward last read it. Nothing was written. To leave it deleted, drop this change; to write it anyway, repeat this same call.' };
    expectStale(cw('write', '--file', 'gone.txt', '--content', 'back\n'), 'write', refusal(deleted), ['gone.txt']);
    expect(await exists('gone.txt')).toBe(false);
    expectOk(cw('write', '--file', 'gone.txt', '--content', 'back\n'), [overwrote('gone.txt', 'file was deleted since it was read')]);
    expect(await content('gone.txt')).toBe('back\n');
  });

  it('delete of a file changed after the read is refused once too (its entry), and the file stays', async () => {
    await writeFiles(root, { 'd.txt': 'd\n' });
    const before = await statOf('d.txt');
    expectOk(cw('read', '--file', 'd.txt'));
    await writeFile(join(root, 'd.txt'), 'd, with new work\n');
    const after = await statOf('d.txt');
    const refused = cw('delete', '--paths', '["d.txt"]');
    expect(refused.json.data.results).toEqual([{ path: 'd.txt', success: false, error: { code: 'C230', message: refusal(modified('d.txt', before, after)) } }]);
    expect(await content('d.txt')).toBe('d, with new work\n');
  });
});

describe('batched commands (update over several files)', () => {
  // Batched commands are atomic per entry (CONTRACT "Batched commands"): a stale file fails its own entry
  // with C230 and the seed's warning; the other files are written; repeating the call proceeds for it.
  type Result = { path: string; success: boolean; error?: { code: string; message: string } };
  const summary = (result: CliResult) => (result.json.data.results as Result[]).map((r) => [r.path, r.success, r.error?.code]);

  it('one stale file among two fails only its entry; the other is written; the repeat writes it', async () => {
    await writeFiles(root, { 'a.txt': 'a1\na2\n', 'b.txt': 'b1\nb2\n' });
    expectOk(cw('read', '--file', 'a.txt'));
    const bRead = await statOf('b.txt');
    expectOk(cw('read', '--file', 'b.txt'));
    await writeFile(join(root, 'b.txt'), 'B changed\n');
    const bNow = await statOf('b.txt');
    const files = JSON.stringify([
      { path: 'a.txt', ops: [{ op: 'update_lines', from_line: 1, to_line: 1, content: 'A1' }] },
      { path: 'b.txt', ops: [{ op: 'update_lines', from_line: 1, to_line: 1, content: 'B1' }] },
    ]);
    const first = cw('update', '--files', files);
    // The envelope stays ok (each entry's result kept); a failed entry makes the exit status 1.
    expect(first.json.ok).toBe(true);
    expect(first.status).toBe(1);
    expect(summary(first)).toEqual([['a.txt', true, undefined], ['b.txt', false, 'C230']]);
    expect((first.json.data.results as Result[])[1]!.error!.message).toBe(refusal(modified('b.txt', bRead, bNow)));
    expect(await content('a.txt')).toBe('A1\na2\n');
    expect(await content('b.txt')).toBe('B changed\n');
    expect(await exists('b.txt.bak')).toBe(false);

    const again = cw('update', '--files', JSON.stringify([{ path: 'b.txt', ops: [{ op: 'update_lines', from_line: 1, to_line: 1, content: 'B1' }] }]));
    expectOk(again, [overwroteModified('b.txt', bRead, bNow)]);
    expect(summary(again)).toEqual([['b.txt', true, undefined]]);
    expect(await content('b.txt')).toBe('B1\n');
  });

  it('two stale files each get their own C230 entry, in the order of the call', async () => {
    await writeFiles(root, { 'a.txt': 'a\n', 'b.txt': 'b\n' });
    const [aRead, bRead] = [await statOf('a.txt'), await statOf('b.txt')];
    expectOk(cw('read', '--file', 'a.txt'));
    expectOk(cw('read', '--file', 'b.txt'));
    await writeFile(join(root, 'a.txt'), 'a edited\n');
    await writeFile(join(root, 'b.txt'), 'b edited!\n');
    const [aNow, bNow] = [await statOf('a.txt'), await statOf('b.txt')];
    const files = JSON.stringify([
      { path: 'a.txt', ops: [{ op: 'insert', at_line: 1, content: 'x' }] },
      { path: 'b.txt', ops: [{ op: 'insert', at_line: 1, content: 'y' }] },
    ]);
    const result = cw('update', '--files', files);
    const results = result.json.data.results as Result[];
    expect(summary(result)).toEqual([['a.txt', false, 'C230'], ['b.txt', false, 'C230']]);
    expect(results[0]!.error!.message).toBe(refusal(modified('a.txt', aRead, aNow)));
    expect(results[1]!.error!.message).toBe(refusal(modified('b.txt', bRead, bNow)));
    expect(await content('a.txt')).toBe('a edited\n');
    expect(await content('b.txt')).toBe('b edited!\n');
  });

  it('an entry that fails on its own (C211, C215) sits beside a stale sibling; the repeat writes the sibling', async () => {
    await writeFiles(root, { 'b.txt': 'b\n' });
    const bRead = await statOf('b.txt');
    expectOk(cw('read', '--file', 'b.txt'));
    await writeFile(join(root, 'b.txt'), 'b edited\n');
    const bNow = await statOf('b.txt');
    const files = JSON.stringify([
      { path: '../escape.txt', ops: [{ op: 'insert', at_line: 1, content: 'x' }] },
      { path: 'missing.txt', ops: [{ op: 'insert', at_line: 1, content: 'x' }] },
      { path: 'b.txt', ops: [{ op: 'insert', at_line: 1, content: 'y' }] },
    ]);
    expect(summary(cw('update', '--files', files))).toEqual([
      ['../escape.txt', false, 'C215'],
      ['missing.txt', false, 'C211'],
      ['b.txt', false, 'C230'],
    ]);
    const again = cw('update', '--files', files);
    expect(again.json).toMatchObject({ ok: true, warnings: [overwroteModified('b.txt', bRead, bNow)] });
    expect(again.status).toBe(1);
    expect(summary(again)).toEqual([
      ['../escape.txt', false, 'C215'],
      ['missing.txt', false, 'C211'],
      ['b.txt', true, undefined],
    ]);
    expect(await content('b.txt')).toBe('y\nb edited\n');
  });
});
