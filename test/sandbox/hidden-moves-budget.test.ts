import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { recordLost, settleLost } from '../../src/sandbox/hidden-lost.js';
import { hiddenAncestors, restoreHiddenAncestors } from '../../src/sandbox/hidden-moves.js';

// fix63's LEFT: the move-back's search (hidden-moves.ts find) walked the whole workspace with no budget. Now it stops
// past a budget (entries listed, milliseconds), and cut short fails closed: one warning, the folder recorded in the
// state folder (hidden-lost.ts), and every later sandboxed run looks again first and is refused while it is still lost.
const base = mkdtempSync('/var/tmp/cw-fix67-budget-');
afterAll(() => rmSync(base, { recursive: true, force: true }));
const SMALL = { entries: 50, ms: 60_000 };
// The hidden-files globs of these workspaces (a folder is moved back only where it holds what they hide: lost-place.ts).
const GLOBS = ['config/private/**'];

function workspace(name: string): { ws: string; state: string; before: Map<string, string> } {
  const ws = join(base, name);
  mkdirSync(join(ws, 'config', 'private'), { recursive: true });
  writeFileSync(join(ws, 'config', 'private', 'key'), 'secret');
  for (let i = 0; i < 100; i++) mkdirSync(join(ws, `d${i}`));
  const before = hiddenAncestors(ws, [join(ws, 'config', 'private', 'key')]);
  renameSync(join(ws, 'config'), join(ws, 'd99', 'config'));
  return { ws, state: join(base, `${name}-state`), before };
}

describe('the move-back search has a budget; cut short fails closed', () => {
  it('within the budget: found and moved back (control)', () => {
    const { ws, before } = workspace('found');
    expect(restoreHiddenAncestors(ws, before, () => true).join('\n')).toMatch(/moved config to d99\/config.*moved back/);
    expect(existsSync(join(ws, 'config', 'private', 'key'))).toBe(true);
  });

  it('cut short: one warning, recorded, and a later run is refused until it is back', async () => {
    const { ws, state, before } = workspace('cut');
    const warnings = restoreHiddenAncestors(ws, before, (path, id) => recordLost(state, path, id), SMALL);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/stopped looking for where it went \(past 50 entries.*every later sandboxed run of this workspace is refused until it is back at config/);
    expect(JSON.parse(readFileSync(join(state, 'hidden-lost.json'), 'utf8'))).toEqual({ v: 'hidden-lost:1', entries: { lost: [{ path: join(ws, 'config'), id: expect.any(String) }] } });
    await expect(settleLost(state, ws, GLOBS, SMALL)).rejects.toThrow(/C240|refused: a sandboxed command moved config/);
    // Looked for again with room enough: found, moved back, the record cleared.
    expect((await settleLost(state, ws, GLOBS)).join('\n')).toMatch(/moved config to d99\/config.*moved back/);
    expect(existsSync(join(ws, 'config', 'private', 'key'))).toBe(true);
    expect(existsSync(join(state, 'hidden-lost.json'))).toBe(false);
  });

  it('moved back by the person: the record is cleared with no walk', async () => {
    const { ws, state, before } = workspace('person');
    restoreHiddenAncestors(ws, before, (path, id) => recordLost(state, path, id), SMALL);
    renameSync(join(ws, 'd99', 'config'), join(ws, 'config'));
    expect(await settleLost(state, ws, GLOBS, { entries: 0, ms: 0 })).toEqual([]);
    expect(existsSync(join(state, 'hidden-lost.json'))).toBe(false);
  });

  it('no state folder to record it in: said', () => {
    const { ws, before } = workspace('nostate');
    expect(restoreHiddenAncestors(ws, before, (path, id) => recordLost(undefined, path, id), SMALL).join('\n')).toMatch(/no state folder to record it in/);
  });
});
