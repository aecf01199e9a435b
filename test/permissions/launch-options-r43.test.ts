// Red team R43-b7 (issue 26, programs that run other programs): options of ordinary GNU and other tools that name a
// program they start (`install -s --strip-program=PROG`, `sdiff/diff3 --diff-program=PROG`, cpio/mt's
// `--rsh-command=CMD`, pandoc's `--filter=PROG`, svn's `--diff-cmd`/`--diff3-cmd`/`--editor-cmd`): the value is
// judged as a program run, so a deny rule meets it; the same tools without such a value stay ordinary.
import { describe, expect, it } from 'vitest';
import { immunityBox } from './immune-cases.js';
import { explain, policyWith } from './helpers.js';

const RULES = ['deny @coder exec?git push*', 'deny @coder exec?./p*', 'allow @coder exec *'];
const box = immunityBox({ x: 'x\n', a: '1\n', b: '2\n' });
const decide = async (line: string): Promise<string> => (await explain(await policyWith(box(), RULES), `@coder exec ${line}`)).decision;

const DENIED = [
  'sdiff --diff-program=./p a b', 'sdiff -o out --diff-program ./p a b', 'sdiff --diff-prog=./p a b',
  'diff3 --diff-program=./p a b a', 'diff3 -m --diff-program ./p a b a',
  "cpio -o --rsh-command='git push origin' -F h:x.cpio", "mt --rsh-command='git push origin' -f h:/dev/st0 status",
  'pandoc --filter=./p x -o y.html', 'pandoc -F ./p x', 'pandoc -F./p x',
  'svn diff --diff-cmd ./p', 'svn diff --diff-cmd=./p', 'svn merge --diff3-cmd ./p ^/x', 'svn commit --editor-cmd ./p',
];
const ALLOWED = [
  'sdiff a b', 'sdiff -o out a b', 'diff3 a b a', 'diff3 -m a b a', 'cpio -o -F x.cpio', 'mt -f tape status',
  'pandoc x -o y.html', 'pandoc --filter=pandoc-citeproc x', 'svn diff', 'svn status',
];

describe('option values that name a program meet the deny rules (R43-b7)', () => {
  it.each(DENIED)('%s is denied', async (line) => {
    expect(await decide(line)).toBe('deny');
  });
  it.each(ALLOWED)('%s stays allowed', async (line) => {
    expect(await decide(line)).toBe('allow');
  });
});
