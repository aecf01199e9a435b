// Folders and files the user's environment makes programs load code from, inside the workspace (red team
// rounds 6-7: R6-17, R7-2, R7-4): a folder of PATH (`node_modules/.bin`, `bin`, an absolute $W/tools) runs
// whatever file is named like the command the user types next, outside any sandbox; PYTHONPATH's
// sitecustomize/usercustomize run at every python start; git runs what GIT_EXEC_PATH and GIT_TEMPLATE_DIR hold;
// the loader loads LD_LIBRARY_PATH's libraries and LD_PRELOAD's; bash runs BASH_ENV (not the generic ENV: CI sets ENV=production), python PYTHONSTARTUP, node
// NODE_OPTIONS' --require/--import files, ruby RUBYOPT's -r files, git GIT_CONFIG_GLOBAL, make MAKEFILES, perl
// PERL5OPT's -M modules, and the program of a variable a program runs as a command (GIT_EXTERNAL_DIFF, EDITOR). The write gate
// protects them like the catalogue (obeyed.ts ObeyedContext.envGlobs): a relative folder entry holds in every
// folder (the shell resolves it where it stands), an absolute one where it lies (by its real path too). Folders of
// a project's own code (a PYTHONPATH=src, PERL5LIB=lib, NODE_PATH) are not protected file by file: every edit of
// the project would ask. A PATH entry `.` or empty neither (the README says why); the root itself on PATH
// protects its files named like programs, a root below a relative entry's first names the rest of it (foldersAt).
import { realpathSync } from 'node:fs';
import { isAbsolute, posix, relative } from 'node:path';
import { shadowedNames } from './obeyed-env-path.js';
import { anchoredAtRoot } from '../workspace/anchored.js';

export interface EnvLoadGlob {
  // Workspace-relative picomatch pattern.
  readonly glob: string;
  // The variable and its entry, for the refusal's message.
  readonly why: string;
  // From a relative PATH entry (`node_modules/.bin`): the file tools ask before writing there; what a sandboxed
  // command leaves there is applied (package managers write their programs' links there on every install),
  // see withoutRelativePath, except a program named like one found in the rest of PATH (`shadows`).
  readonly relative?: true;
  // Only these file names (the programs of the rest of PATH, which a file there would shadow).
  readonly names?: ReadonlySet<string>;
}

// The context for judging what a sandboxed command changed: without the relative PATH folders' whole patterns.
export function withoutRelativePath<T extends { readonly envGlobs?: readonly EnvLoadGlob[] }>(ctx: T): T {
  return ctx.envGlobs?.some((each) => each.relative) ? { ...ctx, envGlobs: ctx.envGlobs.filter((each) => !each.relative) } : ctx;
}

type Kind =
  // A list of folders (`:`-separated): `files` in each.
  | { readonly folders: readonly string[]; readonly everyFolder?: boolean }
  // A list of files (`:` or space separated, LD_PRELOAD), or one file.
  | { readonly files: 'list' | 'one' }
  // The operands of these options in a command-line-like value (NODE_OPTIONS --require ./x.js).
  | { readonly options: readonly string[] }
  // Perl modules these options load (PERL5OPT -Mtools::x: `tools/x.pm` in a folder of @INC).
  | { readonly modules: readonly string[] }
  // Shell text a program runs as a command (GIT_EXTERNAL_DIFF, EDITOR ...): its program when it is a path
  // (`$PWD/tools/d.sh`), and the text is judged as a command where it is assigned (shell/command-variables.ts).
  | { readonly command: true };

const COMMAND: Kind = { command: true };

