import type { ShWord } from '../shell/sh-tokens.js';
import { plain } from './home-sources-expand.js';

// direnv's stdlib, an ALLOW-LIST (red team R12-16, R13-12, R15-22: `load_prefix tools` put tools/bin first on
// PATH and was not read): every function of direnv's stdlib (direnv 2.x `direnv stdlib`) is either modeled here
// (what its arguments, or its default, name: words read as `.envrc` files (`direnv`) or not, or folders) or
// known to name nothing a program loads (INERT). A stdlib function in neither, a `layout`/`use` subject not
// modeled, or `direnv_load` (runs any command and loads the environment it prints) is not understood: `whole`,
// the whole work tree is obeyed (obeyed-env-runtime.ts WHOLE).

export interface Named {
  readonly words: ShWord[];
  readonly kind?: 'direnv' | 'dotenv';
  readonly folder?: boolean;
  // Why the function is not understood (the whole work tree is obeyed).
  readonly whole?: string;
}

const notModeled = (what: string): Named => ({ words: [], whole: `\`${what}\` (a direnv function or form codeward does not model)` });
const folders = (...names: string[]): Named => ({ words: names.map(plain), folder: true });

// `layout X`: the environment direnv makes and puts first on PATH (and the variables the layout sets).
const LAYOUTS: Readonly<Record<string, readonly string[]>> = {
  node: ['node_modules/.bin'],
  // GOPATH is the project, its bin on PATH.
  go: ['bin'],
  php: ['vendor/bin'],
  python: ['.direnv'],
  python2: ['.direnv'],
  python3: ['.direnv'],
  ruby: ['.direnv'],
  perl: ['.direnv'],
  uv: ['.venv', '.direnv'],
  poetry: ['.venv', '.direnv'],
  pdm: ['.venv', '.direnv'],
  pipenv: ['.venv', '.direnv'],
};

// `use X …` / `use_X …`: nix's files, vim's extra vimrc; version selectors that name no work-tree file.
function used(what: string | undefined, arg: ShWord | undefined): Named {
  const at = arg === undefined ? '.' : arg.text.replace(/#.*$/, '') || '.';
  const dir = (name: string): ShWord => ({ text: `${at}/${name}`, single: arg?.single ?? false });
  if (what === 'flake') return { words: [dir('flake.nix'), dir('flake.lock')] };
  if (what === 'nix') return { words: arg === undefined ? [plain('shell.nix'), plain('default.nix')] : [arg] };
  if (what === 'devenv') return { words: [dir('devenv.nix'), dir('devenv.yaml')] };
  // DIRENV_EXTRA_VIMRC: vim sources it.
  if (what === 'vim') return { words: [arg ?? plain('.vimrc.local')] };
  // A version from the person's own folders ($NODE_VERSIONS, rbenv's, julia's): `.node-version`/`.nvmrc` name a version.
  if (what === 'node' || what === 'nodenv' || what === 'rbenv' || what === 'julia') return { words: [] };
  // mise's and asdf's own files are read by their rows (home-sources-parse.ts mise; .tool-versions is obeyed whole).
  if (what === 'mise' || what === 'asdf') return { words: [] };
  return notModeled(`use ${what ?? ''}`);
}

// The stdlib functions that name nothing a program loads (tests, logging, watching, removing from PATH, the
// folders above the workspace: `source_up`, not followed; a URL fetched with its hash).
const INERT = new Set(['has', 'join_args', 'expand_path', 'user_rel_path', 'find_up', 'log_status', 'log_error', 'watch_file', 'watch_dir', 'direnv_layout_dir', 'direnv_version', 'on_git_branch', 'strict_env', 'unstrict_env', 'env_vars_required', 'semver_search', 'source_up', 'source_up_if_exists', 'PATH_rm', 'path_rm', 'source_url', 'fetchurl']);

export const DIRENV: Readonly<Record<string, (args: readonly ShWord[]) => Named>> = {
  source_env: (args) => ({ words: args.slice(0, 1).flatMap((word) => [word, { ...word, text: `${word.text}/.envrc` }]), kind: 'direnv' }),
  // Its assignments are read like the `.envrc`'s own (a value naming a path makes it obeyed, R13-12).
  dotenv: (args) => ({ words: args.length > 0 ? args.slice(0, 1) : [plain('.env')], kind: 'dotenv' }),
  use: (args) => used(args[0]?.text, args[1]),
  PATH_add: (args) => ({ words: [...args], folder: true }),
  MANPATH_add: (args) => ({ words: [...args], folder: true }),
  // `path_add VAR DIR`: DIR added to any path variable (PATH, PYTHONPATH ...).
  path_add: (args) => ({ words: args.slice(1), folder: true }),
  // `load_prefix DIR`: DIR/bin and DIR/sbin on PATH, DIR/lib on LD_LIBRARY_PATH, DIR/include, DIR/share/man,
  // DIR/lib/pkgconfig: the whole prefix (R15-22).
  load_prefix: (args) => ({ words: args.slice(0, 1), folder: true }),
  layout: (args) => (LAYOUTS[args[0]?.text ?? ''] ? folders(...LAYOUTS[args[0]!.text]!) : notModeled(`layout ${args[0]?.text ?? ''}`)),
  // Runs a command and loads the environment it dumps: what it may name is not known.
  direnv_load: () => notModeled('direnv_load'),
  // rvm's own shell functions select a ruby of the person's folders.
  rvm: () => ({ words: [] }),
};

// What direnv stdlib function `name` (with `_if_exists` removed) names, or undefined when `name` is no stdlib
// function (an ordinary command, read by the shell walk).
export function direnvNamed(name: string, args: readonly ShWord[]): Named | undefined {
  if (DIRENV[name]) return DIRENV[name](args);
  if (INERT.has(name)) return { words: [] };
  if (name.startsWith('use_')) return used(name.slice(4), args[0]);
  if (name.startsWith('layout_')) return DIRENV['layout']!([plain(name.slice(7))]);
  return undefined;
}
