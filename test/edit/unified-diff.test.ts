import { createTwoFilesPatch, structuredPatch } from 'diff';
import { describe, expect, it } from 'vitest';
import type { FilePatch } from '../../src/edit/unified-diff.js';
import { applyFilePatch, applyUnifiedDiff, diffTargets, parseUnifiedDiff } from '../../src/edit/unified-diff.js';
import { failure } from '../helpers/errors.js';
import { prng } from '../helpers/random.js';


// A line-based file from a small vocabulary, so repeated lines (ambiguous context) are common.
function randomFile(r: ReturnType<typeof prng>, eol: string): string {
  const words = ['', '}', '{', 'return x;', 'let a = 1;', 'foo()', '  bar();', '// note', 'x', '-- sql', '++i;', '++ x', '@@ not a hunk'];
  const count = r.int(30);
  const lines = Array.from({ length: count }, () => (r.chance(0.6) ? words[r.int(words.length)]! : `line ${r.int(1000)}`));
  const finalNewline = count > 0 && r.chance(0.8);
  return lines.join(eol) + (finalNewline ? eol : '');
}

function randomEdit(r: ReturnType<typeof prng>, text: string, eol: string): string {
  const lines = text === '' ? [] : text.replace(/\r?\n$/, '').split(eol);
  const finalNewline = text.endsWith('\n');
  const edits = 1 + r.int(4);
  for (let e = 0; e < edits; e++) {
    const at = r.int(lines.length + 1);
    const kind = r.int(3);
    if (kind === 0) lines.splice(at, r.int(3));
    else if (kind === 1) lines.splice(at, 0, ...Array.from({ length: 1 + r.int(3) }, () => `new ${r.int(1000)}`));
    else lines.splice(at, 1, `changed ${r.int(1000)}`);
  }
  const flip = r.chance(0.15);
  const keepNewline = flip ? !finalNewline : finalNewline;
  return lines.join(eol) + (keepNewline && lines.length > 0 ? eol : '');
}

function applyOne(original: string | null, diff: string, defaultFile?: string): { text: string | null; patch: FilePatch } {
  const patches = parseUnifiedDiff(diff, defaultFile === undefined ? {} : { defaultFile });
  expect(patches).toHaveLength(1);
  const patch = patches[0]!;
  return { text: applyFilePatch(original, patch).text, patch };
}

describe('round trip with jsdiff patches', () => {
  it('applies createTwoFilesPatch output to the original (300 seeded cases, LF and CRLF)', () => {
    const r = prng(20240601);
    for (let n = 0; n < 300; n++) {
      const eol = n % 5 === 0 ? '\r\n' : '\n';
      const before = randomFile(r, eol);
      const after = randomEdit(r, before, eol);
      const context = r.int(5);
      const diff = createTwoFilesPatch(`a/f${n}.txt`, `b/f${n}.txt`, before, after, undefined, undefined, { context });
      if (!diff.includes('@@')) continue;
      const [patch] = parseUnifiedDiff(diff, {});
      expect(patch!.oldPath).toBe(`f${n}.txt`);
      const result = applyFilePatch(before, patch!);
      // A file without a line break says nothing about its line endings: added lines get LF.
      const expected = before.includes('\n') ? after : after.replace(/\r\n/g, '\n');
      expect(result.text, `case ${n}\n${diff}`).toBe(expected);
      for (const hunk of result.hunks) expect(hunk.offset).toBe(0);
    }
  });

  it('applies structuredPatch hunks directly, and finds them again after lines were added on top', () => {
    const r = prng(7);
    let drifted = 0;
    for (let n = 0; n < 100; n++) {
      const before = randomFile(r, '\n');
      const after = randomEdit(r, before, '\n');
      const structured = structuredPatch('x', 'x', before, after, undefined, undefined, { context: 3 });
      if (structured.hunks.length === 0) continue;
      const patch: FilePatch = {
        oldPath: 'x',
        newPath: 'x',
        // structuredPatch keeps oldStart 1-based even for insertions; the text format says "after line N".
        hunks: structured.hunks.map((h) => ({
          ...h,
          oldStart: h.oldLines === 0 ? h.oldStart - 1 : h.oldStart,
          lines: h.lines.filter((l) => !l.startsWith('\\')),
          noNewlineOld: h.lines.some((l, i) => l.startsWith('\\') && h.lines[i - 1]?.[0] !== '+'),
          noNewlineNew: h.lines.some((l, i) => l.startsWith('\\') && h.lines[i - 1]?.[0] !== '-'),
        })),
      };
      expect(applyFilePatch(before, patch).text).toBe(after);
      // A hunk without old lines has nothing to be found by: it stays at its line number.
      if (patch.hunks.some((h) => h.oldLines === 0)) continue;
      const top = 'top 1\ntop 2\n';
      expect(applyFilePatch(top + before, patch).text, `case ${n}`).toBe(top + after);
      drifted++;
    }
    expect(drifted).toBeGreaterThan(50);
  });
});