const VARIABLES: readonly (readonly [string, Kind])[] = [
  ['PATH', { folders: ['**'] }],
  ['PYTHONPATH', { folders: ['sitecustomize*', 'usercustomize*', '__pycache__/sitecustomize*', '__pycache__/usercustomize*'], everyFolder: true }],
  ['GIT_EXEC_PATH', { folders: ['**'] }],
  ['GIT_TEMPLATE_DIR', { folders: ['**'] }],
  ['LD_LIBRARY_PATH', { folders: ['**'] }],
  ['ZDOTDIR', { folders: ['**'] }],
  ['XDG_CONFIG_HOME', { folders: ['**'] }],
  ['LD_PRELOAD', { files: 'list' }],
  ['LD_AUDIT', { files: 'list' }],
  ['BASH_ENV', { files: 'one' }],
  ['PYTHONSTARTUP', { files: 'one' }],
  ['GIT_CONFIG_GLOBAL', { files: 'one' }],
  ['GIT_CONFIG_SYSTEM', { files: 'one' }],
  ['PIP_CONFIG_FILE', { files: 'one' }],
  ['npm_config_userconfig', { files: 'one' }],
  ['NODE_OPTIONS', { options: ['--require', '-r', '--import', '--loader', '--experimental-loader'] }],
  ['RUBYOPT', { options: ['-r'] }],
  // Red team R12-16b: GNU make reads MAKEFILES' files before every makefile; perl loads PERL5OPT's modules.
  ['MAKEFILES', { files: 'list' }],
  ['PERL5OPT', { modules: ['-M', '-m'] }],
  // R12-6b: variables a program runs as a command (one list with the loaders: shell/command-variables.ts reads it).
  ...['GIT_EXTERNAL_DIFF', 'GIT_SSH_COMMAND', 'GIT_SSH', 'GIT_PAGER', 'GIT_EDITOR', 'GIT_SEQUENCE_EDITOR', 'GIT_ASKPASS', 'GIT_PROXY_COMMAND',
    'SSH_ASKPASS', 'SUDO_ASKPASS', 'PAGER', 'MANPAGER', 'SYSTEMD_PAGER', 'EDITOR', 'VISUAL', 'BROWSER', 'LESSOPEN', 'LESSCLOSE', 'PROMPT_COMMAND', 'RSYNC_RSH', 'CVS_RSH', 'FCEDIT',
  ].map((name) => [name, COMMAND] as const),
];

// Whether a variable's value is shell text a program runs as a command (the table's command rows).
export function isCommandVariable(name: string): boolean {
  const kind = VARIABLES.find(([each]) => each === name)?.[1];
  return kind !== undefined && 'command' in kind;
}

// Whether a variable's value is a command line (its entries separated by spaces, not `:`).
export function isSpaceSeparated(name: string): boolean {
  const kind = VARIABLES.find(([each]) => each === name)?.[1];
  return kind !== undefined && ('options' in kind || 'modules' in kind || 'command' in kind || ('files' in kind && kind.files === 'list' && name === 'MAKEFILES'));
}

function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return posix.normalize(path);
  }
}

// A workspace-relative form of an entry: an absolute one inside a root (as written, normalised, or by its real
// path), a relative one normalised (`././bin`, `bin/../bin` and `.//bin` are `bin`); undefined outside.
function relativeOf(given: string, roots: readonly string[], home = process.env['HOME']): { rel: string; relative: boolean } | undefined {
  // bash expands a leading `~` in PATH entries (red team R7-2).
  const entry = home && (given === '~' || given.startsWith('~/')) ? `${home}${given.slice(1)}` : given;
  if (entry === '') return undefined;
  if (!isAbsolute(entry)) {
    const normal = posix.normalize(entry).replace(/\/+$/, '');
    return normal === '..' || normal.startsWith('../') ? undefined : { rel: normal === '.' ? '' : normal, relative: true };
  }
  for (const form of new Set([posix.normalize(entry), real(entry)])) {
    for (const root of roots) {
      const rel = relative(root, form);
      if (!rel.startsWith('..') && !isAbsolute(rel)) return { rel, relative: false };
    }
  }
  return undefined;
}

