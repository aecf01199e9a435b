// What a package manager's sub-command runs of the package's scripts (red team R19-4: `npm isntall`, `npm it`,
// `npm rebuild`, `npm up`, `npm pack` ... ran the lifecycle scripts of local packages while the install row matched
// `install|i|ci|add` only). One table, npm's own alias list (its cmd-list) with pnpm's, yarn's and bun's
// install-like commands: each sub-command maps to the scripts it runs; an npm sub-command in no row is not
// modelled (a new one may run scripts), so the line fails closed.
const LIFECYCLE = ['preinstall', 'install', 'postinstall', 'prepare'];
const TEST = ['pretest', 'test', 'posttest'];

// Sub-commands that install (or re-link, update, rebuild) packages: lifecycle scripts of the root and local packages.
const INSTALLS = new Set(`install i in ins inst insta instal isnt isnta isntal isntall add ci clean-install ic install-clean
  isntall-clean rebuild rb update up upgrade udpate dedupe ddp link ln uninstall unlink remove rm r un prune import
  install-test it install-ci-test cit clean-install-test sit`.split(/\s+/));
// Those of them that then run the test script.
const THEN_TEST = new Set(['install-test', 'it', 'install-ci-test', 'cit', 'clean-install-test', 'sit']);
// Other sub-commands that run the root package's scripts by name.
const RUNS: Readonly<Record<string, readonly string[]>> = {
  pack: ['prepack', 'prepare', 'postpack'],
  publish: ['prepublishOnly', 'prepack', 'prepare', 'postpack', 'publish', 'postpublish'],
  version: ['preversion', 'version', 'postversion'],
  restart: ['prerestart', 'restart', 'postrestart', 'prestop', 'stop', 'poststop', 'prestart', 'start', 'poststart'],
};
// npm sub-commands that run none of the package's scripts (reading the registry, the configuration, the tree).
// `exec`/`x`/`run` are read elsewhere (hook-bins.ts, the script row).
const NO_SCRIPTS = new Set(`ls list la ll view v info show outdated audit config c get set whoami help doctor fund explain why
  query sbom pkg search s se find cache prefix root bin completion docs home repo bugs owner author team token access
  deprecate dist-tag star unstar stars login logout adduser add-user org ping diff profile exec x run run-script rum urn
  help-search hooks shrinkwrap`.split(/\s+/));

export interface PmCommand {
  // The scripts of the package it runs (with their pre/post), in order.
  readonly names: string[];
  // Why the sub-command is not modelled (an npm sub-command in no row).
  readonly unknown?: string;
}

// The scripts `sub` (the manager's first operand; undefined for a bare `npm`/`yarn`) runs for `manager`.
export function pmCommand(manager: string, sub: string | undefined, next: string | undefined): PmCommand {
  if (sub === undefined || INSTALLS.has(sub)) return { names: [...LIFECYCLE, ...(sub !== undefined && THEN_TEST.has(sub) ? TEST : [])] };
  if (Object.hasOwn(RUNS, sub)) return { names: [...RUNS[sub]!] };
  if (['run', 'run-script', 'rum', 'urn'].includes(sub)) return { names: next === undefined ? [] : [`pre${next}`, next, `post${next}`] };
  const alias = Object.hasOwn(ALIASES, sub) ? ALIASES[sub] : undefined;
  if (alias !== undefined) return { names: [`pre${alias}`, alias, `post${alias}`] };
  // yarn, pnpm and bun run a script by its name (`yarn lint`).
  if (manager !== 'npm') return { names: [`pre${sub}`, sub, `post${sub}`] };
  // A word that is no sub-command's spelling is an option's value (`npm --script-shell tools/sh test`): other rows.
  if (NO_SCRIPTS.has(sub) || !/^[a-z][a-z-]*$/.test(sub)) return { names: [] };
  return { names: [], unknown: `\`npm ${sub}\` (a sub-command codeward does not model: it may run the package's scripts)` };
}

const ALIASES: Readonly<Record<string, string>> = { t: 'test', tst: 'test', test: 'test', start: 'start', stop: 'stop' };
