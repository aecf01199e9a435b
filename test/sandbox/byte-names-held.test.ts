import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spell } from '../../src/sandbox/modes-bytes.js';

// utf55 item 3: the find route's set-aside of a non-UTF-8 name is made through held descriptors. find listed
// `a/d\xfe/s`; the run (still going) swapped `a` for a symlink to a folder outside the tree: a rename by path
// would rename the outside folder's `d\xfe`.
const base = mkdtempSync(join(tmpdir(), 'cw-utf55-held-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
const bytes = (path: string, raw: Buffer): Buffer => Buffer.concat([Buffer.from(`${path}/`), raw]);
const FE = Buffer.from('d\xfe', 'latin1');

describe('modes-bytes spell (the find route)', () => {
  it('renames a non-UTF-8 part inside the held folder', () => {
    const ws = join(base, 'plain');
    mkdirSync(join(ws, 'a'), { recursive: true });
    mkdirSync(bytes(join(ws, 'a'), FE));
    writeFileSync(Buffer.concat([bytes(join(ws, 'a'), FE), Buffer.from('/s')]), '');
    const warnings: string[] = [];
    const sub = spell({ path: ws, rel: '' }, Buffer.concat([Buffer.from('a/'), FE, Buffer.from('/s')]), new Map(), warnings);
    expect(sub).toBe('a/d%FE/s');
    expect(existsSync(join(ws, 'a/d%FE/s'))).toBe(true);
    expect(warnings.join('\n')).toContain('renamed to a/d%FE');
  });
  it('never follows a folder swapped for a symlink after find listed it', () => {
    const ws = join(base, 'swap');
    const outside = join(base, 'outside');
    mkdirSync(ws, { recursive: true });
    mkdirSync(bytes(outside, FE), { recursive: true });
    symlinkSync(outside, join(ws, 'a'));
    const warnings: string[] = [];
    const sub = spell({ path: ws, rel: '' }, Buffer.concat([Buffer.from('a/'), FE, Buffer.from('/s')]), new Map(), warnings);
    expect(sub).toBeUndefined();
    expect(readdirSync(outside, { encoding: 'buffer' }).map((name) => name.toString('hex'))).toEqual([FE.toString('hex')]);
    expect(warnings.join('\n')).toMatch(/could not be renamed/);
  });
});
