// Red team rounds 9/10, R9-14 (issue 26): a credential in a git config file that git loads for the workspace
// but that is not the repository's own `.git/config`: $GIT_CONFIG_GLOBAL=$W/dev.gitconfig (A), a file the
// repository config includes read by `cat` with the sandbox off (B), a file ~/.gitconfig includes (C:
// `[includeIf "gitdir:$W/"]`, `[include]`). read, search and the sandbox printed them; `cat` of an included
// file ran unasked while `cat .git/config` asked. Now one resolver (src/git/config-includes.ts: every file
// git loads here and what it includes) feeds one predicate (src/git/config-credential.ts) that read,
// search, the sandbox's hidden list and the shell gate's readers all ask.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import type { Engine } from '../../src/engine/engine.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

let home: string;
let ws: string;
const engines: Engine[] = [];
const text = (value: unknown): string => JSON.stringify(value);
const url = (token: string): string => `[remote "o"]\n\turl = https://u:ghp_${token}@github.com/a/b\n`;
const git = (env: Record<string, string>, ...args: string[]): string =>
  spawnSync('git', ['-c', 'user.email=a@b', '-c', 'user.name=a', ...args], { cwd: ws, encoding: 'utf8', env: { ...process.env, ...env } }).stdout;

// Every token below is in a file git loads (checked with git itself), none in its own .git/config.
const TOKENS = /ghp_(?:GCG|WORK|INC|ONBRANCH|REL|TILDE|CHAIN|XDG|ENVINC|DOT)_TOKEN/;

beforeAll(async () => {
  home = await tempDir('cw-gitcfg-home-');
  ws = join(home, 'ws');
  await mkdir(ws);
  git({}, 'init', '-q', '-b', 'main');
  await writeFiles(ws, {
    'a.txt': 'PLAIN_MARK\n',
    'dev.gitconfig': `[user]\n\tname = Dev\n${url('GCG_TOKEN12345')}`,
    '.gitconfig-work': url('WORK_TOKEN12345'),
    'tools/git.inc': '[http]\n\textraheader = AUTHORIZATION: bearer ghp_INC_TOKEN12345\n',
    'onbranch.inc': url('ONBRANCH_TOKEN1'),
    'rel.inc': url('REL_TOKEN12345'),
    'tilde.inc': url('TILDE_TOKEN1234'),
    'chain/one.inc': '[include]\n\tpath = two.inc\n',
    'chain/two.inc': url('CHAIN_TOKEN1234'),
    'xdg/git/config': '[include]\n\tpath = work.inc\n',
    'xdg/git/work.inc': url('XDG_TOKEN123456'),
    'envinc.inc': url('ENVINC_TOKEN123'),
    'dot/gitconfig': `[user]\n\tname = Dot\n${url('DOT_TOKEN123456')}`,
  });
  // A dotfiles layout: the home's ~/.gitconfig is a link into the workspace.
  await mkdir(join(home, 'linkhome'));
  await symlink(join(ws, 'dot/gitconfig'), join(home, 'linkhome/.gitconfig'));
  git({}, 'add', 'a.txt');
  git({}, 'commit', '-qm', 'i');
  // C and its held-back variants: ~/.gitconfig includes workspace files (includeIf gitdir:, include, a
  // branch condition not met now, a path relative to ~/.gitconfig, a `~` path, a chain of two).
  await writeFiles(home, {
    '.gitconfig': [
      `[includeIf "gitdir:${ws}/"]`, `\tpath = ${ws}/.gitconfig-work`, '[include]', `\tpath = ${ws}/tools/git.inc`,
      '[includeIf "onbranch:release"]', `\tpath = ${ws}/onbranch.inc`, '[include]', '\tpath = ws/rel.inc', '\tpath = ~/ws/tilde.inc', `\tpath = ${ws}/chain/one.inc`, '',
    ].join('\n'),
  });
});
afterAll(async () => {
  for (const engine of engines) await engine.close();
  await removeDir(home);
});

