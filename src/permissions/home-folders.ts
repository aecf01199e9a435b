import { homedir } from 'node:os';

// `~` or `~/x` in each spelling of the home the home-file classes read (immune-home-path.ts: as HOME says and as the
// password file says); undefined for `~user` (only known at run time).
export function homeFolders(value: string): string[] | undefined {
  if (!/^~(?:\/|$)/.test(value)) return undefined;
  return [...new Set([process.env['HOME'] ?? '', homedir()].filter((home) => home !== ''))].map((home) => home + value.slice(1));
}
