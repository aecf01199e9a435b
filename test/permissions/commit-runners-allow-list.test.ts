// Red team round 14, R14-3 (issue 26): an installed hook runs lefthook or pre-commit, and their configuration
// runs a work-tree file through a key the walk did not read: lefthook's `extends:`, `source_dir`, `scripts:`
// (the `.lefthook/<hook>/` scripts), `root:`, `remotes:`, its TOML/JSON files; pre-commit's block and folded
// `entry:` scalars, `args:`, `language: script`, a repository of the work tree, a path dependency. The reading is
// now an allow-list (src/permissions/hook-commit-runners.ts): known keys are followed exactly, any other makes the
// walk unmodeled with a reason naming the key. Each row is a real repository with an executable pre-commit hook.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { checkHookRow, hookVerdict } from './hook-check.js';

let base: string;
let home: string;
beforeAll(async () => {
  base = await tempDir('cw-commitrunners-');
  home = join(base, 'home');
  await writeFiles(home, { '.keep': '' });
});
afterAll(async () => removeDir(base));

let count = 0;
const next = (): string => join(base, `r${++count}`);

const reached = async (hook: string, files: Record<string, string>): ReturnType<typeof hookVerdict> => hookVerdict(next(), hook, files);

const LEFTHOOK = 'lefthook run pre-commit';
const PRE_COMMIT = 'pre-commit run';

