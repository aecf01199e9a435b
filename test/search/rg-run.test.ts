import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rgPath } from '@vscode/ripgrep';
import { runRipgrep, RipgrepUnavailable } from '../../src/search/rg-run.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

describe('runRipgrep', () => {
  let root: string;
  let scratch: string;
  let saved: string | undefined;
  beforeEach(async () => {
    root = await tempDir();
    await writeFiles(root, Object.fromEntries(Array.from({ length: 200 }, (_, index) => [`f${String(index).padStart(3, '0')}.txt`, 'x\n'])));
    scratch = await mkdtemp(join(tmpdir(), 'codeward-run-'));
    saved = process.env['TMPDIR'];
    process.env['TMPDIR'] = scratch;
  });
  afterEach(async () => {
    if (saved === undefined) delete process.env['TMPDIR'];
    else process.env['TMPDIR'] = saved;
    await removeDir(scratch);
    await removeDir(root);
  });

  const files = async (options: Parameters<typeof runRipgrep>[5], stopAfter = Number.POSITIVE_INFINITY) => {
    const lines: string[] = [];
    const outcome = await runRipgrep(rgPath, ['--files', '--sort', 'path'], root, new AbortController().signal, (buf, start, end) => {
      lines.push(buf.toString('utf8', start, end));
      return lines.length < stopAfter;
    }, options);
    return { lines, outcome };
  };

  it('hands over every line, through a scratch file or a pipe, and leaves no file behind', async () => {
    const expected = Array.from({ length: 200 }, (_, index) => `f${String(index).padStart(3, '0')}.txt`);
    for (const sink of ['file', 'pipe'] as const) {
      const { lines, outcome } = await files({ sink });
      expect(lines).toEqual(expected);
      expect(outcome).toMatchObject({ code: 0, stopped: false, overflowed: false });
    }
    expect(await readdir(scratch)).toEqual([]);
  });

  it('stops rg when the handler has seen enough', async () => {
    const { lines, outcome } = await files({}, 3);
    expect(lines).toHaveLength(3);
    expect(outcome).toMatchObject({ stopped: true, overflowed: false });
  });

  it('stops with `overflowed` once the scratch file outgrows its limit; a pipe has none', async () => {
    expect((await files({ scratchLimit: 100 })).outcome).toMatchObject({ stopped: true, overflowed: true });
    const piped = await files({ sink: 'pipe', scratchLimit: 100 });
    expect(piped.lines).toHaveLength(200);
    expect(piped.outcome.overflowed).toBe(false);
  });

  it('reports a binary that cannot start as RipgrepUnavailable', async () => {
    await expect(runRipgrep(join(root, 'no-such-rg'), ['--files'], root, new AbortController().signal, () => true)).rejects.toBeInstanceOf(RipgrepUnavailable);
    expect(await readdir(scratch)).toEqual([]);
  });
});
