// R45-b1/b2/b3/b6/b7 — CRITICAL (issue 26: rm -rf of uncommitted work in place under --yes --no-stage, no ask) — the
// inline reader's MODULES were a closed list (fix70) but the NAMES it read were an open deny-list of spellings
// (PYTHON_OS_SPAWN, SPAWN_APIS, DYNAMIC_APIS, RECURSIVE_DELETE: regexes over the text). python reads names as NFKC
// (`os.ｓｙｓｔｅｍ` is os.system), a listed module holds `_private` spawners (`os._execvpe`, `uuid._get_command_stdout`),
// reflection by another name (`inspect.getattr_static`, `string.Formatter().get_field`) and deleters under names no
// list has (`tempfile.TemporaryDirectory` cleanup, its `_rmtree`, `os.fwalk` + remove).
// Repro (h-r86 on main 2984db51, default sandbox, --yes, --no-stage; sub/new.txt uncommitted): every row below ran
// and sub/ was GONE. Fix: src/shell/inline-names*.ts (a closed name reader: every name known or the call asks).
import { describe, expect, it } from 'vitest';
import { inPlaceRuns } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const run = inPlaceRuns();
const files = { 'ok.sh': '#!/bin/sh\necho fine\n' };
const P = (code: string): string => `python3 -c '${code}'`;

describe.skipIf(!bwrapWorks)('R45-b1/b2/b3/b6/b7 CRITICAL: python names outside the deny-lists', { timeout: 180_000 }, () => {
  it('control: `import os; os.system(…)` asks (C241)', async () => {
    expect(await run(P('import os; os.system("rm -rf ROOT/sub")'), files)).toBe('C241');
  });
  it('control: `import json, sys; print(json.dumps(sys.argv))` runs', async () => {
    expect(await run(P('import json, sys; print(json.dumps(sys.argv))'), files)).toBe('ran');
  });
  it.each([
    P('import os; os.ｓｙｓｔｅｍ("rm -rf ROOT/sub")'),
    P('import os; os._execvpe("sh", ["sh", "-c", "rm -rf ROOT/sub"], os.environ)'),
    P('import uuid; uuid._get_command_stdout("rm", "-rf", "ROOT/sub")'),
    P('import inspect, os; inspect.getattr_static(os, "sys" + "tem")("rm -rf ROOT/sub")'),
    P('import inspect, shutil; f = inspect.getattr_static(shutil, "rm" + "tree"); f("ROOT/sub")'),
    P('import string, os; f = string.Formatter().get_field("0.sys" + "tem", [os], {})[0]; f("rm -rf ROOT/sub")'),
    P('import tempfile; t = tempfile.TemporaryDirectory(); t.name = "ROOT/sub"; t.cleanup()'),
    P('import tempfile; tempfile.TemporaryDirectory._rmtree("ROOT/sub")'),
    `python3 -c 'import os\nfor r, ds, fs, fd in os.fwalk("ROOT/sub", topdown=False):\n  [os.remove(f, dir_fd=fd) for f in fs]\n  [os.rmdir(d, dir_fd=fd) for d in ds]\nos.rmdir("ROOT/sub")'`,
  ])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await run(line, files)).toBe('C241');
  });
});
