// Every git folder in the workspace, not only the root's, is git's alone (red team R13-8): a line that runs
// more than git, staged or written in place (--no-stage), cannot rewrite a nested clone's loose objects,
// refs or logs (depth 2), the folder a nested `.git` file names, or a bare-shaped folder. An after-run
// check could not vouch for a rewritten object, so they are read-only in place (obeyed-scan.ts). Real
// binary, bwrap.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir } from '../helpers/fixture.js';
import { bwrapWorks, overlayWorks, tree } from '../shell/stage-helpers.js';
import { shDriver } from '../helpers/sh-driver.js';

let root: string;
let state: string;
let home: string;

const git = (cwd: string, ...args: string[]): void => {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: home } });
  if (result.status !== 0) throw new Error(result.stderr);
};

// A repository with one commit at `dir`.
function repository(dir: string, ...init: string[]): void {
  mkdirSync(dir, { recursive: true });
  git(dir, 'init', '-q', ...init);
  git(dir, 'config', 'user.email', 'a@b');
  git(dir, 'config', 'user.name', 'a');
  writeFileSync(join(dir, 'f.txt'), 'f\n');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', 'init');
}

// The git folders a run must leave alone: a nested clone at depth 2, a checkout whose `.git` file names a
// folder elsewhere in the workspace, a bare-shaped folder (HEAD, objects/, refs/ under any name).
const FOLDERS = ['lib/sub/.git', '.mods/vend', 'store/bare'];

beforeAll(async () => {
  root = await tempDir('cw-nested-ro-');
  state = await tempDir('cw-nested-ro-state-');
  home = await tempDir('cw-nested-ro-home-');
  repository(root);
  repository(join(root, 'lib/sub'));
  mkdirSync(join(root, '.mods'));
  repository(join(root, 'vend'), '--separate-git-dir', join(root, '.mods/vend'));
  writeFileSync(join(root, 'vend/.git'), 'gitdir: ../.mods/vend\n');
  spawnSync('git', ['clone', '-q', '--bare', join(root, 'lib/sub'), join(root, 'store/bare')], { env: { ...process.env, HOME: home } });
  // Through a program the pre-run parse does not read (R34-6 reads a shell script run in place): the mounts hold.
  writeFileSync(join(root, 'run.py'), shDriver('run.sh'));
  writeFileSync(join(root, 'run.sh'), FOLDERS.map((folder) => `for f in $(find ${folder}/objects ${folder}/refs -type f); do chmod u+w $f; printf x > $f; done; echo x >> ${folder}/packed-refs; echo x > ${folder}/logs-new`).join('\n') + '\necho ran > ran.txt\n');
});

afterAll(async () => {
  for (const dir of [root, state, home]) await removeDir(dir);
});

const snapshot = (): Record<string, string>[] => FOLDERS.map((folder) => tree(join(root, folder)));

describe.skipIf(!bwrapWorks)('nested git folders are read-only to a sandboxed line', { timeout: 120_000 }, () => {
  for (const [mode, flags] of [['in place (--no-stage)', ['--no-stage']], ['staged', []]] as const) {
    it.skipIf(mode === 'staged' && !overlayWorks)(`a script cannot rewrite their objects, refs or logs: ${mode}`, () => {
      const before = snapshot();
      const result = runCli(['--yes', '--json', '-C', root, 'exec', ...flags, '--cmd', 'python3 run.py'], { env: { CODEWARD_STATE_DIR: state, GIT_CONFIG_NOSYSTEM: '1', HOME: home } });
      expect(result.json?.data, result.stdout + result.stderr).toBeDefined();
      expect(readFileSync(join(root, 'ran.txt'), 'utf8')).toBe('ran\n');
      expect(snapshot()).toEqual(before);
      rmSync(join(root, 'ran.txt'));
    });
  }
});
