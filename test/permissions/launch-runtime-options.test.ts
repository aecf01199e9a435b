// Issue 26 (dyn20): a word only known at run time, or a glob that may expand to a planted file's name, standing
// where a launcher reads an option. `tar -cf a.tar "$X"` with X=`--to-command=git push origin`, or `tar -czf a.tgz *`
// in a repository that ships a file named `--checkpoint-action=exec=git push origin`, runs what the option spelled on
// the line is asked for (immune) or refused for (deny rule). Each is a line only known at run time: the
// dynamic-command immunity asks, naming the program and the word. A word in a known option's value place, after
// `--`, or with a static start that is no option stays as it was.
import { describe, expect, it } from 'vitest';
import { immunityBox } from './immune-cases.js';
import { explain, policyWith } from './helpers.js';

const RULES = ['allow @coder exec *', 'deny @coder exec?git push*'];
const box = immunityBox({ src: 'x\n', 'a.tar': 'x\n' });
const decide = async (line: string) => explain(await policyWith(box(), RULES), `@coder exec ${line}`);

// [line, program, word] — each was allowed before this change.
const HELD: readonly (readonly [string, string, string])[] = [
  ['tar -cf a.tar "$X"', 'tar', '$X'],
  ['tar -czf a.tgz *', 'tar', '*'],
  ['tar czf a.tgz *', 'tar', '*'],
  ['tar -czf a.tgz ./x [-]*', 'tar', '[-]*'],
  ['tar -czf a.tgz -*', 'tar', '-*'],
  ['tar -cf a.tar --$X src', 'tar', '--$X'],
  ['tar -c$X -f a.tar src', 'tar', '-c$X'],
  ['tar -cf a.tar $(cat opts) src', 'tar', '$(cat opts)'],
  ['TAR_OPTIONS="$V" tar -cf a.tar src', 'tar', ''],
  ['sort "$X" a', 'sort', '$X'],
  ['sort -o out *', 'sort', '*'],
  ['zip "$X" a.zip b', 'zip', '$X'],
  ['man "$X" ls', 'man', '$X'],
  ['ssh "$X" host', 'ssh', '$X'],
  ['ssh-keygen "$X"', 'ssh-keygen', '$X'],
  ['tmux "$X"', 'tmux', '$X'],
  ['make "$X"', 'make', '$X'],
  ['make -k *', 'make', '*'],
  ['sed "$X" f', 'sed', '$X'],
  ['sed -n -e "$S" f', 'sed', '$S'],
  // A file operand of sed may be `--expression=1e CMD` too (GNU getopt reads options anywhere).
  ['sed -i "s/a/b/" "$F"', 'sed', '$F'],
  ['sed -i s/a/b/ *.ts', 'sed', '*.ts'],
  ['faketime "$T" ls', 'faketime', '$T'],
  ['uv "$X" run ls', 'uv', '$X'],
  // The audit of the other launch readers (npm's nopt reads options anywhere before `--`: X=`--script-shell=./p`).
  ['npm test "$X"', 'npm', '$X'],
  ['npm "$X" test', 'npm', '$X'],
  ['mise exec "$X" -- ls', 'mise', '$X'],
  ['vim "$X" f', 'vim', '$X'],
  ['cmake -E "$X" -r build', 'cmake', '$X'],
  // ssh's `-o` whose setting name is only known at run time (X=`ProxyCommand=git push origin`).
  ['ssh -o "$X" host', 'ssh', '$X'],
  ['ssh -o"$X" host', 'ssh', '$X'],
];

// A launching option's value only known at run time was quoted as a program path named `$X` (sort, ssh-keygen).
// strace's `-o "$OUT"` may be `|CMD` (a pipe to a command) at run time.
const VALUES = ['sort --compress-program "$X" a', 'sort --compress-program=$X a', 'ssh-keygen -D "$L"', 'strace -o "$OUT" ls', 'tar -cf a.tar --checkpoint-action="$A" src'];

describe('a run-time word where a launcher reads an option asks (dyn20)', () => {
  it.each(HELD)('%s asks, naming `%s`', async (line, program, word) => {
    const result = await decide(line);
    expect({ decision: result.decision, immune: result.immune }).toEqual({ decision: 'ask', immune: 'dynamic-command' });
    expect(result.reason).toContain(`\`${program}\`'s word \`${word}`);
  });

  it.each(VALUES)('%s asks (the value is a program only known at run time)', async (line) => {
    const result = await decide(line);
    expect({ decision: result.decision, immune: result.immune }).toEqual({ decision: 'ask', immune: 'dynamic-command' });
  });

  // A wrapper's operand that may be an option leaves where its command starts unknown (`timeout -v 5 git push`).
  it.each(['timeout "$X" ls', 'timeout "$X" 5 git push origin'])('%s asks', async (line) => {
    const result = await decide(line);
    expect({ decision: result.decision, immune: result.immune }).toEqual({ decision: 'ask', immune: 'dynamic-command' });
  });
});

describe('run-time words in a value place or after -- keep their decisions (dyn20 friction)', () => {
  it.each([
    'tar -czf out.tgz src', 'tar -cf "$OUT" src', 'tar --file "$OUT" src', 'tar -cf out/$X.tar src', 'tar -cf a.tar --exclude "$P" src',
    'tar -czf a.tgz -- *', 'tar -cf "$OUT" --to-command=cat', 'sort -o "$F" a', 'sort -k "$K" a', 'ssh -i "$KEY" host ls', 'zip -r a.zip src',
    'sed -i "s/a/b/" -- "$F"', 'sed -i s/a/b/ ./*.ts', 'sed -e "s/x/$V/" f', 'timeout 5 ls',
    'npm run build -- "$X"', 'npm run lint', 'mise exec node@20 -- ls', 'cmake -E rm -f x', 'perf stat ls',
    'ssh -o "StrictHostKeyChecking=$V" host', 'ssh -o StrictHostKeyChecking=no host ls',
  ])('%s is allowed', async (line) => {
    expect((await decide(line)).decision).toBe('allow');
  });

  // runners26 (R23-13): make's recipes are judged against the deny rule; a Makefile or folder only known at run time
  // cannot be read, so the line asks while a deny rule exists (as left25's `pnpm -C "$D" x`).
  it.each(['make -C "$D"', 'make -f "$MF" all'])('%s asks under the deny rule (its Makefile is only known at run time)', async (line) => {
    expect((await decide(line)).decision).toBe('ask');
  });

  it('the archive-overwrite ask of tar -x with a run-time folder is unchanged', async () => {
    const result = await decide('tar -C "$D" -xf a.tar');
    expect({ decision: result.decision, immune: result.immune }).toEqual({ decision: 'ask', immune: 'archive-overwrite' });
  });

  it('the option spelled on the line is still refused by the deny rule', async () => {
    expect((await decide("tar -cf a.tar --to-command='git push origin' src")).decision).toBe('deny');
  });
});
