// A path a shell line spells in the person's home folder (red team round 12, R12-14b: with the sandbox off,
// `echo 'touch /tmp/x' >> ~/.bashrc` under --yes was an ordinary ask, "read-only: echo, but it redirects
// output", and the next interactive shell ran it). The home catalogue (obeyed-home.ts: start-up files, every
// home dot-path but known data) judges it as it judges a home workspace's files: `~/…`, `$HOME/…`,
// `${HOME}/…`, and an absolute path below the home folder (as HOME says and as the password file says).
import { homedir } from 'node:os';
import { homeObeyed, isHomeListed } from './obeyed-home.js';

function homeRelative(path: string, homes: readonly string[]): string | undefined {
  const spelled = /^(?:~|\$HOME|\$\{HOME\})\/(.+)$/.exec(path);
  if (spelled) return spelled[1];
  for (const home of homes) if (home !== '' && home !== '/' && path.startsWith(`${home.replace(/\/+$/, '')}/`)) return path.slice(home.replace(/\/+$/, '').length + 1);
  return undefined;
}

// The home entry (`.bashrc`, `.config/git`) a path spells, with who obeys it, or undefined.
export function homeStartup(path: string, homes: readonly string[] = [process.env['HOME'] ?? '', homedir()]): { entry: string; by: string } | undefined {
  const rest = homeRelative(path.replace(/^[^=]*=/, ''), homes);
  const normal = rest?.split('/').filter((part) => part !== '' && part !== '.').join('/');
  if (normal === undefined || normal === '' || normal.split('/').includes('..')) return undefined;
  const entry = homeObeyed(normal);
  if (entry === undefined) return undefined;
  return { entry, by: isHomeListed(entry) ? 'your login shell, desktop session, git, ssh or editor at its next start' : 'the program whose settings or start-up files the home folder keeps there' };
}
