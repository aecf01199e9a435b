// The mainstream build and test toolchains a hook runs (issue 26, red team F6): `go test ./...`, `cargo test`,
// `mvn -q test`, `gradle test`/`./gradlew test`, `dotnet test`, `swift test`, a C compiler. Modelled like the
// JavaScript and Python runners: the project's source and test files they compile and run are the README's
// documented limit ("the code you ask the agent to write"), and what each toolchain runs or obeys BEYOND them
// is obeyed (ONE row per toolchain, `obeyed`: names at any depth; hook-toolchain-parts.ts adds what their build
// files name: a proc-macro crate, a build-dependency, an analyzer project, a Swift macro target, a script a pom
// or project file runs). Each row also says which sub-commands and options it models: anything else (`go
// generate`, which runs every //go:generate line; `go test -exec X`; `cargo --config …`; `mvn exec:exec`;
// `dotnet test -p:…`; a variable set before the program, `GOFLAGS=-toolexec=…`) is a runner codeward does not
// model, and the whole work tree is obeyed (hook-unmodeled.ts: fail closed).

export interface Toolchain {
  // The file kinds the toolchain runs or obeys besides the project's sources (globs below the top).
  readonly obeyed: readonly string[];
  // The sub-commands (or maven phases) it models; undefined: no sub-command (a compiler).
  readonly subcommands?: readonly string[];
  // Options without a value / with a value (`-run X`, `-run=X` alike); a prefix ending in `=` or a letter
  // glued to its value (`-DskipTests`, `-O2`) is written with a trailing `*`.
  readonly flags: readonly (string | RegExp)[];
  readonly valued: readonly string[];
  // Options whose value is a folder or a file of the work tree the run is moved to or obeys (`-C dir`,
  // `--manifest-path`, `-f pom`, `-p project`, `--settings x.runsettings`).
  readonly places?: readonly string[];
  // Whether an operand is a project file or folder (dotnet, a compiler's sources), obeyed if a build file.
  readonly operands?: 'packages' | 'project';
}

const GO_TEST = ['-v', '-race', '-short', '-cover', '-json', '-failfast', '-benchmem', '-x', '-n', '-a', '-trimpath', '-buildvcs=*', '-vet=*', '-mod=*', '-count=*', '-run=*', '-skip=*', '-bench=*', '-timeout=*', '-tags=*', '-p=*', '-parallel=*', '-cpu=*', '-covermode=*', '-coverpkg=*', '-coverprofile=*', '-benchtime=*', '-shuffle=*', '-fullpath', '-o=*', '-args', '-cpuprofile=*', '-memprofile=*', '-list=*', '-work', '-modcacherw', '-fuzz=*', '-fuzztime=*', '-l', '-d', '-s', '-w', '-e', '-m', '-u', '-f=*', '-find', '-deps', '-test', '-compiled', '-export'];
const CARGO = ['-q', '--quiet', '-v', '-vv', '--verbose', '--release', '--all', '--workspace', '--all-targets', '--all-features', '--no-default-features', '--lib', '--bins', '--tests', '--benches', '--examples', '--doc', '--no-run', '--no-fail-fast', '--locked', '--frozen', '--offline', '--check', '--', '-D', '-W', '-A', '--nocapture', '--test-threads=*', '--color=*', '--message-format=*', '--features=*', '--package=*', '--profile=*', '--target=*', '--jobs=*', '--exclude=*', '--bin=*', '--test=*', '--bench=*', '--example=*', '--all-features', '--fix', '--allow-dirty', '--allow-staged', '--open', '--no-deps', '--document-private-items'];

