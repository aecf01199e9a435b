// A path a shell line spells in the person's home folder (red team round 12, R12-14b: with the sandbox off,
// `echo 'touch /tmp/x' >> ~/.bashrc` under --yes was an ordinary ask, "read-only: echo, but it redirects
// output", and the next interactive shell ran it). The home catalogue (obeyed-home.ts: start-up files, every
// home dot-path but known data) judges it as it judges a home workspace's files: `~/…`, `$HOME/…`,
// `${HOME}/…`, and an absolute path below the home folder (as HOME says and as the password file says).
import { homedir } from 'node:os';
import { homeObeyed, isHomeListed } from './obeyed-home.js';

// The path relative to the home folder, and the home folder it is in.
function homeRelative(path: string, homes: readonly string[]): { rest: string; home: string | undefined } | undefined {
  const spelled = /^(?:~|\$HOME|\$\{HOME\})\/(.+)$/.exec(path);
  if (spelled) return { rest: spelled[1]!, home: homes.find((home) => home !== '') };
  for (const home of homes) if (home !== '' && home !== '/' && path.startsWith(`${home.replace(/\/+$/, '')}/`)) return { rest: path.slice(home.replace(/\/+$/, '').length + 1), home };
  return undefined;
}

// The home entry (`.bashrc`, `.config/git`) a path spells, with who obeys it, or undefined. `root`: the workspace's
// real path: a path inside it is the workspace's (a workspace kept in a home dot-folder, `~/.local/src/app`), judged
// by the write gate like every workspace path.
export function homeStartup(path: string, homes: readonly string[] = [process.env['HOME'] ?? '', homedir()], root?: string): { entry: string; by: string } | undefined {
  const found = homeRelative(path.replace(/^[^=]*=/, ''), homes);
  const rest = found?.rest;
  const home = found?.home?.replace(/\/+$/, ''), top = root?.replace(/\/+$/, '');
  // Only a workspace BELOW the home folder (a home workspace's start-up files stay the home's).
  if (found && home !== undefined && top !== undefined && top.startsWith(`${home}/`) && `${home}/${found.rest}`.startsWith(`${top}/`)) return undefined;
  const normal = rest?.split('/').filter((part) => part !== '' && part !== '.').join('/');
  if (normal === undefined || normal === '' || normal.split('/').includes('..')) return undefined;
  const entry = homeObeyed(normal);
  if (entry === undefined) return undefined;
  return { entry, by: isHomeListed(entry) ? 'your login shell, desktop session, git, ssh or editor at its next start' : 'the program whose settings or start-up files the home folder keeps there' };
}
