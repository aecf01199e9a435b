// The programs of the user's PATH outside the workspace, by name: what a file in a relative PATH folder inside it
// (`node_modules/.bin`) would shadow (red team R7-3: a name list of everyday programs missed touch, diff, gh ...).
// Read when such an entry exists (one listing per PATH folder; a few milliseconds).
import { readdirSync } from 'node:fs';
import { isAbsolute, relative } from 'node:path';

// Programs a person types every day, shadowed whether or not this PATH has them (a fresh machine installs them).
const EVERYDAY: readonly string[] = [
  'git', 'ls', 'cat', 'cp', 'mv', 'rm', 'mkdir', 'cd', 'sh', 'bash', 'zsh', 'dash', 'fish', 'sudo', 'su', 'doas', 'ssh', 'scp', 'sftp',
  'curl', 'wget', 'make', 'python', 'python3', 'pip', 'pip3', 'node', 'npm', 'npx', 'pnpm', 'yarn', 'bun', 'deno', 'cargo', 'go',
  'env', 'grep', 'find', 'sed', 'awk', 'tar', 'chmod', 'chown', 'gpg', 'docker', 'kubectl', 'code', 'vim', 'vi', 'nvim', 'nano',
  'emacs', 'less', 'more', 'man', 'ps', 'kill', 'top', 'which', 'whoami', 'id', 'echo', 'printf', 'tee', 'head', 'tail', 'sort',
  'xargs', 'open', 'xdg-open', 'codeward', 'touch', 'diff', 'gh', 'tmux', 'clear', 'ssh-add',
];

export function shadowedNames(roots: readonly string[], path: string): ReadonlySet<string> {
  const names = new Set(EVERYDAY);
  for (const folder of path.split(':')) {
    if (!isAbsolute(folder) || roots.some((root) => !relative(root, folder).startsWith('..'))) continue;
    try {
      for (const name of readdirSync(folder)) names.add(name);
    } catch {
      // not a folder here
    }
  }
  return names;
}
