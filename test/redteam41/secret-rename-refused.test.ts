// FIXED (walk58: secret-files.ts hides a folder it cannot list, search or rename below WHOLE). R41-a9 — MINOR (availability: every later exec refused, by one in-place run; the person must repair by hand) —
// codeward as a NORMAL user. utf50's secret walk (secret-files.ts spell) renames a non-UTF-8 entry that holds what the
// view hides, and when the rename fails it THROWS: the run is refused ("…could not be renamed (EACCES…): rename it
// yourself", reported as "error C216: internal error"). A sandboxed command decides that it fails: an in-place run
// makes `p/d\xfe/.env` and then `chmod 555 p` (the folder holding it, not writable by its owner). No after-run check
// objects (nothing risky changed), and from then on EVERY `codeward exec`, staged or not, is refused before it runs
// — the agent cannot even run the tests — until the person finds and fixes p by hand.
// Class: fail-closed by refusing the whole run where failing closed for the one entry suffices (hide the whole
// non-UTF-8 folder: it cannot be named in a mount, but its faithful parent `p` can be hidden whole, or a tmpfs over p).
// Repro (integ 85b3ba45, bwrap, codeward as uid 65534 via setpriv):
//   $ codeward --yes exec --no-stage --cmd 'mkdir -p p/"$(printf "d\376")" && echo S=1 > p/"$(printf "d\376")"/.env && chmod 555 p'
//   $ codeward --yes exec --cmd 'echo later'   -> error C216: internal error: p/d\uFFFD holds what the sandbox hides, …
// Fix (secret-files.ts spell): when the rename fails, hide the nearest faithful folder holding the entry (p) whole, with a
// warning, and run.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asRoot, reachable } from '../helpers/as-nobody.js';
import { AS_NOBODY, bareBase, bareExec, removeBare } from '../helpers/bare-cli.js';
import { CLI } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const usable = asRoot && reachable && bwrapWorks && existsSync(CLI);
let base: string | undefined;
const outs: Record<string, string> = {};
beforeAll(async () => {
  if (!usable) return;
  base = await bareBase('cw-rt41a-refuse-', { nobody: true });
  outs['make'] = bareExec(base, 'mkdir -p p/"$(printf "d\\376")" && echo S=1 > p/"$(printf "d\\376")"/.env && chmod 555 p', false, { through: AS_NOBODY });
  outs['later'] = bareExec(base, 'echo later-ran', true, { through: AS_NOBODY });
  outs['read'] = bareExec(base, 'cat p/*/.env', true, { through: AS_NOBODY });
}, 120_000);
afterAll(() => removeBare(base));

describe.skipIf(!usable)('R41-a9 MINOR: one in-place run makes every later exec refused (unrenamable non-UTF-8 secret folder)', () => {
  it('control: the making run ran', () => {
    expect(outs['make']).toContain('[exit 0]');
  });
  it('a later run still runs', () => {
    expect(outs['later']).toContain('later-ran');
  });
  it('and the .env stays unread', () => {
    expect(outs['read']).not.toContain('S=1');
  });
});