export const TOOLCHAINS: Readonly<Record<string, Toolchain>> = {
  go: {
    // go.mod's `toolchain`/`replace` lines, the workspace file, the checksums, linked object files, vendoring.
    obeyed: ['go.mod', 'go.work', 'go.work.sum', 'go.sum', '*.syso', 'vendor/modules.txt'],
    subcommands: ['test', 'vet', 'build', 'run', 'list', 'fmt', 'version', 'env', 'mod'],
    flags: GO_TEST,
    valued: ['-run', '-skip', '-count', '-timeout', '-tags', '-p', '-parallel', '-cpu', '-bench', '-benchtime', '-covermode', '-coverpkg', '-coverprofile', '-shuffle', '-o', '-mod', '-vet', '-list', '-fuzz', '-fuzztime', '-cpuprofile', '-memprofile', '-f'],
    places: ['-C', '-modfile', '-overlay', '-pgo'],
    operands: 'packages',
  },
  cargo: {
    obeyed: ['Cargo.toml', 'Cargo.lock', 'build.rs', '.cargo/config', '.cargo/config.toml', 'rust-toolchain', 'rust-toolchain.toml', '.config/nextest.toml', '.config/nextest/*.toml'],
    subcommands: ['test', 'build', 'check', 'clippy', 'fmt', 'doc', 'bench', 'run', 'nextest', 'metadata', 'tree'],
    flags: CARGO,
    valued: ['--test-threads', '--color', '--message-format', '--features', '-F', '--package', '-p', '--profile', '--target', '--jobs', '-j', '--exclude', '--bin', '--test', '--bench', '--example', '-D', '-W', '-A', '--format-version'],
    places: ['--manifest-path', '--target-dir', '-C'],
    operands: 'packages',
  },
  mvn: {
    // Maven reads .mvn/ (extensions.xml loads code, jvm.config, maven.config's options) where it finds it.
    obeyed: ['pom.xml', '.mvn/**', 'mvnw', 'mvnw.cmd'],
    subcommands: ['test', 'verify', 'package', 'compile', 'test-compile', 'install', 'clean', 'validate', 'integration-test'],
    flags: ['-q', '--quiet', '-B', '--batch-mode', '-o', '--offline', '-e', '--errors', '-X', '--debug', '-U', '-V', '-ntp', '--no-transfer-progress', '-am', '--also-make', '-amd', '-fae', '-ff', '-DskipTests', '-DskipTests=*', '-Dtest=*', '-DfailIfNoTests=*', '-Dsurefire.failIfNoSpecifiedTests=*', '-Dmaven.test.skip=*', '-T*'],
    valued: ['-pl', '--projects', '-P', '--activate-profiles', '-T', '--threads'],
    places: ['-f', '--file', '-s', '--settings', '-gs', '--global-settings', '-t', '--toolchains'],
  },
  gradle: {
    // Build scripts, the version catalogue, init scripts and the wrapper (gradle/**), included builds
    // (buildSrc, build-logic named by settings: hook-toolchain-parts.ts), gradle.properties' JVM options.
    obeyed: ['*.gradle', '*.gradle.kts', 'gradle/**', 'gradlew', 'gradlew.bat', 'buildSrc/**', 'gradle.properties'],
    flags: ['-q', '--quiet', '-i', '--info', '--stacktrace', '-s', '--scan', '--offline', '--no-daemon', '--daemon', '--parallel', '--continue', '--build-cache', '--console=*', '--warning-mode=*', '-P*', '--rerun-tasks', '--dry-run', '-m'],
    valued: ['-x', '--exclude-task', '--tests', '--console', '--warning-mode', '--max-workers'],
    places: ['-p', '--project-dir', '-I', '--init-script'],
  },
  dotnet: {
    // MSBuild project and solution files, every imported .props/.targets (Directory.Build.*), NuGet's sources,
    // the SDK selector, local tools, run settings (data collectors load code).
    obeyed: ['*.csproj', '*.fsproj', '*.vbproj', '*.proj', '*.sln', '*.slnx', '*.slnf', '*.props', '*.targets', 'Directory.Build.rsp', 'NuGet.config', 'nuget.config', 'NuGet.Config', 'global.json', '.config/dotnet-tools.json', '*.runsettings', 'packages.lock.json'],
    subcommands: ['test', 'build', 'restore', 'run', 'format', 'clean', '--info', '--version'],
    flags: ['--no-build', '--no-restore', '--nologo', '--verify-no-changes', '--blame', '--list-tests', '-q*', '--verbosity=*', '--configuration=*', '--filter=*', '--framework=*'],
    valued: ['-c', '--configuration', '-f', '--framework', '-v', '--verbosity', '--filter', '-r', '--runtime', '--logger', '-l'],
    places: ['-s', '--settings', '--project'],
    operands: 'project',
  },
  swift: {
    // The manifest is a program; plug-ins and macro targets run at build time (hook-toolchain-parts.ts).
    obeyed: ['Package.swift', 'Package@swift-*.swift', 'Package.resolved', 'Plugins/**', '.swiftpm/**'],
    subcommands: ['test', 'build', 'run'],
    flags: ['-v', '--verbose', '--parallel', '--enable-code-coverage', '--skip-build', '-c=*', '--configuration=*'],
    valued: ['-c', '--configuration', '--filter', '--skip', '--product', '--target'],
    places: ['--package-path', '--scratch-path'],
  },
  // A C/C++ compiler (`$(CC) -o t t.c && ./t`, `make test`): its sources and headers are source; an option
  // that loads a program (`-fplugin=`, `-B`, `-wrapper`, `-specs=`, `@file`) is not modelled.
  cc: {
    obeyed: [],
    // Not `-Wl,`/`-Wa,`/`-Wp,` (a linker plug-in), not `-fplugin`.
    flags: ['-c', '-g', '-O*', /^-W[^,]*$/, '-std=*', '-I*', '-D*', '-U*', '-L*', '-l*', '-o', /^-f(?!plugin)[\w=+-]*$/, '-m*', '-pthread', '-shared', '-static', '-E', '-S', '-M', '-MM', '-MD', '-MMD', '-MP', '-pedantic', '-ansi', '-x', '-pipe'],
    valued: ['-o', '-I', '-D', '-L', '-l', '-x', '-MF', '-MT', '-include', '-isystem'],
    operands: 'project',
  },
};

