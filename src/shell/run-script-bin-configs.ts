import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ProjectFiles } from './test-detect-files.js';
import type { NamedReader } from './run-script-files.js';
import { sha256, type ScriptReading } from './run-script-reading.js';

// What an installed package's node program (a node_modules/.bin link to a `cli.js`) loads from the folder it runs
// in (red team R20-14): mocha its `.mocharc.js`, vitest `vite.config.ts` and `vitest.workspace.ts`, jest
// `jest.config.js`, eslint `eslint.config.js`, babel `.babelrc`, many a `"<tool>"` key of package.json. Their code
// runs in the program, so an "always" keyed by the script's lines and the .bin file alone covered a config that a
// later sandboxed run or file write changes. The class: every file at the top of the run folder such a program may
// load by its name is part of the key (its change asks again): package.json, every dotfile, every name holding
// `config`, and every name starting with the program's word. More than MAX such files: no "always".

const MAX = 64;
// Dotfiles no node program loads as configuration: git's, and the caches programs write on every run (`.eslintcache`).
const NOT_CONFIG = /^(?:\.git(?:ignore|attributes|modules|keep)?|\.DS_Store|.*cache)$/i;
// package.json's fields naming what is installed, not what a program loads: an install keeps the "always".
const INSTALL_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies', 'version'];

// Whether `name` (a file at the top of the run folder) may be the configuration `programs` load.
export function mayBeConfig(name: string, programs: readonly string[]): boolean {
  if (NOT_CONFIG.test(name)) return false;
  if (name === 'package.json' || name.startsWith('.') || /config/i.test(name)) return true;
  return programs.some((program) => name.startsWith(`${program}.`));
}

// package.json as keyed: without the fields only an install reads (unparsable text is keyed whole).
function packageKey(text: string): string {
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    for (const field of INSTALL_FIELDS) delete parsed[field];
    return JSON.stringify(parsed);
  } catch {
    return text;
  }
}

// Keys the run folder's files the node programs `programs` (their .bin words) may load as configuration.
export async function readBinConfigs(files: ProjectFiles, programs: readonly string[], named: NamedReader, reading: ScriptReading): Promise<void> {
  if (programs.length === 0) return;
  const names = [...files.names].filter((name) => mayBeConfig(name, programs)).sort();
  if (names.length > MAX) {
    reading.open(`${programs.join(', ')}: a node program that may load any of ${names.length} configuration files of the folder (more than ${MAX}), not keyed`);
    return;
  }
  const keyed: string[] = [];
  for (const name of names) {
    if (await lstat(join(files.dir, name)).then((stats) => stats.isDirectory(), () => false)) continue;
    const found = await named(name);
    if (found.kind === 'missing') continue;
    if (found.kind === 'refused') {
      reading.open(`${name}: a configuration file ${programs.join(', ')} may load, not readable here (${found.reason})`);
      return;
    }
    reading.files.set(name, sha256(name === 'package.json' ? packageKey(found.text) : found.text));
    keyed.push(name);
  }
  reading.add(`${programs.join(', ')}: node programs that may load the folder's configuration; keyed: ${keyed.length > 0 ? keyed.join(', ') : '(none there now)'}`);
}
