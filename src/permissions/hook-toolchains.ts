// The mainstream toolchains a hook runs that are modelled (issue 26, red team F6): `go test ./...` and a C
// compiler (`make test` of a C project). Like the JavaScript and Python runners, the project's source and test
// files they compile and run are the README's documented limit ("the code you ask the agent to write"), and
// what each runs or obeys BEYOND them is obeyed (ONE row per toolchain, `obeyed`: names at any depth). Each row
// also says which sub-commands and options it models: anything else (`go generate`, which runs every
// //go:generate line; `go test -exec X`; a variable set before the program, `GOFLAGS=-toolexec=…`) is a runner
// codeward does not model, and the whole work tree is obeyed (hook-unmodeled.ts: fail closed).
// Maven, gradle, dotnet and swift are NOT modelled: rows listing what their builds run beyond the sources were
// tried and attacked (red team R14-14: surefire argLine agents, exec plug-ins, included builds, .csproj.user
// imports, build-tool plug-ins), so they stay with the whole-tree rule. cargo's row (hook-runner-rows.ts) READS
// the build files instead of listing kinds (hook-runner-cargo*.ts), as do golangci-lint's, mypy's and next's.
import type { Toolchain } from './hook-toolchain-row.js';
import { RUNNER_ROWS } from './hook-runner-rows.js';
import { MORE_ROWS } from './hook-runner-rows-more.js';

export type { Toolchain };

const GO_TEST = ['-v', '-race', '-short', '-cover', '-json', '-failfast', '-benchmem', '-x', '-n', '-a', '-trimpath', '-buildvcs=*', '-vet=*', '-mod=*', '-count=*', '-run=*', '-skip=*', '-bench=*', '-timeout=*', '-tags=*', '-p=*', '-parallel=*', '-cpu=*', '-covermode=*', '-coverpkg=*', '-coverprofile=*', '-benchtime=*', '-shuffle=*', '-fullpath', '-o=*', '-args', '-cpuprofile=*', '-memprofile=*', '-list=*', '-work', '-modcacherw', '-fuzz=*', '-fuzztime=*', '-l', '-d', '-s', '-w', '-e', '-m', '-u', '-f=*', '-find', '-deps', '-test', '-compiled', '-export'];

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
  // A C/C++ compiler (`$(CC) -o t t.c && ./t`, `make test`): its sources and headers are source; an option
  // that loads a program (`-fplugin=`, `-B`, `-wrapper`, `-specs=`, `@file`) is not modelled.
  cc: {
    obeyed: [],
    // Not `-Wl,`/`-Wa,`/`-Wp,` (a linker plug-in), not `-fplugin`.
    flags: ['-c', '-g', '-O*', /^-W[^,]*$/, '-std=*', '-I*', '-D*', '-U*', '-L*', '-l*', '-o', /^-f(?!plugin)[\w=+-]*$/, '-m*', '-pthread', '-shared', '-static', '-E', '-S', '-M', '-MM', '-MD', '-MMD', '-MP', '-pedantic', '-ansi', '-x', '-pipe'],
    valued: ['-o', '-I', '-D', '-L', '-l', '-x', '-MF', '-MT', '-include', '-isystem'],
    operands: 'project',
  },
  // cargo, golangci-lint, mypy, next (issue 26, red team F1-F4): rows whose build or configuration files are read
  // by their own reader (hook-runner-parts.ts).
  ...RUNNER_ROWS,
  // staticcheck, cargo-deny, pyright, pylint, flake8, biome, knip, next lint (issue 26, red team 18 F1-F4).
  ...MORE_ROWS,
};

// Other spellings of those programs.
const ALIASES: Readonly<Record<string, string>> = {
  gcc: 'cc', clang: 'cc', 'g++': 'cc', 'c++': 'cc', 'clang++': 'cc', c99: 'cc',
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
  // The sub-command given (`cargo fmt`: no build script runs).
  readonly subcommand?: string;
  // The row that judged the words after a delegated sub-command (`cargo deny check`: cargo-deny).
  readonly runner?: string;
}

// What the arguments of one toolchain run say (`rest`: the words after the program).
export function toolchainArgs(name: string, rest: readonly string[]): ToolchainArgs {
  const row = TOOLCHAINS[name]!;
  const places: string[] = [], operands: string[] = [];
  let sub = row.subcommands === undefined;
  let word: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    // After `--` or `-args` (go test): the test binary's own arguments.
    if ((arg === '--' || arg === '-args') && sub) break;
    if (!sub) {
      if (arg.startsWith('-') && row.places?.includes(arg)) {
        places.push(rest[++i] ?? '');
        continue;
      }
      // Options before the sub-command (`go -C dir test`): judged like those after it.
      if ((arg.startsWith('-') && (row.valued.includes(arg) || matches(arg, row.flags))) || row.before?.test(arg) === true) {
        if (row.valued.includes(arg)) i++;
        continue;
      }
      const delegate = row.delegates?.[arg];
      if (delegate !== undefined) {
        const inner = toolchainArgs(delegate, rest.slice(i + 1));
        return { ...inner, places: [...places, ...inner.places], operands: [...operands, ...inner.operands], runner: inner.runner ?? delegate };
      }
      if (!row.subcommands!.includes(arg)) return { unknown: `\`${name} ${arg}\` (a sub-command codeward does not model)`, places, operands };
      // `go mod verify`: its own word.
      if (name === 'go' && arg === 'mod') i++;
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
      // `go run ./cmd/x -flag`: what follows the program is its own.
      break;
    }
  }
  return sub ? { places, operands, ...(word === undefined ? {} : { subcommand: word }) } : { unknown: `\`${name}\` without a sub-command codeward models`, places, operands };
}
