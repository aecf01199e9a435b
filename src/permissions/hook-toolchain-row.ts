// One modelled toolchain's row (hook-toolchains.ts, hook-runner-rows.ts): a leaf, so that the rows of the runners
// kept in their own files (cargo, golangci-lint, mypy, next) and the table share it without an import circle.
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
  // Valued options naming a configuration file or folder the row's reader reads itself (pyright's `-p .`, biome's
  // `--config-path`): not obeyed whole as a place, nor followed as a script the line runs (hook-runs.ts).
  readonly reads?: readonly string[];
  // Whether an operand is a project file or folder (a compiler's sources), obeyed if a build file.
  readonly operands?: 'packages' | 'project';
  // Words before the sub-command that are not options (cargo's `+nightly`: a toolchain rustup installed in the home).
  readonly before?: RegExp;
  // Sub-commands that are programs of their own, judged by another row (`cargo deny` by cargo-deny's, `next lint`
  // by next-lint's): the words after the sub-command are that row's.
  readonly delegates?: Readonly<Record<string, string>>;
}
