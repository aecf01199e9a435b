import { tmpdir } from 'node:os';
import { gitGuards } from './guards.js';
import { realOf, type SandboxPolicy } from './policy.js';

// `--sandbox off`'s write jail on macOS (sandbox-exec): the same policy as Linux's (sandbox.ts jailed(): sandboxPolicy
// with the whole-root view, its guards and secrets), as a profile: everything allowed, file writes denied outside
// the workspace, the sandboxWritable folders and the temporary folders; inside them the git guards (every kind: a
// missing path is denied too), the placeholder folders and the home's protected entries denied; the hidden secrets
// (the policy's, /etc's and every home's catalogue, the workspace's) neither read nor written. Later rules win.
// (Linux's jail is bwrap.ts bwrapArgs with view-whole-root.ts: no second mount list.)

// A path as a Seatbelt string literal.
const quote = (path: string): string => `"${path.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
const both = (paths: readonly string[]): string[] => [...new Set(paths.flatMap((path) => [path, realOf(path)]))];

// `readOnly`: what the write gate protects that exists now (obeyed-scan.ts start).
export function writeJailProfile(policy: SandboxPolicy, readOnly: readonly string[]): string {
  const writable = both([policy.root, ...policy.writable, tmpdir(), '/private/tmp', '/private/var/folders']);
  const lines = ['(version 1)', '(allow default)', '(deny file-write*)'];
  lines.push(`(allow file-write* ${writable.map((path) => `(subpath ${quote(path)})`).join(' ')} (literal "/dev/null") (literal "/dev/zero") (literal "/dev/tty") (regex #"^/dev/fd/") (regex #"^/dev/tty"))`);
  // A `.git` folder bound over itself on Linux ('self': git writes inside it) is denied only as itself (not renamed away).
  const guards = gitGuards(policy.root, policy.home, policy.gitReadOnly === true);
  const guarded = [...guards.filter((guard) => guard.kind !== 'self').map((guard) => guard.path), ...policy.placeholderFolders, ...policy.protectedPaths, ...policy.protectedFiles, ...readOnly];
  const selves = guards.filter((guard) => guard.kind === 'self').map((guard) => guard.path);
  lines.push(`(deny file-write* ${[...both(guarded).map((path) => `(subpath ${quote(path)})`), ...both(selves).map((path) => `(literal ${quote(path)})`)].join(' ')})`);
  const secrets = [...policy.hidden.map((path) => ({ path, kind: 'dir' as const })), ...(policy.viewSecrets ?? []), ...(policy.workspaceSecrets ?? [])];
  const hidden = secrets.flatMap((secret) => [secret.path, realOf(secret.path)].map((path) => `(${secret.kind === 'dir' ? 'subpath' : 'literal'} ${quote(path)})`));
  if (hidden.length > 0) lines.push(`(deny file-read* file-write* ${[...new Set(hidden)].join(' ')})`);
  return `${lines.join('\n')}\n`;
}
