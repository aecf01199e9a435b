// Folders and files the user's environment makes programs load code from, inside the workspace (red team
// rounds 6-7: R6-17, R7-2, R7-4): a folder of PATH (`node_modules/.bin`, `bin`, an absolute $W/tools) runs
// whatever file is named like the command the user types next, outside any sandbox; PYTHONPATH's
// sitecustomize/usercustomize run at every python start; git runs what GIT_EXEC_PATH and GIT_TEMPLATE_DIR hold;
// the loader loads LD_LIBRARY_PATH's libraries and LD_PRELOAD's; bash runs BASH_ENV (not the generic ENV: CI sets ENV=production), python PYTHONSTARTUP, node
// NODE_OPTIONS' --require/--import files, ruby RUBYOPT's -r files and -I folders, git GIT_CONFIG_GLOBAL, make
// MAKEFILES, perl PERL5OPT's -M modules and -I folders, and the program of a variable a program runs as a command
// (GIT_EXTERNAL_DIFF, EDITOR). The write gate protects them like the catalogue (obeyed.ts ObeyedContext.envGlobs): a
// relative folder entry holds in every folder (the shell resolves it where it stands), an absolute one where it
// lies (by its real path too). Folders of a project's own code (a PYTHONPATH=src, PERL5LIB=lib, NODE_PATH) in the
// process environment are not protected file by file: every edit of the project would ask; set by a workspace env
// file (`.envrc`, mise), which the repository writes, they are obeyed whole (`code` rows, R14b-3). A PATH entry `.` or empty neither (the README says why); the root itself on PATH
// protects its files named like programs, a root below a relative entry's first names the rest of it (foldersAt).
import { shadowedNames } from './obeyed-env-path.js';
import { foldersAt, relativeOf } from './obeyed-env-where.js';
import { nodeNamed } from './node-options.js';
import { envHomeGlobs } from './obeyed-env-homes.js';

export type { EnvLoadGlob } from './obeyed-env-where.js';
import type { EnvLoadGlob } from './obeyed-env-where.js';

// The context for judging what a sandboxed command changed: without the relative PATH folders' whole patterns.
export function withoutRelativePath<T extends { readonly envGlobs?: readonly EnvLoadGlob[] }>(ctx: T): T {
  return ctx.envGlobs?.some((each) => each.relative) ? { ...ctx, envGlobs: ctx.envGlobs.filter((each) => !each.relative) } : ctx;
}

type Kind =
  // A list of folders (`:`-separated): `files` in each. `code`: a folder of modules loaded by name (PERL5LIB,
  // RUBYLIB, NODE_PATH: a `lib/strict.pm` there runs in every perl), obeyed whole when a workspace env file
  // (`.envrc`, mise) sets it (red team R14b-3); from the process environment it is the project's own code (the
  // header says why), not protected.
  // `startup`: the files of such a folder the runtime loads in place of its own at every start, obeyed from the
  // process environment too (red team R26-5: PERL5LIB=$W/cfg made cfg/strict.pm every perl script's `use strict`).
  | { readonly folders: readonly string[]; readonly everyFolder?: boolean; readonly code?: true; readonly startup?: readonly string[] }
  // A list of files (`:` or space separated, LD_PRELOAD), or one file.
  | { readonly files: 'list' | 'one' }
  // The operands of these options in a command-line-like value (NODE_OPTIONS --require ./x.js); `extension`:
  // added to an operand without one (ruby's `-rx` loads x.rb); `include`: options naming a load folder, whose
  // every file may be loaded by name (`-I./lib`: R14b-3), obeyed whole.
  // `node`: node's options (node-options.ts: the allow-list of what each option's value is); a module specifier
  // is resolved (node-resolve.ts: `./x` is x.js too, a bare `x` node_modules/x; red team R15-10, R15-14), read
  // so in every file the table's values come from.
  | { readonly options: readonly string[]; readonly extension?: string; readonly include?: readonly string[]; readonly node?: true }
  // Perl modules these options load (PERL5OPT -Mtools::x: `tools/x.pm` in a folder of @INC).
  | { readonly modules: readonly string[]; readonly include?: readonly string[] }
  // Shell text a program runs as a command (GIT_EXTERNAL_DIFF, EDITOR ...): its program when it is a path
  // (`$PWD/tools/d.sh`), and the text is judged as a command where it is assigned (shell/command-variables.ts).
  | { readonly command: true };

const COMMAND: Kind = { command: true };

