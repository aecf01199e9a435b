// What a package manager's sub-command runs of the package's scripts (red team R19-4: `npm isntall`, `npm it`,
// `npm rebuild` ... ran the lifecycle scripts of local packages while the install row matched `install|i|ci|add`
// only; R20-4: `npm installTest`, `pnpm m i`, `pnpm deploy`, `yarn workspaces focus`, `bun a`, `bun pm trust` were read
// by a regex of their own or as script names). One table: npm's word is resolved by npm's own resolver
// (canonical-npm.ts: camelCase, aliases, unique prefixes), pnpm's, yarn's and bun's by their alias lists; each
// command maps to the scripts it runs. A manager's built-in command in no row is not modelled (a new one may run
// scripts), so the line fails closed; pnpm, yarn and bun read any other word as a script's name.
import { npmCommand } from './canonical-npm.js';

// The root package's scripts a command that changes node_modules runs, in npm's order (red team R26-11: npm's
// `dependencies` trio runs "after any operations that modify the node_modules directory", `npm uninstall`/`rm`/`prune`
// too, npm docs "Life Cycle Operation Order"; checked with npm 11.19). shell/run-scripts.ts reads the same rows.
const LIFECYCLE = ['preinstall', 'install', 'postinstall', 'prepublish', 'preprepare', 'prepare', 'postprepare', 'predependencies', 'dependencies', 'postdependencies'];
const TEST = ['pretest', 'test', 'posttest'];
const words = (text: string): string[] => text.trim().split(/\s+/);
const table = (text: string, value: Row): Record<string, Row> => Object.fromEntries(words(text).map((word) => [word, value]));

// A row: the scripts run (`install`: the lifecycle scripts of the root and local packages), `run` (the next word
// names the script), `none`, `unknown` (a built-in codeward does not model), or a function of the words after it.
type Row = 'install' | 'install-test' | 'run' | 'none' | 'unknown' | readonly string[] | ((rest: readonly string[], manager: string) => PmCommand);

const RUNS = {
  pack: ['prepack', 'prepare', 'postpack'],
  publish: ['prepublishOnly', 'prepack', 'prepare', 'postpack', 'publish', 'postpublish'],
  version: ['preversion', 'version', 'postversion'],
  restart: ['prerestart', 'restart', 'postrestart', 'prestop', 'stop', 'poststop', 'prestart', 'start', 'poststart'],
  test: TEST,
  start: ['prestart', 'start', 'poststart'],
  stop: ['prestop', 'stop', 'poststop'],
};

// npm's commands by their canonical names (canonical-npm.ts). `audit fix` reifies the tree (an install); `edit`
// rebuilds the edited package; `init <initializer>` runs a package (`npm exec create-X`).
const NPM: Readonly<Record<string, Row>> = {
  ...table('install ci update dedupe link uninstall prune rebuild edit', 'install'),
  ...table('install-test install-ci-test', 'install-test'),
  ...table(`access adduser bugs cache completion config deprecate diff dist-tag docs doctor explain find-dupes fund get help
    help-search ll login logout ls org outdated owner ping pkg prefix profile query repo root sbom search set shrinkwrap star stars
    team token undeprecate unpublish unstar view whoami exec explore`, 'none'),
  ...RUNS,
  run: 'run',
  audit: (rest) => (rest.includes('fix') ? { names: LIFECYCLE } : { names: [] }),
  init: (rest) => (rest.length === 0 ? { names: [] } : { names: [], unknown: 'npm init <initializer> (runs a package codeward does not read)' }),
};

// pnpm's commands and aliases (pnpm 9/10 `pnpm help`). `m`/`multi`/`recursive` run the next command in every package.
const PNPM: Readonly<Record<string, Row>> = {
  ...table('install i add update up upgrade remove rm uninstall un link ln unlink dislink import rebuild rb prune dedupe deploy patch-commit patch-remove approve-builds', 'install'),
  ...table('install-test it', 'install-test'),
  ...table(`exec dlx list ls la ll outdated why licenses config c get set store root bin env setup init server doctor audit help
    self-update cat-file cat-index find-hash ignored-builds patch fetch sbom`, 'none'),
  ...table('create node', 'unknown'),
  ...RUNS,
  t: TEST,
  tst: TEST,
  run: 'run',
  'run-script': 'run',
  ...table('recursive m multi', (rest, manager) => (rest.length === 0 ? { names: LIFECYCLE } : pmCommand(manager, rest))),
};

