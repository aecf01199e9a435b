// A RELATIVE entry of PATH in a home start-up file (red team R27-1: `export PATH="./bin:$PATH"`, `PATH=bin:$PATH`,
// `./node_modules/.bin`, `.`, an empty entry `PATH=:$PATH`, zsh `path=(./bin $path)`, fish `fish_add_path ./bin`).
// The shell searches a relative entry from the person's CURRENT folder, which is any folder of the workspace when
// they work there (an editor's terminal, `cd ~/proj && git status` ran ./bin/git). So (the lead's reading):
// - entry `X`: `X/*` below EVERY folder of the workspace is obeyed (`**/X/*`, as home-sources-ran.ts ranRelative
//   does for a relative load); the programs of `X` at each top are read as scripts for what they load (runsFrom);
// - `.` (and the empty entry): every file of the tree that is a PROGRAM, judged by the file, not by a list of names
//   (red team R28-1: `jq`, `tree`, `git-lfs`, `python3.12` were free): executable (its mode, as the shell's PATH search
//   takes only an executable file), or the bytes a file tool writes start one under a command's name (`#!`, ELF,
//   ObeyedContext.runnable); and any file named like a program of the person's PATH, an everyday one (SHADOWING,
//   obeyed-env-path.ts) or a git subcommand (`git-*`: `git lfs` runs git-lfs from PATH). Not the whole tree: a
//   plain write of src/x.ts stays free (a file that is not executable is never run by its name);
// - `node_modules/.bin`: only the names (`npm install` makes every package bin there executable in ordinary work;
//   a bin by a name of its own stays free).
import { join } from 'node:path';
import { belowGlob } from './below-glob.js';

// Programs people type by name in a project (not shell builtins: `cd`, `echo` are never searched on PATH).
export const SHADOWING: readonly string[] = [
  'git', 'gh', 'ls', 'cat', 'less', 'more', 'grep', 'rg', 'find', 'fd', 'sed', 'awk', 'head', 'tail', 'sort', 'diff', 'cp', 'mv', 'rm',
  'mkdir', 'touch', 'chmod', 'ln', 'tar', 'curl', 'wget', 'ssh', 'scp', 'rsync', 'env', 'which', 'sudo', 'su', 'sh', 'bash', 'zsh',
  'fish', 'dash', 'make', 'cmake', 'node', 'npm', 'npx', 'pnpm', 'yarn', 'bun', 'deno', 'tsc', 'tsx', 'vite', 'vitest', 'jest',
  'eslint', 'prettier', 'python', 'python3', 'pip', 'pip3', 'pytest', 'uv', 'poetry', 'ruby', 'gem', 'bundle', 'rake', 'perl',
  'go', 'cargo', 'rustc', 'gcc', 'cc', 'clang', 'java', 'javac', 'mvn', 'gradle', 'docker', 'kubectl', 'terraform', 'vim', 'vi',
  'nvim', 'nano', 'emacs', 'code', 'tmux', 'man', 'ps', 'top', 'htop', 'xdg-open', 'open', 'direnv', 'mise', 'just', 'claude',
];

export interface RelativeRuns {
  // Obeyed below each folder (belowGlob's form: a folder and a picomatch glob relative to it); `names`/`executable`:
  // only the files a shell runs by name there (HomeLink's).
  readonly globs: { readonly at: string; readonly glob: string; readonly names?: readonly string[]; readonly executable?: true }[];
  // PATH folders at the workspace's tops: obeyed and their programs read (home-sources.ts runsFrom).
  readonly folders: string[];
  // Single programs at the tops read as scripts for what they load (a shadowing name of `.` / node_modules/.bin).
  readonly programs: string[];
}

// The relative PATH entry `entry` searched from any folder of each of `roots`. `onPath`: the names of the programs
// on the person's PATH (obeyed-env-path.ts shadowedNames), read only when such an entry needs them.
export function relativeRuns(entry: string, roots: readonly string[], onPath: () => Iterable<string>): RelativeRuns {
  const out: RelativeRuns = { globs: [], folders: [], programs: [] };
  for (const root of roots) {
    const below = belowGlob(root, entry);
    const rest = below.glob === '**' ? '' : below.glob.slice(3, -'{,/**}'.length);
    const modules = rest === 'node_modules/.bin' || rest.endsWith('/node_modules/.bin');
    const top = join(below.at, rest.replace(/\\(.)/g, '$1'));
    if (rest === '' || modules) {
      const names = [...new Set([...SHADOWING, ...onPath()].filter((name) => !name.includes('*')).map((name) => name.toLowerCase()))].sort();
      out.globs.push({ at: below.at, glob: rest === '' ? '**' : `**/${rest}/*`, names: [...names, 'git-*'], ...(rest === '' ? { executable: true as const } : {}) });
      out.programs.push(...SHADOWING.map((name) => join(top, name)));
      continue;
    }
    out.globs.push({ at: below.at, glob: `**/${rest}/*` });
    out.folders.push(top);
  }
  return out;
}