// What every perl script loads by name from a folder of PERL5LIB before perl's own: the pragmas (lowercase by perl's
// convention: strict, warnings, utf8, lib ...; a project's modules are capitalised), the core modules nearly every
// program uses, sitecustomize.pl. Ruby: what every ruby start requires from RUBYLIB before its own (rubygems and
// the gems its prelude loads), and bundler (`bundle exec`, `require "bundler/setup"`). NODE_PATH is read only for a
// bare name node_modules lacks: none.
const PERL_STARTUP = ['[a-z]*.pm', 'sitecustomize.pl', 'Carp.pm', 'Carp/**', 'Exporter.pm', 'Exporter/**', 'XSLoader.pm', 'DynaLoader.pm', 'Config.pm', 'POSIX.pm',
  'Scalar/Util.pm', 'List/Util.pm', 'Data/Dumper.pm', 'File/Spec.pm', 'File/Spec/**', 'File/Basename.pm', 'Getopt/Long.pm', 'Test/More.pm', 'Test/Builder.pm', 'Test/Builder/**'];
const RUBY_STARTUP = ['rubygems.rb', 'rubygems/**', 'did_you_mean.rb', 'did_you_mean/**', 'error_highlight.rb', 'error_highlight/**', 'syntax_suggest.rb', 'syntax_suggest/**',
  'bundled_gems.rb', 'bundler.rb', 'bundler/**'];

const VARIABLES: readonly (readonly [string, Kind])[] = [
  ['PATH', { folders: ['**'] }],
  ['PYTHONPATH', { folders: ['sitecustomize*', 'usercustomize*', '__pycache__/sitecustomize*', '__pycache__/usercustomize*'], everyFolder: true }],
  ['GIT_EXEC_PATH', { folders: ['**'] }],
  ['GIT_TEMPLATE_DIR', { folders: ['**'] }],
  ['LD_LIBRARY_PATH', { folders: ['**'] }],
  ['ZDOTDIR', { folders: ['**'] }],
  ['XDG_CONFIG_HOME', { folders: ['**'] }],
  // Red team R39-b5: glibc's iconv modules, OpenSSL's engines and providers (native code loaded into the program), and
  // OpenSSL's configuration file (which names engine and provider files to load).
  ['GCONV_PATH', { folders: ['**'] }],
  ['OPENSSL_ENGINES', { folders: ['**'] }],
  ['OPENSSL_MODULES', { folders: ['**'] }],
  ['OPENSSL_CONF', { files: 'one' }],
  ['LD_PRELOAD', { files: 'list' }],
  ['LD_AUDIT', { files: 'list' }],
  ['BASH_ENV', { files: 'one' }],
  ['PYTHONSTARTUP', { files: 'one' }],
  ['GIT_CONFIG_GLOBAL', { files: 'one' }],
  ['GIT_CONFIG_SYSTEM', { files: 'one' }],
  ['PIP_CONFIG_FILE', { files: 'one' }],
  ['npm_config_userconfig', { files: 'one' }],
  ['NODE_OPTIONS', { options: [], node: true }],
  ['RUBYOPT', { options: ['-r'], extension: '.rb', include: ['-I'] }],
  ...['PERL5LIB', 'PERLLIB'].map((name) => [name, { folders: ['**'], code: true, startup: PERL_STARTUP }] as const),
  ['RUBYLIB', { folders: ['**'], code: true, startup: RUBY_STARTUP }],
  ['NODE_PATH', { folders: ['**'], code: true }],
  // Red team R12-16b: GNU make reads MAKEFILES' files before every makefile; perl loads PERL5OPT's modules.
  ['MAKEFILES', { files: 'list' }],
  ['PERL5OPT', { modules: ['-M', '-m'], include: ['-I'] }],
  // R12-6b: variables a program runs as a command (one list with the loaders: shell/command-variables.ts reads it).
  ...['GIT_EXTERNAL_DIFF', 'GIT_SSH_COMMAND', 'GIT_SSH', 'GIT_PAGER', 'GIT_EDITOR', 'GIT_SEQUENCE_EDITOR', 'GIT_ASKPASS', 'GIT_PROXY_COMMAND',
    'SSH_ASKPASS', 'SUDO_ASKPASS', 'PAGER', 'MANPAGER', 'SYSTEMD_PAGER', 'EDITOR', 'VISUAL', 'BROWSER', 'LESSOPEN', 'LESSCLOSE', 'PROMPT_COMMAND', 'RSYNC_RSH', 'CVS_RSH', 'FCEDIT',
    // R21: more programs' command variables (fzf's source command, editors of sudoedit/kubectl/svn/cvs/hg/psql, rsync's
    // daemon connection, svn's ssh, cargo's compiler wrappers).
    'FZF_DEFAULT_COMMAND', 'SUDO_EDITOR', 'KUBE_EDITOR', 'SVN_EDITOR', 'SVN_SSH', 'CVSEDITOR', 'HGEDITOR', 'SYSTEMD_EDITOR', 'PSQL_EDITOR', 'PSQL_PAGER',
    'RSYNC_CONNECT_PROG', 'BORG_RSH', 'RUSTC_WRAPPER', 'RUSTC_WORKSPACE_WRAPPER', 'CARGO_BUILD_RUSTC_WRAPPER',
    // R24-20: ccache's compiler check and prefix commands (compiler_check, prefix_command, prefix_command_cpp).
    'CCACHE_COMPILERCHECK', 'CCACHE_PREFIX', 'CCACHE_PREFIX_CPP',
    // dyn23: the compiler and doc tool cargo runs (`RUSTC='git push' cargo build` runs `git push -vV`).
    'RUSTC', 'RUSTDOC', 'CARGO_BUILD_RUSTC', 'CARGO_BUILD_RUSTDOC',
    // R45-b5: make, and not only where make reads it: gcc's lto-wrapper runs $MAKE (`MAKE=./mk gcc -flto=4 x.c`).
    'MAKE',
  ].map((name) => [name, COMMAND] as const),
];

