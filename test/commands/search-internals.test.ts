import { spawnSync } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rgPath } from '@vscode/ripgrep';
import { Workspace } from '../../src/workspace/workspace.js';
import { DEFAULT_NON_ACCESSIBLE_GLOBS } from '../../src/workspace/types.js';
import { MatchCollector, sortPaths } from '../../src/search/collect.js';
import { compileGlobFilter, expandBraces, ripgrepGlobArgs, splitGlobs } from '../../src/search/globs.js';
import { emptyRgLine, parseRgLine } from '../../src/search/rg-json.js';
import { ripgrepContentArgs } from '../../src/search/ripgrep.js';
import { codePoints, columnOfByte, columnOfIndex, cutLine } from '../../src/search/text.js';
import type { SearchRequest } from '../../src/search/types.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

describe('search text helpers', () => {
  it('turns UTF-8 byte offsets and UTF-16 indexes into code point columns', () => {
    const line = 'é€😀 x';
    expect(columnOfByte(line, 0)).toBe(1);
    expect(columnOfByte(line, Buffer.byteLength('é€😀 '))).toBe(5);
    expect(columnOfIndex(line, line.indexOf('x'))).toBe(5);
    expect(codePoints(line)).toBe(5);
  });

  it('cuts on code point boundaries', () => {
    expect(cutLine('ab😀cd', 3)).toBe('ab😀…');
    expect(cutLine('ab😀cd', 2)).toBe('ab…');
    expect(cutLine('short', 10)).toBe('short');
    expect(cutLine('😀😀😀', 3)).toBe('😀😀😀');
    // The window moves to show a match beyond the cut.
    expect(cutLine(`${'a'.repeat(20)}MATCH${'b'.repeat(20)}`, 8, 21, 5)).toBe('…aaMATCHb…');
  });
});

describe('search globs', () => {
  it('splits comma lists outside braces and expands braces', () => {
    expect(splitGlobs('*.ts, *.{js,jsx} ,!a,')).toEqual(['*.ts', '*.{js,jsx}', '!a']);
    expect(splitGlobs(['a,b', 'c'])).toEqual(['a', 'b', 'c']);
    expect(expandBraces('src/*.{js,ts{,x}}')).toEqual(['src/*.js', 'src/*.ts', 'src/*.tsx']);
  });

  it('anchors slash patterns at --dir for rg and selects below matched folders', () => {
    expect(ripgrepGlobArgs(['*.ts', 'util/*.go', '!gen/', '/top'], 'src')).toEqual([
      '--iglob', '*.ts', '--iglob', '**/*.ts/**',
      '--iglob', 'src/util/*.go', '--iglob', 'src/util/*.go/**',
      '--iglob', '!gen/',
      '--iglob', 'src/top', '--iglob', 'src/top/**',
    ]);
    expect(ripgrepGlobArgs(['x/*.go'], 'a[1]{b}')).toEqual(['--iglob', 'a\\[1\\]\\{b\\}/x/*.go', '--iglob', 'a\\[1\\]\\{b\\}/x/*.go/**']);
  });

  it('decides like ripgrep: the last matching pattern wins; exclusions alone keep the rest', () => {
    const mixed = compileGlobFilter(['*.ts', '!*.test.ts'])!;
    expect([mixed('a/b.ts'), mixed('a/b.test.ts'), mixed('a/b.go')]).toEqual([true, false, false]);
    const exclusions = compileGlobFilter(['!*.test.ts'])!;
    expect([exclusions('a/b.ts'), exclusions('a/b.test.ts')]).toEqual([true, false]);
    expect(compileGlobFilter([])).toBeUndefined();
  });
});

describe('search result ordering and context', () => {
  it('orders paths folder by folder, as tree does', () => {
    const paths = ['a.txt', 'a/z', 'B', 'a-b/x', 'a/b/c'].map((path) => ({ path }));
    expect(sortPaths(paths).map((item) => item.path)).toEqual(['B', 'a/b/c', 'a/z', 'a-b/x', 'a.txt']);
    // A path that is also a folder comes before the folder's contents; a path given twice keeps both, in order.
    const mixed = [{ path: 'd/x', n: 1 }, { path: 'd', n: 2 }, { path: 'c é', n: 3 }, { path: 'd', n: 4 }, { path: 'c', n: 5 }, { path: 'c/😀', n: 6 }, { path: 'c/\uFFFF', n: 7 }];
    expect(sortPaths(mixed).map((item) => item.n)).toEqual([5, 6, 7, 3, 2, 4, 1]);
  });

  it('keeps context lines with the nearest matches and stops at the cap', () => {
    const collector = new MatchCollector({ maxResults: 2, context: 2, maxLineLength: 100 });
    collector.beginFile('f');
    collector.contextLine(1, 'c1');
    expect(collector.match(2, 1, 'm2', 1)).toBe(true);
    collector.contextLine(3, 'c3');
    expect(collector.match(4, 1, 'm4', 1)).toBe(true);
    collector.contextLine(5, 'c5');
    expect(collector.match(6, 1, 'm6', 1)).toBe(false);
    expect(collector.truncated).toBe(true);
    expect(collector.result()).toEqual([
      { path: 'f', line: 2, column: 1, text: 'm2', context: { before: ['c1'], after: ['c3'] } },
      { path: 'f', line: 4, column: 1, text: 'm4', context: { before: ['c3'], after: ['c5'] } },
    ]);
  });
});

