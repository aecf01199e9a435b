import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openUnlisted } from '../../src/sandbox/modes-unlisted.js';

// fix63's LEFT: hidden-moves.ts opens any unlistable folder of codeward's user while it looks for a moved hidden folder
// (since 0), and the warning said "a sandboxed command left … unlistable" of a folder the person made so before the run.
// Now only a folder the run changed (ctime at or after the run's start) is blamed on it.
const base = mkdtempSync('/var/tmp/cw-fix67-blame-');
afterAll(() => {
  chmodSync(join(base, 'd'), 0o755);
  rmSync(base, { recursive: true, force: true });
});
mkdirSync(join(base, 'd'));
chmodSync(join(base, 'd'), 0o500);

describe('an unlistable folder opened to look into it', () => {
  it('unlistable before the run began: not blamed on the run, mode given back', () => {
    const opened = openUnlisted(join(base, 'd'), () => true, 0, 'd', Date.now() + 60_000);
    expect(opened).toBeDefined();
    expect(opened!.restore()).toBe('d was unlistable (mode 500) before this run, which did not change it; codeward gave it u+rwx to check what is in it, then gave its mode back');
    expect(statSync(join(base, 'd')).mode & 0o7777).toBe(0o500);
  });
  it('changed by the run: blamed on it (as before)', () => {
    const opened = openUnlisted(join(base, 'd'), () => true, 0, 'd', 0);
    expect(opened!.restore()).toMatch(/^a sandboxed command left d unlistable \(mode 500\)/);
  });
});
