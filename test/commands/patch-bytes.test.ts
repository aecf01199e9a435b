// Base64 --search/--replace that decode to bytes that are not UTF-8 (issue 19): a Latin-1 file edited byte
// for byte through patch and multipatch, where C210 used to refuse. Only the targeted bytes change.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine, type Engine, type Envelope } from '../../src/index.js';
import { removeDir, runCli, tempDir } from '../helpers/fixture.js';
import { replaceExactBytes } from '../../src/edit/byte-replace.js';

let root: string;
let state: string;
let engine: Engine;
// "café crème\r\nnaïve façade\r\n" in Latin-1 (é=E9, è=E8, ï=EF, ç=E7), CRLF, plus a lone 0x80 byte.
const LATIN1 = Buffer.concat([Buffer.from('caf\xe9 cr\xe8me\r\nna\xefve fa\xe7ade\r\n', 'latin1'), Buffer.from([0x80, 0x0a])]);
const b64 = (bytes: string | Buffer): string => (typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes).toString('base64');

beforeEach(async () => {
  root = await tempDir('codeward-bytes-');
  state = await tempDir('codeward-bytes-state-');
  await writeFile(join(root, 'latin.txt'), LATIN1);
  await writeFile(join(root, 'utf8.txt'), 'plain ascii line\n');
  engine = await createEngine({ workspace: root, env: { ...process.env, CODEWARD_STATE_DIR: state } });
});
afterEach(async () => {
  await removeDir(root);
  await removeDir(state);
});

const run = (cmd: string, args: Record<string, unknown>): Promise<Envelope> => engine.run({ cmd, args });
const bytes = (path: string): Promise<Buffer> => readFile(join(root, path));
// The expected file: LATIN1 with exactly one byte range replaced.
const spliced = (from: string, to: string): Buffer => {
  const at = LATIN1.indexOf(Buffer.from(from, 'latin1'));
  return Buffer.concat([LATIN1.subarray(0, at), Buffer.from(to, 'latin1'), LATIN1.subarray(at + Buffer.byteLength(from, 'latin1'))]);
};

describe('patch with non-UTF-8 base64 search/replace', () => {
  it('replaces the Latin-1 bytes and keeps every other byte (CRLF, the lone 0x80)', async () => {
    const result = await run('patch', { file: 'latin.txt', search: b64('caf\xe9'), replace: b64('CAF\xc9'), encoding: 'base64' });
    expect(result.ok, JSON.stringify(result)).toBe(true);
    expect((await bytes('latin.txt')).equals(spliced('caf\xe9', 'CAF\xc9'))).toBe(true);
    expect(result.warnings.join('\n')).toContain('byte for byte');
  });
  it('through the real binary', async () => {
    const result = runCli(['--json', 'patch', '--file', 'latin.txt', '--search', b64('fa\xe7ade'), '--replace', b64('fa\xe7ades'), '--encoding', 'base64'], { cwd: root, env: { CODEWARD_STATE_DIR: state } });
    expect(result.status, result.stderr).toBe(0);
    expect((await bytes('latin.txt')).equals(spliced('fa\xe7ade', 'fa\xe7ades'))).toBe(true);
  });
  it('not found is C220, more than one match is C221, and the file is untouched', async () => {
    expect(await run('patch', { file: 'latin.txt', search: b64('caf\xe8'), replace: b64('x'), encoding: 'base64' })).toMatchObject({ ok: false, error: { code: 'C220' } });
    expect(await run('patch', { file: 'latin.txt', search: b64('\r\n'), replace: b64('\xff'), encoding: 'base64' })).toMatchObject({ ok: false, error: { code: 'C221' } });
    expect((await bytes('latin.txt')).equals(LATIN1)).toBe(true);
    const all = await run('patch', { file: 'latin.txt', search: b64('\xe9'), replace: b64('\xc9'), encoding: 'base64', all: true });
    expect(all).toMatchObject({ ok: true, data: { replacements: 1 } });
  });
  it('non-UTF-8 replacement bytes into a UTF-8 file are written exactly', async () => {
    const result = await run('patch', { file: 'utf8.txt', search: b64('ascii'), replace: b64('\xe9\xe8'), encoding: 'base64' });
    expect(result.ok, JSON.stringify(result)).toBe(true);
    expect((await bytes('utf8.txt')).equals(Buffer.from('plain \xe9\xe8 line\n', 'latin1'))).toBe(true);
  });
  it('base64 that decodes to UTF-8 still takes the text path (its CRLF tolerance)', async () => {
    await writeFile(join(root, 'crlf.txt'), 'one\r\ntwo\r\n');
    const result = await run('patch', { file: 'crlf.txt', search: b64('one\ntwo'), replace: b64('ONE\nTWO'), encoding: 'base64' });
    expect(result.ok, JSON.stringify(result)).toBe(true);
    expect((await bytes('crlf.txt')).toString('latin1')).toBe('ONE\r\nTWO\r\n');
  });
});

describe('multipatch with non-UTF-8 base64 edits', () => {
  it('a byte edit and a text edit of the same Latin-1 file, then another file: all applied, rest byte-identical', async () => {
    const edits = [
      { file: 'latin.txt', search: b64('cr\xe8me'), replace: b64('CR\xc8ME'), encoding: 'base64' },
      { file: 'latin.txt', search: 'naïve', replace: 'NAIVE' },
      { file: 'utf8.txt', search: 'plain', replace: 'PLAIN' },
    ];
    const result = await run('multipatch', { edits });
    expect(result.ok, JSON.stringify(result)).toBe(true);
    const expected = Buffer.from(spliced('cr\xe8me', 'CR\xc8ME').toString('latin1').replace('na\xefve', 'NAIVE'), 'latin1');
    expect((await bytes('latin.txt')).equals(expected)).toBe(true);
    expect((await bytes('utf8.txt')).toString()).toBe('PLAIN ascii line\n');
  });
  it('a byte edit that does not match aborts everything (C223 with the C220 cause)', async () => {
    const edits = [
      { file: 'utf8.txt', search: 'plain', replace: 'PLAIN' },
      { file: 'latin.txt', search: b64('\xe9\xe9'), replace: b64('x'), encoding: 'base64' },
    ];
    expect(await run('multipatch', { edits })).toMatchObject({ ok: false, error: { code: 'C223' } });
    expect((await bytes('latin.txt')).equals(LATIN1)).toBe(true);
    expect((await bytes('utf8.txt')).toString()).toBe('plain ascii line\n');
  });
});

describe('replaceExactBytes', () => {
  it('refuses empty search bytes', () => {
    expect(() => replaceExactBytes(LATIN1, Buffer.alloc(0), Buffer.from('x'), false)).toThrow(/empty/);
  });
  it('all replaces every non-overlapping match from the left', () => {
    expect(replaceExactBytes(Buffer.from('aaaa'), Buffer.from('aa'), Buffer.from('\xff', 'latin1'), true).bytes).toEqual(Buffer.from([0xff, 0xff]));
  });
});
