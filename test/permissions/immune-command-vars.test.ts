// Red team round 12, R12-6b (issue 26): git runs a command a VARIABLE names (GIT_EXTERNAL_DIFF, GIT_SSH_COMMAND,
// `--config-env=diff.external=X`); `git -c diff.external='rm -r build' diff` was safety-immune, the variable
// spellings an ordinary ask --yes approved (build removed). The value of such a variable, set before the command
// or exported, is judged as the shell text it is; a bare program name (`GIT_PAGER=cat`) stays ordinary.
import { afterAll, beforeAll, describe } from 'vitest';
import { sandbox, type Sandbox } from './helpers.js';
import { immunityCases } from './immune-cases.js';

const IMMUNE: readonly (readonly [string, string])[] = [
  ['rm-recursive', "GIT_EXTERNAL_DIFF='rm -r build' git diff"],
  ['rm-recursive', "GIT_SSH_COMMAND='rm -r build' git fetch ssh://h/x"],
  ['rm-recursive', "export GIT_SSH_COMMAND='rm -r build'; git ls-remote ssh://h/x"],
  ['rm-recursive', "PAGER='sh -c \"rm -r build\"' man ls"],
  ['dynamic-command', "X='rm -r build' git --config-env=diff.external=X diff"],
  ['dynamic-command', "X='rm -r build' git --config-env core.sshCommand=X ls-remote ssh://h/x"],
  ['dynamic-command', 'GIT_SSH_COMMAND="$X" git fetch'],
  ['rm-recursive', "env GIT_PAGER='rm -rf build' git log"],
  // npm's long spelling of -c with its value attached (R12-6c).
  ['rm-recursive', "npm exec --call='rm -r build'"],
  // gcc's lto-wrapper runs $MAKE (red team R45-b5): a command variable for every program, not only make.
  ['rm-recursive', "MAKE='rm -r build' gcc -flto=4 x.c"],
  ['rm-recursive', "env MAKE='rm -r build' cc -flto=auto x.c"],
];

const NOT_IMMUNE = ['GIT_PAGER=cat git log', 'EDITOR=true git commit -m x', "GIT_SSH_COMMAND='ssh -i key' git fetch x", 'FOO=1 git diff', 'MAKE=gmake gcc -flto=4 x.c', 'MAKE=make cc -flto=2 -o x x.c'];

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
});
afterAll(async () => box.cleanup());

describe('a variable a program runs as a command is judged as that command', () => {
  immunityCases(() => box, IMMUNE, NOT_IMMUNE);
});