function optionOperands(value: string, options: readonly string[]): string[] {
  const words = value.split(/\s+/).filter((word) => word !== '');
  const found: string[] = [];
  words.forEach((word, at) => {
    for (const option of options) {
      if (word === option && words[at + 1] !== undefined) found.push(words[at + 1]!);
      else if (word.startsWith(`${option}=`)) found.push(word.slice(option.length + 1));
      else if (option.length === 2 && word.startsWith(option) && word.length > 2 && !word.startsWith('--')) found.push(word.slice(2));
    }
  });
  return found.map((operand) => operand.replace(/^["']|["']$/g, ''));
}

const joined = (folder: string, file: string): string => (folder === '' ? file : `${folder}/${file}`);

// Where a folder entry lies in the workspace, as root-relative patterns ('' for the root itself). A relative
// entry (`node_modules/.bin`) holds in every folder, and in the folders above the root too: the person's shell
// stands where it likes, so a root at `node_modules` holds it as `.bin`, a root at `node_modules/.bin` IS it
// (red team R7-6, workspace/anchored.ts). `relative`: it depends on the folder the shell stands in (an absolute
// entry that is the root itself counts so as well: a build writing at the root is judged by name only).
// A relative `.` is left out (every folder's files would be protected: the README says why).
function foldersAt(found: { rel: string; relative: boolean } | undefined, roots: readonly string[]): { folder: string; relative: boolean }[] {
  if (found === undefined) return [];
  if (!found.relative) return [{ folder: found.rel, relative: found.rel === '' }];
  if (found.rel === '') return [];
  const above = anchoredAtRoot([found.rel], roots);
  const root = above.covers !== undefined && roots.includes(above.covers.folder) ? [''] : [];
  return [`**/${found.rel}`, ...above.rests, ...root].map((folder) => ({ folder, relative: true }));
}

// What `value` of the variable `name` names: its entries, folders (`:`-separated; `folders`: what is loaded
// in each, `**` everything) or files; undefined for a variable not in the table. Also read for the
// assignments of the user's start-up files (home-sources-shell.ts: `export PATH=~/dotfiles/bin:$PATH`).
export function envNamed(name: string, value: string): { entries: string[]; folders?: readonly string[] } | undefined {
  const kind = VARIABLES.find(([each]) => each === name)?.[1];
  if (!kind) return undefined;
  if ('folders' in kind) return { entries: value.split(':'), folders: kind.folders };
  if ('modules' in kind) return { entries: optionOperands(value, kind.modules).map((module) => `${module.replace(/=.*$/, '').split('::').join('/')}.pm`) };
  if ('command' in kind) return { entries: [value.trim().split(/\s+/)[0] ?? ''].filter((program) => program.includes('/')) };
  return { entries: 'options' in kind ? optionOperands(value, kind.options) : kind.files === 'list' ? value.split(/[:\s]+/) : [value] };
}

// The patterns of every load folder and file the environment names inside the workspace (`roots`: the root as
// given and as the kernel opens it).
export function envLoadGlobs(roots: readonly string[], env: Readonly<Record<string, string | undefined>> = process.env): EnvLoadGlob[] {
  const globs: EnvLoadGlob[] = [];
  for (const [name, kind] of VARIABLES) {
    const value = env[name];
    if (value === undefined || value === '') continue;
    const why = (entry: string): string => `${name} names ${entry}: ${name === 'PATH' ? 'a program there runs in place of the command you type next, outside any sandbox' : 'a program loads or runs it from there'}`;
    const named = envNamed(name, value)!;
    if (named.folders) {
      for (const entry of named.entries) {
        const found = relativeOf(entry, roots, env['HOME']);
        const everyFolder = 'everyFolder' in kind && kind.everyFolder === true && (entry === '' || found?.rel === '');
        for (const at of everyFolder ? [{ folder: '**', relative: false }] : foldersAt(found, roots)) {
          // The root itself on PATH: a file named like a program of the rest of PATH (or an everyday one) runs in
          // its place; other files are the project's (every exec and edit there would ask otherwise).
          const rootPath = at.folder === '' && name === 'PATH';
          const relativePath = name === 'PATH' && at.relative;
          if (!rootPath) for (const file of named.folders) globs.push({ glob: joined(at.folder, file), why: why(entry), ...(relativePath ? { relative: true as const } : {}) });
          if (relativePath) globs.push({ glob: joined(at.folder, '*'), why: why(entry), names: shadowedNames(roots, env['PATH'] ?? '') });
        }
      }
    } else {
      for (const entry of named.entries) {
        const found = relativeOf(entry, roots, env['HOME']);
        if (found !== undefined && found.rel !== '') globs.push({ glob: found.relative ? `**/${found.rel}` : found.rel, why: why(entry) });
      }
    }
  }
  return globs;
}
