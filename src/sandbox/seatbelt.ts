import { realOf, type SandboxPolicy } from './policy.js';

// What git obeys in a git folder (guards.ts does the same for bwrap).
const GIT_CONTROL = ['config', 'config.worktree', 'commondir', 'hooks', 'info', 'gitdir'];

function regexQuote(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// Each path and, when a link makes it another, the path it resolves to.
const withReal = (paths: readonly string[]): string[] => [...new Set(paths.flatMap((path) => [path, realOf(path)]))];

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
  // Seatbelt matches the path a link resolves to: a home start-up file linked into the workspace
  // (`~/.bashrc -> dotfiles/shell/rc.sh`, red team R7-11) is guarded where it really is too.
  const guarded = withReal([...policy.placeholderFolders, ...policy.protectedPaths, ...policy.protectedFiles, ...GIT_CONTROL.map((name) => `${policy.root}/.git/${name}`)]);
  // `.git` itself (literal: it cannot be renamed, removed or created), its control files, and the same
  // files of every linked worktree and submodule git folder below it.
  const nested = `^${regexQuote(`${policy.root}/.git/`)}(worktrees|modules)/.*/(${GIT_CONTROL.map(regexQuote).join('|')})(/.*)?$`;
  lines.push(`(deny file-write* (literal ${quote(`${policy.root}/.git`)}) ${guarded.map((path) => `(subpath ${quote(path)})`).join(' ')} (regex ${quote(nested)}))`);
  // The home secrets and the workspace's non-accessible files (unreadable here: Seatbelt cannot show an empty file).
  const hidden = withReal([...policy.hidden, ...(policy.workspaceSecrets ?? []).map((entry) => entry.path)]);
  if (hidden.length > 0) lines.push(`(deny file-read* file-write* ${hidden.map((path) => `(subpath ${quote(path)})`).join(' ')})`);
  return `${lines.join('\n')}\n`;
}
