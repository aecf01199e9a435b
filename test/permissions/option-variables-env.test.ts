// Red team R20-1 and R20-7 (issue 26): option variables reach the program however they are in its environment
// (exported earlier on the line, `declare -x`, `set -a`, set on a wrapper or on a shell that runs it), and make
// expands its environment (CC, SHELL ...) in recipes it runs through the shell. Each line below was allowed.
import { describe } from 'vitest';
import { decideRows, execDecider } from './helpers.js';

const decide = execDecider();
const FLAGS = "MAKEFLAGS='--eval=rt:;git\\ push'";

describe('option variables in the environment the program starts with', () => {
  decideRows(decide, 'not allow', 'deny git push*: %s is not allowed', [
    `export ${FLAGS} && make rt`,
    `export ${FLAGS}; make rt`,
    `declare -x ${FLAGS}; make rt`,
    `typeset -x ${FLAGS}; make rt`,
    `${FLAGS}; export MAKEFLAGS; make rt`,
    `set -a; ${FLAGS}; make rt`,
    `(export ${FLAGS}; make rt)`,
    `${FLAGS} timeout 9 make rt`,
    `${FLAGS} nice make rt`,
    `${FLAGS} command make rt`,
    `${FLAGS} time make rt`,
    `${FLAGS} sh -c 'make rt'`,
    `${FLAGS} bash -c 'make rt'`,
    `echo rt | ${FLAGS} xargs make`,
    `env -C . ${FLAGS} make rt`,
    `env -u X ${FLAGS} make rt`,
    `nice env ${FLAGS} make rt`,
    "TAR_OPTIONS='--checkpoint=1 --checkpoint-action=exec=git\\ push' stdbuf -o0 tar -cf x.tar x",
    "export TAR_OPTIONS='--checkpoint=1 --checkpoint-action=exec=git\\ push'; tar -cf x.tar x",
  ]);

  decideRows(decide, 'ask', 'the immune list under allow *: %s asks', [
    "export MAKEFLAGS='--eval=zz:;rm\\ -rf\\ build'; make zz",
    "TAR_OPTIONS='--checkpoint=1 --checkpoint-action=exec=rm\\ -rf\\ build' nice tar -cf x.tar x",
    "export TAR_OPTIONS='--checkpoint=1 --checkpoint-action=exec=rm\\ -rf\\ build'; tar -cf x.tar x",
  ], ['allow @coder exec *']);

  decideRows(decide, 'not allow', 'make reads its environment in recipes: %s is not allowed', ["CC='git push origin;' make x.o", "export CC='git push origin;'; make x.o", "make SHELL=./x x.o", "make '.SHELLFLAGS=-c git push origin; :' x.o", "make CC='sh -c \"git push origin\"' x.o", "MAKEFLAGS=SHELL=./x make x.o"]);

  decideRows(decide, 'ask', 'the immune list under allow *: %s asks', ["CC='rm -rf build;' make x.o"], ['allow @coder exec *']);

  decideRows(decide, 'allow', 'ordinary: %s stays allowed', ['export MAKEFLAGS=-j4; make test', 'MAKEFLAGS=-j4 nice make test', 'CC=gcc make x.o', 'CFLAGS=-O2 make', 'export TAR_OPTIONS=-v; tar -cf x.tar x', 'x=1; make test', 'GZIP=-9 nice gzip x', 'make SHELL=/bin/bash test']);
});
