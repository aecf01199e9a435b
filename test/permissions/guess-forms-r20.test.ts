// Red team R20-2 and R20-15 (issue 26): the spelled guess of a program with no row read only text starting with a
// program name or a few syntax characters, so a comment, a redirection, `[`, a function definition, a quoted or `${`
// substitution, `${IFS}`/brace spacing, a short-option cluster first were data; and inside a guessed line a wrapped
// unknown program's spaced words were never guessed. Each line below was allowed (mytool runs its last word with sh -c).
import { describe } from 'vitest';
import { decideRows, execDecider } from './helpers.js';

const decide = execDecider();

describe('what a shell reads as a line is guessed however it starts', () => {
  decideRows(decide, 'not allow', 'deny git push*: %s is not allowed', [
    "mytool '# run it\ngit push origin'",
    "mytool '#!/bin/sh\ngit push origin'",
    "mytool '[ -d . ] && git push origin'",
    "mytool '[[ -d . ]] && git push origin'",
    "mytool '2>&1 git push origin'",
    "mytool '>/dev/null git push origin'",
    "mytool 'x$(git push origin)'",
    "mytool 'x`git push origin`'",
    "mytool 'git${IFS}push${IFS}origin'",
    "mytool 'f() { git push origin; }; f'",
    'mytool \'"$(git push origin)"\'',
    "mytool '${X:-$(git push origin)}'",
    "mytool '{git,push,origin}'",
    "mytool -qe'git push origin'",
    "mytool '~/x; git push origin'",
    "mytool '*; git push origin'",
    "mytool '%; git push origin'",
    "mytool '@git push origin'",
    'mytool \'nice mytool "git push origin"\'',
    'mytool \'timeout 5 mytool "git push origin"\'',
    'mytool \'env mytool "git push origin"\'',
  ]);

  decideRows(decide, 'ask', 'the immune list under allow *: %s asks', ["mytool '[ -d . ] && rm -rf build'", "mytool '# x\nrm -rf build'", "mytool 'x$(rm -rf build)'", "mytool 'rm${IFS}-rf${IFS}build'", 'mytool \'nice mytool "rm -rf build"\''], ['allow @coder exec *']);

  decideRows(decide, 'allow', 'ordinary: %s stays allowed', ["touch 'x$(touch P)' c", 'mytool "fix the push of origin"', "mytool -m 'a # comment'", "mytool '-v git push'", "mytool 'a, b and c'"]);
});
