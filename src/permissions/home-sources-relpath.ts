// A RELATIVE entry of PATH in a home start-up file (red team R27-1: `export PATH="./bin:$PATH"`, `PATH=bin:$PATH`,
// `./node_modules/.bin`, `.`, an empty entry `PATH=:$PATH`, zsh `path=(./bin $path)`, fish `fish_add_path ./bin`).
// The shell searches a relative entry from the person's CURRENT folder, which is any folder of the workspace when
// they work there (an editor's terminal, `cd ~/proj && git status` ran ./bin/git). So (the lead's reading):
// - entry `X`: `X/*` below EVERY folder of the workspace is obeyed (`**/X/*`, as home-sources-ran.ts ranRelative
//   does for a relative load); the programs of `X` at each top are read as scripts for what they load (runsFrom);
// - `.` (and the empty entry) and `node_modules/.bin`: only the files whose NAME shadows a program the person
//   types (SHADOWING) are obeyed (`**/git`, `**/node_modules/.bin/git`). Not the whole tree: with `.` on PATH every
//   write of the project would ask, and `npm install` writes node_modules/.bin in ordinary work (its own package
//   bins, by names of their own, stay free); a file named `git` anywhere runs when the person types `git` there.
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
  // Obeyed below each folder (belowGlob's form: a folder and a picomatch glob relative to it).
  readonly globs: { readonly at: string; readonly glob: string }[];
  // PATH folders at the workspace's tops: obeyed and their programs read (home-sources.ts runsFrom).
  readonly folders: string[];
  // Single programs at the tops read as scripts for what they load (a shadowing name of `.` / node_modules/.bin).
  readonly programs: string[];
}

const NAMES = `{${SHADOWING.join(',')}}`;

// The relative PATH entry `entry` searched from any folder of each of `roots`.
export function relativeRuns(entry: string, roots: readonly string[]): RelativeRuns {
  const out: RelativeRuns = { globs: [], folders: [], programs: [] };
  for (const root of roots) {
    const below = belowGlob(root, entry);
    const rest = below.glob === '**' ? '' : below.glob.slice(3, -'{,/**}'.length);
    const modules = rest === 'node_modules/.bin' || rest.endsWith('/node_modules/.bin');
    const top = join(below.at, rest.replace(/\\(.)/g, '$1'));
    if (rest === '' || modules) {
      out.globs.push({ at: below.at, glob: rest === '' ? `**/${NAMES}` : `**/${rest}/${NAMES}` });
      out.programs.push(...SHADOWING.map((name) => join(top, name)));
      continue;
    }
    out.globs.push({ at: below.at, glob: `**/${rest}/*` });
    out.folders.push(top);
  }
  return out;
}
