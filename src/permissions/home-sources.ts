import { readdirSync } from 'node:fs';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { statQuiet } from '../files/stat-quiet.js';
import { readGitMetadata } from '../git/config-read.js';
import { resolveLoose, type HomeLink } from './home-links.js';
import { sourcedWords } from './home-sources-parse.js';

// What the home's shell start-up files SOURCE (red team R9-4, CRITICAL: `~/.bashrc: source
// ~/dotfiles/shell/aliases.sh` with the workspace at ~/dotfiles; the start-up file was protected, the file it
// runs was not, and the person's next shell ran what the agent wrote). Each start-up file (and fish's conf.d)
// is read for `source X` / `. X` and loops over a folder (home-sources-parse.ts); a sourced file is read the
// same way up to 3 levels deep; a glob or a folder makes the folder obeyed. Each path, resolved as the kernel
// opens it, that lands in the workspace is a HomeLink whose `home` is the start-up file (so it is judged as
// that file: obeyed-home-links.ts). Read through the metadata reader (regular files, size-capped): the text
// is only judged, never shown. Not followed: ZDOTDIR's files (the engine's HOME only), `eval`, computed names.

const STARTUP_FILES = [
  '.bashrc', '.bash_profile', '.bash_login', '.profile', '.bash_aliases', '.bash_logout', '.zshrc', '.zshenv', '.zprofile',
  '.zlogin', '.zlogout', '.kshrc', '.mkshrc', '.config/fish/config.fish',
];
const FISH_CONF_D = '.config/fish/conf.d';
const MAX_DEPTH = 3;
const MAX_SCRIPTS = 64;
const MAX_FOLDER_FILES = 32;
const MAX_BYTES = 256 * 1024;

const isDir = (path: string): boolean => statQuiet(path)?.isDirectory() === true;

const listFiles = (dir: string): string[] => {
  try {
    return readdirSync(dir).sort().slice(0, MAX_FOLDER_FILES).map((name) => join(dir, name));
  } catch {
    return [];
  }
};

// A sourced word as an absolute path and whether it names a folder (a glob: the folder above its first glob part).
function target(path: string, home: string): { path: string; folder: boolean } {
  const absolute = isAbsolute(path) ? path : join(home, path);
  const glob = absolute.search(/[*?[]/);
  if (glob >= 0) return { path: dirname(absolute.slice(0, glob + 1)), folder: true };
  return { path: absolute, folder: isDir(absolute) };
}

const relIn = (path: string, root: string): string | undefined => {
  const rel = relative(root, path);
  return rel.startsWith('..') || isAbsolute(rel) ? undefined : rel.split('\\').join('/');
};

// The sourced files and folders that resolve into `roots`, and every file and folder read (the cache's sources).
export function homeSourced(home: string, roots: readonly string[]): { links: HomeLink[]; sources: string[] } {
  const sources: string[] = [];
  const found = new Map<string, HomeLink>();
  const queue: { path: string; depth: number; startup: string }[] = STARTUP_FILES.map((rel) => ({ path: join(home, rel), depth: 0, startup: rel }));
  sources.push(join(home, FISH_CONF_D));
  for (const path of listFiles(join(home, FISH_CONF_D))) queue.push({ path, depth: 0, startup: `${FISH_CONF_D}/${path.slice(path.lastIndexOf('/') + 1)}` });
  const vars = new Map([['HOME', home]]);
  const seen = new Set<string>();
  const mark = (path: string, startup: string): void => {
    const real = resolveLoose(path);
    if (real === undefined) return;
    for (const root of roots) {
      const rel = relIn(real, root);
      if (rel !== undefined) found.set(rel, { rel, home: startup, sourced: true });
      else if (relIn(root, real) !== undefined) found.set('', { rel: '', home: startup, sourced: true });
    }
  };
  for (let at = 0; at < queue.length && seen.size < MAX_SCRIPTS; at++) {
    const { path, depth, startup } = queue[at]!;
    if (seen.has(path)) continue;
    seen.add(path);
    sources.push(path);
    const text = readGitMetadata(path, MAX_BYTES);
    if (text === undefined || depth >= MAX_DEPTH) continue;
    for (const word of sourcedWords(text, vars)) {
      const next = target(word, home);
      mark(next.path, startup);
      if (next.folder) sources.push(next.path);
      for (const file of next.folder ? listFiles(next.path) : [next.path]) queue.push({ path: file, depth: depth + 1, startup });
    }
  }
  return { links: [...found.values()], sources: [...new Set(sources)] };
}
