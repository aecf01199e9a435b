// fix67's LEFT (issue 26): while a lost-hidden-folder record exists (hidden-lost.ts: a folder holding hidden files that
// a sandboxed run moved where the budgeted search could not find it, or could not move back), sandboxed exec is refused
// (C240), but the file tools are not sandboxed: `read`, `search` and `tree` showed the moved folder's files under their
// new, unhidden name. The read jail (workspace.ts resolve) now settles the record first, as exec does: back at its
// place, the record is cleared; found, it is moved back; else every call is refused with C240 naming the folder and
// the record file. The record is made by the real recordLost (what the cut-short walk calls), the folder moved by hand
// as the run would have: a real cut-short walk needs 200,000 entries.
import { existsSync, mkdirSync, realpathSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI } from '../helpers/fixture.js';
import { bareBase, bareCli, removeBare } from '../helpers/bare-cli.js';
import { recordLost } from '../../src/sandbox/hidden-lost.js';
import { identity } from '../../src/sandbox/hidden-moves.js';
import { stateDirFor } from '../../src/engine/state-dir.js';

const FILES = { '.codeward/config.json': '{"nonAccessibleGlobs":["sub/config/private/**"]}\n', 'sub/config/private/key': 'DEEP-SECRET\n', 'a.txt': 'plain\n' };
const usable = existsSync(CLI);
const bases: string[] = [];
const outs: Record<string, string> = {};

// A workspace whose sub/config a run moved to x/config, recorded as lost (`id`: the identity recorded; undefined: the
// moved folder's own, so the search finds it; another: found nowhere, as one the search was cut short looking for). Its base and record file.
async function moved(name: string, id?: string): Promise<{ base: string; ws: string; record: string }> {
  const base = await bareBase(`cw-fix76-lost-${name}-`, { files: FILES });
  bases.push(base);
  const ws = realpathSync(join(base, 'ws'));
  mkdirSync(join(ws, 'x'));
  renameSync(join(ws, 'sub', 'config'), join(ws, 'x', 'config'));
  const state = stateDirFor(ws, { CODEWARD_STATE_DIR: join(base, 's') });
  expect(recordLost(state, join(ws, 'sub', 'config'), id ?? identity(join(ws, 'x', 'config'))!)).toBe(true);
  return { base, ws, record: join(state, 'hidden-lost.json') };
}

let found: Awaited<ReturnType<typeof moved>>;
let lost: Awaited<ReturnType<typeof moved>>;
let back: Awaited<ReturnType<typeof moved>>;
beforeAll(async () => {
  if (!usable) return;
  found = await moved('found');
  outs['found-read'] = bareCli(found.base, ['read', 'x/config/private/key']);
  lost = await moved('lost', '1:1');
  outs['lost-read'] = bareCli(lost.base, ['read', 'x/config/private/key']);
  outs['lost-search'] = bareCli(lost.base, ['search', 'DEEP-SECRET']);
  outs['lost-tree'] = bareCli(lost.base, ['tree']);
  outs['lost-plain'] = bareCli(lost.base, ['read', 'a.txt']);
  // The person moved it back: the record is cleared, and the tools work again.
  back = await moved('back');
  renameSync(join(back.ws, 'x', 'config'), join(back.ws, 'sub', 'config'));
  outs['back-plain'] = bareCli(back.base, ['read', 'a.txt']);
}, 60_000);
afterAll(() => bases.forEach(removeBare));

describe.skipIf(!usable)('a lost hidden folder: the file tools settle the record first, as exec does', () => {
  it('found: moved back before the read (said), the key not shown, the record cleared', () => {
    expect(outs['found-read']).not.toContain('DEEP-SECRET');
    expect(outs['found-read']).toMatch(/moved sub\/config to x\/config.*moved back/);
    expect(existsSync(join(found.ws, 'sub', 'config', 'private', 'key'))).toBe(true);
    expect(existsSync(found.record)).toBe(false);
  });
  it('still lost: read, search and tree are refused with C240, naming the folder and the record file', () => {
    for (const name of ['lost-read', 'lost-search', 'lost-tree', 'lost-plain']) {
      expect(outs[name]).not.toContain('DEEP-SECRET');
      expect(outs[name]).toContain('C240');
      expect(outs[name]).toContain('sub/config');
      expect(outs[name]).toContain(lost.record);
    }
  });
  it('moved back by the person: cleared, the tools work again', () => {
    expect(outs['back-plain']).toContain('plain');
    expect(outs['back-plain']).not.toMatch(/C240|moved back/);
    expect(existsSync(back.record)).toBe(false);
  });
});
