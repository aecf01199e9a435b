import { lstat } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { ProjectFiles } from './test-detect-files.js';
import type { NamedReader } from './run-script-files.js';
import { commandsOf, programOf, sha256, type ScriptReading } from './run-script-reading.js';

// What an installed package's node program (a node_modules/.bin link to a `cli.js`) loads from the folder it runs
// in (red team R20-14): mocha its `.mocharc.js`, vitest `vite.config.ts` and `vitest.workspace.ts`, jest
// `jest.config.js`, eslint `eslint.config.js`, babel `.babelrc`, many a `"<tool>"` key of package.json. Their code
// runs in the program, so an "always" keyed by the script's lines and the .bin file alone covered a config that a
// later sandboxed run or file write changes. The class: every file at the top of the run folder such a program may
// load by its name is part of the key (its change asks again): package.json, every dotfile, every name holding
// `config`, and every name starting with the program's word. More than MAX such files: no "always".
// (npm23) The same for a configuration the script line names (`mocha --config cfg/m.js`, `--config=cfg/m.js`, `-c`,
// tsc's `-p`/`--project`, `--require`...: the file, or such files of a folder it names) and for every folder above
// the run folder up to the workspace's top, where eslint, babel, prettier and others also look.

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

// Options whose value is a file a node program loads (its configuration, a module), in every spelling.
const FILE_OPTIONS = /^(?:-c|-p|-r|--config|--config-file|--configFile|--project|--require|--import|--loader|--setupFiles|--setup-files|--globalSetup|--rcfile|--resolve-plugins-relative-to)$/;

// The paths the lines of `programs` name by such options (relative to the run folder, as written).
function optionPaths(lines: readonly string[], programs: readonly string[]): string[] {
  const found: string[] = [];
  for (const words of lines.flatMap(commandsOf)) {
    const { program, rest } = programOf(words);
    if (!programs.includes(program)) continue;
    rest.forEach((word, at) => {
      const eq = word.indexOf('=');
      if (eq > 0 && FILE_OPTIONS.test(word.slice(0, eq))) found.push(word.slice(eq + 1));
      else if (FILE_OPTIONS.test(word) && rest[at + 1] !== undefined) found.push(rest[at + 1]!);
    });
  }
  return [...new Set(found)];
}

const isDir = (path: string): Promise<boolean> => lstat(path).then((stats) => stats.isDirectory(), () => false);

// Keys the run folder's files the node programs `programs` (their .bin words) may load as configuration, the files
// the shown lines name by a configuration option, and the configuration files of every folder up to the top.
export async function readBinConfigs(files: ProjectFiles, programs: readonly string[], named: NamedReader, reading: ScriptReading, lines: readonly string[] = []): Promise<void> {
  if (programs.length === 0) return;
  const who = programs.join(', ');
  const folders: ProjectFiles[] = [files];
  for (let dir = files.dir; files.jail !== undefined && files.jail.contains(dirname(dir)) && dirname(dir) !== dir; ) folders.push(await ProjectFiles.open((dir = dirname(dir)), files.jail));
  const wanted: string[] = [];
  for (const path of optionPaths(lines, programs)) {
    if (/[*?[\]$`]/.test(path)) return reading.open(`${path}: a configuration ${who} is given by a name only known at run time, not keyed`);
    if (await isDir(join(files.dir, path))) folders.push(await ProjectFiles.open(join(files.dir, path), files.jail));
    else wanted.push(path.replace(/^(?:\.\/)+/, ''));
  }
  for (const folder of folders) {
    const rel = relative(files.dir, folder.dir).split('\\').join('/');
    for (const name of [...folder.names].filter((each) => mayBeConfig(each, programs)).sort()) {
      if (!(await isDir(join(folder.dir, name)))) wanted.push(rel === '' ? name : `${rel}/${name}`);
    }
  }
  const names = [...new Set(wanted)];
  if (names.length > MAX) {
    reading.open(`${who}: a node program that may load any of ${names.length} configuration files of the folders (more than ${MAX}), not keyed`);
    return;
  }
  const keyed: string[] = [];
  for (const name of names) {
    const found = await named(name);
    if (found.kind === 'refused') {
      reading.open(`${name}: a configuration file ${who} may load, not readable here (${found.reason})`);
      return;
    }
    // A named file not there now is keyed as absent (its appearing asks again).
    reading.files.set(name, found.kind === 'missing' ? 'absent' : sha256(name === 'package.json' ? packageKey(found.text) : found.text));
    if (found.kind === 'file') keyed.push(name);
  }
  reading.add(`${who}: node programs that may load the folder's configuration; keyed: ${keyed.length > 0 ? keyed.join(', ') : '(none there now)'}`);
}
