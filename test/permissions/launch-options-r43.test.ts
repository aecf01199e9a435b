// Red team R43-b7 (issue 26, programs that run other programs): options of ordinary GNU and other tools that name a
// program they start (`install -s --strip-program=PROG`, `sdiff/diff3 --diff-program=PROG`, cpio/mt's
// `--rsh-command=CMD`, pandoc's `--filter=PROG`, svn's `--diff-cmd`/`--diff3-cmd`/`--editor-cmd`): the value is
// judged as a program run, so a deny rule meets it; the same tools without such a value stay ordinary.
import { describe, expect, it } from 'vitest';
import { immunityBox } from './immune-cases.js';
import { explain, policyWith } from './helpers.js';

const RULES = ['deny @coder exec?git push*', 'deny @coder exec?./p*', 'allow @coder exec *'];
const box = immunityBox({ x: 'x\n', a: '1\n', b: '2\n', 'x.diff': '1c\nhi\n.\n', 'm.rc': 'set sendmail=./p\n' });
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

// fix73: the rest of the sweep. Each option, variable or flag that makes the tool run another program is read as a launch
// of that program; a settings file or folder that may name one is a line only known at run time (it asks).
const RULES73 = [...RULES.slice(0, 2), 'deny @coder exec?pr*', 'deny @coder exec?co *', 'allow @coder exec *'];
const decide73 = async (line: string): Promise<string> => (await explain(await policyWith(box(), RULES73), `@coder exec ${line}`)).decision;
const DENIED73 = [
  'install -s --strip-program=./p x y', 'install --strip-program ./p -s x y', 'install -s --strip-prog=./p x y',
  'gpg --agent-program=./p -c a', 'gpg --agent-prog ./p -c a', 'gpg --dirmngr-program=./p --recv-keys 1234', "gpg --photo-viewer='./p %i' --list-keys",
  'gpg2 --agent-program ./p -c a',
  'wget --use-askpass=./p http://127.0.0.1/', 'wget --use-askp ./p http://127.0.0.1/', 'wget -e use_askpass=./p http://127.0.0.1/', 'wget -e useAskpass=./p http://127.0.0.1/',
  'ssh -o PKCS11Provider=./p host ls', 'ssh -oPKCS11Provider=./p host ls', 'ssh -I ./p host ls', 'ssh -qI./p host ls', 'ssh -o SecurityKeyProvider=./p host ls',
  'scp -o PKCS11Provider=./p a host:b', 'ssh-add -s ./p', 'ssh-add -S ./p -K', 'ssh-keygen -w ./p -t ecdsa-sk',
  'mail -S sendmail=./p -s s u@h', 'mailx -Ssendmail=./p u@h', 's-nail -S mta=./p u@h',
  'diff -l a b', 'diff -ul a b', 'diff --pag a b', 'patch -g1 a x.diff', 'patch --get=1 a x.diff', 'PATCH_GET=1 patch a x.diff',
];
const ASKED73 = ['gpg --exec-path . --list-keys', 'gpg --options x -c a', 'wget --conf=x http://127.0.0.1/', 'MAILRC=m.rc mail u@h'];
const ALLOWED73 = [
  'install -m 0755 a b', 'install -D -m 644 a d/b', 'npm install', 'npm install --offline --no-audit --no-fund', 'ssh host ls', 'ssh -i key host ls',
  'gpg --verify a.sig a', 'gpg --homedir ./h -c a', 'wget -q -O - http://127.0.0.1/', 'mail -s subj u@h', 'mail -S from=a@b u@h',
  'diff -u a b', 'diff "$A" b', 'patch -p1 < x.diff', 'patch -g0 a x.diff', 'ssh-add', "node -e 'console.log(1)'", "ruby -e 'puts 1'", "php -r 'echo 1;'",
];

describe('fix73: more options that launch a program', () => {
  it.each(DENIED73)('%s is denied', async (line) => {
    expect(await decide73(line)).toBe('deny');
  });
  it.each(ASKED73)('%s asks (a settings file that may name a program)', async (line) => {
    expect(await decide73(line)).toBe('ask');
  });
  it.each(ALLOWED73)('%s stays allowed', async (line) => {
    expect(await decide73(line)).toBe('allow');
  });
});

describe('option values that name a program meet the deny rules (R43-b7)', () => {
  it.each(DENIED)('%s is denied', async (line) => {
    expect(await decide(line)).toBe('deny');
  });
  it.each(ALLOWED)('%s stays allowed', async (line) => {
    expect(await decide(line)).toBe('allow');
  });
});
