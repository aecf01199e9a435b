// Red team round 12, R12-14b (issue 26): with the sandbox off (a person's flag) and --yes or an allow rule,
// `echo 'touch /tmp/x' >> ~/.bashrc` ran ("read-only: echo, but it redirects output" was an ordinary ask) and the
// next interactive shell ran it; `printf x > $HOME/.zshrc`, `cp a.txt ~/.profile`, a link into ~/.config/git,
// codeward trust by its path or from npx, and the same act for direnv, mise and gh aliases were ordinary asks too.
// Each is safety-immune now under `allow @coder *` and `allow *`, the question naming the home file; reading
// those files and writing ordinary home files stay ordinary.
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeStartup } from '../../src/permissions/immune-home-path.js';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';
import { explain, policyWith, sandbox, type Sandbox } from './helpers.js';
import { immunityCases } from './immune-cases.js';

const IMMUNE: readonly (readonly [string, string])[] = [
  ['home-startup', "echo 'touch /tmp/x' >> ~/.bashrc"],
  ['home-startup', 'printf x > $HOME/.zshrc'],
  ['home-startup', 'printf x > "${HOME}/.bash_profile"'],
  ['home-startup', `echo x >> ${homedir()}/.profile`],
  ['home-startup', 'cp a.txt ~/.profile'],
  ['home-startup', 'tee -a ~/.config/fish/config.fish < a.txt'],
  ['home-startup', 'ln -s /x ~/.config/git/hooks'],
  ['home-startup', 'install -m 644 a.txt ~/.gitconfig'],
  ['codeward-config', '/opt/codeward/dist/bin/codeward.js trust'],
  ['codeward-config', 'npx -y codeward@latest trust'],
  ['tool-trust', 'direnv allow'],
  ['tool-trust', 'direnv allow sub'],
  ['tool-trust', 'mise trust'],
  ['tool-trust', "gh alias set x '!rm -rf .'"],
];

const NOT_IMMUNE = ['cat ~/.bashrc', 'echo x > ~/notes.txt', 'cp a.txt ~/Documents/a.txt', 'direnv status', 'mise ls', 'gh alias list', 'echo x > ./.bashrc'];

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
});
afterAll(async () => box.cleanup());

describe('writes of the person\'s home start-up files and trust verbs are safety-immune (R12-14b)', () => {
  immunityCases(() => box, IMMUNE, NOT_IMMUNE);

  it('the question names the home file and who runs it', async () => {
    const policy = await policyWith(box, ['allow @coder *']);
    const result = await explain(policy, "@coder exec echo 'touch /tmp/x' >> ~/.bashrc");
    expect(JSON.stringify(result)).toContain('~/.bashrc, run or obeyed by your login shell');
  });

  it('homeStartup: spellings of the home folder; known data and paths above it are not', () => {
    expect(homeStartup('~/.bashrc', ['/h'])?.entry).toBe('.bashrc');
    expect(homeStartup('/h/.config/git/config', ['/h'])?.entry).toBe('.config/git');
    expect(homeStartup('--file=~/.npmrc', ['/h'])?.entry).toBe('.npmrc');
    expect(homeStartup('~/.bash_history', ['/h'])).toBeUndefined();
    expect(homeStartup('~/../x/.bashrc', ['/h'])).toBeUndefined();
    expect(homeStartup('/hx/.bashrc', ['/h'])).toBeUndefined();
    // A workspace kept in a home dot-folder: its own files are the write gate's, not the home catalogue's.
    expect(homeStartup('/h/.local/src/app/out.js', ['/h'], '/h/.local/src/app')).toBeUndefined();
    expect(homeStartup('~/.local/src/app/out.js', ['/h'], '/h/.local/src/app')).toBeUndefined();
    expect(homeStartup('~/.bashrc', ['/h'], '/h/.local/src/app')?.entry).toBe('.bashrc');
    expect(homeStartup('~/.bashrc', ['/h'], '/h')?.entry).toBe('.bashrc');
  });

  it('the real binary with --sandbox off and --yes: refused (C241), ~/.bashrc unchanged', async () => {
    const base = await tempDir('cw-home-startup-');
    try {
      const home = join(base, 'home'), ws = join(base, 'ws');
      await writeFiles(home, { '.bashrc': '# mine\n' });
      await writeFiles(ws, { 'a.txt': 'a\n' });
      const run = runCli(['--json', '--sandbox', 'off', '-C', ws, 'exec', '--no-stage', '--cmd', "echo 'touch /tmp/pwn' >> ~/.bashrc"], { env: { HOME: home, CODEWARD_STATE_DIR: join(base, 'state') } });
      expect(run.json.error?.code, run.stdout + run.stderr).toBe('C241');
      expect(run.json.error?.message).toContain('~/.bashrc');
      expect(readFileSync(join(home, '.bashrc'), 'utf8')).toBe('# mine\n');
    } finally {
      await removeDir(base);
    }
  }, 30_000);
});
