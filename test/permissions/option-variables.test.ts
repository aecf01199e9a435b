// Red team R19-2 and R19-14 (issue 26): programs read more of their own options from variables (TAR_OPTIONS,
// MAKEFLAGS/GNUMAKEFLAGS/MFLAGS and make's command-line `MAKEFLAGS=`, ZIPOPT, GZIP ...), and bash expands PS4 before
// each traced line. The same words on the line were refused or asked; through the variable they ran under --yes.
// The variable's words are now read as the program's, right after its name (src/shell/option-variables.ts).
import { describe, expect, it } from 'vitest';
import { optionSplice, optionWords } from '../../src/shell/option-variables.js';
import { decideRows, execDecider } from './helpers.js';

const decide = execDecider();

describe('options brought in through a variable meet the rules the same words on the line meet', () => {
  decideRows(decide, 'deny', 'deny git push*: %s is refused', [
    "TAR_OPTIONS='--checkpoint=1 --checkpoint-action=exec=git\\ push\\ origin' tar -cf x.tar x",
    'TAR_OPTIONS="--use-compress-program=\'git push origin\'" tar -cf x.tar x',
    "env TAR_OPTIONS='--to-command=git\\ push\\ origin' tar -xf x.tar",
    'PS4=\'$(git push origin)\' bash -xc true',
  ]);

  decideRows(decide, 'not allow', 'make reads its flags variable: %s asks (code codeward does not parse)', [
    "MAKEFLAGS='--eval=rt:;git\\ push' make rt",
    "GNUMAKEFLAGS='--eval=rt:;git\\ push' make rt",
    "make MAKEFLAGS='--eval=rt:;git\\ push' rt",
    "make 'MAKEFLAGS+=--eval=rt:;git\\ push' rt",
    "env MFLAGS='--eval=rt:;git push' make rt",
  ]);

  decideRows(decide, 'ask', 'the immune list under allow *: %s asks', [
    "TAR_OPTIONS='--checkpoint=1 --checkpoint-action=exec=rm\\ -rf\\ build' tar -cf x.tar x",
    "MAKEFLAGS='--eval=rt:;rm\\ -rf\\ build' make rt",
  ], ['allow @coder exec *']);

  decideRows(decide, 'allow', 'ordinary: %s stays allowed', ['MAKEFLAGS=-j4 make test', 'TAR_OPTIONS=-v tar -cf x.tar x', "PS4='+ ' bash -xc true", 'GZIP=-9 gzip x']);

  it('a program named like an object key is no program with option variables', () => {
    expect(optionSplice(['constructor', '--x'], [{ name: 'X', value: 'y', dynamic: false }])).toBeUndefined();
    expect(optionSplice(['toString'], [])).toBeUndefined();
  });

  it('splits a value the way tar and make do (quotes, backslashes)', () => {
    expect(optionWords(`--a=exec=git\\ push  -v "x y" 'p q'`)).toEqual(['--a=exec=git push', '-v', 'x y', 'p q']);
  });
});