// Rows named by a pattern (dyn23, vars21 LEFT): cargo's per-target runner (`CARGO_TARGET_<TRIPLE>_RUNNER='git push'
// cargo run`: split into words and run with the binary after them) and linker (rustc runs it; a path, read as shell
// text, which reads more than cargo does: fails closed).
const PATTERNS: readonly (readonly [RegExp, Kind])[] = [[/^CARGO_TARGET_[A-Z0-9_]+_(?:RUNNER|LINKER)$/, COMMAND]];

const kindOf = (name: string): Kind | undefined => VARIABLES.find(([each]) => each === name)?.[1] ?? PATTERNS.find(([pattern]) => pattern.test(name))?.[1];

// Whether a program loads files by the variable's value: a row of the table, or a shell's own (BASH_ENV, ENV,
// ZDOTDIR, ZSH_CUSTOM: home-sources-shell.ts reads them). A value of one only known at run time fails closed.
export function isLoaderVariable(name: string): boolean {
  return ['ENV', 'ZDOTDIR', 'ZSH_CUSTOM', 'fish_user_paths'].includes(name) || kindOf(name) !== undefined;
}

// Whether a variable's value is shell text a program runs as a command (the table's command rows).
export function isCommandVariable(name: string): boolean {
  const kind = kindOf(name);
  return kind !== undefined && 'command' in kind;
}

