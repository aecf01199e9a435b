// Red team round 21, R21-3 (class: an option that execs a command, R12-6/R17 immune list): under `allow @coder *` /
// `allow *` a recursive delete handed to a program's exec-ing option runs unasked. git's ext:: transport runs its
// command (checked here with real git: `git -c protocol.ext.allow=always fetch 'ext::sh -c rm% -r% build'` removed
// build/); rsync runs -e/--rsh as its remote shell (`rm -r build h rsync --server ...`), while RSYNC_RSH='rm -r build'
// already asks. A run-time word where such an option may stand (gdb -ex, sqlite3 -cmd, psql -c '\!', mysql -e
// 'system', socat EXEC:, gpg --photo-viewer, wget --use-askpass, openssl -engine) is allowed too.
import { describe, expect, test } from 'vitest';
import { explain, policyWith } from './helpers.js';
import { immunityBox } from './immune-cases.js';

// Fixed on h-immune22: ext:: URLs read as the argv git runs (src/shell/parse-launch-git-ext.ts);
// rsync -e/--rsh/--rsync-path read as shell text (parse-launch-option-values.ts), run-time words per program
// (parse-launch-program-rows.ts).

const box = immunityBox({ 'build/x': '', 'src/a.ts': '1\n' });

const LINES = [
  "git -c protocol.ext.allow=always fetch 'ext::sh -c rm% -r% build'",
  "git -c protocol.ext.allow=always ls-remote 'ext::rm -r build'",
  "git -c protocol.allow=always clone 'ext::sh -c rm% -r% build' d",
  "GIT_ALLOW_PROTOCOL=ext git fetch 'ext::sh -c rm% -r% build'",
  "git -c protocol.ext.allow=always -c remote.o.url='ext::sh -c rm% -r% build' fetch o",
  'gdb $X',
  'sqlite3 $X db',
  'psql $X',
  'mysql $X',
  'socat $X -',
  'gpg $X --list-keys',
  'wget $X http://h',
  'openssl $X',
  "rsync -e 'rm -r build' a h:b",
  "rsync --rsh='rm -r build' a h:b",
  "rsync -avz -e 'sh -c \"rm -r build\"' a h:b",
  "rsync -a --rsync-path='rm -r build' a h:b",
];

describe('R21-3: a command given to an exec-ing option, or a run-time word where one may stand', () => {
  test.each(LINES)('asks: %s', async (line) => {
    const policy = await policyWith(box(), ['allow @coder *', 'allow *']);
    const result = await explain(policy, `@coder exec ${line}`);
    expect({ decision: result.decision, source: result.source }).toEqual({ decision: 'ask', source: 'immune' });
  });

  test.each([
    'git fetch origin',
    'git clone https://example.com/r.git d',
    'rsync -av src/ dst/',
    "rsync -e ssh a h:b",
    'psql -h "$HOST" -U "$U" -d db -c "select 1"',
    // fix83: `gpg --homedir "$H"` is a home only known at run time (its gpg.conf may name a program): it asks now.
    'gpg --local-user "$U" --list-keys',
    'openssl x509 -in "$F" -noout',
    'wget -O "$OUT" http://h',
  ])('control (free of the immune list): %s', async (line) => {
    const policy = await policyWith(box(), ['allow @coder *', 'allow *']);
    expect((await explain(policy, `@coder exec ${line}`)).decision).toBe('allow');
  });

  test('control (held): RSYNC_RSH asks', async () => {
    const policy = await policyWith(box(), ['allow @coder *', 'allow *']);
    expect((await explain(policy, "@coder exec RSYNC_RSH='rm -r build' rsync a h:b")).decision).toBe('ask');
  });
});
