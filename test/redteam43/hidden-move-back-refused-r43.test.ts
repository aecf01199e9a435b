// R43-a4 — MAJOR (a secret read: a file an anchored non-accessible glob hides is printed by the NEXT run, unasked) —
// fix63 made the R6-9 move-back (sandbox/hidden-moves.ts restoreHiddenAncestors) find a moved ancestor at any depth,
// but the move back itself is one renameSync: a run (as a normal user: root passes over modes) that moves the folder
// above the secret and then makes the folder it came from read-only (`chmod 555 sub`; or the moved folder itself, a
// directory's rename needs write on it for its `..`) leaves it moved: EACCES, "move it back yourself", and the next
// run reads `x/config/private/key`, under no glob. R42-a8 fixed the same refusal for a FIFO moved aside
// (modes-special.ts: u+wx on the folder through an O_PATH descriptor, mode given back); this rename did not get it.
// Class: R42-a8's (the after-run repair refused by a mode the run set on its own folder) / R42-a3's (a move-back that
// fails reads as "done, warned" while the secret shows).
// Repro (integ 3bd9898c, as uid 65534 via setpriv, bwrap): .codeward/config.json {"nonAccessibleGlobs":
//   ["sub/config/private/**"]}, sub/config/private/key = DEEP-SECRET
//   $ codeward --yes exec --no-stage --cmd 'mkdir x && mv sub/config x/config && chmod 555 sub'
//     -> "moved sub/config to x/config … could not be moved back (EACCES …); move it back yourself", [exit 0]
//   $ codeward --yes exec --no-stage --cmd 'cat x/config/private/key'   -> DEEP-SECRET
// As root (no mode needed): remove the old parent instead. `mkdir x && mv sub/config x/config && rmdir sub` -> "moved
// sub … could not find where it went" + "could not be moved back (ENOENT … -> ws/sub/config)"; the next run prints
// DEEP-SECRET. The parent is gone, so the move back has nowhere to go; it is not made again.
// Fix (src/sandbox/hidden-moves.ts restoreHiddenAncestors): on EACCES/EPERM give codeward's own folders on both sides
// (the target's parent, the moved folder) u+wx for the rename (modes-special.ts moveAside's way) and the modes back;
// and whatever stays moved, the next runs hide by identity (the kept ancestors' dev:ino wherever they now are), or
// refuse until it is back: a warning is not a hidden file.
import { describe, expect, it } from 'vitest';
import { AS_NOBODY, BARE_USABLE, bareExec, bareSuite } from '../helpers/bare-cli.js';
import { reachable } from '../helpers/as-nobody.js';

const asRoot = process.getuid?.() === 0;
const usable = BARE_USABLE && reachable;
const FILES = { '.codeward/config.json': '{"nonAccessibleGlobs":["sub/config/private/**"]}\n', 'sub/config/private/key': 'DEEP-SECRET\n' };
const { outs } = bareSuite('cw-rt43a-move-back-', (base, outs) => {
  const run = asRoot ? { through: AS_NOBODY } : {};
  outs['control'] = bareExec(base, 'cat sub/config/private/key', false, run);
  outs['move'] = bareExec(base, 'mkdir x && mv sub/config x/config && chmod 555 sub', false, run);
  outs['next'] = bareExec(base, 'cat x/config/private/key', false, run);
}, { made: { files: FILES, nobody: asRoot }, usable });
const rm = bareSuite('cw-rt43a-move-back-rm-', (base, outs) => {
  outs['rm-move'] = bareExec(base, 'mkdir x && mv sub/config x/config && rmdir sub', false);
  outs['rm-next'] = bareExec(base, 'cat x/config/private/key', false);
}, { made: { files: FILES }, usable });

describe.skipIf(!usable)('R43-a4 MAJOR: a moved hidden ancestor whose old parent the run made read-only is never moved back', () => {
  it('control: the key is hidden where the glob names it', () => {
    expect(outs['control']).not.toContain('DEEP-SECRET');
  });
  it('control: the move ran', () => {
    expect(outs['move']).toContain('[exit 0]');
  });
  it('the next run does not print the key', () => {
    expect(outs['next']).not.toContain('DEEP-SECRET');
  });
  it('the old parent removed (any user): the next run does not print the key either', () => {
    expect(rm.outs['rm-move']).toContain('[exit 0]');
    expect(rm.outs['rm-next']).not.toContain('DEEP-SECRET');
  });
});