describe('lefthook: what its configuration runs is followed exactly', () => {
  it.each<[string, Record<string, string>, string[]]>([
    ['extends: another file and what it runs', { 'lefthook.yml': 'extends:\n  - tools/more.yml\n', 'tools/more.yml': 'pre-commit:\n  commands:\n    a:\n      run: sh tools/x.sh\n', 'tools/x.sh': '' }, ['tools/more.yml', 'tools/x.sh']],
    ['the default script folders', { 'lefthook.yml': 'pre-commit:\n  commands:\n    a:\n      run: "true"\n' }, ['.lefthook/pre-commit/x.sh', '.lefthook-local/pre-commit/y']],
    ['source_dir and source_dir_local', { 'lefthook.yml': 'source_dir: hooks-src/\nsource_dir_local: mine/\n' }, ['hooks-src/pre-commit/x.sh', 'mine/pre-commit/y.sh']],
    ['scripts: with a runner', { 'lefthook.yml': 'source_dir: s/\npre-commit:\n  scripts:\n    "check.js":\n      runner: node\n' }, ['s/pre-commit/check.js']],
    ['root: the command runs there', { 'lefthook.yml': 'pre-commit:\n  commands:\n    a:\n      root: web/\n      run: sh lint.sh {staged_files}\n', 'web/lint.sh': '' }, ['web/lint.sh']],
    ['jobs: and a group', { 'lefthook.yml': 'pre-commit:\n  jobs:\n    - run: sh tools/j.sh\n    - group:\n        jobs:\n          - run: sh tools/k.sh\n', 'tools/j.sh': '', 'tools/k.sh': '' }, ['tools/j.sh', 'tools/k.sh']],
    ['a JSON configuration', { 'lefthook.json': JSON.stringify({ 'pre-commit': { commands: { a: { run: 'sh tools/json.sh' } } } }), 'tools/json.sh': '' }, ['tools/json.sh']],
    // R15-11 (issue 26): every name lefthook reads is read, past the first eight, whichever exist.
    ...['lefthook-local.yml', '.lefthook-local.yml', '.config/lefthook.yml', '.config/lefthook-local.yaml', '.lefthook.jsonc', '.lefthook-local.json'].map((name): [string, Record<string, string>, string[]] => [
      `${name} beside lefthook.yml`, { 'lefthook.yml': 'pre-commit:\n  commands:\n    lint:\n      run: echo ok\n', [name]: name.endsWith('json') || name.endsWith('jsonc') ? JSON.stringify({ 'pre-commit': { commands: { x: { run: 'sh tools/evil.sh' } } } }) : 'pre-commit:\n  commands:\n    x:\n      run: sh tools/evil.sh\n', 'tools/evil.sh': '' }, ['tools/evil.sh'],
    ]),
    // R15-11: lefthook's TOML files are parsed (smol-toml), not refused.
    ['lefthook.toml', { 'lefthook.toml': '[pre-commit.commands.a]\nrun = "sh tools/x.sh"\n', 'tools/x.sh': '' }, ['tools/x.sh']],
    ['.lefthook-local.toml', { '.lefthook-local.toml': '[pre-commit.commands.a]\nrun = "sh tools/t.sh"\n', 'tools/t.sh': '' }, ['tools/t.sh']],
    // R15-20: a `run:` condition of skip/only runs its command, at job and hook level.
    ['job skip: run', { 'lefthook.yml': 'pre-commit:\n  commands:\n    x:\n      run: echo ok\n      skip:\n        - run: sh tools/evil.sh\n', 'tools/evil.sh': '' }, ['tools/evil.sh']],
    ['hook only: run', { 'lefthook.yml': 'pre-commit:\n  only:\n    - run: sh tools/evil2.sh\n  commands:\n    x:\n      run: echo ok\n', 'tools/evil2.sh': '' }, ['tools/evil2.sh']],
    ['job only: a table with run, skip: a git state', { 'lefthook.yml': 'pre-commit:\n  skip: [merge, rebase, {ref: main}]\n  jobs:\n    - run: echo ok\n      only:\n        run: sh tools/o.sh\n', 'tools/o.sh': '' }, ['tools/o.sh']],
  ])('%s', async (_name, files, obeyed) => {
    const found = await reached(LEFTHOOK, files);
    expect(found.unmodeled).toBeUndefined();
    for (const path of obeyed) expect(found.files.some((file) => join(found.root, path) === file || join(found.root, path).startsWith(`${file}/`)), path).toBe(true);
  });

  it.each([
    ['lefthook.yml', 'remotes:\n  - git_url: https://example.com/hooks\n    configs: [x.yml]\n', 'remotes'],
    ['lefthook.yml', 'templates:\n  t: sh tools/x.sh\npre-commit:\n  commands:\n    a:\n      run: "{t}"\n', 'templates'],
    ['lefthook.yml', 'pre-commit:\n  commands:\n    a:\n      env:\n        NODE_OPTIONS: --require ./tools/x.js\n      run: npm test\n', 'env'],
    ['lefthook.yml', 'pre-commit:\n  commands:\n    a:\n      execute: sh tools/x.sh\n', 'execute'],
    ['.lefthook.yml', 'lefthook: ./tools/lefthook\n', 'lefthook'],
    ['lefthook.yml', 'pre-commit: [sh tools/x.sh]\n', 'pre-commit'],
    ['lefthook.yml', 'pre-commit:\n  commands: {a: {run: x}\n', 'parse'],
    // R15-20: a condition form not understood fails closed, naming it.
    ['lefthook.yml', 'pre-commit:\n  commands:\n    x:\n      run: echo ok\n      skip:\n        - exec: sh tools/x.sh\n', 'skip.exec'],
    ['lefthook.yml', 'pre-commit:\n  only:\n    - [run, sh tools/x.sh]\n  commands: {}\n', 'only'],
    ['lefthook.toml', '[pre-commit.commands.a]\nrun = "x"\nexecute = "sh tools/x.sh"\n', 'execute'],
    ['lefthook-local.yml', 'pre-commit:\n  commands:\n    a:\n      env: {X: 1}\n', 'env'],
  ])('%s %s: unmodeled, naming it', async (file, text, why) => {
    const found = await reached(LEFTHOOK, { [file]: text });
    expect(found.unmodeled).toContain(why);
  });
});

it('R15-11: only extends hops count; a chain longer than the bound is unmodeled', async () => {
  const files: Record<string, string> = { 'lefthook.yml': 'extends: [e1.yml]\n' };
  for (let at = 1; at <= 9; at++) files[`e${at}.yml`] = `extends: [e${at + 1}.yml]\n`;
  expect((await reached(LEFTHOOK, files)).unmodeled).toContain('extends');
  const short: Record<string, string> = { 'lefthook.yml': 'extends: [e1.yml]\n', 'e1.yml': 'extends: [e2.yml]\n', 'e2.yml': 'pre-commit:\n  commands:\n    a:\n      run: sh tools/z.sh\n', 'tools/z.sh': '', 'lefthook-local.yml': 'pre-commit:\n  commands:\n    b:\n      run: sh tools/w.sh\n', 'tools/w.sh': '' };
  const found = await reached(LEFTHOOK, short);
  expect(found.unmodeled).toBeUndefined();
  for (const path of ['tools/z.sh', 'tools/w.sh']) expect(found.files).toContain(join(found.root, path));
});

