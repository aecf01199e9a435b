// bounds23 (class R19-9/R19-10/R20-25/R21-9): every reader that decides safety tells "absent" from "past the bound"
// (and from a FIFO, a link loop). Each case plants the file padded (or as a FIFO) and shows the write or the
// command asks, naming the file; controls show ordinary writes stay free.
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envMainGlobs } from '../../src/permissions/obeyed-env-mains.js';
import { homeSourced } from '../../src/permissions/home-sources.js';
import { gitlinks } from '../../src/permissions/readonly-git-submodules.js';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';
import { explain, policyWith, sandbox, type Sandbox } from './helpers.js';

let base: string;
let count = 0;
beforeAll(async () => {
  base = await tempDir('cw-r23-bounds-');
});
afterAll(async () => removeDir(base));

const PAD = '# padding\n'.repeat((5 * 1024 * 1024) / 10);

// One CLI write under --yes in a fresh repository; `after` plants what needs the repository (its config) or a FIFO.
async function written(files: Record<string, string>, file: string, after: (top: string) => void = () => undefined): Promise<string> {
  const top = join(base, `w${++count}`), home = join(base, `h${count}`);
  await writeFiles(top, { 'src/a.ts': '1\n', ...files });
  execFileSync('git', ['init', '-q', top]);
  await writeFiles(home, { '.keep': '' });
  after(top);
  const result = runCli(['--json', '-C', top, 'write', '--path', file, '--content', '#!/bin/sh\ntouch /tmp/pwn\n'], { env: { HOME: home } });
  return result.json.ok ? 'ok' : result.json.error?.code ?? result.stdout;
}

describe('bounds23: the write gate', () => {
  it('a .git/config padded past 4 MiB, then core.hooksPath (obeyed-git via the config walk)', async () => {
    const padded = (top: string): void => appendFileSync(join(top, '.git/config'), `${PAD}[core]\n\thooksPath = tools/hooks\n`);
    expect(await written({}, 'tools/hooks/pre-commit', padded)).toBe('C241');
  });

  it('a FIFO in the .envrc source chain (home-sources)', async () => {
    const fifo = (top: string): void => {
      mkdirSync(join(top, 'tools'), { recursive: true });
      expect(spawnSync('mkfifo', [join(top, 'tools/a.sh')]).status).toBe(0);
    };
    expect(await written({ '.envrc': 'source tools/a.sh\n' }, 'tools/x.js', fifo)).toBe('C241');
  });

  it('control (held on old too): a link loop in the .envrc source chain (home-sources)', async () => {
    const loop = (top: string): void => {
      mkdirSync(join(top, 'tools'), { recursive: true });
      symlinkSync('a.sh', join(top, 'tools/a.sh'));
    };
    expect(await written({ '.envrc': 'source tools/a.sh\n' }, 'tools/x.js', loop)).toBe('C241');
  });

  it("NODE_OPTIONS' package whose package.json is padded past 256 KiB (obeyed-env-mains)", async () => {
    const top = join(base, 'mains');
    await writeFiles(top, { 'node_modules/x/package.json': `{${' '.repeat(300 * 1024)}"name": "x", "main": "../../tools/x.js"}\n` });
    const globs = envMainGlobs(top, [''], { NODE_OPTIONS: '--require x' });
    expect(globs.find((one) => one.glob === '**')?.why).toContain('256 KiB');
  });

  it("a linked worktree whose commondir is padded with 5 MiB of newlines (git trims them): the main config's hooksPath (repository-of)", async () => {
    const main = join(base, `w${++count}`), home = join(base, `h${count}`), tree = join(base, `wt${count}`);
    await writeFiles(main, { 'a.txt': 'a\n' });
    await writeFiles(home, { '.keep': '' });
    const git = (...args: string[]): string => execFileSync('git', ['-C', main, ...args], { env: { ...process.env, HOME: home, GIT_AUTHOR_NAME: 'a', GIT_AUTHOR_EMAIL: 'a@b', GIT_COMMITTER_NAME: 'a', GIT_COMMITTER_EMAIL: 'a@b' } }).toString();
    git('init', '-q');
    git('add', 'a.txt');
    git('commit', '-qm', 'a');
    git('worktree', 'add', '-q', tree);
    git('config', 'core.hooksPath', 'tools/hooks');
    appendFileSync(join(main, '.git/worktrees', `wt${count}`, 'commondir'), '\n'.repeat(5 * 1024 * 1024));
    // git still finds the main repository's config through it.
    expect(execFileSync('git', ['-C', tree, 'config', 'core.hooksPath']).toString().trim()).toBe('tools/hooks');
    const result = runCli(['--json', '-C', tree, 'write', '--path', 'tools/hooks/pre-commit', '--content', '#!/bin/sh\n'], { env: { HOME: home } });
    expect(result.json.ok ? 'ok' : result.json.error?.code).toBe('C241');
  });

  it('control: a small .envrc and a plain repository leave src writes free', async () => {
    expect(await written({ '.envrc': 'source tools/a.sh\n', 'tools/a.sh': 'export X=1\n' }, 'src/main.ts')).toBe('ok');
  });
});

describe('bounds23: the home start-up files', () => {
  it('~/.bashrc sources a FIFO in the workspace (~/dotfiles): the whole tree is obeyed, naming it', async () => {
    const home = join(base, 'fifo-home'), root = join(home, 'dotfiles');
    await writeFiles(home, { '.bashrc': 'source ~/dotfiles/shell/aliases.sh\n', 'dotfiles/src/a.ts': '1\n' });
    mkdirSync(join(root, 'shell'));
    expect(spawnSync('mkfifo', [join(root, 'shell/aliases.sh')]).status).toBe(0);
    const whole = homeSourced(home, [root]).links.find((link) => link.rel === '' && link.note !== undefined);
    expect(whole?.note).toContain('not a regular file');
  });
});

describe('bounds23: read-only git commands', () => {
  let box: Sandbox;
  beforeAll(async () => {
    box = await sandbox();
    execFileSync('git', ['init', '-q', box.root]);
  });
  afterAll(async () => box.cleanup());

  it('git status with a .git/config padded past 4 MiB, then core.fsmonitor (readonly-git-config)', async () => {
    appendFileSync(join(box.root, '.git/config'), `${PAD}[core]\n\tfsmonitor = ./x.sh\n`);
    const result = await explain(await policyWith(box), '@coder exec git status');
    expect(result.decision).toBe('ask');
    expect(result.reason).toContain('4096 KiB');
  });

  it('a padded config may say SHA-256: the gitlinks are unknown (readonly-git-submodules)', () => {
    const top = join(base, 'sub');
    execFileSync('git', ['init', '-q', top]);
    execFileSync('git', ['-C', top, 'commit', '-q', '--allow-empty', '-m', 'x'], { env: { ...process.env, GIT_AUTHOR_NAME: 'a', GIT_AUTHOR_EMAIL: 'a@b', GIT_COMMITTER_NAME: 'a', GIT_COMMITTER_EMAIL: 'a@b' } });
    execFileSync('git', ['-C', top, 'update-index', '--add', '--cacheinfo', `160000,${'1'.repeat(40)},m`]);
    expect(gitlinks(join(top, '.git'))).toEqual(['m']);
    appendFileSync(join(top, '.git/config'), `${PAD}[extensions]\n\tobjectformat = sha256\n`);
    expect(gitlinks(join(top, '.git'))).toBeUndefined();
  });
});
