// The programs of the user's PATH outside the workspace, by name: what a file in a relative PATH folder inside it
// (`node_modules/.bin`) would shadow (red team R7-3: a name list of everyday programs missed touch, diff, gh ...).
// Read when such an entry exists (one listing per PATH folder; a few milliseconds).
import { readdirSync, readlinkSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';

// Programs a person types every day, shadowed whether or not this PATH has them (a fresh machine installs them).
const EVERYDAY: readonly string[] = [
  'git', 'ls', 'cat', 'cp', 'mv', 'rm', 'mkdir', 'cd', 'sh', 'bash', 'zsh', 'dash', 'fish', 'sudo', 'su', 'doas', 'ssh', 'scp', 'sftp',
  'curl', 'wget', 'make', 'python', 'python3', 'pip', 'pip3', 'node', 'npm', 'npx', 'pnpm', 'yarn', 'bun', 'deno', 'cargo', 'go',
  'env', 'grep', 'find', 'sed', 'awk', 'tar', 'chmod', 'chown', 'gpg', 'docker', 'kubectl', 'code', 'vim', 'vi', 'nvim', 'nano',
  'emacs', 'less', 'more', 'man', 'ps', 'kill', 'top', 'which', 'whoami', 'id', 'echo', 'printf', 'tee', 'head', 'tail', 'sort',
  'xargs', 'open', 'xdg-open', 'codeward', 'touch', 'diff', 'gh', 'tmux', 'clear', 'ssh-add',
];

// `installedBins` false: a program that is a link into a `node_modules` folder (a globally installed package's bin,
// `tsc -> ../lib/node_modules/typescript/bin/tsc`) is left out, and a PATH folder that is a `node_modules/.bin` (a
// package script's own PATH) whole; the same package's bin in a project's node_modules/.bin is what a package script
// means by that name (obeyed-bin-shadows.ts). EVERYDAY stays.
export function shadowedNames(roots: readonly string[], path: string, installedBins = true): ReadonlySet<string> {
  const names = new Set(EVERYDAY);
  for (const folder of path.split(':')) {
    if (!isAbsolute(folder) || roots.some((root) => !relative(root, folder).startsWith('..'))) continue;
    if (!installedBins && /(?:^|\/)node_modules\/\.bin\/?$/.test(folder)) continue;
    try {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        if (installedBins || !entry.isSymbolicLink() || !packageBin(folder, entry.name)) names.add(entry.name);
      }
    } catch {
      // not a folder here
    }
  }
  return names;
}

function packageBin(folder: string, name: string): boolean {
  try {
    return /\/node_modules\//.test(resolve(folder, readlinkSync(`${folder}/${name}`)));
  } catch {
    return false;
  }
}