describe('rg --json reader', () => {
  it('reads the fast layout and falls back to JSON.parse for bytes', () => {
    const event = emptyRgLine();
    // Each line sits inside a larger buffer, between other lines, as in rg's output chunks.
    const parseRgLineText = (line: string, into: typeof event) => {
      const buf = Buffer.from(`{"type":"x","q":"\\"}\n${line}\n{"type":"match","data":{"path":{"text":"z"}}}`);
      const start = buf.indexOf('\n') + 1;
      return parseRgLine(buf, start, buf.indexOf('\n', start), into);
    };
    const match = '{"type":"match","data":{"path":{"text":"a \\"q\\".txt"},"lines":{"text":"x é \\"needle\\"\\r\\n"},"line_number":12,"absolute_offset":0,"submatches":[{"match":{"text":"needle"},"start":6,"end":12}]}}';
    expect(parseRgLineText(match, event)).toMatchObject({ type: 'match', text: 'x é "needle"', lineNumber: 12, column: 6, matchLength: 6 });
    const begin = '{"type":"begin","data":{"path":{"text":"dir/a \\"q\\".txt"}}}';
    expect(parseRgLineText(begin, event)).toMatchObject({ type: 'begin', path: 'dir/a "q".txt' });
    const bytes = `{"type":"match","data":{"path":{"text":"l.txt"},"lines":{"bytes":"${Buffer.from([0x63, 0xe9, 0x20, 0x6e, 0x0a]).toString('base64')}"},"line_number":1,"absolute_offset":0,"submatches":[{"match":{"text":"n"},"start":3,"end":4}]}}`;
    expect(parseRgLineText(bytes, event)).toMatchObject({ type: 'match', text: 'c\uFFFD n', lineNumber: 1, column: 4, matchLength: 1 });
    const context = '{"type":"context","data":{"path":{"text":"a"},"lines":{"text":"ctx\\n"},"line_number":3,"absolute_offset":0,"submatches":[]}}';
    expect(parseRgLineText(context, event)).toMatchObject({ type: 'context', text: 'ctx', lineNumber: 3 });
    const escapes = (json: string) => parseRgLineText(`{"type":"context","data":{"path":{"text":"a"},"lines":{"text":${json}},"line_number":1,"absolute_offset":0,"submatches":[]}}`, event).text;
    expect(escapes(JSON.stringify('back\\n\n'))).toBe('back\\n');
    expect(escapes(JSON.stringify('back\\'))).toBe('back\\');
    expect(escapes(JSON.stringify('tab\there\r\n'))).toBe('tab\there');
    expect(escapes(JSON.stringify('last\r'))).toBe('last');
    expect(escapes(JSON.stringify('\n'))).toBe('');
    expect(escapes(JSON.stringify('q"\\"\n'))).toBe('q"\\"');
    expect(parseRgLineText('{"type":"end","data":{}}', event).type).toBe('end');
    expect(parseRgLineText('{"data":{},"type":"summary"}', event).type).toBe('summary');
  });
});

describe('ripgrep arguments', () => {
  let root: string;
  beforeEach(async () => {
    root = await tempDir();
    await writeFiles(root, { '.env': 'needle\n', 'secrets/a.txt': 'needle\n', 'k.pem': 'needle\n', 'ok.txt': 'needle\n', 'sub/.env.prod': 'needle\n' });
  });
  afterEach(async () => removeDir(root));

  it('exclude the non-accessible globs in rg itself, after any --glob (defence in depth)', async () => {
    const workspace = await Workspace.open(root);
    const request: SearchRequest = {
      workspace,
      nonAccessibleGlobs: DEFAULT_NON_ACCESSIBLE_GLOBS,
      target: { rel: '', real: root, kind: 'dir' },
      term: 'needle',
      mode: 'content',
      regex: false,
      caseSensitive: false,
      context: 0,
      maxResults: 10,
      globs: ['*', '.env', 'secrets/**'],
      includeHidden: true,
      searchContent: true,
      searchPaths: false,
      maxLineLength: 100,
      signal: new AbortController().signal,
      warn: () => undefined,
    };
    const json = spawnSync(rgPath, ripgrepContentArgs(request, 'json'), { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const paths = json.stdout.split('\n').filter((line) => line.startsWith('{"type":"begin"')).map((line) => JSON.parse(line).data.path.text);
    expect(paths).toEqual(['ok.txt']);
    const lines = spawnSync(rgPath, ripgrepContentArgs(request, 'lines'), { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(lines.stdout.split('\n').filter((line) => line.includes('\0'))).toEqual(['ok.txt\u00001:1:needle']);
  });
});
