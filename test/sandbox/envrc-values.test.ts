// Red team R13-12, the sandbox's side: a path ANY variable of an allowed `.envrc` names (RUSTC_WRAPPER=$PWD/tools/w,
// DOCKER_CONFIG=$(expand_path .docker)) is obeyed, so a sandboxed script that writes it, in place or staged,
// leaves nothing there the person's next cargo or docker obeys: moved aside (--no-stage) or set aside (staged).
// Real binary, bwrap.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir } from '../helpers/fixture.js';
import { bwrapWorks, overlayWorks } from '../shell/stage-helpers.js';
import { shDriver } from '../helpers/sh-driver.js';

let root: string;
let state: string;
let home: string;

beforeEach(async () => {
  root = await tempDir('cw-envrc-values-');
  state = await tempDir('cw-envrc-values-state-');
  home = await tempDir('cw-envrc-values-home-');
  writeFileSync(join(root, '.envrc'), 'export RUSTC_WRAPPER=$PWD/tools/w\nexport DOCKER_CONFIG=$(expand_path .docker)\n');
  mkdirSync(join(root, 'tools'));
  // Through a program the pre-run parse does not read (R34-6 reads a shell script run in place).
  writeFileSync(join(root, 'gen.py'), shDriver('gen.sh'));
  writeFileSync(join(root, 'gen.sh'), 'mkdir -p .docker; echo evil > tools/w; echo "{}" > .docker/config.json; echo fine > out.txt\n');
});

afterEach(async () => {
  for (const dir of [root, state, home]) await removeDir(dir);
});

describe.skipIf(!bwrapWorks)('paths an .envrc variable names, written by a sandboxed script', { timeout: 120_000 }, () => {
  for (const [mode, flags] of [['in place', ['--no-stage']], ['staged', []]] as const) {
    it.skipIf(mode === 'staged' && !overlayWorks)(`are not left where they are obeyed: ${mode}`, () => {
      const result = runCli(['--yes', '--json', '-C', root, 'exec', ...flags, '--cmd', 'python3 gen.py'], { env: { CODEWARD_STATE_DIR: state, HOME: home } });
      expect(result.json.ok, result.stdout + result.stderr).toBe(true);
      expect(existsSync(join(root, 'out.txt'))).toBe(true);
      expect(existsSync(join(root, 'tools/w')), result.stdout).toBe(false);
      expect(existsSync(join(root, '.docker/config.json')), result.stdout).toBe(false);
    });
  }
});
