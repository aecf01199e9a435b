import { join } from 'node:path';
import { isTable } from './hook-runner-config.js';

// The hooks a fresh clone's `npm install` installs (red team R20-21): husky (`"prepare": "husky"`: core.hooksPath =
// .husky/_, which runs `.husky/<hook>`), lefthook (its npm package installs the hooks on postinstall; or `lefthook
// install` in a lifecycle script), simple-git-hooks (`postinstall: simple-git-hooks`: package.json's
// `simple-git-hooks` lines) and pre-commit (`pre-commit install` in a lifecycle script). Before the install no hook
// is there, so what they name was free, and the install the person runs next makes it what every commit runs. Read as
// the installed hooks are (obeyed-hooks.ts hookReached): the package.json of the work tree's top decides. A hook
// manager's config with no installer there (a person's own `pre-commit install` later) is read once installed.
const LIFECYCLE = ['preinstall', 'install', 'postinstall', 'prepare', 'prepublish'];

const textsOf = (value: unknown): string[] => (isTable(value) ? Object.values(value).filter((one): one is string => typeof one === 'string') : []);

export interface PendingHooks {
  // Hook scripts (absolute) the installed manager runs: `.husky/<hook>`.
  readonly scripts: string[];
  // Command lines the installed hooks run (`lefthook run`, `pre-commit run`, simple-git-hooks' lines).
  readonly lines: string[];
}

export function pendingHooks(top: string, names: readonly string[], read: (path: string) => string | undefined): PendingHooks {
  const out: PendingHooks = { scripts: [], lines: [] };
  let pkg: unknown;
  try {
    pkg = JSON.parse(read(join(top, 'package.json')) ?? 'null');
  } catch {
    return out;
  }
  if (!isTable(pkg)) return out;
  const scripts = isTable(pkg['scripts']) ? pkg['scripts'] : {};
  const lifecycle = LIFECYCLE.map((name) => scripts[name]).filter((one): one is string => typeof one === 'string').join('\n');
  const deps = new Set([...Object.keys(isTable(pkg['dependencies']) ? pkg['dependencies'] : {}), ...Object.keys(isTable(pkg['devDependencies']) ? pkg['devDependencies'] : {})]);
  if (/\bhusky\b/.test(lifecycle)) out.scripts.push(...names.map((name) => join(top, '.husky', name)));
  // husky 4 installs its hooks itself and runs package.json's `husky.hooks` lines.
  if (deps.has('husky') || /\bhusky\b/.test(lifecycle)) out.lines.push(...textsOf(isTable(pkg['husky']) ? pkg['husky']['hooks'] : undefined));
  if (deps.has('lefthook') || deps.has('@evilmartians/lefthook') || /\blefthook\b/.test(lifecycle)) out.lines.push('lefthook run');
  if (/\bsimple-git-hooks\b/.test(lifecycle)) out.lines.push(...textsOf(pkg['simple-git-hooks']));
  if (/\bpre-commit\s+install\b/.test(lifecycle)) out.lines.push('pre-commit run');
  return out;
}
