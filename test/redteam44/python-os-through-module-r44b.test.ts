// R44-b5 — CRITICAL (issue 26: rm -rf of uncommitted work in place under --yes --no-stage, no ask; nothing planted)
// — fix70's inline-imports.ts lets python code that imports only "no-spawn" modules through, and checks os's spawn
// names (PYTHON_OS_SPAWN, a mention, not only a call) ONLY when the code imports `os`/`os.path` itself. But most
// listed modules hold os as an attribute (shutil.os, pathlib.os, posixpath.os, platform.os, inspect.os, glob.os,
// tempfile._os) and sys.modules holds it always; `from shutil import os` imports it under a listed module's name.
// A spawn name taken without a call paren (`f = shutil.os.system; f(...)`, `map(pathlib.os.system, [...])`) then
// meets neither SPAWN_APIS (needs `system(`) nor PYTHON_OS_SPAWN (os not imported).
// Class: "a listed module has no spawn API" is false transitively: a module's attributes reach os/subprocess/sys.
// Repro (h-rt44b on integ b1bb7db3, default sandbox, --yes, --no-stage; sub/new.txt uncommitted):
//   $ codeward --yes exec --no-stage "python3 -c 'import shutil; f = shutil.os.system; f(\"rm -rf ROOT/sub\")'"
//     -> ran, sub/ GONE   (rows below; sys.modules["os"].system and tempfile._os.system the same)
// Held: `import os; f = os.system`, `import os.path; f = os.path.os.system`, `shutil.os.system(…)` called directly,
// `sys.modules["os"].system(…)` called directly, `import shutil as s; g = s.os; g.system(…)`.
// Fix place: inline-imports.ts pythonUnlisted: run the PYTHON_OS_SPAWN mention test whenever ANY module is imported
// (every listed one but a few pure ones reaches os), plus `from X import os`; better, fail closed on a mention of a
// spawn name anywhere in python code (`system`, `popen`, `exec*`, `spawn*`, `posix_spawn*`, `fork*`) and on
// `sys.modules` / an attribute chain ending in `.os`/`._os`/`.subprocess`.
import { describe, expect, it } from 'vitest';
import { inPlaceRuns } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const run = inPlaceRuns();
const files = { 'ok.sh': '#!/bin/sh\necho fine\n' };

describe.skipIf(!bwrapWorks)('R44-b5 CRITICAL: python reaches os through a listed module\'s attribute', { timeout: 120_000 }, () => {
  it.each([
    "python3 -c 'import os; f = os.system; f(\"rm -rf ROOT/sub\")'",
    "python3 -c 'import shutil; shutil.os.system(\"rm -rf ROOT/sub\")'",
  ])('control: `%s` asks (C241)', async (line) => {
    expect(await run(line, files)).toBe('C241');
  });
  it.each([
    "python3 -c 'import shutil; f = shutil.os.system; f(\"rm -rf ROOT/sub\")'",
    "python3 -c 'from shutil import os; f = os.system; f(\"rm -rf ROOT/sub\")'",
    "python3 -c 'import sys; f = sys.modules[\"os\"].system; f(\"rm -rf ROOT/sub\")'",
    "python3 -c 'import shutil; list(map(shutil.os.system, [\"rm -rf ROOT/sub\"]))'",
    "python3 -c 'import tempfile; f = tempfile._os.system; f(\"rm -rf ROOT/sub\")'",
    "python3 -c 'import glob; f = glob.os.popen; f(\"rm -rf ROOT/sub\").read()'",
    "python3 -c 'import pathlib; f = pathlib.os.system; f(\"rm -rf ROOT/sub\")'",
    "python3 -c 'import posixpath; f = posixpath.os.system; f(\"rm -rf ROOT/sub\")'",
    "python3 -c 'import platform; f = platform.os.system; f(\"rm -rf ROOT/sub\")'",
  ])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await run(line, files)).toBe('C241');
  });
});
