// Red team R42-b5: perl-opens.ts reads an open as "no command" only when its mode is a whole literal file mode (with
// layers) or its two-argument name is one string whose literal start fixes a file mode. Pipe modes with layers, a name
// that is an expression, IO::File/FileHandle opens and IO::Pipe's reader/writer may run a command.
import { describe, expect, it } from 'vitest';
import { spawnedCommands } from '../../src/shell/parse-inline.js';

const read = (code: string): { spawns: boolean; commands: readonly string[] } => spawnedCommands({ language: 'perl', code });

describe('perl opens that run a command', () => {
  it.each([
    'open(F, "-|:raw", "rm", "-rf", "sub"); print <F>',
    'open(F, "|-:raw", "rm -rf sub"); close F',
    'open(F, "-| :encoding(UTF-8)", "rm -rf sub")',
    'open(F, "<" x 0 . "rm -rf sub|"); print <F>',
    'open(F, "<" eq "" ? "" : "rm -rf sub|"); print <F>',
    'open(F, "-&", "x")',
    'use IO::File; $f = IO::File->new("rm -rf sub |"); print <$f>',
    'use FileHandle; my $f = FileHandle->new("rm -rf sub|"); print <$f>',
    'use IO::File; my $f = new IO::File "rm -rf sub|";',
    'use IO::File; my $f = IO::File->new("rm", "-|:raw");',
    'use IO::File; my $f = IO::File->new("rm", $m);',
    'STDIN->open("rm -rf sub|")',
    'use IO::Pipe; $p = IO::Pipe->new; $p->reader("rm", "-rf", "sub"); <$p>',
    'use IO::Pipe; $p = IO::Pipe->new; $p->writer("rm -rf sub")',
  ])('%s may run a command', (code) => {
    expect(read(code).spawns).toBe(true);
  });
  it('a literal pipe mode with layers names its command', () => {
    expect(read('open(F, "-|:raw", "rm", "-rf", "sub")').commands.join(' ')).toContain('rm');
  });
  it('IO::Pipe->reader names its command', () => {
    expect(read('use IO::Pipe; my $p = IO::Pipe->new; $p->reader("rm", "-rf", "sub")').commands.join(' ')).toContain('rm');
  });
});

describe('perl opens of plain files run nothing', () => {
  it.each([
    'open(F, "<", "x.txt"); print <F>',
    'open(F, "<:raw", $x); print <F>',
    'open(F, ">>", "log")',
    'open(F, "<$file"); print <F>',
    'open(F, "x.txt")',
    'use IO::File; my $f = IO::File->new("x.txt", "r");',
    'use IO::File; my $f = IO::File->new($name, "<");',
    'use IO::File; my $f = IO::File->new("x.txt");',
    'my $o = Foo->new(1); $o->reader(2)',
  ])('%s', (code) => {
    expect(read(code).spawns).toBe(false);
  });
});
