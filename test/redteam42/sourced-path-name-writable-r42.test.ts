// R42-a9 — MINOR (a safety-immune step runs unasked inside the sandbox; the after-run walk still clears the bit) —
// scr58 judges a script outside the workspace by its place in the view (task-runner-shell.ts outsideScript: a
// sandboxWritable one is checked by written-before.ts). But `. NAME` / `source NAME` with a bare name that is not in
// the workspace and IS a file in a PATH folder (onPath, codeward's PATH, existsSync on the host) returns
// `{ lines: [] }` before any place is asked: the file is never read and its folder never judged. With a
// sandboxWritable folder's bin on PATH, `cp evil.sh $W/bin/x.sh && . x.sh` runs evil.sh's `chmod 4755` under --yes,
// where `cp evil.sh $W/bin/x.sh && sh $W/bin/x.sh` asks ("the line may write … before").
// Class: R41-a3's (the decision reads another file than the one that runs): the sourced-by-PATH shortcut (R37-b2's
// exception) skipped scr58's one rule.
// Repro (h-asgre 7b4b82b5, root, bwrap): ~/.codeward/config.json {"sandboxWritable":["/var/tmp/…/wr"]},
//   PATH=/var/tmp/…/wr/bin:/usr/bin:/bin, wr/bin/x.sh = `echo harmless`
//   $ codeward --yes exec --no-stage --cmd 'cp evil.sh $W/bin/x.sh && . x.sh'  -> "left x setuid; the bit was cleared"
// Fix (src/permissions/task-runner-shell.ts scriptText): resolve the bare name on PATH to its file and judge THAT
// through outsideScript/placeOf (host: as before; writable: standsOutside + written-before; own: unknown).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bareBase, bareExec, HOST_PATH, removeBare, SETUID_SCRIPT } from '../helpers/bare-cli.js';
import { CLI } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const usable = bwrapWorks && existsSync(CLI);
let base: string;
const outs: Record<string, string> = {};
beforeAll(async () => {
  base = await bareBase('cw-rt42a-sourced-', { files: { 'evil.sh': SETUID_SCRIPT } });
  const wr = join(base, 'wr');
  mkdirSync(join(wr, 'bin'), { recursive: true });
  writeFileSync(join(wr, 'bin', 'x.sh'), 'echo harmless\n');
  mkdirSync(join(base, 'h', '.codeward'));
  writeFileSync(join(base, 'h', '.codeward', 'config.json'), JSON.stringify({ sandboxWritable: [wr] }));
  if (!usable) return;
  const lines: Record<string, string> = {
    plain: '. x.sh',
    path: `cp evil.sh ${wr}/bin/x.sh && sh ${wr}/bin/x.sh`,
    sourced: `cp evil.sh ${wr}/bin/x.sh && . x.sh`,
  };
  for (const [name, line] of Object.entries(lines)) outs[name] = bareExec(base, line, false, { path: `${wr}/bin:${HOST_PATH}` });
}, 120_000);
afterAll(() => removeBare(base));

describe.skipIf(!usable)('R42-a9 MINOR: `. NAME` found on a writable PATH folder is rewritten by the line and sourced unread', () => {
  it('control: sourcing the host file unchanged runs unasked (friction kept)', () => {
    expect(outs['plain']).toContain('harmless');
    expect(outs['plain']).toContain('[exit 0]');
  });
  it('control: the same file by its path, written first by the line, asks', () => {
    expect(outs['path']).toMatch(/needs approval/);
  });
  it('by a bare sourced name: asks too', () => {
    expect(outs['sourced']).toMatch(/needs approval/);
    expect(outs['sourced']).not.toMatch(/left x setuid/);
  });
});
