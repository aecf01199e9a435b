import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { detectTestRunner, type TestRunner } from '../../src/shell/test-detect.js';
import { nodeScript } from '../../src/shell/test-detect-node.js';
import { looksLikePath, shellQuote, withPattern } from '../../src/shell/test-detect-pattern.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

let root: string;
beforeEach(async () => {
  root = await tempDir();
});
afterEach(async () => removeDir(root));

async function detect(files: Record<string, string>): Promise<TestRunner | undefined> {
  await writeFiles(root, files);
  return detectTestRunner(root);
}

const pkg = (value: object) => JSON.stringify(value);
const script = (test: string, extra: object = {}) => pkg({ name: 'x', scripts: { test }, ...extra });

describe('detectTestRunner', () => {
  it.each([
    ['package-lock.json', 'npm', 'npm test'],
    ['npm-shrinkwrap.json', 'npm', 'npm test'],
    ['pnpm-lock.yaml', 'pnpm', 'pnpm test'],
    ['yarn.lock', 'yarn', 'yarn test'],
    ['bun.lockb', 'bun', 'bun run test'],
    ['bun.lock', 'bun', 'bun run test'],
  ])('package.json test script with %s → %s', async (lockfile, runner, command) => {
    expect(await detect({ 'package.json': script('vitest run'), [lockfile]: '' })).toMatchObject({ runner, command });
  });

  it('without a lockfile: the packageManager field, else npm', async () => {
    expect(await detect({ 'package.json': script('jest', { packageManager: 'pnpm@9.1.0' }) })).toMatchObject({ runner: 'pnpm', command: 'pnpm test' });
    await writeFiles(root, { 'package.json': script('jest') });
    expect(await detectTestRunner(root)).toMatchObject({ runner: 'npm', command: 'npm test', passThrough: '--' });
  });

  it("ignores npm init's placeholder script; falls back to vitest or jest from the dependencies or config", async () => {
    const placeholder = 'echo "Error: no test specified" && exit 1';
    expect(await detect({ 'package.json': script(placeholder) })).toBeUndefined();
    await writeFiles(root, { 'package.json': script(placeholder, { devDependencies: { vitest: '^4' } }), 'pnpm-lock.yaml': '' });
    expect(await detectTestRunner(root)).toMatchObject({ runner: 'vitest', command: 'pnpm exec vitest run' });
  });

  it('jest from its config file, bun test in a bun project, a broken package.json is skipped', async () => {
    expect(await detect({ 'package.json': pkg({}), 'jest.config.js': '' })).toMatchObject({ runner: 'jest', command: 'npx jest' });
    await removeDir(root);
    root = await tempDir();
    expect(await detect({ 'package.json': pkg({}), 'bun.lock': '' })).toMatchObject({ runner: 'bun', command: 'bun test' });
    await removeDir(root);
    root = await tempDir();
    expect(await detect({ 'package.json': '{ not json', 'Cargo.toml': '' })).toMatchObject({ runner: 'cargo' });
  });

  it('go.mod (and go.work) → go test -v ./... (go names passing tests only with -v), ahead of package.json as in ChatCLI', async () => {
    expect(await detect({ 'go.mod': 'module x\n', 'package.json': script('jest') })).toEqual({ runner: 'go', command: 'go test -v ./...', filter: 'go' });
  });

  it.each([
    [{ 'pyproject.toml': '[project]\nname="x"\n' }, 'pytest', 'pytest -q -o pythonpath=.'],
    [{ 'pyproject.toml': '[tool.pytest.ini_options]\npythonpath = ["src"]\n' }, 'pytest', 'pytest -q'],
    [{ 'pytest.ini': '[pytest]\n' }, 'pytest', 'pytest -q -o pythonpath=.'],
    [{ 'pytest.ini': '[pytest]\npythonpath = .\n' }, 'pytest', 'pytest -q'],
    [{ 'conftest.py': '' }, 'pytest', 'pytest -q'],
    [{ 'setup.cfg': '[metadata]\nname=x\n[tool:pytest]\naddopts=-q\n' }, 'pytest', 'pytest -q -o pythonpath=.'],
    [{ 'tox.ini': '[tox]\nenvlist=py3\n[pytest]\n' }, 'pytest', 'pytest -q -o pythonpath=.'],
    [{ 'tox.ini': '[tox]\nenvlist=py3\n' }, 'tox', 'tox'],
    [{ 'pyproject.toml': '', '.venv/bin/python': '' }, 'pytest', '.venv/bin/python -m pytest -q'],
  ])('python %o → %s', async (files, runner, command) => {
    expect(await detect(files)).toMatchObject({ runner, command });
  });

  it('setup.cfg without a pytest section is not a test project', async () => {
    expect(await detect({ 'setup.cfg': '[metadata]\nname=x\n' })).toBeUndefined();
  });

  it.each([
    [{ 'Cargo.toml': '[package]\n' }, 'cargo', 'cargo test'],
    [{ 'pom.xml': '<project/>' }, 'maven', 'mvn -B test'],
    [{ 'pom.xml': '<project/>', mvnw: '' }, 'maven', './mvnw -B test'],
    [{ 'build.gradle': '' }, 'gradle', 'gradle test'],
    [{ 'build.gradle.kts': '', gradlew: '' }, 'gradle', './gradlew test'],
    [{ 'App.csproj': '<Project/>' }, 'dotnet', 'dotnet test'],
    [{ 'App.sln': '' }, 'dotnet', 'dotnet test'],
    [{ Makefile: 'build:\n\tcc x.c\n\ntest: build\n\t./run-tests\n' }, 'make', 'make test'],
  ])('%o → %s', async (files, runner, command) => {
    expect(await detect(files)).toMatchObject({ runner, command });
  });

  it('a Makefile without a test rule (or with a `test :=` variable) is nothing; an empty folder is nothing', async () => {
    expect(await detect({ Makefile: 'test := 1\nall:\n\techo\n' })).toBeUndefined();
    expect(await detectTestRunner(`${root}/missing`)).toBeUndefined();
  });
});

