import { lstat, realpath } from 'node:fs/promises';
import { METADATA_MAX, readGitMetadataOr, unreadWhy } from '../git/config-read.js';
import { keyMayBe, npmIni } from '../engine/npm-ini.js';
import { dirname, join, relative } from 'node:path';
import type { ProjectFiles } from './test-detect-files.js';
import { readNamedFiles, shebangShell, type NamedReader } from './run-script-files.js';
import { commandsOf, type ScriptReading } from './run-script-reading.js';
import { readBinConfigs } from './run-script-bin-configs.js';
import { LOADS } from './run-script-pm-config.js';

// What a package manager runs the shown script lines WITH (red team R18-10): npm runs each line through its
// `script-shell` (default `sh`, looked up on the script's PATH), with `node-options` in NODE_OPTIONS, and puts
// node_modules/.bin of the folder and every folder above it first on PATH, so a word `sh` or `vitest` in a
// shown line may be a repository file. The reading shows and keys the effective settings from every level npm
// reads (the project's .npmrc, the user's, the global one, npm_config_* in the environment), the file a
// script-shell names, and for each word of a shown line the node_modules/.bin file it resolves to (absence
// keys too: a new file changes the key). What cannot be read makes the reading unknown (no "always").

const SETTINGS = ['script-shell', 'node-options'] as const;
// Files other package managers read their settings from: not read here, so their presence is unknown.
const OTHER_CONFIG = ['.yarnrc', '.yarnrc.yml', 'bunfig.toml', '.pnpmfile.cjs'];

type Level = { readonly name: string; readonly text: string | undefined };

// The levels npm reads, lowest precedence first; undefined text: not there. A level that exists but cannot be
// read throws (the caller says unknown): read by the metadata reader (regular files only, non-blocking,
// size-capped), as a FIFO planted as the user's or the global npmrc would block a plain read (guess19).
async function outsideText(path: string): Promise<string | undefined> {
  const got = readGitMetadataOr(path);
  if (typeof got === 'object') return got.text;
  if (got === 'absent') return undefined;
  throw new Error(`${unreadWhy(path, got, METADATA_MAX) ?? path}: npm reads it, codeward cannot`);
}

const envValue = (key: string): string | undefined => {
  const name = `npm_config_${key.replace(/-/g, '_')}`;
  const found = Object.keys(process.env).find((each) => each.toLowerCase() === name);
  return found === undefined ? undefined : process.env[found];
};

// The settings npm reads from one npmrc (npm's ini, engine/npm-ini.ts: `script-shell=x ; note` is `x`); the last
// one set wins. One set inside a `[section]` is not read here: how npm applies it is not modelled (unknown), nor
// one whose key names an environment variable and may be a setting's in another environment (`script-${X?}shell`).
function settingsIn(text: string): { found: Map<string, string>; sectioned?: string } {
  const found = new Map<string, string>();
  for (const entry of npmIni(text)) {
    const { section, key, value } = entry;
    if (entry.template !== undefined && keyMayBe(entry, [...SETTINGS, ...MOVING_NPMRC])) return { found, sectioned: `${entry.template}: a key set from the environment` };
    if (!(SETTINGS as readonly string[]).includes(key.toLowerCase())) continue;
    if (section !== '') return { found, sectioned: `[${section}] ${key} inside a section` };
    found.set(key.toLowerCase(), value === true ? 'true' : value);
  }
  return { found };
}

async function levels(files: ProjectFiles): Promise<Level[]> {
  const prefix = envValue('prefix') ?? dirname(dirname(process.execPath));
  const home = process.env['HOME'];
  return [
    { name: 'global npmrc', text: await outsideText(envValue('globalconfig') ?? join(prefix, 'etc', 'npmrc')) },
    { name: 'user .npmrc', text: home === undefined && envValue('userconfig') === undefined ? undefined : await outsideText(envValue('userconfig') ?? join(home!, '.npmrc')) },
    { name: 'project .npmrc', text: files.has('.npmrc') ? ((await files.text('.npmrc')) ?? (() => { throw new Error('.npmrc: not readable here'); })()) : undefined },
  ];
}

// The node_modules/.bin folders on npm's PATH, in its order: the run folder's, then each folder's above it.
async function binFolders(folder: string): Promise<string[]> {
  const found: string[] = [];
  for (let dir = folder; ; dir = dirname(dir)) {
    const bin = join(dir, 'node_modules', '.bin');
    if (await lstat(bin).then(() => true, () => false)) found.push(bin);
    if (dirname(dir) === dir) return found;
  }
}

// The file a bare program word resolves to on npm's PATH: the first node_modules/.bin holding it.
// Whether it is an installed package's node program (its configuration files are keyed: run-script-bin-configs.ts).
async function binOf(folder: string, bins: readonly string[], word: string, named: NamedReader, reading: ScriptReading): Promise<boolean> {
  for (const bin of bins) {
    const path = join(bin, word);
    const rel = relative(folder, path).split('\\').join('/');
    const found = await named(rel);
    if (found.kind === 'file') {
      reading.file(rel, found.text);
      reading.add(`npm PATH: ${word} is ${rel} (its bytes are keyed)`);
      // A .bin file that is not an installed package's link (a file of the repository's, or a link into it) runs
      // lines of its own: read like a file a shown line runs by its path - a shell script followed and what it names
      // keyed, another interpreter's not followed, so no "always" (red team R19-3). An installed package's link to a
      // shell script is followed the same way: the files it runs are in reach of the run (R20-14).
      const target = await realpath(path).catch(() => path);
      if (!/\/node_modules\/(?!\.bin\/)/.test(target) || shebangShell(found.text)) {
        await readNamedFiles([`./${rel}`], named, reading);
        return false;
      }
      return true;
    }
    if (await lstat(path).then(() => true, () => false)) {
      reading.open(`npm PATH: ${word} is ${path}, not readable here (${found.kind === 'refused' ? found.reason : 'not a file'}), so what runs is unknown`);
      return false;
    }
  }
  return false;
}

