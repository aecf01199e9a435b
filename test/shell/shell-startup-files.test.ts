// A shell's start-up files (red team R45-b9, R46-1, R46-2, R46-10): shell/shell-startup-files.ts reads `--rcfile F`
// (one dash too) as `. F` and any interactive shell as code only known at run time; the parse walks both, reads
// bash's one-dash long options both ways, and an rc option turns the physical-cd reading on.
import { describe, expect, it } from 'vitest';
import { ShellParser } from '../../src/shell/parse.js';
import { physicalCd } from '../../src/shell/cd-operand.js';
import { shellStartupTexts } from '../../src/shell/shell-startup-files.js';

const parser = new ShellParser();
const words = (line: string): { value: string; dynamic: boolean }[] => line.split(' ').map((value) => ({ value, dynamic: value.includes('$') }));
const names = async (line: string): Promise<string[]> => (await parser.parse(line)).commands.map((command) => command.text);

describe('shell start-up files', () => {
  it.each([
    ['bash --rcfile evil.sh -i -c true', [". './evil.sh'", '"$CODE_FROM_ENV"']],
    ['bash -rcfile x/e.sh -c true', [". 'x/e.sh'"]],
    ['bash --init-file=/tmp/e -c true', [". '/tmp/e'"]],
    ['sh -i -c true', ['"$CODE_FROM_ENV"']],
    ['bash -oi posix -c true', ['"$CODE_FROM_ENV"']],
    ['bash -abi -c true', ['"$CODE_FROM_ENV"']],
    ['bash $o -c true', ['"$CODE_FROM_ENV"']],
    ['bash -o igncr -c true', []],
    ['bash -c true -i', []],
    ['bash -e -x s.sh', []],
    ['bash --norc --noprofile s.sh', []],
  ])('`%s` sources %j first', (line, texts) => {
    expect(shellStartupTexts(words(line))).toEqual(texts);
  });
  it('reads `bash -rcfile F -c CODE` as bash does too: CODE is walked', async () => {
    expect(await names("bash -rcfile evil.sh -c 'git push'")).toContain('git push');
  });
  it('an rc file option makes cd physical', async () => {
    expect(physicalCd((await parser.parse("bash --rcfile r.sh -c 'cd l/.. && sh ok.sh'")).commands)).toBe(true);
    expect(physicalCd((await parser.parse("bash -c 'cd l/.. && sh ok.sh'")).commands)).toBe(false);
  });
});
