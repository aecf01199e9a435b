// Red team round 5, R5-2 and R5-3 (issue 26): the write gate read a nested repository's configuration only for
// paths BELOW that repository, so what a submodule's include.path / includeIf target, or a nested repository's
// core.hooksPath / core.fsmonitor leaving its own tree (`../tools/hooks`) names was an ordinary file: written
// under --yes, a hook ran at the next `git commit` there. The gate now knows every repository the workspace
// holds (obeyed-repos.ts) and judges every path against all of them. Each row is an attacker's write through
// the file tools' judge under --yes (in-process engine) and the same file made by a staged exec (set aside).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { bwrapWorks, overlayWorks } from '../shell/stage-helpers.js';
import { git } from './git-run.js';

type Engine = Awaited<ReturnType<typeof createEngine>>;

let base: string;
let root: string;
let engine: Engine;
const DEEP = 'a/b/c/d/e/f/g/h/i/j';

beforeAll(async () => {
  base = await tempDir('cw-repos-');
  root = join(base, 'w');
  const home = join(base, 'home');
  mkdirSync(home);
  git(base, 'init', '-q', 'subsrc');
  git(join(base, 'subsrc'), 'commit', '-q', '--allow-empty', '-m', 's');
  git(base, 'init', '-q', 'w');
  git(root, '-c', 'protocol.file.allow=always', 'submodule', '-q', 'add', '../subsrc', 'sub');
  git(root, 'commit', '-qm', 'x');
  const sm = join(root, '.git/modules/sub/config');
  // R5-2: the submodule's include.path (relative to its config file), includeIf gitdir:, two levels.
  execFileSync('git', ['config', '-f', sm, 'include.path', '../../../inc/sub.cfg']);
  execFileSync('git', ['config', '-f', sm, 'includeIf.gitdir:**/sub/.path', '../../../inc/if.cfg']);
  mkdirSync(join(root, 'inc'));
  writeFileSync(join(root, 'inc/sub.cfg'), '[include]\n\tpath = level2.cfg\n');
  // R5-3: hooksPath / fsmonitor leaving the repository's own tree.
  git(join(root, 'sub'), 'config', 'core.hooksPath', '../sm-hooks');
  git(root, 'worktree', 'add', '-q', 'wt2');
  git(root, 'config', 'extensions.worktreeConfig', 'true');
  git(join(root, 'wt2'), 'config', '--worktree', 'core.hooksPath', '../wt-hooks');
  git(root, 'init', '-q', 'vendor/clone');
  git(join(root, 'vendor/clone'), 'config', 'core.hooksPath', '../../tools/hooks');
  git(root, 'init', '-q', DEEP);
  git(join(root, DEEP), 'config', 'core.hooksPath', '../deep-hooks');
  git(root, 'init', '-q', 'node_modules/pkg');
  git(join(root, 'node_modules/pkg'), 'config', 'core.fsmonitor', '../../tools/mon.sh');
  git(base, 'init', '-q', '--bare', 'outside.git');
  execFileSync('git', ['config', '-f', join(base, 'outside.git/config'), 'core.hooksPath', '../ext-hooks']);
  mkdirSync(join(root, 'ext'));
  writeFileSync(join(root, 'ext/.git'), `gitdir: ${join(base, 'outside.git')}\n`);
  // Red team R30-4 (fix30d): folders of git's shape whose objects and refs are links, or executable files
  // (git-shape.ts's one predicate; the scan counted real folders only), with a hooksPath leaving them.
  for (const [name, make] of [['shp', (at: string) => symlinkSync('../.git/objects', join(at, 'objects'))], ['shx', (at: string) => writeFileSync(join(at, 'objects'), '', { mode: 0o755 })]] as const) {
    const at = join(root, name);
    mkdirSync(at);
    writeFileSync(join(at, 'HEAD'), 'ref: refs/heads/master\n');
    make(at);
    if (name === 'shp') symlinkSync('../.git/refs', join(at, 'refs'));
    else writeFileSync(join(at, 'refs'), '', { mode: 0o755 });
    writeFileSync(join(at, 'config'), `[core]\n\thooksPath = ../${name}-hooks\n`);
  }
  engine = await createEngine({ workspace: root, env: { HOME: home }, permissions: { home, yes: true } });
});

afterAll(async () => {
  await engine.close();
  await removeDir(base);
});

const ROWS: readonly (readonly [string, string])[] = [
  ['submodule include.path', 'inc/sub.cfg'],
  ['submodule includeIf gitdir:', 'inc/if.cfg'],
  ['two levels of includes', 'inc/level2.cfg'],
  ['plain nested clone hooksPath=../../tools/hooks', 'tools/hooks/pre-commit'],
  ['10 levels deep', 'a/b/c/d/e/f/g/h/i/deep-hooks/pre-commit'],
  ['inside node_modules (fsmonitor)', 'tools/mon.sh'],
  ['submodule hooksPath', 'sm-hooks/pre-commit'],
  ['linked worktree config.worktree', 'wt-hooks/post-checkout'],
  ['.git file pointing outside', 'ext-hooks/pre-commit'],
  ['a folder of git\'s shape, objects and refs links (R30-4)', 'shp-hooks/reference-transaction'],
  ['a folder of git\'s shape, objects and refs executable files (R30-4)', 'shx-hooks/pre-auto-gc'],
];

