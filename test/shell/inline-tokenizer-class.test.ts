// Red team R44-b4..b9 (issue 26): the inline reader judges the code the language runs. Its tokenizer blanked what it
// took for strings before the spawn checks, and it took code for strings: perl's qx with other delimiters, `->q(`,
// `$main'x`, quotes inside regex literals, interpolation holes. The spawn and dynamic checks now also read the raw
// code (inline-raw.ts), and the tokenizer reads those spellings as the language does (code-spans.ts, code-holes.ts).
import { describe, expect, it } from 'vitest';
import { spawnedCommands, tokenize, type Language } from '../../src/shell/parse-inline.js';

const spawns = (language: Language, code: string): boolean => spawnedCommands({ language, code }).spawns;
const commands = (language: Language, code: string): readonly string[] => spawnedCommands({ language, code }).commands;
const codeText = (language: Language, code: string): string =>
  tokenize(code, language).map((token) => (token.kind === 'code' ? token.text : '""')).join('');

describe('code the tokenizer took for a string may spawn', () => {
  it.each<[Language, string]>([
    ['perl', 'print qx"rm -rf sub"'],
    ['perl', 'print qx "rm -rf sub"'],
    ['perl', "print qx'rm -rf sub'"],
    ['perl', 'print qx,rm -rf sub,'],
    ['perl', 'print qx:rm -rf sub:'],
    ['perl', 'print qx%rm -rf sub%'],
    ['perl', 'print qx~rm -rf sub~'],
    ['perl', 'print qx=rm -rf sub='],
    ['perl', 'main->q(system "rm -rf sub")'],
    ['perl', 'main->qw(system "rm -rf sub")'],
    ['perl', "print $main'x; system qq(rm -rf sub); print $main'y"],
    ['perl', 'print "@{[ system q(rm -rf sub) ]}"'],
    ['perl', 'print "${\\ system q(rm -rf sub) }"'],
    ['perl', '$x = ""; $x =~ /"/; system "rm -rf sub"; $x =~ /"/'],
    ['perl', '$x = ""; $x =~ m{"}; system "rm -rf sub"; $x =~ m{"}'],
    ['perl', "$x = 1;#it's\nsystem 'rm -rf sub'; #'"],
    ['perl', "$x = 1;#it's\nopen(F, '|rm -rf sub'); #'"],
    ['python', 'import shutil; f = shutil.os.system; f("rm -rf sub")'],
    ['python', 'from shutil import os; f = os.system; f("rm -rf sub")'],
    ['python', 'import sys; f = sys.modules["os"].system; f("rm -rf sub")'],
    ['python', 'import shutil; list(map(shutil.os.system, ["rm -rf sub"]))'],
    ['python', 'import tempfile; f = tempfile._os.system; f("rm -rf sub")'],
    ['python', 'import glob; f = glob.os.popen; f("rm -rf sub").read()'],
    ['python', 'w = [c for c in ().__class__.__base__.__subclasses__() if c.__name__ == "_wrap_close"][0]; w.__init__.__globals__["system"]("x")'],
    ['python', 'import shutil; f = shutil.os.__getattribute__("system"); f("rm -rf sub")'],
    ['python', 'g = {}; g["f"]("x")'],
    ['python', 'f\'{__import__("os").system("rm -rf sub")}\''],
    ['python', "import json#it's\nimport subprocess#'"],
    ['js', 'console.log(`${require("child_process").execSync("rm -rf sub")}`)'],
    ['js', 'x=/"/; require("child_process").execSync("rm -rf sub"); y=/"/'],
    ['js', "x = 1 // it's\nrequire('child_process').execSync('rm -rf sub') //'"],
    ['ruby', 'print %x"rm -rf sub"'],
    ['ruby', 'print %x,rm -rf sub,'],
    ['ruby', 'puts "#{`rm -rf sub`}"'],
    ['ruby', 'puts "#{system("rm -rf sub")}"'],
    ['php', 'echo "{$f("rm -rf sub")}";'],
    ['php', '$s = "{${system("rm -rf sub")}}";'],
  ])('%s: %s', (language, code) => {
    expect(spawns(language, code)).toBe(true);
  });
});

describe('the tokenizer reads these spellings as the language does', () => {
  it('perl qx with any delimiter is a command', () => {
    expect(commands('perl', 'print qx"rm -rf sub"')).toEqual(['rm -rf sub']);
    expect(commands('perl', 'print qx,rm -rf sub,')).toEqual(['rm -rf sub']);
    expect(commands('perl', 'print qx "rm -rf sub"')).toEqual(['rm -rf sub']);
  });
  it('a perl method named q and the old package separator stay code', () => {
    expect(codeText('perl', 'main->q(system "x")')).toContain('system');
    expect(codeText('perl', "print $main'x; system qq(x); print $main'y")).toContain('system');
  });
  it('regex literals hold no strings', () => {
    expect(codeText('perl', '$x =~ /"/; system "x"; $x =~ /"/')).toContain('system');
    expect(codeText('perl', '$x =~ m{"}; system "x"; s/"/y/; tr/"//')).toContain('system');
    expect(codeText('js', 'x=/"/; execSync("x"); y=/"/')).toContain('execSync');
    expect(codeText('js', 'a = b / 2; c = "d / e"')).toBe('a = b / 2; c = ""');
  });
  it('a hole holding code is code, a plain one is not', () => {
    expect(codeText('js', '`${execSync("x")}`')).toContain('execSync');
    expect(codeText('python', 'f"{os.system(1)}"')).toContain('os.system');
    expect(codeText('python', 'f"{{x}} {y}"')).toBe('f""');
    expect(codeText('ruby', '"#{system(1)}"')).toContain('system');
    expect(codeText('perl', '"@{[ system 1 ]} $h{key} $a[0]"')).toContain('system');
    expect(codeText('perl', '"$h{key} $a[0] ${x}"')).toBe('""');
    expect(commands('js', 'require("child_process").execSync(`rm -rf ${os.homedir()}`)')).toEqual(['rm -rf ~']);
  });
});
