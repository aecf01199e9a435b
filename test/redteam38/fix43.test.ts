// fix43: round 38's findings R38-b5 (catalogue: linter/formatter config spellings), R38-b6 (the joined "always" rule),
// R38-b7 (a symlinked workspace package in the .bin shadow check); the parked files of h-rt38b, red on integ 8bf2b72d.
import { chmodSync, existsSync, mkdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isObeyedLater } from '../../src/permissions/obeyed.js';
import { LINTER_ROWS } from '../../src/permissions/obeyed-linters.js';
import { createEngine } from '../../src/setup.js';
import { aimedFolders } from '../../src/shell/workspace-packages.js';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { bwrapWorks } from '../shell/stage-helpers.js';

let base: string;
let count = 0;
beforeAll(async () => {
  base = await tempDir('cw-fix43-');
});
afterAll(async () => removeDir(base));

describe('R38-b5 MAJOR: linter/formatter configs that run code, spellings the catalogue misses', () => {
  it.each(['pylintrc.toml', '.pylintrc.toml', 'pkg/.pylintrc.toml', '.markdownlint.mjs', '.markdownlint-cli2.jsonc', '.markdownlint-cli2.yaml', '.flake8', '.php-cs-fixer.php', '.php-cs-fixer.dist.php', 'phpstan.neon', 'phpstan.neon.dist', 'psalm.xml', '.formatter.exs'])('%s is obeyed', (path) => {
    expect(isObeyedLater(path)).toBeDefined();
  });
  it.each(['.pylintrc', '.markdownlint.cjs', 'prettier.config.js'])('control: %s is obeyed', (path) => {
    expect(isObeyedLater(path)).toBeDefined();
  });
  // A test per tool: its whole documented list, at the root and below a folder, as an editor row.
  it.each(Object.entries(LINTER_ROWS))('%s: every config spelling is obeyed', (_tool, names) => {
    for (const name of names.map((one) => one.replace('*', 'js'))) {
      expect(isObeyedLater(name)?.family, name).toBe('editor');
      expect(isObeyedLater(`pkg/${name}`)?.family, `pkg/${name}`).toBe('editor');
    }
  });
});

describe('R38-b6 MINOR: "always" on a call of roles is saved as text that another call spells the same', () => {
  it('after "always" on move {a b -> c}, move {a -> b c} asks, and each question quotes its subjects', async () => {
    const root = join(base, 'move-w'), home = join(base, 'move-h');
    mkdirSync(root, { recursive: true });
    mkdirSync(home);
    writeFileSync(join(root, 'a b'), 'AB\n');
    writeFileSync(join(root, 'a'), 'A\n');
    const asked: string[] = [];
    let answer: 'always' | 'no' = 'always';
    const engine = await createEngine({ workspace: root, env: { HOME: home, PATH: process.env['PATH'] ?? '', CODEWARD_STATE_DIR: join(base, 'move-state') }, permissions: { home, approver: async (request) => (asked.push(request.judged), answer) } });
    try {
      expect((await engine.run({ cmd: 'move', args: { from: 'a b', to: 'c' } })).ok).toBe(true);
      answer = 'no';
      const other = await engine.run({ cmd: 'move', args: { from: 'a', to: 'b c' } });
      expect(asked).toEqual(["@coder move 'a b' c", "@coder move a 'b c'"]);
      expect(other.ok).toBe(false);
    } finally {
      await engine.close();
    }
  });
});