// yarn's (1 and 2+). `global add`, `workspaces focus`, `workspace W <command>`, `workspaces foreach <command>` run
// the command they name (a workspace's own scripts: hook-workspaces.ts).
const YARN: Readonly<Record<string, Row>> = {
  ...table('install add up upgrade upgrade-interactive remove link unlink import dedupe rebuild autoclean', 'install'),
  ...table(`exec dlx node audit info list why config cache bin init login logout outdated check help licenses owner tag team
    explain constraints patch generate-lock-entry stage`, 'none'),
  ...table('create plugin set sdks npm policies', 'unknown'),
  ...RUNS,
  run: 'run',
  global: (rest) => ({ names: rest.length > 0 && YARN[rest[0]!] === 'install' ? LIFECYCLE : [] }),
  workspace: (rest, manager) => pmCommand(manager, rest.slice(1)),
  workspaces: (rest, manager) => (rest[0] === 'focus' ? { names: LIFECYCLE } : rest[0] === 'foreach' ? pmCommand(manager, rest.slice(1)) : { names: [] }),
  'patch-commit': 'install',
};

// bun's. `bun pm trust` runs the blocked lifecycle scripts; `bun test` is bun's own runner.
const BUN: Readonly<Record<string, Row>> = {
  ...table('install i add a remove rm update link unlink patch patch-commit', 'install'),
  ...table('x exec build repl init outdated audit info why help', 'none'),
  ...table('create c upgrade', 'unknown'),
  pack: RUNS.pack,
  publish: RUNS.publish,
  test: TEST,
  run: 'run',
  pm: (rest) => (rest.includes('trust') ? { names: LIFECYCLE } : { names: [] }),
};

const TABLES: Readonly<Record<string, Readonly<Record<string, Row>>>> = { npm: NPM, pnpm: PNPM, yarn: YARN, bun: BUN };

export interface PmCommand {
  // The scripts of the package it runs (with their pre/post), in order.
  readonly names: string[];
  // Why the sub-command is not modelled (a built-in in no row).
  readonly unknown?: string;
  // The word is no command of this npm (one reading among others may drop it).
  readonly refused?: boolean;
}

// The scripts a manager's sub-command `word` runs when it changes node_modules (the table's install rows, npm's word
// resolved as npm does: `npm rm`, `npm isntall`); undefined for any other.
export function installScripts(manager: string, word: string): readonly string[] | undefined {
  const sub = manager === 'npm' ? npmCommand(word) : word;
  const row = sub !== undefined && Object.hasOwn(TABLES[manager] ?? {}, sub) ? TABLES[manager]![sub] : undefined;
  return row === 'install' ? LIFECYCLE : row === 'install-test' ? [...LIFECYCLE, ...TEST] : undefined;
}

// The scripts `operands` (the manager's words that are not options, from its sub-command; [] for a bare
// `npm`/`yarn`) run for `manager`.
export function pmCommand(manager: string, operands: readonly string[]): PmCommand {
  const [word, ...rest] = operands;
  if (word === undefined) return { names: LIFECYCLE };
  const rows = TABLES[manager] ?? {};
  // npm resolves its word (`installTest`, `isntall`, `run-s`); a word npm 11 does not resolve it refuses, a later
  // npm may not: not modelled, unless another reading of the line (hook-pm-options.ts) takes it as an option's value.
  const sub = manager === 'npm' ? npmCommand(word) : word;
  if (sub === undefined) return { names: [], unknown: `\`npm ${word}\` (a word npm 11 does not resolve to a command)`, refused: true };
  const row = Object.hasOwn(rows, sub) ? rows[sub]! : undefined;
  if (row === undefined) {
    if (manager !== 'npm') return { names: [`pre${sub}`, sub, `post${sub}`] };
    return { names: [], unknown: `\`npm ${word}\` (a sub-command codeward does not model: it may run the package's scripts)` };
  }
  if (row === 'install') return { names: LIFECYCLE };
  if (row === 'install-test') return { names: [...LIFECYCLE, ...TEST] };
  if (row === 'none') return { names: [] };
  if (row === 'run') return { names: rest[0] === undefined ? [] : [`pre${rest[0]}`, rest[0], `post${rest[0]}`] };
  if (row === 'unknown') return { names: [], unknown: `\`${manager} ${word}\` (a built-in command codeward does not model: it may run the package's scripts)` };
  if (typeof row === 'function') return row(rest, manager);
  return { names: [...row] };
}
