// What the runners of hook-runner-rows.ts run beyond the project's sources, read from their build and
// configuration files (issue 26, red team F1-F4): ONE reader per runner, each in its own file. A reader obeys the
// files it finds named (walk.files: a folder is obeyed whole) and sets the walk's `unmodeled` (the whole tree is
// obeyed then) for what it cannot read: a file that does not parse, a key or a form it does not understand.
import type { ToolchainArgs } from './hook-toolchains.js';
import type { Walk } from './hook-walk.js';
import { cargoParts } from './hook-runner-cargo.js';
import { golangciParts } from './hook-runner-golangci.js';
import { mypyParts } from './hook-runner-mypy.js';
import { nextParts } from './hook-runner-next.js';

// `from`: the folder the runner runs in; `rest`: the words after the program.
export type RunnerReader = (walk: Walk, from: string, args: ToolchainArgs, rest: readonly string[]) => void;

export const RUNNER_READERS: Readonly<Record<string, RunnerReader>> = { cargo: cargoParts, 'golangci-lint': golangciParts, mypy: mypyParts, next: nextParts };
