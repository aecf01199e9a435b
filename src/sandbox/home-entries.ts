import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { lstatQuiet } from '../files/stat-quiet.js';
import { HOME_DATA, homeObeyed, isHomeListed, PROGRAM_FOLDERS } from '../permissions/obeyed-home.js';
import { absolute, XDG_BASES } from './home-secret-vars.js';
import { realOf } from './paths.js';

// The home's obeyed entries as the write gate's rule names them (permissions/obeyed-home.ts homeObeyed): every
// dot-path of the home not known data, one level below a folder whose entries are each one program's (`.config`,
// `.local/share`), and below a folder holding known data (`.cache` holds thumbnails: its other entries each). The
// folders the XDG variables name are read like `~/.config`, `~/.cache` ... wherever they are (red team R46-8:
// XDG_CONFIG_HOME=~/dots/config, whose git/config git obeys).
// Names and entry types only: no file is opened.

const DATA_LOWER = HOME_DATA.map((entry) => entry.toLowerCase());
// Past this many entries the walk stops (a home with thousands of dot-entries): what it found is still protected.
const BUDGET = 4_000;

// `rel` is listed through rather than taken whole: a folder of programs' entries, `.local`, or one holding known data.
function container(rel: string): boolean {
  if (isHomeListed(rel)) return false;
  const lower = rel.toLowerCase();
  return lower === '.local' || PROGRAM_FOLDERS.includes(lower) || DATA_LOWER.some((entry) => entry.startsWith(`${lower}/`));
}

// A folder's names, none when it cannot be listed (nor can the run list it: same user).
export function names(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
}

// The real folder an XDG variable names (`~/...` as the shell expands it), when it is one.
export function xdgFolder(value: string | undefined, home: string): string | undefined {
  const folder = absolute(value ?? '', home);
  const real = folder ? realOf(folder) : undefined;
  return real && lstatQuiet(real)?.isDirectory() ? real : undefined;
}

// Each obeyed path (absolute) -> the obeyed entry it falls under (absolute: `~/.cache` for `~/.cache/pip`; an entry
// of XDG_CONFIG_HOME is read as `.config/NAME`).
export function homeEntries(home: string, env: Readonly<Record<string, string | undefined>>): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (path: string, rel: string): void => {
    if (found.size >= BUDGET) return;
    const stats = lstatQuiet(path);
    if (!stats) return;
    if (stats.isDirectory() && container(rel)) {
      for (const name of names(path)) visit(join(path, name), `${rel}/${name}`);
      return;
    }
    const entry = homeObeyed(rel);
    // (The entry a person names to make it writable: `~/.cache` for `~/.cache/pip`.)
    if (entry !== undefined) found.set(path, path.split('/').slice(0, path.split('/').length - (rel.split('/').length - entry.split('/').length)).join('/'));
  };
  for (const name of names(home)) if (name.startsWith('.')) visit(join(home, name), name);
  for (const [prefix, variable] of XDG_BASES) {
    const folder = xdgFolder(env[variable], home);
    if (folder) for (const name of names(folder)) visit(join(folder, name), `${prefix}${name}`);
  }
  return found;
}