it('R15-11/R15-20 end to end: lefthook-local.yml and a skip condition\'s scripts ask (--yes); an ordinary file is written', async () => {
  const files = { 'lefthook.yml': 'pre-commit:\n  commands:\n    lint:\n      run: echo ok\n      skip:\n        - run: sh tools/cond.sh\n', 'lefthook-local.yml': 'pre-commit:\n  commands:\n    x:\n      run: sh tools/evil.sh\n', 'tools/evil.sh': 'echo\n', 'tools/cond.sh': 'echo\n' };
  await checkHookRow(next(), home, { hook: LEFTHOOK, files, asks: ['tools/evil.sh', 'tools/cond.sh', 'lefthook-local.yml'], free: ['src/notes.txt'] });
});

describe('pre-commit: what its configuration runs is followed exactly', () => {
  const local = (hook: string): string => `repos:\n  - repo: local\n    hooks:\n${hook}`;
  it.each([
    ['a block scalar entry', local('      - id: a\n        name: a\n        language: system\n        entry: |\n          sh tools/a.sh\n'), 'tools/a.sh'],
    ['a folded entry', local('      - id: b\n        name: b\n        language: system\n        entry: >\n          sh\n          tools/b.sh\n'), 'tools/b.sh'],
    ['args appended to the entry', local('      - id: c\n        name: c\n        language: system\n        entry: sh\n        args: [tools/c.sh]\n'), 'tools/c.sh'],
    ['language: script runs a work-tree file', local('      - id: d\n        name: d\n        language: script\n        entry: tools/d --fix\n'), 'tools/d'],
  ])('%s', async (_name, config, obeyed) => {
    const found = await reached(PRE_COMMIT, { '.pre-commit-config.yaml': config, [obeyed]: '' });
    expect(found.unmodeled).toBeUndefined();
    expect(found.files).toContain(join(found.root, obeyed));
  });

  it.each([
    ['repos:\n  - repo: ./tools/hooks\n    rev: v1\n    hooks:\n      - id: x\n', 'repo: ./tools/hooks'],
    [local('      - id: e\n        name: e\n        language: python\n        entry: e\n        additional_dependencies: [./tools/plug]\n'), 'additional_dependencies'],
    [local('      - id: f\n        name: f\n        language: docker\n        entry: f\n'), 'docker'],
    [local('      - id: g\n        name: g\n        language: system\n        entry: g\n        env: {X: 1}\n'), 'g.env'],
    ['repos: []\nhooks_dir: tools\n', 'hooks_dir'],
    ['repos: [\n', 'parse'],
  ])('%s: unmodeled, naming it', async (config, why) => {
    const found = await reached(PRE_COMMIT, { '.pre-commit-config.yaml': config });
    expect(found.unmodeled).toContain(why);
  });

  it('end to end: a block scalar entry\'s script asks (--yes); an ordinary file is written', async () => {
    await checkHookRow(next(), home, { hook: PRE_COMMIT, files: { '.pre-commit-config.yaml': local('      - id: a\n        name: a\n        language: system\n        entry: |\n          sh tools/a.sh\n'), 'tools/a.sh': 'echo\n' }, asks: ['tools/a.sh', '.pre-commit-config.yaml'], free: ['src/notes.txt'] });
  });
});

describe('the ordinary configurations stay modelled', () => {
  it('remote pre-commit hooks with plain args, a lefthook config with globs, tags and placeholders: nothing widened', async () => {
    const preCommit = 'default_stages: [pre-commit]\nrepos:\n  - repo: https://github.com/pre-commit/pre-commit-hooks\n    rev: v4.6.0\n    hooks:\n      - id: trailing-whitespace\n      - id: check-yaml\n        args: [--unsafe]\n  - repo: https://github.com/astral-sh/ruff-pre-commit\n    rev: v0.5.0\n    hooks:\n      - id: ruff\n        args: [--fix]\n  - repo: meta\n    hooks:\n      - id: check-hooks-apply\n';
    const lefthook = 'pre-commit:\n  parallel: true\n  commands:\n    lint:\n      glob: "*.{js,ts}"\n      run: npx eslint {staged_files}\n      stage_fixed: true\n      tags: [frontend]\n';
    expect((await reached(PRE_COMMIT, { '.pre-commit-config.yaml': preCommit })).unmodeled).toBeUndefined();
    expect((await reached(LEFTHOOK, { 'lefthook.yml': lefthook, 'package.json': '{}' })).unmodeled).toBeUndefined();
  });
});
