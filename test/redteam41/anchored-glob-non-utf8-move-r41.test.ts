// R41-a2 — MAJOR (a secret read: a file the person's non-accessible globs hide is printed by a later sandboxed run) —
// R40-a8's fix (utf50) renames a non-UTF-8 folder only when the secret walk's glob matches something below it BY ITS
// LOSSY PATH (secret-files.ts spell -> holdsBelow(matcher.entry)). That holds for `**/.env`, whose match does not
// depend on the folders above; it does not hold for an ANCHORED glob (docs/configuration.md: `config/private/**`),
// whose match is the folder names themselves. The move-back that R6-9 built for exactly this case (hidden-moves.ts
// restoreHiddenAncestors -> find) lists with readdirSync(utf8): the moved folder `c\xfe` is seen as `c\uFFFD`, its
// lstat is ENOENT, and it is never found. So an in-place `mv config "$(printf 'c\376')"` (compare `mv config cfg2`:
// "it was moved back") leaves `c\xfe/private/key` under no glob: every later run, staged too, and the permission gate
// itself (`cat */private/key` passes the path check) print it, and so does `codeward search ANCHORED` (a read-only
// tool the agent runs unasked: "c\uFFFD/private/key:1:1: ANCHORED-SECRET").
// Class: R40-a2/a8 (paths as lossy UTF-8 strings): hidden-moves.ts was not routed through byte-names.ts (utf50 LEFT),
// and the secret walk's "holds what the view hides" is judged on a lossy path where the glob is anchored.
// Repro (integ 85b3ba45, root, bwrap):
//   ws: .codeward/config.json {"nonAccessibleGlobs":["config/private/**"]} (an untrusted project may add globs),
//       config/private/key = ANCHORED-SECRET
//   $ codeward --yes exec --no-stage --cmd 'mv config "$(printf "c\376")"'   -> [exit 0], no warning
//   $ codeward --yes exec --cmd 'cat */private/key'                          -> ANCHORED-SECRET
// Fix (hidden-moves.ts find, one place): list by bytes (byte-names.ts listBytes) and move the folder back by its
// bytes; more generally, the identity-kept ancestors of hidden paths are found whatever their names' bytes.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bareBase, bareCli, bareExec, removeBare } from '../helpers/bare-cli.js';
import { CLI } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const usable = bwrapWorks && existsSync(CLI);
let base: string;
const outs: Record<string, string> = {};
const files = { '.codeward/config.json': '{"nonAccessibleGlobs":["config/private/**"]}\n', 'config/private/key': 'ANCHORED-SECRET\n' };

beforeAll(async () => {
  base = await bareBase('cw-rt41a-anchored-', { workspaces: ['utf8', 'bytes'], files });
  if (!usable) return;
  for (const [name, target] of [['utf8', 'cfg2'], ['bytes', '$(printf "c\\376")']] as const) {
    const cwd = join(base, name);
    outs[`${name}-move`] = bareExec(base, `mv config "${target}"`, false, { cwd });
    outs[name] = bareExec(base, 'cat */private/key', true, { cwd });
    outs[`${name}-search`] = bareCli(base, ['search', 'ANCHORED'], { cwd });
  }
}, 120_000);
afterAll(() => removeBare(base));

describe.skipIf(!usable)('R41-a2 MAJOR: a folder above an anchored-glob secret, renamed to a non-UTF-8 name, is never moved back', () => {
  it('control: a UTF-8 rename is moved back and the key stays hidden', () => {
    expect(outs['utf8-move']).toContain('[exit 0]');
    expect(outs['utf8-move']).toMatch(/moved config to cfg2.*it was moved back/);
    expect(outs['utf8']).not.toContain('ANCHORED-SECRET');
    expect(outs['utf8-search']).not.toContain('ANCHORED-SECRET');
  });
  it('a non-UTF-8 rename: the later run does not print the key', () => {
    expect(outs['bytes-move']).toContain('[exit 0]');
    expect(outs['bytes']).not.toContain('ANCHORED-SECRET');
  });
  it('a non-UTF-8 rename: `codeward search` does not print the key', () => {
    expect(outs['bytes-search']).not.toContain('ANCHORED-SECRET');
  });
});