describe('parseUnifiedDiff', () => {
  it('strips a/ b/ prefixes and reads several files', () => {
    const diff = [
      '--- a/src/one.ts', '+++ b/src/one.ts', '@@ -1,2 +1,2 @@', ' keep', '-old', '+new',
      '--- a/two.txt', '+++ b/two.txt', '@@ -1 +1 @@', '-x', '+y',
    ].join('\n');
    const patches = parseUnifiedDiff(diff, {});
    expect(patches.map((p) => [p.oldPath, p.newPath])).toEqual([['src/one.ts', 'src/one.ts'], ['two.txt', 'two.txt']]);
    expect(diffTargets(patches)).toEqual(['src/one.ts', 'two.txt']);
  });

  it('keeps paths without prefixes and does not strip a lone b/ directory', () => {
    expect(parseUnifiedDiff('--- src/x.ts\n+++ src/x.ts\n@@ -1 +1 @@\n-a\n+b\n', {})[0]!.newPath).toBe('src/x.ts');
    expect(parseUnifiedDiff('--- b/x.ts\n+++ b/x.ts\n@@ -1 +1 @@\n-a\n+b\n', {})[0]!.newPath).toBe('b/x.ts');
  });

  it('reads git headers, timestamps and quoted paths with spaces', () => {
    const git = [
      'diff --git a/lib/a.js b/lib/a.js', 'index 83db48f..bf269f4 100644', '--- a/lib/a.js', '+++ b/lib/a.js',
      '@@ -1,3 +1,3 @@ function top() {', ' one', '-two', '+TWO', ' three',
      'diff --git "a/my file.txt" "b/my file.txt"', 'index 1..2 100644', '--- "a/my file.txt"', '+++ "b/my file.txt"',
      '@@ -1 +1 @@', '-a', '+b',
    ].join('\n');
    const patches = parseUnifiedDiff(git, {});
    expect(patches.map((p) => p.newPath)).toEqual(['lib/a.js', 'my file.txt']);
    expect(patches[0]!.hunks[0]!.header).toBe('@@ -1,3 +1,3 @@');
    const stamped = '--- a/t.txt\t2024-01-01 10:00:00.000000000 +0000\n+++ b/t.txt\t2024-01-02 10:00:00.000000000 +0000\n@@ -1 +1 @@\n-a\n+b\n';
    expect(parseUnifiedDiff(stamped, {})[0]!.oldPath).toBe('t.txt');
    const spaced = '--- t.txt 2024-01-01 10:00:00\n+++ t.txt 2024-01-02 10:00:00\n@@ -1 +1 @@\n-a\n+b\n';
    expect(parseUnifiedDiff(spaced, {})[0]!.newPath).toBe('t.txt');
    expect(parseUnifiedDiff('--- "a/\\303\\251t\\303\\251.txt"\n+++ "b/\\303\\251t\\303\\251.txt"\n@@ -1 +1 @@\n-a\n+b\n', {})[0]!.newPath).toBe('été.txt');
  });

  it('reads /dev/null creation and deletion, also git sections without hunks', () => {
    const diff = [
      'diff --git a/new.txt b/new.txt', 'new file mode 100644', 'index 0000000..3b18e51', '--- /dev/null', '+++ b/new.txt', '@@ -0,0 +1,2 @@', '+hello', '+world',
      'diff --git a/old.txt b/old.txt', 'deleted file mode 100644', 'index 3b18e51..0000000', '--- a/old.txt', '+++ /dev/null', '@@ -1 +0,0 @@', '-bye',
      'diff --git a/empty.txt b/empty.txt', 'new file mode 100644', 'index 0000000..e69de29',
      'diff --git a/mode.sh b/mode.sh', 'old mode 100644', 'new mode 100755',
    ].join('\n');
    const patches = parseUnifiedDiff(diff, {});
    expect(patches.map((p) => [p.oldPath, p.newPath, p.hunks.length])).toEqual([
      [null, 'new.txt', 1], ['old.txt', null, 1], [null, 'empty.txt', 0],
    ]);
  });

  it('uses defaultFile for a headerless diff, and asks for --file without it', () => {
    const diff = '@@ -1,2 +1,2 @@\n a\n-b\n+c\n';
    expect(parseUnifiedDiff(diff, { defaultFile: 'f.txt' })).toEqual([
      { oldPath: 'f.txt', newPath: 'f.txt', hunks: [expect.objectContaining({ lines: [' a', '-b', '+c'] })] },
    ]);
    expect(failure(() => parseUnifiedDiff(diff, {}))).toEqual({ code: 'C210', message: 'the diff names no file; pass --file' });
  });

  it('rejects text without hunks, header-only files, empty hunks, renames and binary patches (C210)', () => {
    for (const text of ['', 'just some words\n', '--- a/x\n+++ b/x\n', '--- a/x\n+++ b/x\n-old\n+new\n']) {
      expect(failure(() => parseUnifiedDiff(text, { defaultFile: 'x' })).code).toBe('C210');
    }
    expect(failure(() => parseUnifiedDiff('--- a/x\n+++ b/x\n@@ -1 +1 @@\n', {})).message).toContain('has no lines');
    const rename = 'diff --git a/a.txt b/b.txt\nsimilarity index 100%\nrename from a.txt\nrename to b.txt\n';
    expect(failure(() => parseUnifiedDiff(rename, {})).message).toContain('renames a.txt to b.txt');
    expect(failure(() => parseUnifiedDiff('diff --git a/p.png b/p.png\nindex 1..2 100644\nBinary files a/p.png and b/p.png differ\n', {})).code).toBe('C210');
  });

  it('normalises CRLF in the diff text and recounts wrong hunk counts', () => {
    const diff = '--- a/x\r\n+++ b/x\r\n@@ -1,9 +1,1 @@\r\n a\r\n-b\r\n+c\r\n d\r\n';
    const hunk = parseUnifiedDiff(diff, {})[0]!.hunks[0]!;
    expect(hunk.lines).toEqual([' a', '-b', '+c', ' d']);
    expect([hunk.oldLines, hunk.newLines]).toEqual([3, 3]);
  });

  it('reads `\\ No newline at end of file` on each side', () => {
    const hunk = parseUnifiedDiff('--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+a\n', {})[0]!.hunks[0]!;
    expect([hunk.noNewlineOld, hunk.noNewlineNew]).toEqual([true, false]);
    const both = parseUnifiedDiff('--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n-a\n+b\n c\n\\ No newline at end of file\n', {})[0]!.hunks[0]!;
    expect([both.noNewlineOld, both.noNewlineNew]).toEqual([true, true]);
  });

  it('ignores garbage between files and a fenced wrapper; an empty line inside a hunk is blank context', () => {
    const diff = [
      '```diff', 'Here is the change:', '--- a/x', '+++ b/x', '@@ -1,3 +1,3 @@', ' a', '', '-b', '+c', '', 'Some explanation.',
      '--- a/y', '+++ b/y', '@@ -1 +1 @@', '-1', '+2', '```', '',
    ].join('\n');
    const patches = parseUnifiedDiff(diff, {});
    expect(patches[0]!.hunks[0]!.lines).toEqual([' a', ' ', '-b', '+c']);
    expect(patches[1]!.hunks[0]!.lines).toEqual(['-1', '+2']);
  });

  it('keeps a removed "-- x" line that looks like a file header while the counts still expect lines', () => {
    const diff = '--- a/q.sql\n+++ b/q.sql\n@@ -1,3 +1,2 @@\n select 1;\n--- old comment\n+++ new\n';
    const hunk = parseUnifiedDiff(diff, {})[0]!.hunks[0]!;
    expect(hunk.lines).toEqual([' select 1;', '--- old comment', '+++ new']);
  });

  it('refuses a stray line that would silently drop the changes after it', () => {
    const diff = '--- a/x\n+++ b/x\n@@ -1,3 +1,3 @@\n a\nb\n-c\n+C\n';
    const error = failure(() => parseUnifiedDiff(diff, {}));
    expect(error.code).toBe('C210');
    expect(error.message).toContain('line 5 of the diff, "b", is not a diff line');
  });
});