// Whether a variable's value is a command line (its entries separated by spaces, not `:`).
export function isSpaceSeparated(name: string): boolean {
  const kind = kindOf(name);
  return kind !== undefined && ('options' in kind || 'modules' in kind || 'command' in kind || ('files' in kind && kind.files === 'list' && name === 'MAKEFILES'));
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

export interface EnvNamed {
  readonly entries: string[];
  readonly folders?: readonly string[];
  readonly loadFolders?: string[];
  readonly code?: true;
  readonly upward?: string[];
  // The packages of the bare names (`@s/x` of `@s/x/register`): their package.json `main` is followed.
  readonly packages?: string[];
  readonly bare?: string[];
  readonly dotenv?: string[];
  readonly why?: string;
}

const joined = (folder: string, file: string): string => (folder === '' ? file : `${folder}/${file}`);

// What `value` of the variable `name` names: its entries, folders (`:`-separated; `folders`: what is loaded
// in each, `**` everything) or files; undefined for a variable not in the table. Also read for the
// assignments of the user's start-up files (home-sources-shell.ts: `export PATH=~/dotfiles/bin:$PATH`).
// `loadFolders`: folders whose every file may be loaded (`-I` of RUBYOPT and PERL5OPT). NODE_OPTIONS: `upward`,
// the spellings of a bare module name, looked up from the folder the value applies in and every folder above
// it up to the top (reach row 4: no fixed depth); `dotenv`, the env files node reads (`--env-file`, R17-5),
// whose variables apply in turn; `why`, what node loads is not known (node-options.ts).
export function envNamed(name: string, value: string): EnvNamed | undefined {
  const kind = kindOf(name);
  if (!kind) return undefined;
  if ('folders' in kind) return { entries: value.split(':'), folders: kind.folders, ...(kind.code ? { code: true as const } : {}) };
  // perl's `-Mlib=DIR,DIR2` (PERL5OPT) puts its folders first on @INC as `-I` does (red team R24-16).
  const lib = name === 'PERL5OPT' ? [...value.matchAll(/(?:^|\s)-[Mm]-?lib=(\S+)/g)].flatMap((found) => found[1]!.split(',')) : [];
  const loadFolders = 'include' in kind && kind.include ? { loadFolders: [...optionOperands(value, kind.include), ...lib] } : {};
  if ('modules' in kind) return { entries: optionOperands(value, kind.modules).map((module) => `${module.replace(/=.*$/, '').split('::').join('/')}.pm`), ...loadFolders };
  if ('options' in kind && kind.extension !== undefined) {
    const ext = kind.extension;
    return { entries: optionOperands(value, kind.options).flatMap((file) => (/\.\w+$/.test(file) ? [file] : [file, `${file}${ext}`])), ...loadFolders };
  }
  if ('options' in kind && kind.node === true) return nodeNamed(value);
  // less's input pipe `|`, `||` (run even when it prints nothing) and `|-` (for standard input too) come before the
  // program (`LESSOPEN='|./tools/lo %s'` runs ./tools/lo): not part of its name.
  if ('command' in kind) return { entries: [value.trim().replace(/^\|\|?-?\s*/, '').split(/\s+/)[0] ?? ''].filter((program) => program.includes('/')) };
  return { entries: 'options' in kind ? optionOperands(value, kind.options) : kind.files === 'list' ? value.split(/[:\s]+/) : [value] };
}

// The patterns of every load folder and file the environment names inside the workspace (`roots`: the root as
// given and as the kernel opens it).
export function envLoadGlobs(roots: readonly string[], env: Readonly<Record<string, string | undefined>> = process.env): EnvLoadGlob[] {
  const globs: EnvLoadGlob[] = [];
  const patterned = Object.keys(env).flatMap((name) => PATTERNS.filter(([pattern]) => pattern.test(name)).map(([, kind]) => [name, kind] as const));
  for (const [name, kind] of [...VARIABLES, ...patterned]) {
    const value = env[name];
    if (value === undefined || value === '') continue;
    const why = (entry: string): string => `${name} names ${entry}: ${name === 'PATH' ? 'a program there runs in place of the command you type next, outside any sandbox' : 'a program loads or runs it from there'}`;
    const named = envNamed(name, value)!;
    // A folder of the project's own code: only what the runtime loads at every start (the header says why).
    const startup = 'folders' in kind ? kind.startup : undefined;
    if (named.code && startup === undefined) continue;
    const folderFiles = named.code ? startup : named.folders;
    for (const entry of named.loadFolders ?? []) {
      const found = relativeOf(entry, roots, env['HOME']);
      if (found !== undefined && found.rel !== '') globs.push({ glob: `${found.relative ? `**/${found.rel}` : found.rel}/**`, why: why(entry) });
    }
    if (named.folders) {
      for (const entry of named.entries) {
        const found = relativeOf(entry, roots, env['HOME']);
        // `.` or an empty entry (`PATH=:$PATH`, what `PATH=$EXTRA:$PATH` leaves with EXTRA empty) is the folder the
        // shell stands in, wherever that is (red team R24-17): in every folder a file named like a program of the
        // rest of PATH (or an everyday one) runs in its place; other files stay the project's.
        if (name === 'PATH' && (entry === '' || (found?.relative === true && found.rel === ''))) {
          globs.push({ glob: '**/*', why: why(entry === '' ? 'an empty entry (the current folder)' : entry), relative: true, names: shadowedNames(roots, env['PATH'] ?? '') });
          continue;
        }
        const everyFolder = 'everyFolder' in kind && kind.everyFolder === true && (entry === '' || found?.rel === '');
        for (const at of everyFolder ? [{ folder: '**', relative: false }] : foldersAt(found, roots)) {
          // The root itself on PATH: a file named like a program of the rest of PATH (or an everyday one) runs in
          // its place; other files are the project's (every exec and edit there would ask otherwise).
          const rootPath = at.folder === '' && name === 'PATH';
          const relativePath = name === 'PATH' && at.relative;
          if (!rootPath) for (const file of folderFiles!) globs.push({ glob: joined(at.folder, file), why: why(entry), ...(relativePath ? { relative: true as const } : {}) });
          if (relativePath) globs.push({ glob: joined(at.folder, '*'), why: why(entry), names: shadowedNames(roots, env['PATH'] ?? '') });
        }
      }
    } else {
      // The process's NODE_OPTIONS applies wherever node runs: a bare name's spellings hold in every folder.
      for (const entry of [...named.entries, ...(named.upward ?? [])]) {
        const found = relativeOf(entry, roots, env['HOME']);
        if (found === undefined || found.rel === '') continue;
        const glob = found.relative ? `**/${found.rel}` : found.rel;
        globs.push({ glob, why: why(entry) });
        // A module node resolves may be a folder (a package, `./x` with an index): everything below it too.
        if ('options' in kind && kind.node === true) globs.push({ glob: `${glob}/**`, why: why(entry) });
      }
    }
  }
  // Every other variable naming a path inside the workspace, and a command variable's other paths (R22b-4).
  globs.push(...envHomeGlobs(roots, env, envRow));
  return globs;
}

// A variable's row: the table judges its whole value, or a command variable's program (its other paths go to
// obeyed-env-homes.ts), or none.
export function envRow(name: string): 'whole' | 'command' | undefined {
  const kind = kindOf(name);
  return kind === undefined ? undefined : 'command' in kind ? 'command' : 'whole';
}
