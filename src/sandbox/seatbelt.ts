import type { SandboxPolicy } from './policy.js';

// A path as a Seatbelt string literal.
function quote(path: string): string {
  return `"${path.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

// The macOS sandbox-exec profile for a policy: reads allowed except the hidden secrets, writes only to
// the workspace (workspace-write) and the temp folders, never to the protected paths, no network
// unless allowed. Later rules win in SBPL, so the denials come last.
export function seatbeltProfile(policy: SandboxPolicy, tmp: string): string {
  const lines = ['(version 1)', '(deny default)', '(allow process-exec)', '(allow process-fork)', '(allow signal (target same-sandbox))', '(allow sysctl-read)', '(allow mach-lookup)', '(allow ipc-posix-shm)', '(allow file-read*)'];
  const writable = [tmp, '/private/tmp', '/private/var/folders', ...(policy.mode === 'workspace-write' ? [policy.root] : []), ...policy.writable];
  lines.push(`(allow file-write* ${writable.map((path) => `(subpath ${quote(path)})`).join(' ')} (literal "/dev/null") (literal "/dev/tty"))`);
  if (policy.network) lines.push('(allow network*)');
  const guarded = [...policy.protectedPaths, ...policy.protectedFiles];
  if (guarded.length > 0) lines.push(`(deny file-write* ${guarded.map((path) => `(subpath ${quote(path)})`).join(' ')})`);
  if (policy.hidden.length > 0) lines.push(`(deny file-read* file-write* ${policy.hidden.map((path) => `(subpath ${quote(path)})`).join(' ')})`);
  return `${lines.join('\n')}\n`;
}
