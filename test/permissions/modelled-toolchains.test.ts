// Issue 26, red team F6 (HIGH): a hook that runs the language's own test command (`go test ./...`, `cargo test`,
// `mvn -q test`, `gradle test`, `dotnet test`, `swift test`, `make test` of a C project) made EVERY source edit
// safety-immune (C241) under --yes, because an unmodelled runner obeyed the whole work tree. These toolchains are
// modelled now (src/permissions/hook-toolchains.ts, hook-toolchain-parts.ts): their sources and tests are the
// README's documented limit and stay writable; what each runs or obeys beyond them is C241 (manifests, build
// scripts, toolchain selectors, proc-macro crates, analyzers, plug-ins, included docs). A sub-command or option
// the row does not model, or a variable set for the program, still obeys the whole tree (fail closed).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { checkHookRow } from './hook-check.js';
import { git } from './git-run.js';

const hasGo = spawnSync('go', ['version']).status === 0;

let base: string;
let home: string;
beforeAll(async () => {
  base = await tempDir('cw-toolchains-');
  home = join(base, 'home');
  await writeFiles(home, { '.keep': '' });
});
afterAll(async () => removeDir(base));

let count = 0;
const next = (): string => join(base, `r${++count}`);

describe('a hook runs go: sources free under --yes, what go obeys beyond them C241', () => {
  it.each([
    ['go test ./...', { 'go.mod': 'module x\n', 'pkg/a.go': 'package pkg\n' }, ['go.mod', 'go.work', 'go.sum', 'sub/go.mod', 'pkg/x.syso', 'vendor/modules.txt'], ['pkg/a.go', 'pkg/a_test.go', 'cmd/new/main.go', 'README.md']],
    ['go vet ./... && go test -race -count=1 ./...', { 'go.mod': 'module x\n' }, ['go.mod', 'go.work'], ['pkg/a.go', 'internal/b/b_test.go']],
  ])('%s', async (hook, files, asks, free) => {
    await checkHookRow(next(), home, { hook, files, asks, free, content: '// ok\n' });
  });
});

describe('spellings of a modelled go run: sources free, go.mod at any depth and go.work obeyed', () => {
  it.each(["sh -c 'go test ./...'", 'cd sub && go test -C .. ./...', 'go test ./... -args -x', 'time go test ./...', 'go  test  ./...  2>&1 | tee out.log', 'go run ./cmd/gen -o x', 'npx --yes go test'])('%s', async (hook) => {
    await checkHookRow(next(), home, { hook, files: { 'go.mod': 'module x\n', 'sub/.keep': '' }, asks: ['go.mod', 'sub/go.mod', 'go.work'], free: ['src/a.go'], content: '// ok\n' });
  });
});

describe('fail closed: a sub-command, option or variable a toolchain row does not model obeys the whole tree', () => {
  it.each([
    'go generate ./...', 'go install ./cmd/x', 'go test -exec ./wrap ./...', 'go test -toolexec=./x ./...', 'go vet -vettool=./v ./...', 'GOFLAGS=-toolexec=./x go test ./...',
    // Not modelled (red team R14-14: their builds name code in ways a list of file kinds does not follow); cargo's
    // row (runner-rows-cargo.test.ts) fails closed on a sub-command or option outside it.
    'cargo xtask ci', 'cargo --config x.toml check -q', 'mvn -q test', 'gradle test', 'dotnet test', 'swift test',
    'cc -fplugin=./p.so -o t t.c', 'gcc -Wl,-plugin=./p.so t.c', 'cc @opts t.c', 'ctest --test-dir build', 'zig build test',
    // A shell's command text is a line of its own.
    "sh -c 'go generate ./...'", 'bash -c "GOFLAGS=-toolexec=./x go test ./..."', "sh -c 'bazel test //...'",
  ])('%s', async (hook) => {
    await checkHookRow(next(), home, { hook, files: { 'go.mod': 'module x\n' }, asks: ['src/a.go', 'src/lib.rs', 'src/A.java', 'src/a.c', 'README.md'], free: ['data/a.csv'] });
  });
});

describe('make test of a plain C project', () => {
  it('a recipe that compiles with $(CC) and runs the built program: the sources are source, the Makefile obeyed', async () => {
    await checkHookRow(next(), home, {
      hook: 'make test',
      files: { Makefile: 'CC ?= cc\nCFLAGS = -O2 -Wall\n\ntest: t\n\t./t\n\nt: t.c src/x.c\n\t$(CC) $(CFLAGS) -o t t.c src/x.c\n', 't.c': 'int main(){return 0;}\n', 'src/x.c': 'int x;\n' },
      asks: ['Makefile', 'GNUmakefile'],
      free: ['t.c', 'src/x.c', 'src/y.h'],
      content: '/* ok */\n',
    });
  });
});

describe.skipIf(!hasGo)('the real go toolchain: a --yes agent edits the code, the commit hook runs go test on it', () => {
  it('pkg/a.go written, go.mod refused, and the hook passes at the next commit', async () => {
    const root = next();
    await checkHookRow(root, home, { hook: 'go test ./...', files: { 'go.mod': 'module example.com/x\n\ngo 1.18\n', 'pkg/a.go': 'package pkg\n' }, asks: ['go.mod'], free: [] });
    const engine = await createEngine({ workspace: root, env: { HOME: home }, permissions: { home, yes: true } });
    try {
      const wrote = await engine.run({ cmd: 'write', args: { file: 'pkg/a_test.go', content: 'package pkg\n\nimport "testing"\n\nfunc TestA(t *testing.T) {}\n' } });
      expect(wrote, JSON.stringify(wrote)).toMatchObject({ ok: true });
    } finally {
      await engine.close();
    }
    git(root, 'add', '-A');
    const env = { ...process.env, HOME: home, GOCACHE: join(base, 'gocache'), GOPATH: join(base, 'gopath'), GOFLAGS: '-mod=mod', GOTOOLCHAIN: 'local', GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@x', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@x' };
    const commit = spawnSync('git', ['-C', root, 'commit', '-qm', 'x'], { env, encoding: 'utf8' });
    expect(commit.status, commit.stderr + commit.stdout).toBe(0);
    expect(readFileSync(join(root, 'go.mod'), 'utf8')).toContain('module example.com/x');
  }, 120_000);
});
