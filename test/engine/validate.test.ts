// Flag validation messages: zod/mini has no message texts of its own ("Invalid input" for everything),
// so each kind of problem must come out worded, naming the flag and the fix, never a stack or a blank.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/index.js';
import { engineFor, removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

let root: string;
let engine: Engine;

beforeEach(async () => {
  root = await tempDir();
  await writeFiles(root, { 'a.txt': 'one\ntwo\n' });
  engine = await engineFor(root);
});
afterEach(async () => removeDir(root));

async function c210(call: { cmd: string; args: Record<string, unknown> }): Promise<string> {
  const envelope = await engine.run(call);
  if (envelope.ok) throw new Error(`${call.cmd} succeeded`);
  expect(envelope.error.code).toBe('C210');
  expect(envelope.error.message).not.toMatch(/Invalid input/);
  return envelope.error.message;
}

describe('flag validation messages', () => {
  it('numbers below or above their range name the bound', async () => {
    expect(await c210({ cmd: 'read', args: { file: 'a.txt', head: -3 } })).toMatch(/^read: --head must be at least 1 \(see: codeward read --help\)$/);
    expect(await c210({ cmd: 'search', args: { term: 'x', maxResults: 0 } })).toMatch(/--max-results must be at least 1/);
    expect(await c210({ cmd: 'exec', args: { cmd: 'true', timeout: 0 } })).toMatch(/--timeout must be at least 1/);
    expect(await c210({ cmd: 'tree', args: { maxDepth: -1 } })).toMatch(/--max-depth must be at least 1/);
  });

  it('empty paths are refused up front instead of being read as the workspace root', async () => {
    expect(await c210({ cmd: 'read', args: { file: '' } })).toMatch(/--file must not be empty/);
    expect(await c210({ cmd: 'write', args: { file: '', content: 'x' } })).toMatch(/--file must not be empty/);
    expect(await c210({ cmd: 'patch', args: { file: '', search: 'one', replace: '1' } })).toMatch(/--file must not be empty/);
    expect(await c210({ cmd: 'rollback', args: { file: '' } })).toMatch(/--file must not be empty/);
    expect(await c210({ cmd: 'create', args: { files: [{ path: '', content: 'x' }] } })).toMatch(/--files\[0\.path\] must not be empty/);
    expect(await c210({ cmd: 'delete', args: { paths: [''] } })).toMatch(/--paths\[0\] must not be empty/);
    expect(await c210({ cmd: 'multipatch', args: { edits: [{ file: '', search: 'a', replace: 'b' }] } })).toMatch(/--edits\[0\.file\] must not be empty/);
    expect(await c210({ cmd: 'search', args: { term: '' } })).toMatch(/--term must not be empty/);
  });

  it('empty lists are named as such', async () => {
    expect(await c210({ cmd: 'delete', args: { paths: [] } })).toMatch(/--paths must not be empty/);
  });

  it('a value of the wrong type inside a JSON flag is told apart from a missing one', async () => {
    expect(await c210({ cmd: 'multipatch', args: { edits: [{ file: 'a.txt', search: 5, replace: 'b' }] } })).toMatch(/--edits\[0\.search\] must be text, got 5/);
    expect(await c210({ cmd: 'multipatch', args: { edits: [{ file: 'a.txt', replace: 'b' }] } })).toMatch(/missing required flag --edits\[0\.search\]/);
    expect(await c210({ cmd: 'create', args: { files: [{ path: 'x.txt', content: ['a'] }] } })).toMatch(/--files\[0\.content\] must be text, got an array/);
  });

  it('empty content is still a valid write', async () => {
    const envelope = await engine.run({ cmd: 'write', args: { file: 'empty.txt', content: '' } });
    expect(envelope).toMatchObject({ ok: true, data: { bytes: 0 } });
  });
});
