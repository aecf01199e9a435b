// Red team round 21, R21-4 (issue 26, class "compiled programs obeyed, not read"): a hook-run script was taken for a
// compiled program, its lines never read, when it began with `MZ` (`MZ=1` is an ordinary assignment) or held a NUL
// byte early on (bash refuses only a NUL before the first newline; dash drops NUL bytes and reads on). Only what the
// kernel itself runs is compiled now (an ELF for this processor), and a shell's operand is read whatever its bytes.
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const SOURCES = { 'package.json': '{"name":"w","version":"1.0.0"}\n', 'src/a.js': 'export const a = 1;\n', 'tools/keep': '' };
const place = rowPlace('cw-r21-bin-');
// An ELF header: 64-bit, little-endian, an executable (e_type 2) for machine `machine` (62: x86-64, 8: MIPS).
const elf = (machine: number): string => `\x7fELF\x02\x01\x01${'\0'.repeat(9)}\x02\0${String.fromCharCode(machine)}\0${'\0'.repeat(44)}`;

describe('R21-4: a script that only looks compiled is read', () => {
  it.each([
    ['MZ=1 first', 'sh scripts/ci', 'MZ=1\nnode tools/x\n'],
    ['MZ=1 first, run by path', './scripts/ci', 'MZ=1\nnode tools/x\n'],
    ['a NUL after the first line', 'bash scripts/ci', '#!/bin/sh\nnode tools/x\n#\0\n'],
    ['a NUL after the first line, run by path', './scripts/ci', '#!/bin/sh\nnode tools/x\n#\0\n'],
  ])('%s: writing tools/x.js asks; a source stays free', async (_name, hook, script) => {
    await checkHookRow(place.next(), place.home, { hook, files: { ...SOURCES, 'scripts/ci': script }, asks: ['tools/x.js'], free: ['src/a.js'], content: '// ok\n' });
  });

  // Its first line (the header's bytes) is a program codeward does not know: the whole tree asks, as it should.
  it('an ELF for another processor run by path is read (the kernel refuses it: git runs it with sh)', async () => {
    await checkHookRow(place.next(), place.home, { hook: './scripts/ci', files: { ...SOURCES, 'scripts/ci': `${elf(8)}\nnode tools/x\n` }, asks: ['tools/x.js', 'src/a.js'], free: [] });
  });

  it.skipIf(process.arch !== 'x64' || process.platform !== 'linux')('an ELF for this processor given to sh is read as the text sh reads', async () => {
    await checkHookRow(place.next(), place.home, { hook: 'sh scripts/ci', files: { ...SOURCES, 'scripts/ci': `${elf(62)}\nnode tools/x\n` }, asks: ['tools/x.js', 'src/a.js'], free: [] });
  });

  it.skipIf(process.arch !== 'x64' || process.platform !== 'linux')('control (F4): an ELF for this processor run as a program is not read as lines', async () => {
    await checkHookRow(place.next(), place.home, { hook: './scripts/ci -m pytest', files: { ...SOURCES, 'scripts/ci': `${elf(62)}\nnode tools/x\n` }, asks: ['scripts/ci'], free: ['src/a.js', 'tools/x.js'], content: '// ok\n' });
  });

  it('control: the same script without the look-alike is read', async () => {
    await checkHookRow(place.next(), place.home, { hook: 'sh scripts/ci', files: { ...SOURCES, 'scripts/ci': 'X=1\nnode tools/x\n' }, asks: ['tools/x.js'], free: ['src/a.js'], content: '// ok\n' });
  });
});
