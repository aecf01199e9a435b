// Parked: imports are written for the file moved to test/redteam39/<name>.test.ts (as round 38 moved its own).
// R39-b7 — MAJOR (seed 004's immune list: rm -r "however wrapped"; the parse's reading of code inside words) — bash
// evaluates an array SUBSCRIPT as arithmetic, and runs the command substitutions in it, in places the parse reads as
// a plain name or as data: an assignment's subscript (`a[$(rm -rf sub)]=1`, `a[`…`]+=1`, `declare a[$(…)]=1`,
// `export`/`local`), and every builtin that takes a variable NAME as a quoted word and evaluates it (`printf -v
// 'a[$(…)]'`, `read 'a[$(…)]'`, `declare 'a[$(…)]=1'`, `let 'a[$(…)]=1'`, `[[ -v 'a[$(…)]' ]]`, `test -v …`,
// `declare -n r='a[$(…)]'; echo $r`), and a quoted operand of an arithmetic context (`(( 'a[$(…)]' ))`,
// `[[ 1 -eq 'a[$(…)]' ]]`, `x='a[$(…)]'; : $((x))`). The rm -rf runs under --yes, in place.
//
// Reproduction (integ 507f8cca, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted):
//   $ codeward --yes exec --no-stage 'a[$(rm -rf sub)]=1'                -> [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage "printf -v 'a[\$(rm -rf sub)]' 1"  -> [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage "[[ -v 'a[\$(rm -rf sub)]' ]]"     -> [exit 1], sub/ GONE
//   $ codeward --yes exec --no-stage "x='a[\$(rm -rf sub)]'; : \$((x))" -> [exit 0], sub/ GONE
//   control (held): `echo ${a[$(rm -rf sub)]}` -> C241; `echo $((a[$(rm -rf sub)]))` -> C241; `a[$(rm -rf sub)]=1 true`
//   -> C241 (as an unknown program `a[$`); the same under --allow '@coder exec *'.
// Expected: C241 and the work kept.
// ONE place for the class fix: the parse (parse-walk / parse-plan): a subscript of an assignment word is code (its
// $(…) and `…` are commands of the line, as `${a[$(…)]}` already is); a word a NAME-taking builtin (printf -v, read,
// declare/typeset/local/export/readonly, let, unset, test/[[ -v, declare -n, mapfile, wait -p, getopts) or an arithmetic
// context receives is parsed as an arithmetic expression whose `$(`/`` ` `` is code, or, when not parseable, unknown.
import { describe, expect, it } from 'vitest';
import { inPlaceVerdicts } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

// One in-place run (default sandbox, --yes, --no-stage) of `line` in a workspace holding f (the repository's data
// file: `a[$(rm -rf sub)]`) and the uncommitted sub/new.txt. Only the ask counts: a run that failed after the
// substitution ran (C253) lost the work all the same.
const verdict = inPlaceVerdicts({ f: 'a[$(rm -rf sub)]\n' });

describe.skipIf(!bwrapWorks)('R39-b7 MAJOR: a command substitution inside an array subscript runs unread', { timeout: 120_000 }, () => {
  it.each(['a[$(rm -rf sub)]=1', 'a[`rm -rf sub`]+=1', 'declare a[$(rm -rf sub)]=1', "printf -v 'a[$(rm -rf sub)]' 1", "read 'a[$(rm -rf sub)]' < f", "declare 'a[$(rm -rf sub)]=1'", "let 'a[$(rm -rf sub)]=1'", "[[ -v 'a[$(rm -rf sub)]' ]]", "test -v 'a[$(rm -rf sub)]'", "declare -n r='a[$(rm -rf sub)]'; echo $r", "(( 'a[$(rm -rf sub)]' ))", "[[ 1 -eq 'a[$(rm -rf sub)]' ]]", "x='a[$(rm -rf sub)]'; : $((x))"])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await verdict(line)).toBe('C241');
  });
  it.each(['echo ${a[$(rm -rf sub)]}', 'echo $((a[$(rm -rf sub)]))'])('control: `%s` asks', async (line) => {
    expect(await verdict(line)).toBe('C241');
  });
});