describe('withPattern', () => {
  const runner = (value: Partial<TestRunner> & Pick<TestRunner, 'command' | 'filter'>): TestRunner => ({ runner: 'x', ...value });

  it.each([
    [{ command: 'go test ./...', filter: 'go' }, 'TestLogin', "go test ./... -run 'TestLogin'"],
    [{ command: 'cargo test', filter: 'cargo' }, 'parser::', "cargo test 'parser::'"],
    [{ command: 'pytest -q', filter: 'pytest' }, 'login and not slow', "pytest -q -k 'login and not slow'"],
    [{ command: 'pytest -q', filter: 'pytest' }, 'tests/test_api.py', "pytest -q 'tests/test_api.py'"],
    [{ command: 'tox', filter: 'tox' }, 'login', "tox -- -k 'login'"],
    [{ command: 'mvn -B test', filter: 'maven' }, 'LoginTest#ok*', "mvn -B test '-Dtest=LoginTest#ok*' -Dsurefire.failIfNoSpecifiedTests=false"],
    [{ command: './gradlew test', filter: 'gradle' }, 'com.x.LoginTest', "./gradlew test --tests 'com.x.LoginTest'"],
    [{ command: 'dotnet test', filter: 'dotnet' }, 'Category=Unit', "dotnet test --filter 'Category=Unit'"],
    [{ command: 'npx vitest run', filter: 'name' }, 'parses dates', "npx vitest run -t 'parses dates'"],
    [{ command: 'npx vitest run', filter: 'name' }, 'src/date.test.ts', "npx vitest run 'src/date.test.ts'"],
    [{ command: 'npm test', filter: 'name', passThrough: '--' }, 'login', "npm test -- -t 'login'"],
    [{ command: 'pnpm test', filter: 'node-test', node: { options: ['--test'], files: ['test/'] } }, 'a|b', "node --test '--test-name-pattern=a|b' test/"],
    [{ command: 'npm test', filter: 'node-test', passThrough: '--', node: { options: ['--import', 'tsx', '--test'], files: ["'t/**/*.ts'"] } }, 't/a.test.ts', "node --import tsx --test 't/a.test.ts'"],
    [{ command: 'yarn test', filter: 'mocha' }, 'login', "yarn test --grep 'login'"],
    [{ command: 'npm test', filter: 'append', passThrough: '--' }, 'login', "npm test -- 'login'"],
    [{ command: 'yarn test', filter: 'mocha' }, 'test/num.js', "npx mocha 'test/num.js'"],
    [{ command: 'cargo test', filter: 'cargo' }, 'tests/api_v2.rs', "cargo test --test 'api_v2'"],
    [{ command: 'pytest -q', filter: 'pytest' }, 'test_num.py', "pytest -q 'test_num.py'"],
  ] as const)('%o with %s', (base, pattern, command) => {
    expect(withPattern(runner(base), pattern)).toEqual({ command });
  });

  it('node --test: a script that is not one plain node command keeps the script and notes the pattern is ignored', () => {
    const built = withPattern(runner({ command: 'npm test', filter: 'node-test', passThrough: '--' }), 'add');
    expect(built.command).toBe('npm test');
    expect(built.note).toMatch(/--pattern add is ignored and every test runs/);
  });

  it.each([
    ['node --test test/', { options: ['--test'], files: ['test/'] }],
    ['node --test', { options: ['--test'], files: [] }],
    ["node --import tsx --test --test-reporter spec 'test/**/*.test.ts'", { options: ['--import', 'tsx', '--test', '--test-reporter', 'spec'], files: ["'test/**/*.test.ts'"] }],
    ['node --test -- a.test.js', { options: ['--test'], files: ['a.test.js'] }],
    ['node --test test/ && echo done', undefined],
    ['NODE_ENV=test node --test', undefined],
    ['node --test $DIR', undefined],
    ['node --test "a b"', undefined],
    ['node x.js --test', undefined],
    ['tsx --test', undefined],
  ])('nodeScript(%j)', (script, parsed) => {
    expect(nodeScript(script)).toEqual(parsed);
  });

  it('no pattern leaves the command alone', () => {
    expect(withPattern(runner({ command: 'cargo test', filter: 'cargo' }), undefined)).toEqual({ command: 'cargo test' });
    expect(withPattern(runner({ command: 'cargo test', filter: 'cargo' }), '')).toEqual({ command: 'cargo test' });
  });

  it('a pattern a runner cannot take is ignored with a note (seed example *_test.go; make)', () => {
    const go = withPattern(runner({ command: 'go test ./...', filter: 'go' }), '*_test.go');
    expect(go.command).toBe('go test ./...');
    expect(go.note).toMatch(/go test selects tests by name/);
    expect(withPattern(runner({ command: 'make test', filter: 'none' }), 'x').note).toMatch(/make test has no standard test filter/);
  });

  it('a go test file runs its package (go test takes packages, not files), with a note saying so', () => {
    expect(withPattern(runner({ command: 'go test ./...', filter: 'go' }), 'pkg/num_test.go')).toEqual({ command: "go test -v './pkg'", note: expect.stringMatching(/runs the package in pkg/) });
    expect(withPattern(runner({ command: 'go test ./...', filter: 'go' }), 'num_test.go').command).toBe("go test -v '.'");
  });

  it('quotes so the shell sees exactly one word, whatever the pattern holds', () => {
    expect(shellQuote("it's $(rm -rf /) `x` \"y\"")).toBe(`'it'\\''s $(rm -rf /) \`x\` "y"'`);
    expect(looksLikePath('a/b')).toBe(true);
    expect(looksLikePath('foo.spec.ts')).toBe(true);
    expect(looksLikePath('TestFoo')).toBe(false);
  });
});