async function engineWith(env: Record<string, string>, options: { sandbox?: 'off' | 'workspace-write'; gate?: boolean } = {}): Promise<Engine> {
  const engine = await createEngine({ workspace: ws, env: { ...process.env, HOME: home, ...env }, sandbox: { mode: options.sandbox ?? 'workspace-write' }, ...(options.gate ? { permissions: {} } : {}) });
  engines.push(engine);
  return engine;
}

// The set-ups, each with the files git loads through it.
const SETUPS: { name: string; env: Record<string, string>; files: string[] }[] = [
  { name: 'A: GIT_CONFIG_GLOBAL names a workspace file', env: { GIT_CONFIG_GLOBAL: '' }, files: ['dev.gitconfig'] },
  { name: 'C: ~/.gitconfig includes workspace files (includeIf gitdir:/onbranch:, include relative, ~, a chain of two)', env: {}, files: ['.gitconfig-work', 'tools/git.inc', 'onbranch.inc', 'rel.inc', 'tilde.inc', 'chain/two.inc'] },
  { name: 'XDG_CONFIG_HOME in the workspace: its git/config includes a relative file', env: { XDG_CONFIG_HOME: 'xdg' }, files: ['xdg/git/work.inc'] },
  { name: 'a dotfiles layout: ~/.gitconfig links to a workspace file', env: { HOME: 'linkhome' }, files: ['dot/gitconfig'] },
  { name: 'GIT_CONFIG_COUNT/KEY/VALUE give an include.path', env: { GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'include.path', GIT_CONFIG_VALUE_0: 'envinc.inc' }, files: ['envinc.inc'] },
];
// Paths in the set-ups are workspace-relative: made absolute here (the workspace is a temp folder).
const envOf = (env: Record<string, string>): Record<string, string> => {
  const own: Record<string, string> = { ...env, HOME: Object.keys(env).length === 0 ? home : join(home, 'nohome') };
  if (env.HOME) own.HOME = join(home, env.HOME);
  if (env.GIT_CONFIG_GLOBAL !== undefined) own.GIT_CONFIG_GLOBAL = join(ws, 'dev.gitconfig');
  if (env.XDG_CONFIG_HOME) own.XDG_CONFIG_HOME = join(ws, env.XDG_CONFIG_HOME);
  if (env.GIT_CONFIG_VALUE_0) own.GIT_CONFIG_VALUE_0 = join(ws, env.GIT_CONFIG_VALUE_0);
  return own;
};

describe.each(SETUPS)('$name', ({ env, files }) => {
  it('git obeys the files (the set-up is real)', () => {
    const listed = (): string => git(envOf(env), 'config', '--list', '--show-origin');
    const now = listed();
    const tokenOf = (file: string): string => /ghp_\w+/.exec(readFileSync(join(ws, file), 'utf8'))![0];
    for (const file of files.filter((name) => name !== 'onbranch.inc')) expect(now, file).toContain(tokenOf(file));
    if (!files.includes('onbranch.inc')) return;
    // The branch condition: not met on main, met on release.
    expect(now).not.toMatch(/ONBRANCH/);
    git({}, 'symbolic-ref', 'HEAD', 'refs/heads/release');
    try {
      expect(listed()).toMatch(/ONBRANCH_TOKEN/);
    } finally {
      git({}, 'symbolic-ref', 'HEAD', 'refs/heads/main');
    }
  });

  it('read refuses each file with C211, search prints no token, a plain file stays readable', async () => {
    const engine = await engineWith(envOf(env));
    for (const file of files) expect(await engine.run({ cmd: 'read', args: { file } }), file).toMatchObject({ ok: false, error: { code: 'C211' } });
    expect(await engine.run({ cmd: 'read', args: { file: 'chain/one.inc' } })).toMatchObject({ ok: true });
    const found = await engine.run({ cmd: 'search', args: { term: 'TOKEN|PLAIN_MARK', regex: true, includeHidden: true } });
    const paths = (found.ok ? (found.data as { matches: { path: string }[] }).matches : []).map((match) => match.path);
    expect(paths).toContain('a.txt');
    for (const file of files) expect(paths, file).not.toContain(file);
  });

  it.skipIf(!bwrapWorks)('in the sandbox, cat and git var -l print no token; git still works', async () => {
    const engine = await engineWith(envOf(env));
    const run = await engine.run({ cmd: 'exec', args: { cmd: `cat ${files.join(' ')} 2>&1; git var -l; git status --short a.txt; echo GIT_OK=$?` } });
    // A file the home view hides whole (XDG_CONFIG_HOME in the workspace: every home dot-path is default-deny)
    // is refused before the run; git itself still works without it.
    if (!run.ok) expect(run.error.code).toBe('C211');
    else expect(text(run)).toMatch(/GIT_OK=0/);
    expect(text(run)).not.toMatch(TOKENS);
    const gitOnly = await engine.run({ cmd: 'exec', args: { cmd: 'git var -l; git status --short a.txt; echo GIT_OK=$?' } });
    expect(text(gitOnly)).toMatch(/GIT_OK=0/);
    expect(text(gitOnly)).not.toMatch(TOKENS);
  });
});

