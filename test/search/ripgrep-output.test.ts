import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/index.js';
import type { SearchData } from '../../src/commands/search.js';
import { RgLinesReader } from '../../src/search/rg-lines.js';
import { engineFor, removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

// ripgrep's compact line output is read first; whatever it cannot place with certainty (a path with a
// newline, rg's notes about binary files) makes the search run again with --json. Either way the
// results are the same as --json alone gives.

describe('rg line output reader', () => {
  const read = (text: string | Buffer, reader = new RgLinesReader()) => {
    const buf = Buffer.concat([Buffer.from('junk\n'), Buffer.isBuffer(text) ? text : Buffer.from(text), Buffer.from('\nmore')]);
    return { kind: reader.read(buf, 5, buf.length - 5), reader };
  };

  it('reads matches and context lines, decoding each path once', () => {
    const reader = new RgLinesReader();
    expect(read('src/a.ts\u000012:7:const needle = 1;\r', reader).kind).toBe('match');
    expect(reader).toMatchObject({ path: 'src/a.ts', pathChanged: true, lineNumber: 12, column: 7, text: 'const needle = 1;' });
    expect(read('src/a.ts\u000013-context: with colons', reader).kind).toBe('context');
    expect(reader).toMatchObject({ path: 'src/a.ts', pathChanged: false, lineNumber: 13, text: 'context: with colons' });
    expect(read('src/b.ts\u00001:1:', reader).kind).toBe('match');
    expect(reader).toMatchObject({ path: 'src/b.ts', pathChanged: true, column: 1, text: '' });
  });

  it('counts columns in code points, also over bytes that are not UTF-8', () => {
    expect(read('u\u00001:11:é€😀 needle').reader).toMatchObject({ column: 5, text: 'é€😀 needle' });
    const latin1 = Buffer.concat([Buffer.from('l\u00001:6:'), Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20]), Buffer.from('needle')]);
    expect(read(latin1).reader).toMatchObject({ column: 6, text: 'caf\uFFFD needle' });
  });

  it('reports anything it cannot place as ambiguous, and the statistics after the blank line', () => {
    expect(read('a: WARNING: stopped searching binary file after match (found "\\0" byte around offset 9)').kind).toBe('ambiguous');
    expect(read('bin.dat: binary file matches (found "\\0" byte around offset 8)').kind).toBe('ambiguous');
    expect(read('first part of a path').kind).toBe('ambiguous');
    expect(read('p\u0000x:1:text').kind).toBe('ambiguous');
    expect(read('p\u00001;1:text').kind).toBe('ambiguous');
    expect(read('\u00001:1:text').kind).toBe('ambiguous');
    const reader = new RgLinesReader();
    expect(read('', reader).kind).toBe('stats');
    expect(read('3 matches', reader).kind).toBe('stats');
    expect(read('name\u00001:1:after the statistics', reader).kind).toBe('ambiguous');
  });
});

describe('search through rg line output', () => {
  let root: string;
  let engine: Engine;
  beforeEach(async () => {
    root = await tempDir();
    engine = await engineFor(root);
  });
  afterEach(async () => removeDir(root));

  async function search(args: Record<string, unknown>): Promise<SearchData & { warnings: string[] }> {
    const envelope = await engine.run({ cmd: 'search', args });
    if (!envelope.ok) throw new Error(JSON.stringify(envelope));
    expect((envelope.data as SearchData).engine).toBe('ripgrep');
    return { ...(envelope.data as SearchData), warnings: [...envelope.warnings] };
  }

  it('reports a path with newlines in it exactly', async () => {
    await writeFiles(root, { 'a\nb.txt': 'needle one\n', 'b.txt': 'no\n', 'dir\n/x.txt': 'needle two\n', '\nlead.txt': 'needle three\n', 'ok.txt': 'needle four\n' });
    const data = await search({ term: 'needle' });
    expect(data.matches.map((match) => [match.path, match.text])).toEqual([
      ['\nlead.txt', 'needle three'],
      ['a\nb.txt', 'needle one'],
      ['dir\n/x.txt', 'needle two'],
      ['ok.txt', 'needle four'],
    ]);
  });

  it('keeps the lines rg reports before it finds a NUL byte late in a file, as --json does', async () => {
    const late = Buffer.concat([Buffer.from('needle first\n'), Buffer.from(`${'x'.repeat(200_000)}\n`), Buffer.from('needle later\n\0\nneedle after\n')]);
    await writeFiles(root, { 'late.bin': late, 'ok.txt': 'needle\n' });
    const data = await search({ term: 'needle' });
    expect(data.matches).toEqual([
      { path: 'late.bin', line: 1, column: 1, text: 'needle first' },
      { path: 'ok.txt', line: 1, column: 1, text: 'needle' },
    ]);
  });

  it('gives a file named as --dir the answer --json gives, binary or not', async () => {
    await writeFiles(root, { 'bin.dat': Buffer.concat([Buffer.from('needle binary\n'), Buffer.from([0, 1, 2, 0]), Buffer.from('\nneedle\n')]), 'ok.txt': 'a needle\n' });
    expect((await search({ term: 'needle', dir: 'ok.txt' })).matches).toEqual([{ path: 'ok.txt', line: 1, column: 3, text: 'a needle' }]);
    const binary = await search({ term: 'needle', dir: 'bin.dat' });
    expect(binary.matches.map((match) => match.line)).toEqual([1, 3]);
  });

  it('keeps a long line\'s regex match in view when it cuts the line', async () => {
    await writeFile(join(root, 'long.txt'), `${'a'.repeat(30)}neeeeeeedle${'b'.repeat(30)}\n`);
    const [match] = (await search({ term: 'ne+dle', regex: true, maxLineLength: 35 })).matches;
    expect(match).toMatchObject({ column: 31 });
    expect(match!.text).toContain('neeeeeeedle');
    const [literal] = (await search({ term: 'NEEEEEEEDLE', maxLineLength: 35 })).matches;
    expect(literal!.text).toBe(match!.text);
  });

  it('writes rg\'s output to a scratch file that it leaves nowhere, and uses a pipe when it cannot make one', async () => {
    await writeFiles(root, Object.fromEntries(Array.from({ length: 30 }, (_, index) => [`f${index}.txt`, 'hit\nhit\n'])));
    const saved = process.env['TMPDIR'];
    const scratch = await mkdtemp(join(tmpdir(), 'codeward-scratch-'));
    try {
      process.env['TMPDIR'] = scratch;
      expect((await search({ term: 'hit', maxResults: 1000 })).matches).toHaveLength(60);
      expect(await search({ term: 'hit', maxResults: 5 })).toMatchObject({ truncated: true, matches: { length: 5 } });
      expect(await readdir(scratch)).toEqual([]);
      process.env['TMPDIR'] = join(scratch, 'missing');
      expect((await search({ term: 'hit', maxResults: 1000 })).matches).toHaveLength(60);
      expect(await search({ term: 'hit', maxResults: 5 })).toMatchObject({ truncated: true, matches: { length: 5 } });
    } finally {
      if (saved === undefined) delete process.env['TMPDIR'];
      else process.env['TMPDIR'] = saved;
      await removeDir(scratch);
    }
  });
});
