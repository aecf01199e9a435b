import { isAbsolute, join, normalize } from 'node:path';

// Start-up files that codeward's environment moves (red team R22b-5): zsh reads its start-up files from
// $ZDOTDIR (often set in /etc/zsh/zshenv for an XDG layout), fish, direnv, tmux, nvim, systemd ... theirs from
// $XDG_CONFIG_HOME, desktop entries from $XDG_DATA_HOME. The table's start-up paths (home-sources-parse.ts
// LOADERS) are the home-relative defaults; each is also read where the environment puts it, named by the
// variable (`$ZDOTDIR/.zshrc`). The values are part of the kept key (obeyed-home-links.ts): another value is
// another scan. A relative value is not a place the program finds either (left out).

export interface StartEnv {
  readonly ZDOTDIR?: string;
  readonly XDG_CONFIG_HOME?: string;
  readonly XDG_DATA_HOME?: string;
}

const NAMES = ['ZDOTDIR', 'XDG_CONFIG_HOME', 'XDG_DATA_HOME'] as const;

// The variables of `env` that move start-up files, absolute values only (normalised).
export function startEnv(env: Readonly<Record<string, string | undefined>> = process.env): StartEnv {
  const out: Partial<Record<(typeof NAMES)[number], string>> = {};
  for (const name of NAMES) {
    const value = env[name];
    if (value !== undefined && isAbsolute(value)) out[name] = normalize(value).replace(/(.)\/+$/, '$1');
  }
  return out;
}

const ZSH_FILES = new Set(['.zshenv', '.zprofile', '.zshrc', '.zlogin', '.zlogout']);
const BASES: readonly (readonly [string, 'XDG_CONFIG_HOME' | 'XDG_DATA_HOME'])[] = [['.config/', 'XDG_CONFIG_HOME'], ['.local/share/', 'XDG_DATA_HOME']];

// Where the environment moves the home-relative start-up file or folder `rel`: absolute paths, each with the
// name messages give it. The default place stays read as well (another shell, a login without the variable).
export function locatedStartup(rel: string, located: StartEnv): { path: string; loader: string }[] {
  const out: { path: string; loader: string }[] = [];
  if (ZSH_FILES.has(rel) && located.ZDOTDIR !== undefined) out.push({ path: join(located.ZDOTDIR, rel), loader: `$ZDOTDIR/${rel}` });
  for (const [prefix, name] of BASES) {
    const base = located[name];
    if (base !== undefined && rel.startsWith(prefix)) out.push({ path: join(base, rel.slice(prefix.length)), loader: `$${name}/${rel.slice(prefix.length)}` });
  }
  return out;
}
