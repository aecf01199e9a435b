// Folders a staged command made read-only (chmod 555, or 000) block neither the apply nor undo nor redo
// for a normal user (issue 27): root passes over folder modes, so the binary runs as a normal user here
// (setpriv to nobody when the tests run as root, as CI does). Modes are put on folders after the files
// below them; undo and redo open the step's folders for their owner first. Through the real binary.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asRoot, cliAsUser, NOBODY, reachable, userDir } from '../helpers/as-nobody.js';
import { removeDir } from '../helpers/fixture.js';
import { bwrapWorks, overlayWorks, tree } from './stage-helpers.js';

let dirs: string[];
let root: string;

async function ownDir(prefix: string): Promise<string> {
  const dir = await userDir(prefix);
  dirs.push(dir);
  return dir;
}

beforeEach(async () => {
  dirs = [];
  root = await ownDir('cw-stage-ro-');
});

afterEach(async () => {
  // As root the folders are removable whatever their modes; as a normal user they are opened first.
  for (const dir of dirs) {
    spawnSync('chmod', ['-R', 'u+rwx', dir]);
    await removeDir(dir);
  }
});

// What the binary writes as the normal user (files made by the test are handed over the same way).
const cli = (state: string, home: string, args: readonly string[]) => cliAsUser(root, { HOME: home, CODEWARD_STATE_DIR: state }, args);

function give(): void {
  if (asRoot) spawnSync('chown', ['-R', `${NOBODY}:${NOBODY}`, root]);
}

describe.skipIf(!bwrapWorks || !overlayWorks || !reachable)('read-only folders of a staged command, as a normal user', { timeout: 240_000 }, () => {
  it('a folder made 555 (with a file in it) and one made 000 (with a folder below) apply, undo and redo byte-exact', async () => {
    const state = await ownDir('cw-stage-ro-state-');
    const home = await ownDir('cw-stage-ro-home-');
    mkdirSync(join(root, 'pub'));
    writeFileSync(join(root, 'pub/old.txt'), 'old\n');
    writeFileSync(join(root, 'keep.txt'), 'keep\n');
    give();
    const before = tree(root);
    const run = cli(state, home, ['exec', '--cmd', 'mkdir ro && echo x > ro/f && chmod 555 ro && mkdir -p lock/in && echo s > lock/in/s && chmod 000 lock && echo y > pub/new && rm pub/old.txt && chmod 555 pub']);
    expect(run.ok, run.text).toBe(true);
    expect(run.json.data.changes, run.text).toMatchObject({ created: 3, deleted: 1 });
    expect(run.json.data.changes.setAside, run.text).toBeUndefined();
    expect([statSync(join(root, 'ro')).mode & 0o777, statSync(join(root, 'lock')).mode & 0o777, statSync(join(root, 'pub')).mode & 0o777]).toEqual([0o555, 0, 0o555]);
    chmodSync(join(root, 'lock'), 0o700);
    const after = tree(root);
    chmodSync(join(root, 'lock'), 0);
    const undo = cli(state, home, ['undo']);
    expect(undo.ok, undo.text).toBe(true);
    expect(tree(root)).toEqual(before);
    const redo = cli(state, home, ['redo']);
    expect(redo.ok, redo.text).toBe(true);
    expect(statSync(join(root, 'lock')).mode & 0o777).toBe(0);
    chmodSync(join(root, 'lock'), 0o700);
    expect(tree(root)).toEqual(after);
    // Nothing of the run is left in the state folder (its upper folder held the 000 folder); the code cache of the
    // bundle's run-scripts chunk is not a run's.
    expect((readdirSync(state, { recursive: true }) as string[]).filter((name) => !name.startsWith('code-cache') && /run-|journal-/.test(name))).toEqual([]);
  });
});
