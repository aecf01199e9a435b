import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';
import { linkRepoModules } from '../helpers/link-modules.js';
import { NO_JAIL } from '../helpers/unconfined-runs.js';

// `test --pattern` through the real binary and each real runner (issue 29: "pattern and one file per
// runner, tape included"): a test name runs only the tests it names, a test file runs only that file.
// Two files: test/a.test.js holds "alpha works" (passes) and "gamma breaks" (fails), test/b.test.js "beta
// works" (passes). tape, mocha and jest are devDependencies; go skips, with the reason, where it is absent.

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await removeDir(folder);
});

const hasGo = spawnSync('sh', ['-c', 'command -v go'], { stdio: 'ignore' }).status === 0;

async function project(files: Record<string, string>, linkModules: boolean): Promise<(pattern: string) => ReturnType<typeof runCli>> {
  const root = await tempDir('codeward-select-');
  folders.push(root);
  await writeFiles(root, files);
  if (linkModules) await linkRepoModules(root);
  // Linked modules point into this repository, which CI checks out under /tmp: a jailed `--sandbox off` run has a
  // private /tmp (red team R35-2) and would not see them; these rows test the runners' selection: no jail.
  return (pattern) => runCli(['-C', root, '--yes', '--sandbox', 'off', 'test', '--pattern', pattern], linkModules ? { env: NO_JAIL } : {});
}

// The name `beta` runs "beta works" alone; the file test/a.test.js runs its two tests, the failing one named.
async function check(run: (pattern: string) => ReturnType<typeof runCli>, failing: RegExp, byName = 'beta'): Promise<void> {
  const named = run(byName);
  expect(named.status, `${named.stdout}\n${named.stderr}`).toBe(0);
  expect(named.stdout).toMatch(/— 1 passed, 0 failed\b/);
  const file = run('test/a.test.js');
  expect(file.status, file.stderr).not.toBe(0);
  expect(file.stdout).toMatch(/^1 passed, 1 failed\b/m);
  expect(file.stdout).toMatch(failing);
  expect(file.stdout).not.toMatch(/beta works|alpha works/);
}

const JS = (imports: string, assert: (got: string, want: string) => string): Record<string, string> => ({
  'test/a.test.js': `${imports}\ndescribe('a', () => {\n  it('alpha works', () => { ${assert('1 + 1', '2')}; });\n  it('gamma breaks', () => { ${assert('2 * 3', '7')}; });\n});\n`,
  'test/b.test.js': `${imports}\ndescribe('b', () => {\n  it('beta works', () => { ${assert('2 + 2', '4')}; });\n});\n`,
});

describe('a test name or a test file runs only those tests, on each real runner (issue 29)', () => {
  it('tape: the files that mention the name; the one file named', async () => {
    const tape = (name: string, got: string, want: string) => `test('${name}', (t) => { t.equal(${got}, ${want}); t.end(); });`;
    const run = await project(
      {
        'package.json': '{ "scripts": { "test": "tape test/*.js" } }\n',
        'test/a.test.js': `const test = require('tape');\n${tape('alpha works', '1 + 1', '2')}\n${tape('gamma breaks', '2 * 3', '7')}\n`,
        'test/b.test.js': `const test = require('tape');\n${tape('beta works', '2 + 2', '4')}\n`,
      },
      true,
    );
    await check(run, /✗ gamma breaks › should be (?:strictly )?equal \(test\/a\.test\.js:3\)/);
  });

  it('mocha: --grep for a name; the file alone for a file', async () => {
    const run = await project({ 'package.json': '{ "scripts": { "test": "mocha" } }\n', ...JS("const assert = require('node:assert');", (got, want) => `assert.strictEqual(${got}, ${want})`) }, true);
    await check(run, /✗ a › gamma breaks \(test\/a\.test\.js:4:\d+\)/);
  });

  it('jest: -t for a name; the path for a file', async () => {
    const run = await project({ 'package.json': '{ "scripts": { "test": "jest" } }\n', ...JS('', (got, want) => `expect(${got}).toBe(${want})`) }, true);
    await check(run, /✗ a › gamma breaks \(test\/a\.test\.js:4:\d+\)/);
  });

  it(hasGo ? 'go test: -run for a name; the package of a file' : 'go test: skipped, go is not on PATH on this machine (.ci/run installs golang-go where it can)', async (context) => {
    if (!hasGo) return context.skip();
    const go = (name: string, got: string, want: string) => `func Test${name}(t *testing.T) { if got := ${got}; got != ${want} { t.Fatalf("got %d, want %d", got, ${want}) } }`;
    const run = await project(
      {
        'go.mod': 'module example.com/calc\n\ngo 1.19\n',
        // go runs packages, not files: the file's package holds alpha and gamma; beta is in another package.
        'test/a_test.go': `package calc\nimport "testing"\n${go('AlphaWorks', '1 + 1', '2')}\n${go('GammaBreaks', '2 * 3', '7')}\n`,
        'test/b/b_test.go': `package b\nimport "testing"\n${go('BetaWorks', '2 + 2', '4')}\n`,
      },
      false,
    );
    const named = run('Beta');
    expect(named.status, named.stderr).toBe(0);
    expect(named.stdout).toMatch(/— 1 passed, 0 failed\b/);
    const file = run('test/a_test.go');
    expect(file.stdout).toMatch(/^\$ go test -v '\.\/test'$/m);
    expect(file.stdout).toMatch(/^1 passed, 1 failed\b/m);
    expect(file.stdout).toMatch(/✗ TestGammaBreaks \(a_test\.go:4\)/);
  });
});
