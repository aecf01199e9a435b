// Round 42's LEFT (fix66, after R42-b5): a handle class perl only knows at run time. `->new` and IO::Pipe's
// `->reader`/`->writer` counted as opens only when IO::File, FileHandle, IO::Handle or IO::Pipe appeared in the code,
// so a class name built at run time (`$c = "IO::" . "File"; $c->new("cmd|")`, `"IO::$x"->new(...)`, `new $c (...)`)
// or a method only known at run time (`IO::File->$m("cmd|")`) opened a pipe unseen. Any of these now reads as an open
// that may run a command (an unknown open: asked where perl code's opens matter).
import { describe, expect, it } from 'vitest';
import { spawnedCommands } from '../../src/shell/parse-inline.js';

const read = (code: string): { spawns: boolean; commands: readonly string[] } => spawnedCommands({ language: 'perl', code });

describe('a handle class or method only known at run time may run a command', () => {
  it.each([
    'my $c = "IO::" . "File"; my $f = $c->new("rm -rf sub|"); print <$f>',
    'my $x = "File"; my $f = "IO::$x"->new("rm -rf sub|");',
    'my $c = "IO::" . "File"; my $f = new $c ("rm -rf sub|");',
    'my $c = "IO::" . "Pipe"; my $p = $c->new; $p->reader("rm", "-rf", "sub")',
    'my $c = join "::", "IO", "Pipe"; my $p = $c->new(); $p->writer("rm -rf sub")',
    'require IO::File; my $m = "new"; my $f = IO::File->$m("rm -rf sub|");',
  ])('%s', (code) => {
    expect(read(code).spawns).toBe(true);
  });
  it('the command of a literal pipe name is still named', () => {
    expect(read('my $c = "IO::" . "File"; my $f = $c->new("rm -rf sub|")').commands).toContain('rm -rf sub');
  });
});

describe('a class named as it is runs nothing it does not show', () => {
  it.each([
    'my $o = Foo->new(1); $o->reader(2)',
    // (`Foo::Bar->new`: a package outside the no-spawn list may spawn, fix70's R43-b8 rule, src/shell/inline-imports.ts.)
    'my $o = Bar->new(name => $x); print $o->name',
    'my $c = "IO::" . "File"; my $f = $c->new("x.txt", "r");',
    'print "a" . "b"',
  ])('%s', (code) => {
    expect(read(code).spawns).toBe(false);
  });
});

describe('a hash or array element through a reference is no method call', () => {
  it.each(['my $h = {a => 1}; print $h->{a}', 'my $r = [1]; print $r->[0]'])('%s', (code) => {
    expect(read(code).spawns).toBe(false);
  });
});
