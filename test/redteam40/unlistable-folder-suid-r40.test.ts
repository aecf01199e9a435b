// FIXED (fix53): the node walk gives a folder the run left unlistable (codeward's own) u+rwx through a held descriptor,
// walks it, then gives its mode back, and says so (src/sandbox/modes-unlisted.ts); one with no search bit (`n`, 0000)
// keeps u+rwx until what is below it was walked.
// R40-a6 — MAJOR (H2's own harm: a setuid program of the person's, runnable by every local user, left after the run) —
// codeward as a NORMAL user (root passes over modes, so the root box never shows it). A sandboxed command makes
// `d/x` setuid (its owner: the person) and then `chmod 111 d`: traversable by everyone, listable by no one. The
// after-run walk cannot list d (find: Permission denied -> exit 1 -> the node walk; visit()'s open of d: EACCES ->
// nothing, silently), so d/x keeps its setuid bit. planted.ts does notice "a folder it left unlistable" and renames it
// to d.planted-by-sandbox-<time>-<hex>, "not obeyed" — but the mode of what is inside is never touched: any local user
// lists the workspace (0755), reads the new name, and runs d.planted-by-sandbox-.../x (name chosen by the repository)
// as the person. The warning does not say a setuid program is in there.
// Class: the walk judges only what it can list; a folder the run made unlistable (and its own owner can fix) is skipped.
// Repro (integ 54799dc5, bwrap, codeward as uid 65534):
//   mk.py: os.mkdir('d'); copy /bin/true d/x; chmod 4755 d/x; chmod 4755 y; os.chmod('d', 0o111)
//   $ codeward --yes exec --no-stage --cmd 'python3 mk.py'   -> y cleared; d moved aside;
//   $ stat d.planted-by-sandbox-*/x  -> -rwsr-xr-x nobody   (as uid 1234: stat works, the program runs as nobody)
// Fix (modes.ts / planted.ts, one place): a folder the walk cannot list that the run changed and codeward's user owns
// is made listable for the walk (fchmod u+rx through the held descriptor), walked, and left at most 0700 (never
// traversable by others) when it is set aside; or clear go-x on every set-aside folder.
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, lstatSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asRoot, NOBODY, reachable } from '../helpers/as-nobody.js';
import { bareCli } from '../helpers/bare-cli.js';
import { CLI } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

const MAKE = `import os, shutil
os.mkdir('d'); shutil.copy('/bin/true', 'd/x'); os.chmod('d/x', 0o4755)
shutil.copy('/bin/true', 'y'); os.chmod('y', 0o4755)
os.chmod('d', 0o111)
os.makedirs('n/e'); shutil.copy('/bin/true', 'n/e/x'); os.chmod('n/e/x', 0o4755); os.chmod('n', 0)
`;
const usable = asRoot && reachable && bwrapWorks && existsSync(CLI) && spawnSync('python3', ['-c', '0']).status === 0;

let base: string;
let out = '';
beforeAll(async () => {
  base = await mkdtemp('/var/tmp/cw-rt40a-unlist-');
  if (!usable) return;
  chownSync(base, NOBODY, NOBODY);
  const ws = join(base, 'ws');
  const ids = ['--reuid=65534', '--regid=65534', '--clear-groups'];
  spawnSync('setpriv', [...ids, 'git', 'init', '-q', ws]);
  spawnSync('setpriv', [...ids, 'mkdir', join(base, 'h')]);
  spawnSync('setpriv', [...ids, 'sh', '-c', `cat > '${join(ws, 'mk.py')}'`], { input: MAKE });
  out = bareCli(base, ['--yes', 'exec', '--no-stage', '--cmd', 'python3 mk.py'], { through: ['setpriv', ...ids] });
}, 90_000);
afterAll(async () => rm(base, { recursive: true, force: true }));

// Every setuid file below the workspace (read as root: root lists the 0111 folder).
function setuidLeft(ws: string): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const stats = lstatSync(path);
      if (stats.isDirectory() && name !== '.git') walk(path);
      else if (stats.isFile() && stats.mode & 0o4000) found.push(path.slice(ws.length + 1));
    }
  };
  walk(ws);
  return found;
}

describe.skipIf(!usable)('R40-a6 MAJOR: a setuid file in a folder the run made unlistable survives the walk (normal user)', () => {
  it('control: the run ran and the listable `y` was cleared', () => {
    expect(out).toContain('[exit 0]');
    expect(out).toMatch(/left y setuid; the bit was cleared/);
  });
  it('no setuid file is left anywhere in the workspace (d/x, set aside or not)', () => {
    expect(setuidLeft(join(base, 'ws'))).toEqual([]);
  });
  it('the warning says the folder was opened for the check and its mode given back', () => {
    expect(out).toMatch(/left d\S* unlistable \(mode 111\); codeward gave it u\+rwx to check what is in it, then gave its mode back/);
    expect(out).toMatch(/left d\S*\/x setuid; the bit was cleared/);
  });
});
