// R45-a3 — MAJOR (conditional: the workspace's state folder within a run's reach, as R45-a2's other environment's;
// escape: a git hook the run wrote runs at the person's next commit). hidden-lost.json (src/sandbox/hidden-lost.ts)
// names a folder a run moved and where it was ({path, id}); every later codeward looks for the folder by its id and
// moves it back to the path, outside the sandbox, with no write gate. A forged record naming .git/hooks and the id of a
// folder of hook scripts the run made moved that folder onto .git/hooks. Fixed: the record is used only with its
// writer's seal (engine/writer-seal.ts: a forged one is removed, said); and src/sandbox/lost-place.ts refuses (C240)
// a place the write gate protects (obeyed by a program, .git, .codeward/.chatcli), or where nothing the moved folder
// holds would be hidden by the hidden-files globs.
import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BARE_USABLE, bareCli, bareSuite } from '../helpers/bare-cli.js';
import { identity } from '../../src/sandbox/hidden-moves.js';
import { recordLost } from '../../src/sandbox/hidden-lost.js';
import { stateDirFor } from '../../src/engine/state-dir.js';

const FILES = { '.codeward/config.json': '{"nonAccessibleGlobs":["**/*.pem"]}\n', 'a.txt': 'plain\n', 'evil/pre-commit': '#!/bin/sh\ntouch /tmp/x\n', 'evil/k.pem': 'KEY\n' };

// The record as the run would write it (hidden-lost.ts's format), naming `place` and the folder evil/.
function forge(state: string, place: string, ws: string): string {
  const file = join(state, 'hidden-lost.json');
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, JSON.stringify({ v: 'hidden-lost:1', entries: { lost: [{ path: place, id: identity(join(ws, 'evil')) }] } }), { mode: 0o600 });
  return file;
}

const suite = bareSuite('cw-r45a-lost-', (base, outs) => {
  const ws = realpathSync(join(base, 'ws'));
  const state = stateDirFor(ws, { CODEWARD_STATE_DIR: join(base, 's') });
  outs['record'] = forge(state, join(ws, '.git', 'hooks'), ws);
  outs['forged'] = bareCli(base, ['read', 'a.txt']);
  outs['hook-forged'] = existsSync(join(ws, '.git', 'hooks', 'pre-commit')) ? 'moved' : 'not moved';
  outs['record-left'] = existsSync(outs['record']) ? 'left' : 'removed';
  // Sealed (codeward's own recordLost): the place is still refused.
  for (const [name, place] of [['hooks', join(ws, '.git', 'hooks')], ['policy', join(ws, '.codeward', 'x')], ['unhidden', join(ws, 'docs')]] as const) {
    expect(recordLost(state, place, identity(join(ws, 'evil'))!)).toBe(true);
    if (name === 'unhidden') rmSync(join(ws, 'evil', 'k.pem'), { force: true });
    outs[`sealed-${name}`] = bareCli(base, ['read', 'a.txt']);
    outs[`moved-${name}`] = existsSync(join(place, 'pre-commit')) ? 'moved' : 'not moved';
    writeFileSync(outs['record'], '');
    bareCli(base, ['read', 'a.txt']);
  }
}, { made: { files: FILES } });

describe.skipIf(!BARE_USABLE)('R45-a3 MAJOR: a forged lost-folder record moves a folder of the run onto .git/hooks', () => {
  it('a record codeward did not write moves nothing, and is removed (said)', () => {
    expect(suite.outs['hook-forged']).toBe('not moved');
    expect(suite.outs['record-left']).toBe('removed');
    expect(suite.outs['forged']).toContain('plain');
    expect(suite.outs['forged']).toMatch(/did not write/);
  });
  it('a sealed record naming a protected place, or one where nothing would be hidden, is refused (C240)', () => {
    for (const name of ['hooks', 'policy', 'unhidden']) {
      expect(suite.outs[`moved-${name}`], name).toBe('not moved');
      expect(suite.outs[`sealed-${name}`], name).toContain('C240');
    }
    expect(readFileSync(join(suite.base(), 'ws', 'evil', 'pre-commit'), 'utf8')).toContain('touch');
  });
});