describe('B: with the sandbox off, a shell reader of a file a git config includes asks, as `cat .git/config` does', () => {
  it('cat, a glob, a recursive grep of an included credential file ask (C241); cat of a plain file runs', async () => {
    git({}, 'config', 'include.path', 'creds');
    git({}, 'config', '--add', 'include.path', '../cfgs/extra.gitconfig');
    await writeFiles(ws, { '.git/creds': '[http "https://github.com/"]\n\textraheader = AUTHORIZATION: basic INCLUDED_CRED_TOKEN\n', 'cfgs/extra.gitconfig': url('WT_INC_TOKEN123'), 'cfgs/plain.txt': 'x\n' });
    try {
      const engine = await engineWith({ HOME: join(home, 'nohome') }, { sandbox: 'off', gate: true });
      for (const cmd of ['cat .git/creds', 'cat cfgs/extra.gitconfig', 'head -3 cfgs/*.gitconfig', 'cd cfgs && cat extra.gitconfig', 'grep -r TOKEN cfgs']) {
        const run = await engine.run({ cmd: 'exec', args: { cmd } });
        expect(run, cmd).toMatchObject({ ok: false, error: { code: 'C241' } });
        expect(text(run), cmd).not.toMatch(/INCLUDED_CRED_TOKEN|WT_INC_TOKEN/);
      }
      expect(await engine.run({ cmd: 'exec', args: { cmd: 'cat cfgs/plain.txt' } })).toMatchObject({ ok: true });
    } finally {
      git({}, 'config', '--unset-all', 'include.path');
    }
  });

  // The gate reads the process environment (the binary's), as the CLI does.
  const GATE_ENVS: [string, Record<string, string>, string][] = [
    ['$GIT_CONFIG_GLOBAL', { GIT_CONFIG_GLOBAL: 'dev.gitconfig' }, 'cat dev.gitconfig'],
    ['a GIT_CONFIG_COUNT include.path', { GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'include.path', GIT_CONFIG_VALUE_0: 'envinc.inc' }, 'cat envinc.inc'],
  ];
  it.each(GATE_ENVS)('a workspace file %s names: cat of it and `git var -l` ask', async (_name, vars, cat) => {
    const absolute = Object.fromEntries(Object.entries(vars).map(([key, value]) => [key, /^GIT_CONFIG_(?:GLOBAL|VALUE_0)$/.test(key) ? join(ws, value) : value]));
    const saved = Object.fromEntries(Object.keys(absolute).map((key) => [key, process.env[key]]));
    Object.assign(process.env, absolute);
    try {
      const engine = await engineWith({ HOME: join(home, 'nohome'), ...absolute }, { sandbox: 'off', gate: true });
      for (const cmd of [cat, 'git var -l']) expect(await engine.run({ cmd: 'exec', args: { cmd } }), cmd).toMatchObject({ ok: false, error: { code: 'C241' } });
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  });
});
