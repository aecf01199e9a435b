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

describe('a hook runs a mainstream toolchain: sources free under --yes, what the toolchain obeys beyond them C241', () => {
  it.each([
    ['go test ./...', { 'go.mod': 'module x\n', 'pkg/a.go': 'package pkg\n' }, ['go.mod', 'go.work', 'go.sum', 'sub/go.mod', 'pkg/x.syso', 'vendor/modules.txt'], ['pkg/a.go', 'pkg/a_test.go', 'cmd/new/main.go', 'README.md']],
    ['go vet ./... && go test -race -count=1 ./...', { 'go.mod': 'module x\n' }, ['go.mod', 'go.work'], ['pkg/a.go', 'internal/b/b_test.go']],
    ['cargo test', { 'Cargo.toml': '[package]\nname = "x"\n', 'src/lib.rs': '#![doc = include_str!("../README.md")]\npub fn f() {}\n', 'README.md': '# x\n' }, ['Cargo.toml', 'build.rs', '.cargo/config.toml', 'rust-toolchain.toml', 'rust-toolchain', 'Cargo.lock', 'crates/b/Cargo.toml', 'crates/b/.cargo/config', 'README.md'], ['src/lib.rs', 'src/new.rs', 'tests/it.rs', 'docs/guide.md']],
    ['mvn -q test', { 'pom.xml': '<project/>\n' }, ['pom.xml', 'mod/pom.xml', '.mvn/extensions.xml', '.mvn/jvm.config', '.mvn/maven.config', 'mvnw', '.mvn/wrapper/maven-wrapper.properties'], ['src/main/java/A.java', 'src/test/java/ATest.java']],
    ['gradle test', { 'build.gradle': '\n' }, ['build.gradle', 'app/build.gradle.kts', 'settings.gradle', 'gradle/libs.versions.toml', 'gradle/wrapper/gradle-wrapper.properties', 'gradlew', 'buildSrc/src/main/kotlin/C.kt', 'gradle.properties'], ['src/main/kotlin/A.kt', 'app/src/test/java/T.java']],
    ['./gradlew test', { gradlew: '#!/bin/sh\nexec "$JAVACMD" "$@"\n', 'build.gradle.kts': '\n' }, ['build.gradle.kts', 'gradle/wrapper/gradle-wrapper.properties', 'gradle.properties'], ['src/main/kotlin/A.kt']],
    ['dotnet test', { 'T.csproj': '<Project/>\n' }, ['T.csproj', 'tests/U.fsproj', 'x.sln', 'Directory.Build.props', 'src/Directory.Build.targets', 'Directory.Packages.props', 'NuGet.config', 'global.json', '.config/dotnet-tools.json', 'build/x.targets', 'test.runsettings'], ['src/A.cs', 'tests/UnitTest1.cs']],
    ['swift test', { 'Package.swift': '// swift-tools-version:5.9\n' }, ['Package.swift', 'Package@swift-5.9.swift', 'Package.resolved', 'Plugins/Gen/plugin.swift'], ['Sources/x/x.swift', 'Tests/xTests/t.swift']],
  ])('%s', async (hook, files, asks, free) => {
    await checkHookRow(next(), home, { hook, files, asks, free, content: '// ok\n' });
  });
});

describe('spellings of a modelled go run: sources free, go.mod at any depth and go.work obeyed', () => {
  it.each(["sh -c 'go test ./...'", 'cd sub && go test -C .. ./...', 'go test ./... -args -x', 'time go test ./...', 'go  test  ./...  2>&1 | tee out.log', 'go run ./cmd/gen -o x', 'npx --yes go test'])('%s', async (hook) => {
    await checkHookRow(next(), home, { hook, files: { 'go.mod': 'module x\n', 'sub/.keep': '' }, asks: ['go.mod', 'sub/go.mod', 'go.work'], free: ['src/a.go'], content: '// ok\n' });
  });
});

describe('what the build files make a toolchain run besides the sources', () => {
  it('cargo: a proc-macro crate, a path build-dependency, a named build script and its modules, a file a crate root includes', async () => {
    await checkHookRow(next(), home, {
      hook: 'cargo test --workspace',
      files: {
        'Cargo.toml': '[workspace]\nmembers = ["app", "macros"]\n',
        'app/Cargo.toml': '[package]\nname = "app"\nbuild = "tools/gen.rs"\n\n[build-dependencies]\nhelper = { path = "../helper" }\n\n[dependencies]\nmacros = { path = "../macros" }\n',
        'app/src/main.rs': 'include!("../gen/table.rs");\n#[path = "../extra/x.rs"]\nmod x;\nfn main() {}\n',
        'macros/Cargo.toml': '[package]\nname = "macros"\n\n[lib]\nproc-macro = true\n',
        'macros/src/lib.rs': '',
        'helper/Cargo.toml': '[package]\nname = "helper"\n',
      },
      asks: ['macros/src/lib.rs', 'macros/src/new.rs', 'helper/src/lib.rs', 'app/tools/gen.rs', 'app/tools/util.rs', 'app/gen/table.rs', 'app/extra/x.rs'],
      free: ['app/src/main.rs', 'app/src/lib2.rs', 'app/tests/it.rs'],
      content: '// ok\n',
    });
  });

  it('MSBuild: an analyzer or source-generator project; Swift: a macro target; Gradle: an included build; a pom: the script it runs', async () => {
    await checkHookRow(next(), home, {
      hook: 'dotnet test && swift build && gradle check && mvn verify',
      files: {
        'App/App.csproj': '<Project><ItemGroup><ProjectReference Include="..\\Gen\\Gen.csproj" OutputItemType="Analyzer" ReferenceOutputAssembly="false" /></ItemGroup></Project>\n',
        'Package.swift': 'let p = Package(name: "m", targets: [.macro(name: "MMacros"), .target(name: "M")])\n',
        'settings.gradle.kts': 'pluginManagement { includeBuild("build-logic") }\n',
        'pom.xml': '<project><build><plugins><plugin><configuration><executable>scripts/gen.sh</executable></configuration></plugin></plugins></build></project>\n',
      },
      asks: ['Gen/Generator.cs', 'Sources/MMacros/Impl.swift', 'build-logic/src/main/kotlin/conv.kts', 'scripts/gen.sh'],
      free: ['App/Program.cs', 'Sources/M/m.swift'],
      content: '// ok\n',
    });
  });
});

describe('fail closed: a sub-command, option or variable a toolchain row does not model obeys the whole tree', () => {
  it.each([
    'go generate ./...', 'go install ./cmd/x', 'go test -exec ./wrap ./...', 'go test -toolexec=./x ./...', 'go vet -vettool=./v ./...', 'GOFLAGS=-toolexec=./x go test ./...',
    'env RUSTC_WRAPPER=./w cargo test', 'cargo --config build.rustc="./r" test', 'cargo +nightly test', 'cargo xtask ci',
    'mvn exec:exec', 'mvn -Dexec.executable=./x test', 'gradle test -Dorg.gradle.jvmargs=-javaagent:x.jar', 'gradle -c other.gradle test',
    'dotnet test -p:VSTestTestAdapterPath=x', 'dotnet tool run x', 'swift package plugin x', 'swift test --toolchain ./t',
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
