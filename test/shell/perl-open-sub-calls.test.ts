// Red team R43-b9: IO::File/FileHandle/IO::Handle/IO::Pipe methods called as plain subs (the class or object as the
// first argument) are the same constructors and opens: `IO::File::new("IO::File", "cmd|")` runs cmd. Read with the
// first argument dropped, as the method form; with no argument list (`&IO::File::new;`: @_ passed on) they may run.
import { describe, expect, it } from 'vitest';
import { spawnedCommands } from '../../src/shell/parse-inline.js';

const read = (code: string): { spawns: boolean; commands: readonly string[] } => spawnedCommands({ language: 'perl', code });

describe('perl handle methods called as plain subs', () => {
  it.each([
    'IO::File::new("IO::File", "rm -rf sub|")',
    'FileHandle::new("FileHandle", "rm -rf sub|")',
    '&IO::File::new("IO::File", "rm -rf sub|")',
    'IO::File::new "IO::File", "rm -rf sub|";',
    'my $f = IO::File::new("IO::File"); IO::File::open($f, "rm -rf sub|")',
    'IO::Handle::open(STDIN, "rm", "-|:raw")',
    '@_ = ("IO::File", "rm -rf sub|"); &IO::File::new;',
    'sub f { goto &IO::File::new } f("IO::File", "rm -rf sub|")',
    'use IO::Pipe; my $p = IO::Pipe->new; IO::Pipe::reader($p, "rm", "-rf", "sub")',
  ])('%s may run a command', (code) => {
    expect(read(code).spawns).toBe(true);
  });
  it('the plain-sub constructor names its command', () => {
    expect(read('IO::File::new("IO::File", "rm -rf sub|")').commands).toContain('rm -rf sub');
  });
  it.each([
    'IO::File::new("IO::File", "x.txt", "r")',
    'FileHandle::new("FileHandle", "<x.txt")',
    'IO::File::new("IO::File", $name, "<")',
    'IO::Handle::new("IO::Handle")',
  ])('%s runs nothing', (code) => {
    expect(read(code).spawns).toBe(false);
  });
});