// Other spellings of those programs.
const ALIASES: Readonly<Record<string, string>> = {
  gradlew: 'gradle', 'gradlew.bat': 'gradle', mvnw: 'mvn', 'mvnw.cmd': 'mvn', gcc: 'cc', clang: 'cc', 'g++': 'cc', 'c++': 'cc', 'clang++': 'cc', c99: 'cc',
};
export const toolchainName = (program: string): string | undefined => ALIASES[program] ?? (TOOLCHAINS[program] ? program : undefined);

const matches = (arg: string, list: Toolchain['flags']): boolean =>
  list.some((flag) => (typeof flag === 'string' ? flag === arg || (flag.endsWith('*') && arg.startsWith(flag.slice(0, -1))) : flag.test(arg)));

export interface ToolchainArgs {
  // Why the arguments are not modelled (the whole tree is obeyed then), or undefined.
  readonly unknown?: string;
  // The values of the place options (files obeyed), and the project operands (a project or solution file),
  // relative to the folder the tool runs in.
  readonly places: string[];
  readonly operands: string[];
}

// What the arguments of one toolchain run say (`rest`: the words after the program).
export function toolchainArgs(name: string, rest: readonly string[]): ToolchainArgs {
  const row = TOOLCHAINS[name]!;
  const places: string[] = [], operands: string[] = [];
  let sub = row.subcommands === undefined;
  let word: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    // After `--` (cargo test -- --nocapture) or `-args` (go test): the test binary's own arguments.
    if ((arg === '--' || arg === '-args') && sub) break;
    if (!sub) {
      if (arg.startsWith('-') && row.places?.includes(arg)) {
        places.push(rest[++i] ?? '');
        continue;
      }
      // Options before the sub-command (`mvn -q test`, `cargo -v test`): judged like those after it.
      if (arg.startsWith('-') && (row.valued.includes(arg) || matches(arg, row.flags))) {
        if (row.valued.includes(arg)) i++;
        continue;
      }
      if (!row.subcommands!.includes(arg)) return { unknown: `\`${name} ${arg}\` (a sub-command codeward does not model)`, places, operands };
      // `cargo nextest run`, `go mod verify`: their own word.
      if ((name === 'cargo' && arg === 'nextest') || (name === 'go' && arg === 'mod')) i++;
      sub = true;
      word = arg;
      continue;
    }
    const key = arg.replace(/=.*$/, '');
    if (arg.startsWith('-') && row.places?.includes(key)) {
      places.push(arg.includes('=') ? arg.slice(key.length + 1) : rest[++i] ?? '');
    } else if (arg.startsWith('-') && row.valued.includes(arg)) {
      i++;
    } else if (arg.startsWith('-') && !matches(arg, row.flags) && !(arg.includes('=') && row.valued.includes(key))) {
      return { unknown: `\`${name} … ${arg}\` (an option codeward does not model)`, places, operands };
    } else if (arg.startsWith('@')) {
      // A response file: more options, read at run time.
      return { unknown: `\`${name} ${arg}\` (options read from a file)`, places, operands };
    } else if (!arg.startsWith('-') && row.operands === 'project') {
      operands.push(arg);
    } else if (!arg.startsWith('-') && word === 'run' && row.operands === 'packages') {
      // `go run ./cmd/x -flag`, `cargo run -- x`: what follows the program is its own.
      break;
    } else if (!arg.startsWith('-') && name === 'mvn' && /:/.test(arg)) {
      // A plugin goal (`exec:exec`, `antrun:run`): runs what the pom or the command line says.
      return { unknown: `\`mvn ${arg}\` (a plug-in goal codeward does not model)`, places, operands };
    }
  }
  return sub ? { places, operands } : { unknown: `\`${name}\` without a sub-command codeward models`, places, operands };
}