export async function readRunnerSetup(files: ProjectFiles, named: NamedReader | undefined, reading: ScriptReading): Promise<void> {
  // Without a reader (callers that show lines and key nothing) nothing is shown, and no key is given.
  if (named === undefined) {
    reading.unknown.push('npm settings and node_modules/.bin: not read here');
    return;
  }
  const other = OTHER_CONFIG.filter((name) => files.has(name));
  if (other.length > 0) reading.open(`${other.join(', ')}: package manager settings not read here, so how the scripts run is unknown`);
  const moved = await projectSettingsMoved(files);
  if (moved !== undefined) reading.open(`${moved}, so how the scripts run is unknown`);
  let found: Level[];
  try {
    found = await levels(files);
  } catch (error) {
    reading.open(`npm settings: ${(error as Error).message}, so how the scripts run is unknown`);
    return;
  }
  const effective = new Map<string, string>();
  for (const level of found) {
    if (level.text === undefined) continue;
    const { found: settings, sectioned } = settingsIn(level.text);
    if (sectioned !== undefined) {
      reading.open(`npm settings (${level.name}): ${sectioned}, so how the scripts run is unknown`);
      return;
    }
    for (const [key, value] of settings) {
      effective.set(key, value);
      reading.add(`npm setting (${level.name}): ${key} = ${value}`);
    }
  }
  for (const key of SETTINGS) {
    const value = envValue(key);
    if (value === undefined) continue;
    effective.set(key, value);
    reading.add(`npm setting (environment npm_config_${key.replace(/-/g, '_')}): ${key} = ${value}`);
  }
  if (LOADS.test(effective.get('node-options') ?? '')) reading.open(`npm node-options ${effective.get('node-options')!}: loads code not followed here`);
  const shell = effective.get('script-shell') ?? 'sh';
  const words = new Set<string>();
  if (shell.includes('/')) {
    const read = await named(shell);
    if (read.kind === 'file') {
      reading.file(shell, read.text);
      reading.add(`npm runs each script line with ${shell} (its bytes are keyed)`);
    } else if (read.kind === 'refused' && read.reason !== 'outside the workspace') reading.open(`npm script-shell ${shell}: not readable here (${read.reason})`);
  } else words.add(shell);
  // Every bare word of every shell line (a program, or one a wrapper such as `env` or `xargs` runs).
  for (const line of reading.shellLines) for (const word of commandsOf(line).flat()) if (/^[A-Za-z0-9_.+-]+$/.test(word) && !word.startsWith('-') && word !== '.' && word !== '..') words.add(word);
  const bins = await binFolders(files.dir);
  const programs: string[] = [];
  for (const word of words) if (await binOf(files.dir, bins, word, named, reading)) programs.push(word);
  await readBinConfigs(files, programs, named, reading, reading.shellLines);
}

// Project settings that move npm's or pnpm's configuration out of what is read here (red team R19-15, R19-18): a
// project .npmrc naming another config file or prefix (npm honours `globalconfig=`/`userconfig=` set there) or
// pnpm's shell emulator; a pnpm-workspace.yaml key other than its package lists and dependency tables (pnpm 10 reads
// `scriptShell`, `shellEmulator`, `nodeOptions` ... there).
const MOVING_NPMRC = new Set(['globalconfig', 'userconfig', 'prefix', 'shell-emulator', 'shellemulator']);
const PNPM_WORKSPACE_KEYS = new Set(['packages', 'catalog', 'catalogs', 'onlyBuiltDependencies', 'ignoredBuiltDependencies', 'neverBuiltDependencies', 'overrides', 'patchedDependencies', 'packageExtensions', 'peerDependencyRules', 'allowedDeprecatedVersions', 'supportedArchitectures', 'minimumReleaseAge', 'minimumReleaseAgeExclude']);
// The settings that choose WHICH package's scripts run, or what runs them: run-script-pm-config.ts (one check).
async function projectSettingsMoved(files: ProjectFiles): Promise<string | undefined> {
  const npmrc = files.has('.npmrc') ? await files.text('.npmrc') : undefined;
  const moving = npmrc === undefined ? undefined : npmIni(npmrc).find(({ key, list }) => MOVING_NPMRC.has(key.toLowerCase()) || (list && (SETTINGS as readonly string[]).includes(key.toLowerCase())));
  if (moving !== undefined) return `project .npmrc sets ${moving.key}${moving.list ? '[]' : ''}, which moves npm's settings out of what codeward reads`;
  if (!files.has('pnpm-workspace.yaml')) return undefined;
  const yaml = await files.text('pnpm-workspace.yaml');
  if (yaml === undefined) return 'pnpm-workspace.yaml: not readable here';
  const keys = [...yaml.matchAll(/^(?!#)(["']?)([^\s:#"']+)\1\s*:/gm)].map((found) => found[2]!);
  const unread = keys.find((one) => !PNPM_WORKSPACE_KEYS.has(one));
  return unread === undefined ? undefined : `pnpm-workspace.yaml sets ${unread} (pnpm settings codeward does not read)`;
}
