import { lstatQuiet } from '../files/stat-quiet.js';
import { homeEntries, xdgFolder } from './home-entries.js';
import { repositoryGuards } from './home-repos.js';
import { linkStamps, stampsMoved } from './home-stamps.js';
import { XDG_BASES } from './home-secret-vars.js';
import { realOf, targetKindOf, within } from './paths.js';
import { quarantine, snapshot } from './planted.js';

// A sandboxWritable folder holding the home (`["~"]`) or dot-entries of it (`["~/.config"]`): the home's files the
// person's programs obey are judged by the write gate's one rule (permissions/obeyed-home.ts homeObeyed: every dot-path
// but known data), not by the list alone (red team R44-a7: ~/.mavenrc, ~/.sbtrc, ~/.bunfig.toml, ~/.terraformrc were
// written and left). Before the run, each existing obeyed entry is bound read-only (an in-place append fails: EROFS),
// an obeyed link is watched (a mount would land on its target: the target is bound where it lies in a writable folder),
// and obeyed files with a second name are stamped (home-stamps.ts). After the run, an obeyed entry it created, or
// remade under a path that existed (R46-5: ~/.local renamed away, ~/.local/bin/tool made again; matched by identity,
// not by path), is moved aside (planted.ts). An entry the person named writable (`["~", "~/.cargo"]`), or one holding
// a writable folder or the workspace, is theirs (`["~/.cache"]` names every entry of ~/.cache, whose homeObeyed entry is
// `.cache`): FRICTION, `["~"]` alone keeps ~/.cargo, ~/.rustup, ~/.m2 and ~/.cache read-only until the person names them.

export interface HomeWritable {
  // Bound read-only for the run (the sandbox's protected files).
  readonly readOnly: readonly string[];
  // After the run: what it made or remade of the obeyed entries moved aside; one warning each.
  readonly after: () => string[];
}

type Env = Readonly<Record<string, string | undefined>>;

// `writable`: the sandboxWritable folders (real); `kept`: the workspace and codeward's own folders (hidden from runs).
export function homeWritable(home: string | undefined, writable: readonly string[], kept: readonly string[], env: Env): HomeWritable | undefined {
  if (writable.length === 0) return undefined;
  const places = home ? [home, ...XDG_BASES.flatMap(([, variable]) => xdgFolder(env[variable], home) ?? [])] : [];
  const inHome = writable.some((area) => places.some((place) => within(place, area) || within(area, place)));
  // Guarded: a writable folder holds its entry (not the entry itself: the person named it), none lies inside it.
  const guarded = ([path, entry]: [string, string]): boolean =>
    writable.some((area) => area !== entry && within(entry, area)) && !writable.some((area) => within(area, path)) && !kept.some((folder) => within(folder, path) || within(path, folder));
  const judged = (): string[] => (home && inHome ? [...homeEntries(home, env)].filter(guarded).map(([path]) => path) : []);
  const entries = judged();
  // Other repositories' config files and hooks in the writable folders (home-repos.ts, R46-9).
  const repos = repositoryGuards(writable, kept);
  if (entries.length === 0 && repos.length === 0) return undefined;
  const before = snapshot([...entries, ...repos]);
  const stamps = linkStamps(entries);
  const readOnly = [...entries, ...repos].flatMap((path) => {
    const stats = lstatQuiet(path);
    if (stats?.isSymbolicLink()) {
      const real = realOf(path);
      return real !== path && targetKindOf(real) !== 'missing' && writable.some((area) => within(real, area)) ? [real] : [];
    }
    return stats?.isDirectory() || stats?.isFile() ? [path] : [];
  });
  const after = (): string[] => {
    const made = judged().filter((path) => !before.has(path));
    return [...quarantine(new Map([...before, ...made.map((path) => [path, 'missing'] as const)])), ...stampsMoved(stamps)];
  };
  return { readOnly, after };
}
