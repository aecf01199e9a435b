// Red team R21-1 (issue 26): an option variable set on a launcher reaches the program the launcher runs later (an
// npm script, a script file, a recipe): `MAKEFLAGS='--eval=...' npm run x` where x runs make. The value is judged as
// its program's line wherever it is assigned (option-variables.ts optionLine), so it meets the rows whichever
// program it reaches. And more programs' command and option variables (R21: fzf, sudoedit, kubectl, svn, cargo).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe } from 'vitest';
import { decideRows, execDecider } from './helpers.js';

const ALL = ['allow @coder exec *'];
const FLAGS = "MAKEFLAGS='--eval=rt:;git\\ push'";
const RM = "TAR_OPTIONS='--checkpoint=1 --checkpoint-action=exec=rm\\ -rf\\ build'";

const decide = execDecider(async (box) => {
  await writeFile(join(box.root, 'package.json'), JSON.stringify({ scripts: { x: 'make rt', b: 'tar -cf x.tar x', test: 'make test' } }));
  await writeFile(join(box.root, 'build.sh'), '#!/bin/sh\nmake rt\ntar -cf x.tar x\n', { mode: 0o755 });
});

describe('an option variable reaches the programs a launcher runs', () => {
  decideRows(decide, 'not allow', 'deny git push*: %s is not allowed', [
    `${FLAGS} npm run x`,
    `export ${FLAGS}; npm test`,
    `${FLAGS} ./build.sh`,
    `${FLAGS} sh build.sh`,
    `env ${FLAGS} npm run x`,
    `set -a; ${FLAGS}; npm run x`,
    `declare -x ${FLAGS}; npm run x`,
    `${FLAGS}; npm run x`,
    `export "${FLAGS.replace(/'/g, '')}"; npm run x`,
    `declare -x "${FLAGS.replace(/'/g, '')}"; npm run x`,
    "read MAKEFLAGS <<< '--eval=rt:;git\\ push'; export MAKEFLAGS; npm run x",
    "TAR_OPTIONS='--to-command=git\\ push' npm run b",
    "export TAR_OPTIONS='-I git\\ push'; ./build.sh",
    "FZF_DEFAULT_OPTS='--bind=start:execute(git\\ push)' fzf",
    "PARALLEL='--ssh git\\ push' parallel echo ::: a",
  ]);

  decideRows(decide, 'ask', 'the immune list under allow *: %s asks', [`${RM} npm run b`, `export ${RM}; ./build.sh`, "MAKEFLAGS='--eval=rt:;rm\\ -rf\\ build' npm run x"], ALL);

  decideRows(decide, 'not allow', 'a command variable: %s is not allowed', [
    "FZF_DEFAULT_COMMAND='git push' fzf",
    "SUDO_EDITOR='git push' sudoedit x",
    "KUBE_EDITOR='git push' kubectl edit deploy/x",
    "SVN_SSH='git push' svn up",
    "RSYNC_CONNECT_PROG='git push' rsync rsync://h/x y",
    "RUSTC_WRAPPER='git push' cargo build",
  ]);

  decideRows(decide, 'allow', 'ordinary: %s stays allowed', [
    'MAKEFLAGS=-j4 npm test',
    'export MAKEFLAGS=-j4; npm test',
    'export "MAKEFLAGS=-j4"; npm test',
    'TAR_OPTIONS=-v npm run b',
    'GZIP=-9 ./build.sh',
    "export FZF_DEFAULT_OPTS='--height 40% --layout=reverse'; ls",
    'export LESS=-R; git log',
    'RUSTC_WRAPPER=sccache cargo build',
    'npm test',
    'make test',
  ]);
});
