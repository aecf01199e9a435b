// Red team round 6, R6-2 (the checkpoint part): a model's `undo --all-sessions` took back a person's change
// from another door, and the model's next change dropped that undone step from the store ("a new change
// after an undo drops what could be redone"): the person's work was gone from disk and from the store.
// Now a new change drops only its own session's redo tail; another session's undone steps stay redoable.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../src/index.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

let root: string;
let state: string;
beforeEach(async () => {
  root = await tempDir('codeward-undone-');
  state = await tempDir('codeward-undone-state-');
  await writeFiles(root, { 'a.txt': 'v0\n' });
});
afterEach(async () => {
  await removeDir(root);
  await removeDir(state);
});

const engineFor = (session: string): Promise<Engine> => createEngine({ workspace: root, env: { ...process.env, CODEWARD_STATE_DIR: state, HOME: state }, door: { name: session === 'person' ? 'cli' : 'agent', session } });

describe('a new change keeps another session\'s undone steps (R6-2)', () => {
  it('the model undoes the person\'s change across sessions and writes: the person\'s step stays, redo brings the work back', async () => {
    const person = await engineFor('person');
    expect(await person.run({ cmd: 'write', args: { file: 'a.txt', content: 'PERSON WORK\n' } })).toMatchObject({ ok: true });
    const model = await engineFor('model');
    expect(await model.run({ cmd: 'undo', args: { allSessions: true } })).toMatchObject({ ok: true });
    expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('v0\n');
    expect(await model.run({ cmd: 'write', args: { file: 'm.txt', content: 'x\n' } })).toMatchObject({ ok: true });
    expect(await model.run({ cmd: 'write', args: { file: 'm.txt', content: 'y\n' } })).toMatchObject({ ok: true });
    expect(await person.run({ cmd: 'redo' })).toMatchObject({ ok: true });
    expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('PERSON WORK\n');
  });

  it('the person\'s own next change then drops that redo tail, as for any undo', async () => {
    const person = await engineFor('person');
    expect(await person.run({ cmd: 'write', args: { file: 'a.txt', content: 'PERSON WORK\n' } })).toMatchObject({ ok: true });
    const model = await engineFor('model');
    expect(await model.run({ cmd: 'undo', args: { allSessions: true } })).toMatchObject({ ok: true });
    expect(await model.run({ cmd: 'write', args: { file: 'm.txt', content: 'x\n' } })).toMatchObject({ ok: true });
    expect(await person.run({ cmd: 'write', args: { file: 'p.txt', content: 'p\n' } })).toMatchObject({ ok: true });
    expect(await person.run({ cmd: 'redo' })).toMatchObject({ ok: false, error: { code: 'C224' } });
  });

  it('the session\'s own redo tail is still dropped by its new change', async () => {
    const person = await engineFor('person');
    expect(await person.run({ cmd: 'write', args: { file: 'a.txt', content: 'one\n' } })).toMatchObject({ ok: true });
    expect(await person.run({ cmd: 'undo' })).toMatchObject({ ok: true });
    expect(await person.run({ cmd: 'write', args: { file: 'b.txt', content: 'two\n' } })).toMatchObject({ ok: true });
    expect(await person.run({ cmd: 'redo' })).toMatchObject({ ok: false, error: { code: 'C224' } });
  });
});
