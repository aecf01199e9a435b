// Red team R20-16 (issue 26): start-up variables that make an interpreter run text from stdin, a descriptor, a
// substitution or a file before its own code (BASH_ENV, ENV, NODE_OPTIONS --require, PERL5OPT -M'x;code'). Each
// line below was allowed; they are walked like PS4 now (src/shell/startup-variables.ts).
import { describe } from 'vitest';
import { decideRows, execDecider } from './helpers.js';

const decide = execDecider();

describe('start-up variables name code the interpreter runs first', () => {
  decideRows(decide, 'not allow', 'deny git push*: %s is not allowed', [
    "BASH_ENV=/dev/stdin bash -c true <<< 'git push origin'",
    'BASH_ENV=<(echo git push origin) bash -c true',
    "ENV=/dev/stdin sh -i -c true <<< 'git push origin'",
    "export BASH_ENV=/dev/fd/0; bash -c true <<< 'git push origin'",
    "PERL5OPT='-Mstrict;system(q(git push origin))' perl /dev/null",
    'NODE_OPTIONS=\'--require /dev/stdin\' node /dev/null <<< "require(\'child_process\').execSync(\'git push origin\')"',
    "PYTHONSTARTUP=/dev/stdin python3 -i <<< 'import os; os.system(\"git push origin\")'",
  ]);

  decideRows(decide, 'ask', 'the immune list under allow *: %s asks', ["BASH_ENV=/dev/stdin bash -c true <<< 'rm -rf build'", "PERL5OPT='-Mstrict;system(q(rm -rf build))' perl /dev/null"], ['allow @coder exec *']);

  decideRows(decide, 'allow', 'ordinary: %s stays allowed', ['ENV=production npm test', "NODE_OPTIONS='--max-old-space-size=4096' node x.js", 'PERL5OPT=-Mstrict perl x.pl', 'PERL5OPT=-MFoo=a,b perl x.pl', 'NODE_OPTIONS="$NODE_OPTIONS --enable-source-maps" node x.js']);
});
