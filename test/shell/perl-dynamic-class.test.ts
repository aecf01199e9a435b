// perl's code reached by a name or text only known at run time (red team R45-b4, R45-b11, R46-3): shell/perl-dynamic.ts
// and code-spans.ts's s///ee flag. Ordinary one-liners (a hash or array element through `->`, multiplication, `*=`,
// a single /e substitution) stay spawn-free.
import { describe, expect, it } from 'vitest';
import { spawnedCommands } from '../../src/shell/parse-inline.js';

const spawns = (code: string): boolean => spawnedCommands({ language: 'perl', code }).spawns;

describe('perl dynamic code (R45-b4, R45-b11, R46-3)', () => {
  it.each([
    's/x/$c/ee', 's{x}{$c}ee', 's(x)[$c]ee', 's!x!$c!eie', 's/x/$c/see', 's|x|$c|ees', 's{x}\n{$c}ee',
    '$n->("sub")', '${\\ ("a"."b")}->(1)', '("a"."b")->(1)', '*{"a"."b"}{CODE}->(1)', '*x = "a"."b"; x(1)', 'local *x = $::{"a"}; x(1)',
    '$g=$File::Path::{"rm"."tree"}; *x=$g; x(1)', '*$n = 1', '$SIG{__DIE__} = "a"."b"; die [1]',
  ])('`%s` may run code only known at run time', (code) => {
    expect(spawns(code)).toBe(true);
  });
  it.each(['s/x/y/e', 's/(\\d+)/$1*2/e', '$h->{a}++; print $h->[0]', 'print 2*3', '$x *= 2; print $x', 'print join ",", map { $_ * 2 } 1..3', 'tr/a-z/A-Z/', 's/e/ee/g'])(
    '`%s` spawns nothing',
    (code) => {
      expect(spawns(code)).toBe(false);
    },
  );
});
