// R40-b4 — MAJOR (seed 004's immune list of an unstaged run; a prompt-injected model's own line, no data needed) —
// R39-b7's fix, parse-arith-names.ts evaluatedName, switches on the command node's NAME TEXT (`printf`, `read`,
// `test`, `[`, …). The same builtin reached by another spelling of its name is not looked at:
// `builtin printf -v 'a[$(rm -rf sub)]' 1`, `command printf -v …`, `command -- printf -v …`, `\printf -v …`,
// `'printf' -v …`, `builtin read 'a[…]'`, `command test -v 'a[…]'`, `builtin [ -v 'a[…]' ]`. bash runs the builtin,
// evaluates the quoted name's subscript and rm -rf runs in place under --yes. (declare/let through `builtin` hold:
// they are other node types or read elsewhere.)
//
// Reproduction (integ 54799dc5, root, bwrap; default sandbox, --yes, --no-stage; sub/new.txt uncommitted):
//   $ codeward --yes exec --no-stage "builtin printf -v 'a[\$(rm -rf sub)]' 1"  -> [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage "\\printf -v 'a[\$(rm -rf sub)]' 1"        -> [exit 0], sub/ GONE
//   $ codeward --yes exec --no-stage "command test -v 'a[\$(rm -rf sub)]'"      -> [exit 1] (C253), sub/ GONE
//   control (held): `printf -v 'a[$(rm -rf sub)]' 1` and `builtin let 'a[$(rm -rf sub)]=1'` ask (C241).
// Expected: C241 and the work kept.
// Fix location: src/shell/parse-arith-names.ts evaluatedName: take the command's name the way every other rule does
// (unquoted, backslashes removed) and look through `builtin` / `command` (with their options and `--`) to the
// builtin they run, before the switch — better, run evaluatedName on the parse's SimpleCommand argv (the
// wrappers already peeled by toArgv) instead of on raw tree-sitter text.
import { describe, expect, it } from 'vitest';
import { inPlaceVerdicts } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const verdict = inPlaceVerdicts({});
const P = "'a[$(rm -rf sub)]'";

describe.skipIf(!bwrapWorks)('R40-b4 MAJOR: a name-taking builtin reached through builtin/command/quoting evaluates a subscript unasked', { timeout: 120_000 }, () => {
  it.each([
    `builtin printf -v ${P} 1`,
    `command printf -v ${P} 1`,
    `command -- printf -v ${P} 1`,
    `\\printf -v ${P} 1`,
    `'printf' -v ${P} 1`,
    `builtin read ${P} <<< 1`,
    `command read ${P} <<< 1`,
    `command test -v ${P}`,
    `builtin [ -v ${P} ]`,
  ])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await verdict(line)).toBe('C241');
  });
  it.each([`printf -v ${P} 1`, `builtin let 'a[$(rm -rf sub)]=1'`])('control: `%s` asks (C241)', async (line) => {
    expect(await verdict(line)).toBe('C241');
  });
});
