// Issue 26 (fix32b, fix31c's LEFT): after `set -k` every NAME=VALUE word of a command is in its environment (R31-3,
// parse-walk-keyword.ts); `set +k` never turned it off (fail closed, friction: `set -k; set +k; git status X=y` read
// X=y as git's environment). It is honoured now where the order is exact (a top-level statement of the line's own
// shell, no alias or trap on the line), and keyword mode stays on where it is not (a list, a conditional, a subshell,
// a background job, a `sh -c` string, a function, a loop) or comes back (a later `set -k`, a function call, `source`,
// `eval`, an option only known at run time).
import { beforeAll, describe, expect, it } from 'vitest';
import { ShellParser } from '../../src/shell/parse.js';

const parser = new ShellParser();
beforeAll(async () => parser.ready());

// Whether the line's `git` command (the last one) gets GIT_TRACE in its environment.
const traced = async (line: string): Promise<boolean> => {
  const parse = await parser.parse(line);
  const git = parse.commands.findLast((command) => command.name === 'git');
  return git?.env?.some((each) => each.name === 'GIT_TRACE') === true;
};

describe('`set +k` turns keyword mode off where the order is exact', () => {
  it.each([
    'set -k; set +k; git status GIT_TRACE=~/.bashrc',
    'set -k; set +o keyword; git status GIT_TRACE=~/.bashrc',
    'set -k\nset +k\ngit status GIT_TRACE=~/.bashrc',
    'set -k; set +k >/dev/null; git status GIT_TRACE=~/.bashrc',
    'set -ak; set +k; git status GIT_TRACE=~/.bashrc',
    'set -k; builtin set +k; git status GIT_TRACE=~/.bashrc',
  ])('`%s`: GIT_TRACE=… is git\'s operand', async (line) => {
    expect(await traced(line)).toBe(false);
  });
});

describe('keyword mode stays on where the order is not exact (fail closed)', () => {
  it.each([
    'set -k; git status GIT_TRACE=~/.bashrc',
    'set -k; set +k; set -k; git status GIT_TRACE=~/.bashrc',
    'set -k; set +k -k; git status GIT_TRACE=~/.bashrc',
    'set -k; set +k $OPT; git status GIT_TRACE=~/.bashrc',
    'set -k; set +o $OPT; git status GIT_TRACE=~/.bashrc',
    'set -k; true && set +k; git status GIT_TRACE=~/.bashrc',
    'set -k; false || set +k; git status GIT_TRACE=~/.bashrc',
    'set -k; if true; then set +k; fi; git status GIT_TRACE=~/.bashrc',
    'set -k; (set +k); git status GIT_TRACE=~/.bashrc',
    'set -k; { set +k; } | cat; git status GIT_TRACE=~/.bashrc',
    'set -k; set +k & git status GIT_TRACE=~/.bashrc',
    'set -k; sh -c "set +k"; git status GIT_TRACE=~/.bashrc',
    'set -k; echo $(set +k); git status GIT_TRACE=~/.bashrc',
    'set -k; f() { set +k; }; f; git status GIT_TRACE=~/.bashrc',
    'f() { set -k; }; set +k; f; git status GIT_TRACE=~/.bashrc',
    'set -k; set +k; source ./x.sh; git status GIT_TRACE=~/.bashrc',
    'set -k; set +k; . ./x.sh; git status GIT_TRACE=~/.bashrc',
    'set -k; set +k; $CMD; git status GIT_TRACE=~/.bashrc',
    "set -k; set +k; eval 'set -k'; git status GIT_TRACE=~/.bashrc",
    "trap 'set -k' DEBUG; set +k; git status GIT_TRACE=~/.bashrc",
    "shopt -s expand_aliases; alias s='set -k'; set +k; s; git status GIT_TRACE=~/.bashrc",
    'set +k; for i in 1 2; do git status GIT_TRACE=~/.bashrc; set -k; done',
    'set -k; set +k; while true; do git status GIT_TRACE=~/.bashrc; done',
    'set -k; set +k; g() { git status GIT_TRACE=~/.bashrc; }; set -k; g',
    'set +k; g() { git status GIT_TRACE=~/.bashrc; }; set -k; g',
  ])('`%s`: GIT_TRACE=… is in git\'s environment', async (line) => {
    expect(await traced(line)).toBe(true);
  });
});