describe('applyFilePatch', () => {
  const file = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';

  it('reports the offset when the file drifted by 5 lines', () => {
    const diff = '--- a/f\n+++ b/f\n@@ -9,3 +9,3 @@\n line 9\n-line 10\n+LINE 10\n line 11\n@@ -15,2 +15,3 @@\n line 15\n+inserted\n line 16\n';
    const drifted = 'h1\nh2\nh3\nh4\nh5\n' + file;
    const patch = parseUnifiedDiff(diff, {})[0]!;
    const result = applyFilePatch(drifted, patch);
    expect(result.hunks).toEqual([
      { index: 1, expectedLine: 9, appliedLine: 14, offset: 5 },
      { index: 2, expectedLine: 15, appliedLine: 20, offset: 5 },
    ]);
    expect(result.text).toBe(drifted.replace('line 10\n', 'LINE 10\n').replace('line 15\n', 'line 15\ninserted\n'));
    expect(applyFilePatch(file, patch).hunks.map((h) => h.offset)).toEqual([0, 0]);
  });

  it('applies hunks with wrong counts and with `@@ @@` (no numbers)', () => {
    const wrong = applyOne(file, '--- a/f\n+++ b/f\n@@ -5,3 +5,3 @@\n line 12\n-line 13\n+thirteen\n+more\n line 14\n');
    expect(wrong.text).toBe(file.replace('line 13\n', 'thirteen\nmore\n'));
    const bare = applyOne(file, '--- a/f\n+++ b/f\n@@ @@\n line 2\n-line 3\n+three\n@@ @@\n-line 19\n+nineteen\n');
    expect(bare.text).toBe(file.replace('line 3\n', 'three\n').replace('line 19\n', 'nineteen\n'));
    expect(bare.patch.hunks.every((h) => h.contextOnly === true)).toBe(true);
  });

  it('creates a file from /dev/null and refuses to create one that exists', () => {
    const diff = '--- /dev/null\n+++ b/n.txt\n@@ -0,0 +1,2 @@\n+a\n+b\n';
    expect(applyOne(null, diff).text).toBe('a\nb\n');
    expect(applyOne(null, '--- /dev/null\n+++ b/n.txt\n@@ -0,0 +1 @@\n+a\n\\ No newline at end of file\n').text).toBe('a');
    const error = failure(() => applyOne('', diff));
    expect(error.code).toBe('C222');
    expect(error.message).toContain('n.txt: the diff creates this file (--- /dev/null), but it already exists');
  });

  it('deletes a file only when its content is what the diff removes', () => {
    const diff = '--- a/d.txt\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-one\n-two\n';
    expect(applyOne('one\r\ntwo\r\n', diff).text).toBeNull();
    const error = failure(() => applyOne('one\nthree\n', diff));
    expect(error.code).toBe('C222');
    expect(error.message).toContain('line 2 is "three" where the diff removes "two"');
    expect(failure(() => applyOne('one\ntwo\nthree\n', diff)).message).toContain('the file has 3 lines and the diff removes 2');
    expect(failure(() => applyOne(null, '--- a/m\n+++ b/m\n@@ -1 +1 @@\n-a\n+b\n')).message).toContain('m: the file does not exist');
  });

  it('honours `\\ No newline at end of file` in both directions', () => {
    const add = createTwoFilesPatch('a/f', 'b/f', 'a\nb', 'a\nb\n');
    expect(applyOne('a\nb', add).text).toBe('a\nb\n');
    const remove = createTwoFilesPatch('a/f', 'b/f', 'a\nb\n', 'a\nc');
    expect(applyOne('a\nb\n', remove).text).toBe('a\nc');
    const handwritten = '--- a/f\n+++ b/f\n@@ -2 +2 @@\n-b\n+b\n\\ No newline at end of file\n';
    expect(applyOne('a\nb\n', handwritten).text).toBe('a\nb');
  });

  it('keeps a missing final newline when the diff does not mention it', () => {
    expect(applyOne('a\nb\nc', '@@ -1,2 +1,2 @@\n-a\n+A\n b\n', 'f').text).toBe('A\nb\nc');
    expect(applyOne('a\nb', '@@ -1,2 +1,3 @@\n a\n b\n+c\n', 'f').text).toBe('a\nb\nc');
    expect(applyOne('a\nb\n', '@@ -1,2 +1,3 @@\n a\n b\n+c\n', 'f').text).toBe('a\nb\nc\n');
  });

  it('keeps CRLF when an LF diff edits a CRLF file, and each line\'s own break in a mixed file', () => {
    const crlf = 'one\r\ntwo\r\nthree\r\n';
    expect(applyOne(crlf, '@@ -1,3 +1,4 @@\n one\n-two\n+TWO\n+2.5\n three\n', 'f').text).toBe('one\r\nTWO\r\n2.5\r\nthree\r\n');
    const mixed = 'a\nb\r\nc\nd\r\n';
    expect(applyOne(mixed, '@@ -1,4 +1,4 @@\n a\n-b\n+B\n c\n-d\n+D\n', 'f').text).toBe('a\nB\r\nc\nD\r\n');
    expect(applyOne(mixed, '@@ -1,2 +1,3 @@\n a\n+new\n b\n', 'f').text).toBe('a\nnew\nb\r\nc\nd\r\n');
  });

  it('keeps the file\'s bytes for context lines and matches trailing whitespace only as a reported second pass', () => {
    const text = 'alpha  \nbeta\ngamma\t\n';
    const result = applyFilePatch(text, parseUnifiedDiff('@@ -1,3 +1,3 @@\n alpha\n-beta\n+BETA\n gamma\n', { defaultFile: 'f' })[0]!);
    expect(result.text).toBe('alpha  \nBETA\ngamma\t\n');
    expect(result.hunks[0]).toEqual({ index: 1, expectedLine: 1, appliedLine: 1, offset: 0, whitespaceIgnored: true });
    expect(failure(() => applyOne('  alpha\nbeta\n', '@@ -1,2 +1,2 @@\n alpha\n-beta\n+B\n', 'f')).code).toBe('C222');
  });

  it('never matches the second hunk before the end of the first, even when its context occurs earlier', () => {
    const text = ['x', 'y', 'target', 'x', 'y', 'z', 'x', 'y', 'target', 'end'].join('\n') + '\n';
    const diff = '@@ -4,3 +4,3 @@\n x\n y\n-z\n+Z\n@@ -1,3 +1,3 @@\n x\n y\n-target\n+TARGET\n';
    const result = applyFilePatch(text, parseUnifiedDiff(diff, { defaultFile: 'f' })[0]!);
    expect(result.text).toBe(['x', 'y', 'target', 'x', 'y', 'Z', 'x', 'y', 'TARGET', 'end'].join('\n') + '\n');
    expect(result.hunks[1]).toMatchObject({ appliedLine: 7, offset: 6 });
  });

  it('prefers the nearest match, and the earlier one at equal distance', () => {
    const text = ['k', 'v', 'a', 'k', 'v', 'b', 'k', 'v'].join('\n') + '\n';
    const near = applyFilePatch(text, parseUnifiedDiff('@@ -5,2 +5,2 @@\n k\n-v\n+V\n', { defaultFile: 'f' })[0]!);
    expect(near.hunks[0]).toMatchObject({ appliedLine: 4, offset: -1 });
    expect(near.text).toBe(['k', 'v', 'a', 'k', 'V', 'b', 'k', 'v'].join('\n') + '\n');
  });

  it('fails with C222, naming the hunk and showing expected vs found lines', () => {
    const diff = '--- a/f\n+++ b/f\n@@ -2,1 +2,1 @@\n-line 2\n+two\n@@ -10,3 +10,3 @@\n line 10\n-line eleven\n+line 11!\n line 12\n';
    const error = failure(() => applyOne(file, diff));
    expect(error.code).toBe('C222');
    expect(error.message).toContain('f: hunk 2 (@@ -10,3 +10,3 @@) does not apply');
    expect(error.message).toContain('at line 10 or anywhere after line 2 (where hunk 1 ended)');
    expect(error.message).toMatch(/The hunk expects:\n\s+10 \| line 10\n\s+11 \| line eleven\n\s+12 \| line 12/);
    expect(error.message).toMatch(/Closest lines in the file \(2 of 3 lines equal[^\n]*\n\s+10 \| line 10\n\s+! 11 \| line 11\n\s+12 \| line 12/);
  });

  it('says when the diff seems to be applied already', () => {
    const once = applyOne(file, '@@ -3,1 +3,1 @@\n-line 3\n+three\n', 'f').text!;
    expect(failure(() => applyOne(once, '@@ -3,1 +3,1 @@\n-line 3\n+three\n', 'f')).message).toContain('was this diff applied already?');
  });
});

describe('applyUnifiedDiff', () => {
  const two = [
    '--- a/one.txt', '+++ b/one.txt', '@@ -1 +1 @@', '-1', '+one',
    '--- a/two.txt', '+++ b/two.txt', '@@ -1 +1 @@', '-2', '+two',
    '--- /dev/null', '+++ b/three.txt', '@@ -0,0 +1 @@', '+3',
  ].join('\n');

  it('applies every file', () => {
    const files = new Map<string, string | null>([['one.txt', '1\n'], ['two.txt', '2\n'], ['three.txt', null]]);
    const result = applyUnifiedDiff(files, parseUnifiedDiff(two, {}));
    expect([...result].map(([path, r]) => [path, r.text])).toEqual([['one.txt', 'one\n'], ['two.txt', 'two\n'], ['three.txt', '3\n']]);
  });

  it('throws C222 naming the failing file and returns nothing when one file fails', () => {
    const files = new Map<string, string | null>([['one.txt', '1\n'], ['two.txt', 'changed\n'], ['three.txt', null]]);
    const error = failure(() => applyUnifiedDiff(files, parseUnifiedDiff(two, {})));
    expect(error.code).toBe('C222');
    expect(error.message).toMatch(/^two\.txt: hunk 1/);
    expect(error.message).toContain('No file was changed');
    expect(files.get('one.txt')).toBe('1\n');
  });

  it('applies two patches for the same path in sequence', () => {
    const diff = '--- a/s\n+++ b/s\n@@ -1 +1 @@\n-a\n+b\n--- a/s\n+++ b/s\n@@ -1 +1 @@\n-b\n+c\n';
    const result = applyUnifiedDiff(new Map([['s', 'a\n']]), parseUnifiedDiff(diff, {}));
    expect(result.get('s')).toEqual({ text: 'c\n', hunks: [expect.objectContaining({ index: 1 }), expect.objectContaining({ index: 1 })] });
  });

  it('creates then edits, and deletes', () => {
    const diff = '--- /dev/null\n+++ b/n\n@@ -0,0 +1 @@\n+x\n--- a/n\n+++ b/n\n@@ -1 +1,2 @@\n x\n+y\n--- a/gone\n+++ /dev/null\n@@ -1 +0,0 @@\n-bye\n';
    const result = applyUnifiedDiff(new Map([['gone', 'bye\n']]), parseUnifiedDiff(diff, {}));
    expect(result.get('n')?.text).toBe('x\ny\n');
    expect(result.get('gone')?.text).toBeNull();
  });
});