describe('the pattern through a real shell', () => {
  it('reaches the runner as one literal argument (no expansion, no injection)', async () => {
    const { runProcess } = await import('../../src/shell/run.js');
    const { childEnv } = await import('../../src/shell/env.js');
    const pattern = "it's $(echo pwned) `echo x` $HOME * \"q\" \\ ;|&";
    const { command } = withPattern({ runner: 'x', command: "printf '[%s]\\n'", filter: 'append' }, pattern);
    const result = await runProcess({ command, cwd: root, timeoutMs: 10_000, env: childEnv(process.env) });
    expect(result.stdout).toBe(`[${pattern}]\n`);
  });
});

describe('detectTestRunner through the workspace jail', () => {
  it('reads the project folder through the jail: a folder swapped for a link to the outside is not read', async () => {
    const { mkdir, realpath, rename, symlink } = await import('node:fs/promises');
    const { Beneath } = await import('../../src/workspace/beneath.js');
    const real = await realpath(root);
    await writeFiles(real, { 'ws/proj/package.json': script('vitest run'), 'outside/package.json': script('jest'), 'outside/yarn.lock': '' });
    const jail = new Beneath(`${real}/ws`);
    expect(await detectTestRunner(`${real}/ws/proj`, jail)).toMatchObject({ runner: 'npm' });
    // The attacker's swap after `test` checked the folder: proj is now a link to an outside project.
    await rename(`${real}/ws/proj`, `${real}/ws/proj-old`);
    await symlink(`${real}/outside`, `${real}/ws/proj`);
    expect(await detectTestRunner(`${real}/ws/proj`)).toMatchObject({ runner: 'yarn' }); // by path string: the outside file
    expect(await detectTestRunner(`${real}/ws/proj`, jail)).toBeUndefined();
    await mkdir(`${real}/ws/other`);
    expect(await detectTestRunner(`${real}/ws/other`, jail)).toBeUndefined();
  });
});