// One in-place run (default sandbox, --yes, --no-stage) of `line` in a workspace holding `files` (0755) and the
// uncommitted sub/new.txt, after `arrange`.
async function verdict(line: string, files: Record<string, string>, arrange: (root: string) => void): Promise<string> {
  const root = join(base, `w${++count}`), home = join(base, `h${count}`);
  mkdirSync(join(root, 'sub'), { recursive: true });
  mkdirSync(home);
  writeFileSync(join(root, 'sub/new.txt'), 'WORK\n');
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text);
    chmodSync(join(root, name), 0o755);
  }
  arrange(root);
  const engine = await createEngine({ workspace: root, env: { HOME: home, PATH: process.env['PATH'] ?? '', CODEWARD_STATE_DIR: join(base, `state${count}`) }, sandbox: { mode: 'workspace-write' }, permissions: { home, yes: true } });
  try {
    const result = await engine.run({ cmd: 'exec', args: { cmd: line, stage: false } });
    const kept = existsSync(join(root, 'sub/new.txt'));
    return result.ok ? (kept ? 'ran' : 'ran, work gone') : `${result.error.code}${kept ? '' : ', work gone'}`;
  } finally {
    await engine.close();
  }
}

const FILES = {
  'package.json': '{"name":"root","workspaces":["packages/*"]}',
  'packages/real/package.json': '{"name":"real"}',
  'vendor/a/package.json': '{"name":"a"}',
  'vendor/a/node_modules/.bin/git': '#!/bin/sh\n/bin/rm -rf "$INIT_CWD/sub"\n',
};
describe.skipIf(!bwrapWorks)('R38-b7 MAJOR: a workspace package that is a symlink is left out of the .bin shadow check', { timeout: 120_000 }, () => {
  it.each(['npm exec -ws -- git status', 'npm exec -w a -- git status'])('`%s` with packages/a -> ../vendor/a asks (C241) and keeps the work', async (line) => {
    const link = (root: string): void => symlinkSync('../vendor/a', join(root, 'packages/a'));
    expect(await verdict(line, FILES, link)).toBe('C241');
  });
  it('control: the same package as a real folder asks', async () => {
    const move = (root: string): void => renameSync(join(root, 'vendor/a'), join(root, 'packages/a'));
    expect(await verdict('npm exec -ws -- git status', FILES, move)).toBe('C241');
  });
});

// The package list itself (no spawn): a link is followed inside the workspace, refused (not known here) outside it.
describe('R38-b7: workspace packages that are links, read through the jail', () => {
  function packages(workspaces: string, arrange: (root: string) => void): string[] | string {
    const root = join(base, `p${++count}`);
    mkdirSync(join(root, 'vendor/a'), { recursive: true });
    mkdirSync(join(root, 'packages'));
    writeFileSync(join(root, 'package.json'), JSON.stringify({ workspaces: [workspaces] }));
    writeFileSync(join(root, 'vendor/a/package.json'), '{"name":"a"}');
    arrange(root);
    const found = aimedFolders(root, 'all');
    return typeof found === 'string' ? 'not known' : found.map((dir) => dir.slice(root.length + 1));
  }
  it.each([
    ['packages/*', (root: string) => symlinkSync('../vendor/a', join(root, 'packages/a')), ['vendor/a']],
    ['packages/a', (root: string) => symlinkSync('../vendor/a', join(root, 'packages/a')), ['vendor/a']],
    ['packages/*', (root: string) => (symlinkSync('../vendor/a', join(root, 'vendor/b')), symlinkSync('../vendor/b', join(root, 'packages/a'))), ['vendor/a']],
    ['packages/*', (root: string) => symlinkSync(join(base, 'elsewhere'), join(root, 'packages/a')), 'not known'],
    ['packages/*', (root: string) => symlinkSync('..', join(root, 'packages/a')), 'not known'],
    ['packages/**', (root: string) => symlinkSync('../vendor', join(root, 'packages/v')), 'not known'],
    ['packages/*', (root: string) => (mkdirSync(join(root, 'packages/a')), symlinkSync('../../vendor/a/package.json', join(root, 'packages/a/package.json'))), 'not known'],
  ] as const)('%s with the arrangement %#: %j', (workspaces, arrange, expected) => {
    expect(packages(workspaces, arrange)).toEqual(expected);
  });
});
