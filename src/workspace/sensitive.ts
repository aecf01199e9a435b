import { isInside } from './contains.js';

// Never served, even inside the workspace (root `/` or `/etc`); a directory covers itself and below.
export const SENSITIVE_SYSTEM_PATHS: readonly string[] = [
  '/etc/passwd',
  '/etc/shadow',
  '/etc/gshadow',
  '/etc/sudoers',
  '/etc/sudoers.d',
  '/etc/ssh',
  '/etc/ssl/private',
  '/proc',
  '/sys',
  '/dev',
  '/boot',
];

// macOS keeps /etc under /private/etc; list both spellings so a real path is caught too.
const ALL_SPELLINGS: readonly string[] = [
  ...SENSITIVE_SYSTEM_PATHS,
  ...SENSITIVE_SYSTEM_PATHS.filter((p) => p.startsWith('/etc/')).map((p) => `/private${p}`),
];

// True when the absolute, normalised path is a sensitive system path or lies below one.
export function isSensitivePath(abs: string): boolean {
  if (process.platform === 'win32') return false;
  return ALL_SPELLINGS.some((entry) => isInside(entry, abs));
}

// Whether a path at or below `root` can be sensitive (`root` is `/`, `/etc`, or inside a sensitive path):
// when not, no path under it is, and a walk need not test each one.
export function holdsSensitivePaths(root: string): boolean {
  if (process.platform === 'win32') return false;
  return ALL_SPELLINGS.some((entry) => isInside(entry, root) || isInside(root, entry));
}
