import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hiddenAncestors, restoreHiddenAncestors } from '../../src/sandbox/hidden-moves.js';

// utf55 item 2: the search for a folder a run moved (R6-9) listed names as lossy strings: a run that moved
// `config` (above the hidden `config/private/key`) into `x\xfe/` left it where no glob hides it.
const base = mkdtempSync(join(tmpdir(), 'cw-utf55-moves-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('hidden ancestors moved below a name that is not UTF-8', () => {
  it('are found and moved back', () => {
    const ws = join(base, 'ws');
    mkdirSync(join(ws, 'config', 'private'), { recursive: true });
    writeFileSync(join(ws, 'config', 'private', 'key'), 'secret');
    const before = hiddenAncestors(ws, [join(ws, 'config', 'private', 'key')]);
    const odd = Buffer.from(`${ws}/x\xfe`, 'latin1');
    mkdirSync(odd);
    renameSync(join(ws, 'config'), Buffer.concat([odd, Buffer.from('/config')]));
    const warnings = restoreHiddenAncestors(ws, before);
    expect(existsSync(join(ws, 'config', 'private', 'key'))).toBe(true);
    expect(warnings.join('\n')).toMatch(/moved config to x\uFFFD\/config.*moved back/);
  });
});