describe('every repository the workspace holds is obeyed by the file tools\' judge under --yes', () => {
  it.each(ROWS)('%s: write %s asks (C241)', async (_, file) => {
    const result = await engine.run({ cmd: 'write', args: { file, content: '#!/bin/sh\ntouch PWNED\n' } });
    expect(result).toMatchObject({ ok: false, error: { code: 'C241' } });
    expect(existsSync(join(root, file)) && readFileSync(join(root, file), 'utf8')).not.toContain('PWNED');
  });

  it('an ordinary file beside them is written', async () => {
    expect(await engine.run({ cmd: 'write', args: { file: 'tools/readme.md', content: 'x\n' } })).toMatchObject({ ok: true });
  });
});

describe.skipIf(!bwrapWorks || !overlayWorks)('a staged exec that makes them: each is set aside', { timeout: 120_000 }, () => {
  it('sets aside every row, applies the ordinary file', async () => {
    const files = ROWS.map(([, file]) => file);
    const script = [...files, 'tools/fine.txt'].map((file) => `mkdir -p "$(dirname ${file})" && printf x > ${file}`).join('\n');
    writeFileSync(join(root, 'plant.sh'), `${script}\n`);
    const result = await engine.run({ cmd: 'exec', args: { cmd: 'sh plant.sh' } });
    expect(result.ok, JSON.stringify(result)).toBe(true);
    const aside = ((result.ok ? result.data : {}) as { changes?: { setAside?: { path: string }[] } }).changes?.setAside?.map((each) => each.path) ?? [];
    // inc/sub.cfg exists: the sandbox shows it read-only (the run cannot write it); the others are new.
    expect(aside, JSON.stringify(result)).toEqual(expect.arrayContaining(files.filter((file) => file !== 'inc/sub.cfg')));
    for (const file of files) expect(existsSync(join(root, file)) && readFileSync(join(root, file), 'utf8'), file).not.toBe('x');
    expect(existsSync(join(root, 'tools/fine.txt'))).toBe(true);
    // R5-10: the user's own submodule and worktree configs, unchanged by the run, are not "planted".
    for (const config of ['.git/modules/sub/config', '.git/worktrees/wt2/config.worktree']) expect(existsSync(join(root, config)), config).toBe(true);
    expect(JSON.stringify(result)).not.toContain('could have planted');
  });
});

// Red team round 6 R6-16: git's system file ($GIT_CONFIG_SYSTEM, /etc/gitconfig) and a $GIT_CONFIG_GLOBAL file
// are configuration git obeys like ~/.gitconfig: a relative core.hooksPath there names each repository's folder.
describe('the system and GIT_CONFIG_GLOBAL configuration files count', () => {
  it.each(['GIT_CONFIG_SYSTEM', 'GIT_CONFIG_GLOBAL'])('%s naming core.hooksPath = .githooks: write .githooks/pre-commit asks', async (variable) => {
    const file = join(base, `${variable}.cfg`);
    writeFileSync(file, '[core]\n\thooksPath = .githooks\n');
    const saved = process.env[variable];
    process.env[variable] = file;
    try {
      const result = await engine.run({ cmd: 'write', args: { file: '.githooks/pre-commit', content: '#!/bin/sh\ntouch PWNED\n' } });
      expect(result).toMatchObject({ ok: false, error: { code: 'C241' } });
    } finally {
      if (saved === undefined) delete process.env[variable];
      else process.env[variable] = saved;
    }
    expect(existsSync(join(root, '.githooks/pre-commit'))).toBe(false);
  });
});

// Red team round 6 R6-17: a folder of the user's PATH inside the workspace (absolute, or relative as node_modules/.bin)
// holds programs that run in place of the ones the user names: writing there asks.
describe('folders of PATH inside the workspace', () => {
  it.each(['bin/git', 'node_modules/.bin/ls'])('write %s asks while PATH names its folder', async (file) => {
    const saved = process.env['PATH'];
    process.env['PATH'] = `${join(root, 'bin')}:node_modules/.bin:${saved ?? ''}`;
    try {
      const result = await engine.run({ cmd: 'write', args: { file, content: '#!/bin/sh\ntouch PWNED\n' } });
      expect(result).toMatchObject({ ok: false, error: { code: 'C241' } });
      expect(await engine.run({ cmd: 'write', args: { file: 'lib/notes.txt', content: 'x\n' } })).toMatchObject({ ok: true });
    } finally {
      process.env['PATH'] = saved;
    }
    expect(existsSync(join(root, file))).toBe(false);
  });
});
