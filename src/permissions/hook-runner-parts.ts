// What the runners of hook-runner-rows.ts and hook-runner-rows-more.ts run beyond the project's sources, read from
// their build and configuration files (issue 26, red team F1-F4, red team 18 F1-F4): ONE reader per runner, each in
// its own file. A reader obeys the files it finds named (walk.files: a folder is obeyed whole) and sets the walk's
// `unmodeled` (the whole tree is obeyed then) for what it cannot read: a file that does not parse, a key or a form
// it does not understand.
import type { ToolchainArgs } from './hook-toolchains.js';
import type { Walk } from './hook-walk.js';
import { cargoParts } from './hook-runner-cargo.js';
import { cargoConfigs } from './hook-runner-cargo-config.js';
import { golangciParts } from './hook-runner-golangci.js';
import { mypyParts } from './hook-runner-mypy.js';
import { nextParts } from './hook-runner-next.js';
import { pylintParts } from './hook-runner-pylint.js';
import { flake8Parts } from './hook-runner-flake8.js';
import { pyrightParts } from './hook-runner-pyright.js';
import { biomeParts } from './hook-runner-biome.js';
import { knipParts } from './hook-runner-knip.js';

// `from`: the folder the runner runs in; `rest`: the words after the program.
export type RunnerReader = (walk: Walk, from: string, args: ToolchainArgs, rest: readonly string[]) => void;

export const RUNNER_READERS: Readonly<Record<string, RunnerReader>> = {
  cargo: cargoParts, 'golangci-lint': golangciParts, mypy: mypyParts, next: nextParts,
  // `cargo deny` runs `cargo metadata`: cargo's configuration and toolchain files, no build script (its deny.toml
  // at any depth is the row's); an `[alias] deny` shadows it.
  'cargo-deny': (walk, from) => cargoConfigs(walk, from, 'deny'),
  pylint: pylintParts, flake8: flake8Parts, pyright: pyrightParts, biome: biomeParts, knip: knipParts,
  // `next lint` loads next.config (its `eslint` settings) and runs ESLint with the project's configuration: read as
  // the build reads them (next.config and what it loads, the ESLint configuration).
  'next-lint': (walk, from, args, rest) => nextParts(walk, from, { ...args, subcommand: 'build' }, rest.filter((word) => word !== '--no-lint')),
};
