// Red team R18-11 (issue 26, programs that run other programs): archive, trace and pager tools run a program or
// shell text given as an option's value (`tar -I 'CMD'`, `tar --checkpoint-action=exec='CMD'`, `zip -TT 'CMD'`,
// `strace -o '|CMD'`, `man -P 'CMD'`, `sort --compress-program=PROG`, `ssh-keygen -D LIB`): the value is judged
// as a line, so a deny rule and the immune list meet it; the same tools without such a value stay ordinary.
import { describe, expect, it } from 'vitest';
import { immunityBox, immunityCases } from './immune-cases.js';
import { explain, policyWith } from './helpers.js';

const RULES = ['deny @coder exec?git push*', 'deny @coder exec?./p*', 'allow @coder exec *'];
const box = immunityBox({ 'build/out.js': 'b\n', x: 'x\n' });
const decide = async (line: string, rules: readonly string[] = RULES) => explain(await policyWith(box(), rules), `@coder exec ${line}`);

const DENIED = [
  "tar -I 'git push origin HEAD:refs/heads/x; cat >/dev/null; true' -cf x.tar x", "tar --use-compress-program='git push origin' -cf x.tar x",
  "tar --use-compress='git push origin' -cf x.tar x", "tar -cvI 'git push origin' -f x.tar x", "tar cIf 'git push origin' x.tar x",
  "tar -cf x.tar --checkpoint=1 --checkpoint-action=exec='git push origin' x", "tar -cf x.tar --checkpoint-action 'exec=git push origin' x",
  "tar -xf x.tar --to-command='git push origin'", "tar -cf x.tar -F 'git push origin' x", "tar -cf x.tar --info-script='git push origin' x",
  "tar -cf x.tar --new-volume-script='git push origin' x", "tar -cf h:x.tar --rsh-command='git push origin' x",
  "zip -q -T -TT 'git push origin; true' x.zip x", "zip -T --unzip-command 'git push origin' x.zip x",
  "strace -f -o '|git push origin' true", "strace -o '!git push origin' true", "strace -fo '|git push origin' true", "ltrace -o '|git push origin' true",
  "strace -o '|true' git push origin", "man -P 'git push origin' ls", "man --pager='git push origin' ls",
  'sort --compress-program=./p x', 'ssh-keygen -D ./p.so', "man -H'git push origin' ls",
  // The pager named on the line (already read as a command variable; kept as a row).
  "MANPAGER='git push origin' man ls", "PAGER='git push origin' man ls",
];
const ALLOWED = [
  'tar -czf x.tar.gz x', 'tar -tf x.tar', 'tar cf x.tar x', "tar -I 'zstd -19' -cf x.tar x", 'tar -cf x.tar --checkpoint=1 --checkpoint-action=dot x',
  'zip -r x.zip x', 'zip -T x.zip x', 'strace -f -o trace.txt true', 'ltrace -o out true', 'man ls', 'man -P cat ls', 'sort -u x', 'sort --compress-program=gzip x',
  'ssh-keygen -t ed25519 -f k -N ""',
];

describe('option values that run a line meet the deny rules (R18-11)', () => {
  it.each(DENIED)('%s is denied', async (line) => {
    expect((await decide(line)).decision).toBe('deny');
  });
  it.each(ALLOWED)('%s stays allowed', async (line) => {
    expect((await decide(line)).decision).toBe('allow');
  });
});

describe('option values that run a line meet the immune list (R18-11)', () => {
  immunityCases(
    box,
    [
      ['rm-recursive', "tar -I 'rm -rf build; cat >/dev/null; true' -cf y.tar x"],
      ['rm-recursive', "tar -cf y.tar --checkpoint=1 --checkpoint-action=exec='rm -rf build' x"],
      ['rm-recursive', "zip -q -T -TT 'rm -rf build; true' y.zip x"],
      ['rm-recursive', "strace -f -o '|rm -rf build' true"],
      ['rm-recursive', "man -P 'rm -rf build' ls"],
      ['rm-recursive', "strace -o '|cat' rm -rf build"],
    ],
    ['tar -czf y.tar.gz x', "tar -I 'gzip -9' -cf y.tar x", 'strace -o out.txt true', 'man ls'],
  );
});
