// Red team R19-1 (issue 26): the one-word guess of a program with no row (launch18) read only text starting with a
// program name: shell syntax first (`(git push)`, `{ ..; }`, `;git push`, `$(..)`), a glued short option
// (`-e'git push'`), quoting inside the program word (`\git`, `g""it`), an assignment first, other prefixes
// (`--exec:`, `cmd=`, `+`) were allowed under a deny rule and the immune list. Every such text is now guessed.
import { describe } from 'vitest';
import { decideRows, execDecider } from './helpers.js';

const decide = execDecider();

describe('a spaced word of a program with no row, in every form a shell runs', () => {
  decideRows(decide, 'not allow', 'deny git push*: %s is not allowed', [
    "mytool '(git push origin)'", "mytool '{ git push origin; }'", "mytool ';git push origin'", "mytool '&& git push origin'",
    "mytool '$(git push origin)'", "mytool -e'git push origin'", "mytool '\\git push origin'", 'mytool \'g""it push origin\'',
    "mytool 'GIT_DIR=.git git push origin'", 'mytool --exec:"git push origin"', 'mytool cmd="git push origin"', 'mytool +"git push origin"',
  ], ['deny @coder exec git push*', 'allow @coder exec *']);

  decideRows(decide, 'ask', 'the immune list under allow *: %s asks', ["mytool '(rm -rf build)'", "mytool -e'rm -rf build'", "mytool '{ rm -rf build; }'", "mytool '\\rm -rf build'", "mytool 'X=1 rm -rf build'", "mytool ';git reset --hard'"], ['allow @coder exec *']);

  decideRows(decide, 'allow', 'ordinary: %s stays allowed', ["mytool '(see the docs)'", "mytool 'hello world'", 'mytool --title="my report"', 'echo "(git push origin)"', 'git commit -m "(git push origin)"'], ['deny @coder exec git push*', 'allow @coder exec *']);
});
