// Folders the user's environment makes programs load code from, inside the workspace (red team round 6,
// R6-17): a folder of PATH (`node_modules/.bin`, `bin`, an absolute $W/tools) runs whatever file is named
// like the command the user types next, outside any sandbox, and a PYTHONPATH folder's sitecustomize or
// usercustomize module runs at every python start. The write gate protects them like the catalogue
// (obeyed.ts ObeyedContext.envGlobs): a relative entry holds in every folder (the shell resolves it
// against the folder it stands in), an absolute one where it lies. An entry that is the workspace root
// itself, `.` or empty in PATH (every folder's own files) is not protected file by file: that would make
// every write ask; the README's security section says why such a PATH is the user's risk.
import { isAbsolute, relative } from 'node:path';

export interface EnvLoadGlob {
  // Workspace-relative picomatch pattern.
  readonly glob: string;
  // The variable and its entry, for the refusal's message.
  readonly why: string;
  // From a relative PATH entry (`node_modules/.bin`): the file tools ask before writing there, but what a
  // sandboxed command leaves there is applied (package managers write their programs' links there on
  // every install); see withoutRelativePath.
  readonly relative?: true;
}

// The context for judging what a sandboxed command changed: without the relative PATH folders.
export function withoutRelativePath<T extends { readonly envGlobs?: readonly EnvLoadGlob[] }>(ctx: T): T {
  return ctx.envGlobs?.some((each) => each.relative) ? { ...ctx, envGlobs: ctx.envGlobs.filter((each) => !each.relative) } : ctx;
}

// Programs a person types every day; a package manager never installs one under these names into a project.
const EVERYDAY: readonly string[] = [
  'git', 'ls', 'cat', 'cp', 'mv', 'rm', 'mkdir', 'cd', 'sh', 'bash', 'zsh', 'dash', 'fish', 'sudo', 'su', 'doas', 'ssh', 'scp', 'sftp',
  'curl', 'wget', 'make', 'python', 'python3', 'pip', 'pip3', 'node', 'npm', 'npx', 'pnpm', 'yarn', 'bun', 'deno', 'cargo', 'go',
  'env', 'grep', 'find', 'sed', 'awk', 'tar', 'chmod', 'chown', 'gpg', 'docker', 'kubectl', 'code', 'vim', 'vi', 'nvim', 'nano',
  'emacs', 'less', 'more', 'man', 'ps', 'kill', 'top', 'which', 'whoami', 'id', 'echo', 'printf', 'tee', 'head', 'tail', 'sort',
  'xargs', 'open', 'xdg-open', 'codeward',
];

// `everyFolder`: an entry `.` or empty (each folder's own files) is protected too; for PATH it is not.
const VARIABLES: readonly { readonly name: string; readonly files: readonly string[]; readonly everyFolder: boolean }[] = [
  { name: 'PATH', files: ['**'], everyFolder: false },
  { name: 'PYTHONPATH', files: ['sitecustomize*', 'usercustomize*', '__pycache__/sitecustomize*', '__pycache__/usercustomize*'], everyFolder: true },
];

function entryGlob(entry: string, roots: readonly string[]): string | undefined {
  if (entry === '' || entry === '.' || entry === './') return undefined;
  if (!isAbsolute(entry)) {
    const folder = entry.replace(/^\.\//, '').replace(/\/+$/, '');
    return folder === '' || folder.split('/').includes('..') ? undefined : `**/${folder}`;
  }
  for (const root of roots) {
    const rel = relative(root, entry);
    if (rel !== '' && !rel.startsWith('..') && !isAbsolute(rel)) return rel;
  }
  return undefined;
}

// The patterns of every load folder the environment names inside the workspace (`roots`: the root as given
// and as the kernel opens it).
export function envLoadGlobs(roots: readonly string[], env: Readonly<Record<string, string | undefined>> = process.env): EnvLoadGlob[] {
  const globs: EnvLoadGlob[] = [];
  for (const { name, files, everyFolder } of VARIABLES) {
    const value = env[name];
    if (value === undefined) continue;
    for (const entry of value.split(':')) {
      const folder = entryGlob(entry, roots) ?? (everyFolder && (entry === '' || entry === '.' || entry === './' || roots.includes(entry)) ? '**' : undefined);
      if (folder === undefined) continue;
      const relative = name === 'PATH' && !isAbsolute(entry);
      const why = `${name} names ${entry}: ${name === 'PATH' ? 'a program there runs in place of the command you type next, outside any sandbox' : 'python imports it at every start'}`;
      for (const file of files) globs.push({ glob: `${folder}/${file}`, why, ...(relative ? { relative: true as const } : {}) });
      // In a relative PATH folder what a sandboxed command leaves is applied (package managers), except a
      // program named like one the user types every day: that shadows it in every folder of the project.
      if (relative) globs.push({ glob: `${folder}/{${EVERYDAY.join(',')}}`, why });
    }
  }
  return globs;
}
