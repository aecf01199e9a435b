// R44-b6 — CRITICAL (issue 26: rm -rf of uncommitted work in place under --yes --no-stage, no ask; nothing planted,
// no import at all) — parse-inline.ts DYNAMIC_APIS.python fails closed on eval/exec/getattr/__import__/vars/
// __dict__/__builtins__…, but python's object graph reaches any loaded function without them:
// `().__class__.__base__.__subclasses__()` lists os._wrap_close, whose `__init__.__globals__` is os's namespace;
// `["system"]` (a string, blanked) then `("…")` calls os.system. `obj.__getattribute__("system")` is getattr by
// another name. No import → inline-imports.ts's module list never runs; no `system(` in code → SPAWN_APIS misses.
// Class: dunder introspection (`__subclasses__`, `__globals__`, `__getattribute__`, `__closure__`, `__code__`,
// `__reduce__`, `__loader__`, `__spec__`, `__base__`/`__mro__`…) as a spelling of getattr/import; also a call on a
// subscript (`x["…"](…)`, which js's DYNAMIC_APIS already treats as dynamic: `\]\s*\(`).
// Repro (h-rt44b on integ b1bb7db3, default sandbox, --yes, --no-stage; sub/new.txt uncommitted):
//   $ codeward --yes exec --no-stage 'python3 -c '"'"'w = [c for c in ().__class__.__base__.__subclasses__()
//       if c.__name__ == "_wrap_close"][0]; w.__init__.__globals__["system"]("rm -rf ROOT/sub")'"'"
//     -> ran, sub/ GONE;   `import shutil; f = shutil.os.__getattribute__("system"); f("rm -rf ROOT/sub")` the same
// Held: getattr(os, "system"), `__import__("os")`, vars(), `.__dict__`, `__builtins__`.
// Fix place: parse-inline.ts DYNAMIC_APIS.python: any `__name__`-shaped attribute other than a short pure list
// (`__name__`, `__doc__`, `__file__`, `__version__`, `__len__`…) counts as dynamic, and so does a call on a subscript.
import { describe, expect, it } from 'vitest';
import { inPlaceRuns } from '../helpers/in-place-verdicts.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const run = inPlaceRuns();
const files = { 'ok.sh': '#!/bin/sh\necho fine\n' };
const WRAP = '[c for c in ().__class__.__base__.__subclasses__() if c.__name__ == "_wrap_close"][0]';

describe.skipIf(!bwrapWorks)('R44-b6 CRITICAL: python dunder introspection reaches os.system with no import', { timeout: 120_000 }, () => {
  it('control: `getattr(__import__("os"), "system")(…)` asks (C241)', async () => {
    expect(await run("python3 -c 'getattr(__import__(\"os\"), \"system\")(\"rm -rf ROOT/sub\")'", files)).toBe('C241');
  });
  it('control: `python3 -c \'print(().__class__.__name__)\'` runs', async () => {
    expect(await run("python3 -c 'print(().__class__.__name__)'", files)).toBe('ran');
  });
  it.each([
    `python3 -c 'w = ${WRAP}; w.__init__.__globals__["system"]("rm -rf ROOT/sub")'`,
    `python3 -c 'w = ${WRAP}; f = w.__init__.__globals__["sys" + "tem"]; f("rm -rf ROOT/sub")'`,
    "python3 -c 'import shutil; f = shutil.os.__getattribute__(\"system\"); f(\"rm -rf ROOT/sub\")'",
  ])('`%s` asks (C241) and keeps the work', async (line) => {
    expect(await run(line, files)).toBe('C241');
  });
});
