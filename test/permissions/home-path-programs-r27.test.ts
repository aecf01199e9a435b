// home28's LEFT (red team R26-9 rest, R26-2 rest), left29. A program of a project folder a start-up file puts on PATH
// runs in whatever folder the person is in: a relative name it loads (`. lib/x.sh`) is found from a folder codeward
// does not know, so it is obeyed from every folder of the workspace, not resolved against the home alone (before:
// lib/x.sh free). A node or python program there is read by its interpreter, not as shell text (before: its
// `require('../lib/y.js')` free). `. ~/'proj/my x.sh'`: the unquoted `~/` before a quoted part is expanded.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { homeWritten } from './home-write.js';

let base: string;
beforeAll(async () => {
  base = await tempDir('left29-path-');
});
afterAll(async () => {
  await removeDir(base);
});
const PATH_LINE = 'export PATH="$HOME/proj/bin:$PATH"\n';
const onPath = (program: string, file: string, more: Record<string, string> = {}): Promise<string> =>
  homeWritten(base, { files: { '.bashrc': PATH_LINE } }, file, 'export const a = 2;\n', { inHome: true, workspace: { 'bin/t': program, ...more } });

describe('a PATH program\'s loads are obeyed (red on old: written)', () => {
  test.each([
    ['shell `. lib/x.sh`', '#!/bin/sh\n. lib/x.sh\n', 'lib/x.sh'],
    ['shell `. ./lib/x.sh`, any folder', '#!/bin/bash\n. ./lib/x.sh\n', 'tools/lib/x.sh'],
    ['no #!, `source ../lib/x.sh`', 'source ../lib/x.sh\n', 'lib/x.sh'],
    ['node require', '#!/usr/bin/env node\nrequire("../lib/y.js");\n', 'lib/y.js'],
    ['node import, no extension', '#!/usr/bin/env -S node --no-warnings\nimport "../lib/z";\n', 'lib/z.mjs'],
    ['python literal sys.path folder', '#!/usr/bin/env python3\nimport sys\nsys.path.insert(0, "lib")\nimport x\n', 'lib/x.py'],
    ['python computed sys.path: the whole tree', '#!/usr/bin/python3\nimport os, sys\nsys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "lib"))\n', 'src/a.ts'],
    ['perl: not read, the whole tree', '#!/usr/bin/perl\nrequire "./lib/x.pl";\n', 'src/a.ts'],
  ].map(([name, program, file]) => [`${name}: ${file}`, program!, file!] as const))('%s asks', async (_name, program, file) => {
    expect(await onPath(program, file)).toBe('C241');
  }, 120_000);

  test('a file the loaded script loads in turn', async () => {
    expect(await onPath('#!/bin/sh\n. lib/x.sh\n', 'lib/y.sh', { 'lib/x.sh': '. "$HOME/proj/lib/y.sh"\n' })).toBe('C241');
  }, 120_000);

  test("`. ~/'proj/my x.sh'`: the unquoted ~/ expands before the quoted part", async () => {
    expect(await homeWritten(base, { files: { '.bashrc': ". ~/'proj/my x.sh'\n" } }, 'my x.sh', '1\n', { inHome: true })).toBe('C241');
  }, 120_000);
});

describe('friction: ordinary source writes stay free (held)', () => {
  test.each([
    ['shell `. lib/x.sh`', '#!/bin/sh\n. lib/x.sh\n'],
    ['node require', '#!/usr/bin/env node\nrequire("../lib/y.js");\n'],
    ['python import', '#!/usr/bin/env python3\nimport os, json\n'],
    ['a compiled program', '\u007fELF\u0002\u0001\u0001\u0000\u0000\u0000'],
  ])('%s -> src/a.ts written', async (_name, program) => {
    expect(await onPath(program, 'src/a.ts')).toBe('ok');
  }, 120_000);

});
