// R5-1 (red team round 5), in process: the checkpoint store's size limit (checkpointMaxMB) dropped an
// earlier step of the same session to make room for a change nobody approved (auto-edit's contained exec
// and file edits): run 1 replaces uncommitted work, runs 2-4 write a pad file, pruning drops run 1's step
// and undo answered C224 with no warning; round 8 (R8-2) did the same to ANOTHER session's step. Now such a
// change drops no step for size at all: it is refused (C213 naming checkpointMaxMB) with nothing changed, and
// every prune an approved change makes says what it dropped.
import { mkdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine, type ApprovalRequest, type Engine } from '../../src/index.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

let root: string;
let state: string;
beforeEach(async () => {
  root = await tempDir('codeward-room-');
  state = await tempDir('codeward-room-state-');
  await writeFiles(root, { 'precious.txt': 'uncommitted work\n' });
});
afterEach(async () => {
  await removeDir(root);
  await removeDir(state);
});

// An engine under a 1 MB store limit (the user's own config, as the CLI would read it); `unattended`: every
// call is let through by a rule of the door, not a person (what auto-edit's approver answers).
async function engineFor(session: string, unattended: boolean): Promise<Engine> {
  const engine = await createEngine({
    workspace: root, env: { ...process.env, CODEWARD_STATE_DIR: state, HOME: state }, door: { name: 'agent', session },
    ...(unattended ? { hooks: { authorize: () => ({ unattended: true }) } } : {}),
  });
  Object.assign(engine, { config: { ...engine.config, checkpointMaxMB: 1 } });
  return engine;
}

const pad = (letter: string): string => letter.repeat(600 * 1024);
const write = (engine: Engine, file: string, content: string) => engine.run({ cmd: 'write', args: { file, content } });

describe('a change nobody approved never drops a step for room, its own session\'s or another\'s (R5-1, R8-2)', () => {
  it('the pad that would push run 1 out is refused (C213 naming checkpointMaxMB), nothing changed, and undo still reaches run 1', async () => {
    const engine = await engineFor('s1', true);
    expect(await write(engine, 'precious.txt', 'wiped\n')).toMatchObject({ ok: true });
    for (const letter of ['a', 'b']) expect(await write(engine, 'pad.bin', pad(letter))).toMatchObject({ ok: true });
    const refused = await write(engine, 'pad.bin', pad('c'));
    expect(refused).toMatchObject({ ok: false, error: { code: 'C213' } });
    expect((refused as { error: { message: string } }).error.message).toMatch(/checkpointMaxMB: 1\b.*Nothing was changed/s);
    expect((await readFile(join(root, 'pad.bin'), 'utf8')).slice(0, 1)).toBe('b');
    expect(await engine.run({ cmd: 'undo', args: { steps: 3 } })).toMatchObject({ ok: true });
    expect(await readFile(join(root, 'precious.txt'), 'utf8')).toBe('uncommitted work\n');
  });

  it('R8-2: nor a step of another session (the sole copy of a person\'s uncommitted work): refused, the person\'s undo still reaches it', async () => {
    await writeFiles(root, { 'work.txt': 'PERSON UNCOMMITTED WORK\n'.repeat(20_000) });
    const person = await engineFor('earlier', false);
    expect(await write(person, 'work.txt', 'rewritten by the person\'s session\n')).toMatchObject({ ok: true });
    const engine = await engineFor('s2', true);
    expect(await write(engine, 'pad.bin', pad('x'))).toMatchObject({ ok: true });
    const refused = await write(engine, 'pad.bin', pad('y'));
    expect(refused).toMatchObject({ ok: false, error: { code: 'C213' } });
    expect((refused as { error: { message: string } }).error.message).toMatch(/this or other sessions.*Nothing was changed/s);
    expect((await readFile(join(root, 'pad.bin'), 'utf8')).slice(0, 1)).toBe('x');
    expect(await person.run({ cmd: 'undo', args: {} })).toMatchObject({ ok: true });
    expect(await readFile(join(root, 'work.txt'), 'utf8')).toBe('PERSON UNCOMMITTED WORK\n'.repeat(20_000));
  });

  it('an approved change may still make room from older steps, and the result says so', async () => {
    const engine = await engineFor('s3', false);
    expect(await write(engine, 'precious.txt', 'wiped\n')).toMatchObject({ ok: true });
    for (const letter of ['a', 'b']) expect(await write(engine, 'pad.bin', pad(letter))).toMatchObject({ ok: true });
    const result = await write(engine, 'pad.bin', pad('c'));
    expect(result).toMatchObject({ ok: true });
    expect(result.warnings?.join('\n')).toMatch(/checkpoint store dropped 3 older steps \(checkpoints 1-3: 3 for the size limit \(checkpointMaxMB: 1\)\); undo now reaches back to checkpoint 4 \(write,/);
  });

  it('R6-20: a recursive delete of a folder past the store\'s limit is refused (C213), never done without a checkpoint', async () => {
    const engine = await engineFor('s4', false);
    await writeFiles(root, { 'big/important.txt': 'IMPORTANT UNCOMMITTED\n', 'big/blob.bin': 'z'.repeat(1100 * 1024) });
    const result = await engine.run({ cmd: 'delete', args: { paths: ['big'], recursive: true } });
    expect(result).toMatchObject({ ok: true, data: { results: [{ success: false, error: { code: 'C213' } }] } });
    expect(JSON.stringify(result)).toMatch(/not deleted: .*checkpointMaxMB/);
    expect(await readFile(join(root, 'big/important.txt'), 'utf8')).toBe('IMPORTANT UNCOMMITTED\n');
  });

  // R6-20's question: it said "(10001 files and links ...)" for a bigger folder and asked as if the delete
  // would happen. It now counts what it removes, and says when the call will be refused.
  async function asked(args: Record<string, unknown>, limitMB?: number): Promise<ApprovalRequest> {
    const questions: ApprovalRequest[] = [];
    const engine = await createEngine({ workspace: root, env: { ...process.env, CODEWARD_STATE_DIR: state, HOME: state }, permissions: { home: state, approver: async (request) => (questions.push(request), 'no') } });
    if (limitMB !== undefined) Object.assign(engine, { config: { ...engine.config, checkpointMaxMB: limitMB } });
    await engine.run({ cmd: 'delete', args });
    await engine.close();
    expect(questions).toHaveLength(1);
    return questions[0]!;
  }

  it('R6-20: the question for a folder over the limit says it will be refused (C213)', async () => {
    await writeFiles(root, { 'big/important.txt': 'IMPORTANT UNCOMMITTED\n', 'big/blob.bin': 'z'.repeat(1100 * 1024) });
    const notes = (await asked({ paths: ['big'], recursive: true }, 1)).preview!.notes.join('\n');
    expect(notes).toMatch(/big: would fail with C213 big: not deleted: it holds more than 20000 files or 1 MB/);
    expect(notes).not.toContain('files and links');
  });

  it('R6-20: the question counts every file of a folder of 10,500 (it said 10001)', async () => {
    for (let dir = 0; dir < 21; dir++) {
      mkdirSync(join(root, 'many', `d${dir}`), { recursive: true });
      for (let file = 0; file < 500; file++) writeFileSync(join(root, 'many', `d${dir}`, `f${file}`), '');
    }
    const notes = (await asked({ paths: ['many'], recursive: true })).preview!.notes.join('\n');
    expect(notes).toMatch(/removes the folder many\/ and everything in it \(10500 files and links: .*, … 10480 more\)/);
  });
});
