import picomatch from '../workspace/picomatch.js';
import { compiledSource } from './python-files.js';
import { compiledCache } from './compiled-caches.js';
import { styleCode } from './css-code.js';
import { gitShape, type Lookup } from './git-shape.js';
import { homeObeyed, isHomeListed } from './obeyed-home.js';
import type { EnvLoadGlob } from './obeyed-env.js';
import type { HomeLink } from './home-links.js';
import { homeLinkObeyed } from './home-link-obeyed.js';
import { isInert } from './inert-files.js';
import { MISE_CATALOGUE } from './mise-files.js';
import { LINTER_ROWS } from './obeyed-linters.js';

// The one write gate's predicate (THREAT-MODEL "One write gate"): is this a file that a program later runs
// or obeys, implicitly, outside any sandbox? Every writer asks it: the file tools (the immune path class
// `obeyed-later`, immune-paths.ts), undo/redo/restore (commands/rewind-guard.ts) and what a sandboxed
// command leaves behind (sandbox/obeyed-scan.ts moves it aside after the run). Pure: no file system.
//
// The line (src/permissions/README.md, "What a program later obeys"): a file is in the catalogue when a
// tool the user runs FOR ANOTHER REASON reads it from the folder it works in and runs, loads or obeys what
// it names (git status runs core.fsmonitor, cargo build obeys rust-toolchain.toml, opening the folder in
// an editor runs its tasks, an agent started there takes AGENTS.md as instructions). Build files and the
// project's own code (Makefile, package.json scripts, Cargo.toml and build.rs, go.mod, pyproject.toml,
// tests, conftest.py) and dependency folders are not: they are what the user runs on purpose when
// building or testing, and what an agent is there to change.
//
// Matching: a name or `a/b` sequence of names, anywhere in the path (any depth; also after `=`, `:` or
// `~`, as a shell argument `--out=.npmrc` or `host:.npmrc` spells it), the path itself or anything beneath it; `*` stands for any characters inside one name; case-insensitive (a workspace on
// a case-insensitive file system, macOS or a mounted FAT/NTFS volume, obeys `.VSCode` as `.vscode`).

export type ObeyedFamily = 'git' | 'agent' | 'editor' | 'ci' | 'hooks' | 'shell' | 'toolchain' | 'package-manager';

export interface ObeyedEntry {
  readonly pattern: string;
  readonly family: ObeyedFamily;
  // Who runs or obeys it, for messages and the documentation.
  readonly by: string;
  // Only inside a Python virtual environment (IN_VENV).
  readonly inVenv?: boolean;
}

type Row = readonly [family: ObeyedFamily, by: string, patterns: readonly string[]];

// The common shells, in node_modules/.bin whether or not this machine has them; with a context, every program of PATH
// (obeyed-bin-shadows.ts; this module is on every cold call's path: test/bin/lazy-start.test.ts).
export const NODE_BIN_SHELLS: readonly string[] = 'sh bash dash zsh ksh fish'.split(' ');

const ROWS: readonly Row[] = [
  ['git', 'git (hooks, config, the whole control folder, at any depth)', ['.git']],
  ['git', 'git submodule (URLs and paths it clones and enters)', ['.gitmodules']],
  ['git', 'git-lfs (the LFS server every push and checkout talks to)', ['.lfsconfig']],
  // Red team R39-b2: the other version controls' control folders whose config runs hooks (as .hg, below): Sapling's .sl
  // (`[hooks]` run by sl commit), darcs' _darcs (prefs/defaults posthooks), pijul's .pijul/config ([hooks]).
  ['git', 'Sapling, darcs and pijul (repository config naming hooks every commit runs)', ['.sl', '_darcs', '.pijul/config']],
  // ChatCLI's bootstrap files (IDENTITY.md too) and its project `.agent/` (personas `.agent/agents/*.md`, skills
  // `.agent/skills`; the folder also marks ChatCLI's workspace root, red team R32-6).
  ['agent', 'codeward and ChatCLI (policy, config, agents, skills, rules, personas, context files)', ['.codeward', '.chatcli', 'coder_policy.json', 'AGENTS.md', 'SOUL.md', 'USER.md', 'RULES.md', 'IDENTITY.md', '.agent']],
  ['agent', 'Claude Code', ['.claude', 'CLAUDE.md', 'CLAUDE.local.md']],
  ['agent', 'Gemini CLI', ['.gemini', 'GEMINI.md']],
  ['agent', 'Codex CLI', ['.codex', 'AGENTS.override.md']],
  ['agent', 'Cursor', ['.cursor', '.cursorrules']],
  ['agent', 'Windsurf', ['.windsurf', '.windsurfrules']],
  ['agent', 'Continue', ['.continue', '.continuerc.json']],
  ['agent', 'Cline and Roo Code', ['.clinerules', '.roo', '.roomodes', '.roorules']],
  ['agent', 'Aider', ['.aider.conf.yml', '.aider.conf.yaml', '.aider.model.settings.yml', '.aider.model.metadata.json', 'CONVENTIONS.md', '.aiderignore']],
  ['agent', 'GitHub Copilot', ['.github/copilot-instructions.md', '.github/instructions', '.github/prompts', '.github/chatmodes', '.github/agents']],
  ['agent', 'Amp, Zed, Kiro, OpenCode, Goose, Junie, Amazon Q, Augment', ['AGENT.md', '.rules', '.kiro', 'opencode.json', 'opencode.jsonc', '.opencode', '.goosehints', '.junie', '.amazonq', '.augment']],
  ['agent', 'Trae, Qwen Code, Crush, Kilo Code, OpenHands, JetBrains AI, Augment, Tabnine', ['.trae', '.qwen', 'QWEN.md', '.crush', 'CRUSH.md', 'crush.json', '.crush.json', '.kilocode', '.openhands', '.aiassistant', '.augment-guidelines', '.tabnine']],
  ['agent', 'the context filters of other agents (what their model may read)', ['.geminiignore', '.cursorignore', '.cursorindexingignore', '.clineignore', '.rooignore', '.codeiumignore', '.continueignore']],
  ['agent', 'MCP clients (the servers an agent starts)', ['.mcp.json']],
  ['editor', 'editors (tasks, launch and settings naming programs, interpreters, dev containers)', ['.vscode', '*.code-workspace', '.idea', '.fleet', '.zed', '.devcontainer', '.devcontainer.json', '.run']],
  ['editor', 'vim, neovim, pdb, irb, gdb, lldb and the Perl debugger start-up files read from the working folder', ['.exrc', '_exrc', '.nvimrc', '.nvim.lua', '.vimrc', '_vimrc', '.gvimrc', '.lvimrc', '.pdbrc', '.irbrc', '.gdbinit', '.lldbinit', '.perldb', 'perldb.ini']],
  // Red team R20-11: code a tool runs from the folder it works in, by a fixed name.
  ['editor', 'YouCompleteMe (.ycm_extra_conf.py runs when a file below it opens) and Eclipse (the project\'s buildSpec and the external tool builders it runs on every build)', ['.ycm_extra_conf.py', '.project', '.externalToolBuilders']],
  ['shell', 'REPLs and interpreters that run a start-up file from the working folder (R, pry, GHCi, Octave, psql, IEx, OCaml, sbt) and Mercurial (hooks in the repository\'s hgrc, hgrc-not-shared and the shared store sharedpath names: the whole control folder, as git\'s)', ['.Rprofile', '.Renviron', '.pryrc', '.ghci', '.octaverc', '.psqlrc', '.iex.exs', '.ocamlinit', '.sbtrc', '.hg']],
  ['editor', 'Helix, Theia, Visual Studio open-folder and Emacs directory locals (language servers, tasks and `eval:` forms they run)', ['.helix/languages.toml', '.theia', '.vs/tasks.vs.json', '.vs/launch.vs.json', '.dir-locals.el', '.dir-locals-2.el']],
  // Red team R19-22: the build systems, tasks and presets of more editors (run on open, on build or on run).
  ['editor', 'Sublime Text, Nova, KDevelop and the editors\' CMake integrations (build systems, tasks, launch configurations, presets)', ['*.sublime-project', '.nova', '*.kdev4', '.kdev4', 'CMakePresets.json', 'CMakeUserPresets.json']],
  // Red team R20-21: Xcode schemes (pre/post actions run shell on build and run) and .NET's launch profiles
  // (`"commandName": "Executable"`, `executablePath`: Visual Studio and Rider run it on F5).
  ['editor', 'Xcode and Visual Studio / Rider (scheme build and run actions; launch profiles naming a program)', ['*.xcscheme', 'Properties/launchSettings.json']],
  // Red team R37-b3, R38-b5: an editor's linter and formatter extensions load the WORKSPACE's copy of their tool and run
  // its config, which is code or names code, as soon as a file opens or saves: one row per tool (obeyed-linters.ts). The
  // installed libraries themselves (node_modules/eslint ...) are NOT rows: they are obeyed where the project names the
  // extension (hook-editor.ts, R18-19); unconditional, every `npm install` in the sandbox that updates typescript or
  // eslint failed (read-only) or was not applied (lead, stop 61).
  ...Object.entries(LINTER_ROWS).map(([tool, names]): Row => ['editor', `${tool} config (code or plug-ins editors run on save)`, names]),
  // Red team R39-b2: what a language server, debugger or build-on-save of an editor runs from the opened folder: latexmk's
  // rc (Perl; LaTeX Workshop builds with latexmk on every save), the Haskell Language Server's cradle (hie.yaml's bios
  // program / shell, .hie-bios), Build Server Protocol connection files (.bsp/*.json `argv`, started by Metals / IntelliJ),
  // OmniSharp's omnisharp.json (analyzer DLLs), rust-analyzer.toml (override commands, proc-macro server), vimspector's
  // launch configurations and lazy.nvim's project spec (Lua run at start).
  ['editor', 'language servers, debuggers and build-on-save of editors (latexmk, Haskell Language Server, Build Server Protocol, OmniSharp, rust-analyzer, vimspector, lazy.nvim, clojure-lsp\'s classpath command, coc.nvim\'s language servers)', ['latexmkrc', '.latexmkrc', 'hie.yaml', '.hie-bios', '.bsp', 'omnisharp.json', 'rust-analyzer.toml', '.vimspector.json', '.lazy.lua', '.lsp/config.edn', '.vim/coc-settings.json']],
  ['editor', 'cloud workspaces (tasks run when the workspace opens)', ['.gitpod.yml', '.gitpod.Dockerfile', '.idx/dev.nix', '.codesandbox', '.replit', 'replit.nix']],
  ['shell', 'Python virtual environments (their activate scripts are sourced by editors and direnv when a terminal opens; pyvenv.cfg names the interpreter; these names mark a folder as one)', ['pyvenv.cfg', 'bin/activate', 'bin/activate.fish', 'bin/activate.csh', 'bin/activate.nu', 'bin/activate.ps1', 'bin/activate.xsh', 'bin/activate_this.py', 'Scripts/activate', 'Scripts/activate.fish', 'Scripts/activate.csh', 'Scripts/activate.nu', 'Scripts/activate.ps1', 'Scripts/activate.xsh', 'Scripts/activate_this.py', 'Scripts/activate.bat', 'Scripts/deactivate.bat', 'conda-meta']],
  // Red team R24-13: any folder may be on sys.path (an editable install's .pth, a user site's, PYTHONPATH), so
  // sitecustomize/usercustomize run from wherever they are; no module is called so by accident.
  ['shell', 'Python at every interpreter start (.pth lines of site-packages, sitecustomize/usercustomize in any folder on sys.path: run before any script)', ['sitecustomize*', 'usercustomize*', '__pycache__/sitecustomize*', '__pycache__/usercustomize*', 'lib*/python*/*-packages/*.pth', 'lib*/python*/*-packages/sitecustomize*', 'lib*/python*/*-packages/usercustomize*', 'lib*/python*/*-packages/__pycache__/sitecustomize*', 'lib*/python*/*-packages/__pycache__/usercustomize*', 'lib*/site-packages/*.pth', 'lib*/site-packages/sitecustomize*', 'lib*/site-packages/usercustomize*', 'lib*/site-packages/__pycache__/sitecustomize*', 'lib*/site-packages/__pycache__/usercustomize*']],
  ['ci', 'CI services (run on push, with the repository\'s secrets)', ['.github/workflows', '.github/actions', '.gitlab-ci.yml', '.circleci', '.travis.yml', 'azure-pipelines.yml', '.buildkite', 'Jenkinsfile', 'bitbucket-pipelines.yml', '.drone.yml', '.woodpecker', '.woodpecker.yml', '.woodpecker.yaml', 'buildkite.yml', 'buildkite.yaml', 'buildkite.json', 'buildkite/pipeline.yml', 'buildkite/pipeline.yaml', 'buildkite/pipeline.json', 'amplify.yml', 'amplify.yaml', '.forgejo/workflows', '.forgejo/actions', '.gitea/workflows', '.gitea/actions', 'appveyor.yml', '.appveyor.yml', 'bitrise.yml', 'buildspec.yml', 'buildspec.yaml', 'cloudbuild.yaml', 'cloudbuild.yml', 'cloudbuild.json', 'codefresh.yml', '.semaphore', 'netlify.toml', '.gitlab', '.pipelines', '.tekton', '.cirrus.yml', '.cirrus.star', 'wercker.yml', '.builds', 'codemagic.yaml', 'vercel.json', '.teamcity']],
  ['hooks', 'commit-hook runners (the next git commit runs what they name)', ['.husky', '.pre-commit-config.yaml', 'lefthook.*', '.lefthook.*', 'lefthook-local.*', '.lefthook-local.*', '.lefthook', '.lintstagedrc*', 'lint-staged.config.*', '.simple-git-hooks*', 'simple-git-hooks.*', '.overcommit.yml', '.huskyrc', '.huskyrc.*', 'husky.config.*', 'commitlint.config.*', '.commitlintrc', '.commitlintrc.*']],
  ['shell', 'direnv, mise, asdf and sdkman (run or select programs on cd)', ['.envrc', '.envrc.*', ...MISE_CATALOGUE, '.sdkmanrc']],
  // Red team R36-7: the dev shells a person enters for another reason (to build, to test) run the project's hook on entry:
  // nix-shell's shellHook (shell.nix, else default.nix), nix develop's (flake.nix), devenv's enterShell, devbox's init_hook,
  // pixi's [activation] scripts (every pixi shell and pixi run) and flox's [hook] on-activate (the whole .flox folder).
  ['shell', 'dev shells that run a hook on entry (nix-shell, nix develop, devenv, devbox, pixi, flox)', ['shell.nix', 'default.nix', 'flake.nix', 'devenv.nix', 'devenv.yaml', 'devenv.local.nix', 'devenv.local.yaml', 'devbox.json', 'pixi.toml', '.flox']],
  ['shell', 'RVM, zsh-autoenv and autoenv (sourced by the shell on cd, R20-11)', ['.rvmrc', '.autoenv.zsh', '.autoenv_leave.zsh', '.env.leave']],
  ['toolchain', 'toolchain selectors (which compiler or interpreter a plain command runs)', ['rust-toolchain', 'rust-toolchain.toml', '.cargo/config', '.cargo/config.toml', '.nvmrc', '.node-version', '.python-version', '.ruby-version', '.java-version', '.go-version', '.python-versions', '.terraform-version', '.opentofu-version', '.bun-version', '.yvmrc', '.packer-version', '.crystal-version', '.exenv-version', '.deno-version', '.dvmrc', 'go.work', 'go.env', 'global.json', '.bazelrc', '.bazelversion', '.pdm-python']],
  // Red team R17-9, R17-10: launchers that run an in-tree override or a cached plug-in binary instead of their own.
  ['toolchain', 'bazel and bazelisk (run the workspace\'s tools/bazel instead of bazel; .bazeliskrc names the binary downloaded and run)', ['tools/bazel', '.bazeliskrc']],
  ['toolchain', 'terraform and OpenTofu (provider plug-in binaries cached in the tree run on the next plan or apply; CLI config names plug-in folders)', ['.terraform', '.terraformrc', 'terraform.rc', 'terraform.d/plugins', '.tofurc', 'tofu.rc']],
  ['toolchain', 'tflint (.tflint.hcl enables plug-ins; the plug-in binaries in .tflint.d run on the next tflint, R20-11)', ['.tflint.hcl', '.tflint.d']],
  ['shell', 'tools whose project config runs a program it names (jj\'s repository config: aliases, fix tools; JVM agents in .jvmopts/.sbtopts; ansible\'s vault password scripts and plug-in paths)', ['.jj/repo/config.toml', '.jvmopts', '.sbtopts', '.mill-jvm-opts', 'ansible.cfg']],
  // yarn 2+ Plug'n'Play (R20-11): every yarn script runs with NODE_OPTIONS `--require .pnp.cjs` and `--loader .pnp.loader.mjs`,
  // .pnp.data.json is their resolution map; .yarn/sdks is what the editor runs as typescript/eslint under PnP.
  ['package-manager', 'package managers and build tools (program paths, wrappers, script shells, plug-ins, registries)', ['.npmrc', '.yarnrc', '.yarnrc.yml', '.yarn/releases', '.yarn/plugins', '.yarn/sdks', '.pnp.cjs', '.pnp.js', '.pnp.loader.mjs', '.pnp.data.json', '.pnpmfile.cjs', '.pnpmfile.mjs', 'pnpm-workspace.yaml', 'bunfig.toml', '.bunfig.toml', 'uv.toml', '.bundle/config', 'nuget.config', 'Directory.Build.props', 'Directory.Build.targets', 'Directory.Build.rsp', 'Directory.Packages.props', 'Directory.Solution.props', '.config/dotnet-tools.json', '.mvn', 'gradle/wrapper/gradle-wrapper.properties', 'gradle/wrapper/gradle-wrapper.jar', 'gradle.properties', 'cabal.project.local', 'docker-compose.override.yml', 'docker-compose.override.yaml', 'compose.override.yml', 'compose.override.yaml',
    // Red team R33-4: every package script runs with node_modules/.bin first on PATH, and npm's script shell is `sh` looked
    // up there: a shell there runs every script (a program of the person's PATH there too: ObeyedContext.binShadow).
    ...NODE_BIN_SHELLS.map((name) => `node_modules/.bin/${name}`)]],
];

// Entries that hold only inside a Python virtual environment: the folder above `bin/`/`Scripts/` holds one of
// VENV_MARKERS (which the catalogue protects everywhere, so no writer makes a folder a venv unasked). With
// a context (ObeyedContext.venv: the file system is asked), a project's `tools/bin/python-helper` is
// ordinary; without one they hold everywhere.
const IN_VENV: Row = ['shell', 'the interpreter of a Python virtual environment (an editor runs it when the folder opens; an activated shell\'s python)', ['bin/python*', 'Scripts/python*']];
// Red team R19-11: the configuration the venv's own tools read at `sys.prefix` (hidden from `git diff`: .venv is
// ignored). pip's site `pip.conf`/`pip.ini` (`find-links`, `index-url`: the next install builds a planted sdist),
// Jupyter's `etc/jupyter` (`*_config.py` runs at start) and kernelspecs (`kernel.json` `argv`: the program a
// notebook starts), IPython's `etc/ipython` (config code, startup files); JupyterLab's `share/jupyter/lab/settings`
// (overrides), `share/jupyter/labextensions` and the classic `share/jupyter/nbextensions` (JavaScript the notebook page
// runs with the server's token, which runs code in the kernel); JupyterLab's whole `share/jupyter/lab` (its
// settings, schemas, themes and static bundles the page loads). Red team R20-17: conda's `etc/conda/activate.d` and
// `deactivate.d` scripts, sourced by every `conda activate`, `pixi run` and `pixi shell` of the environment.
const VENV_CONFIG: Row = ['shell', 'the configuration a Python or conda environment\'s pip, Jupyter, IPython and activation read at its prefix (pip\'s package sources, config code run at start, the kernel a notebook starts, the extensions a notebook page runs, the scripts every activation sources)', ['pip.conf', 'pip.ini', 'etc/jupyter', 'share/jupyter/kernels', 'share/jupyter/lab', 'share/jupyter/labextensions', 'share/jupyter/nbextensions', 'etc/ipython', 'etc/conda/activate.d', 'etc/conda/deactivate.d']];

// What makes a folder a virtual environment (python's own pyvenv.cfg, virtualenv's shape: an activate script, a conda
// environment's `conda-meta` folder: npmconf19's R19-11 scope), workspace-relative to the folder; each is a catalogue
// entry above.
export const VENV_MARKERS: readonly string[] = ['pyvenv.cfg', 'bin/activate', 'Scripts/activate', 'Scripts/activate.bat', 'conda-meta'];

export const OBEYED_CATALOGUE: readonly ObeyedEntry[] = [
  ...ROWS.flatMap(([family, by, patterns]) => patterns.map((pattern) => ({ pattern, family, by }))),
  ...[IN_VENV, VENV_CONFIG].flatMap(([family, by, patterns]) => patterns.map((pattern) => ({ pattern, family, by, inVenv: true }))),
];

// The catalogue's names without a wildcard (and not only a venv's), for lists of paths at the workspace root (sandbox/lists.ts).
export const OBEYED_NAMES: readonly string[] = OBEYED_CATALOGUE.filter((entry) => !entry.pattern.includes('*') && entry.inVenv !== true).map((entry) => entry.pattern);

// Matched name by name (a walk of a large tree asks once per entry): literal patterns indexed by their
// last name, the few with a wildcard as one pattern each.
interface Compiled {
  readonly names: readonly string[];
  readonly entry: ObeyedEntry;
}
interface Index {
  readonly byLast: ReadonlyMap<string, readonly Compiled[]>;
  // A wildcard pattern, one regex per name (`bin/python*`).
  readonly wild: readonly { readonly names: readonly RegExp[]; readonly entry: ObeyedEntry }[];
}

const nameRegex = (name: string): RegExp => new RegExp(`^${name.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`, 'i');

function buildIndex(): Index {
  const byLast = new Map<string, Compiled[]>();
  const wild: Index['wild'][number][] = [];
  for (const entry of OBEYED_CATALOGUE) {
    // An IN_VENV entry is checked where it is found (inVenv), as the wildcard ones are.
    if (entry.pattern.includes('*') || entry.inVenv === true) {
      wild.push({ names: entry.pattern.split('/').map(nameRegex), entry });
      continue;
    }
    const names = entry.pattern.toLowerCase().split('/');
    const last = names[names.length - 1]!;
    byLast.set(last, [...(byLast.get(last) ?? []), { names, entry }]);
  }
  return { byLast, wild };
}
const INDEX: Index = buildIndex();

// Whether a catalogue pattern can end at a file or folder of this name: a walk that stops at the first
// protected folder asks isObeyedLater only for these names (and for what the git configuration names).
export function mayEndAt(name: string): boolean {
  return INDEX.byLast.has(name.toLowerCase()) || INDEX.wild.some(({ names }) => names[names.length - 1]!.test(name));
}

// Whether an IN_VENV entry found after `above` (the names before it) holds: some trailing run of those names
// is a virtual environment (a shell argument `--out=x/.venv/bin/python` or an absolute path has names before
// the workspace-relative folder).
function inVenv(entry: ObeyedEntry, above: readonly string[], venv: ((folder: string) => boolean) | undefined): boolean {
  if (!entry.inVenv || !venv) return true;
  return placedEnv(above) || above.some((_, i) => venv(above.slice(i).join('/'))) || venv('');
}

// A folder that is an environment by its place, marker or not (red team R20-17): pixi makes its environments at
// `.pixi/envs/<name>`, so a fresh clone's first `pixi run` sources what a write put there before the env existed.
const placedEnv = (above: readonly string[]): boolean => above.length >= 3 && above[above.length - 3]!.toLowerCase() === '.pixi' && above[above.length - 2]!.toLowerCase() === 'envs';

function catalogueMatch(names: readonly string[], venv?: (folder: string) => boolean): ObeyedEntry | undefined {
  const lower = names.map((name) => name.toLowerCase());
  for (let i = 0; i < lower.length; i++) {
    for (const { names: pattern, entry } of INDEX.byLast.get(lower[i]!) ?? []) {
      const start = i - pattern.length + 1;
      if (start >= 0 && pattern.every((name, j) => lower[start + j] === name)) return entry;
    }
    for (const { names: pattern, entry } of INDEX.wild) {
      const start = i - pattern.length + 1;
      if (start >= 0 && pattern.every((regex, j) => regex.test(names[start + j]!)) && inVenv(entry, names.slice(0, start), venv)) return entry;
    }
  }
  return undefined;
}

// What git is configured to run or read in the workspace (core.hooksPath, core.fsmonitor, included
// config files, filter and diff programs), of the workspace's repository (or the one enclosing a
// subfolder workspace) and of EVERY repository the workspace holds (submodules, linked worktrees, nested
// clones, git folders by shape): workspace-relative paths (obeyed-context.ts, obeyed-repos.ts).
export interface ObeyedContext {
  readonly gitPaths: readonly string[];
  // Words of configured commands that are globs (`!sh r4*`), as workspace-relative picomatch patterns:
  // a path one of them matches (or a folder above it) is what the command may run.
  readonly gitGlobs?: readonly string[];
  // The same globs compiled once (obeyed-context.ts keeps them with each repository's cached context: a hook
  // runner's fallback adds one glob per runner-executed file kind, R11-6, too slow to compile per check).
  readonly gitGlobTests?: readonly { readonly glob: string; readonly matches: (path: string) => boolean; readonly why?: string | undefined; readonly styles?: true }[];
  // The whole new text of the file judged, when a file tool's dry run declared it: a `styles` glob (a Tailwind
  // project's stylesheets) matches it only when that text loads code (css-code.ts). Absent: every glob matches.
  readonly written?: string;
  // Configured commands with a word that cannot be resolved without running it (`$(...)`, `$HOME/x`,
  // `python -c CODE`, `eval`): while one is configured, every path of the workspace is obeyed (red team H-B).
  readonly computed?: readonly ComputedCommand[];
  // Why what runs from the work tree cannot be known (an installed hook runs a runner codeward does not
  // model; the home's start-up files load the workspace): while one holds, every path of the work tree is
  // obeyed but the inert files (inert-files.ts; red team round 12's structural rule), installed packages too
  // (R13-25: an unknown runner may walk them).
  readonly whole?: readonly string[];
  // Where the user's home folder is in the workspace ('' when it is the workspace): its start-up files
  // (obeyed-home.ts) are obeyed there (red team H-C).
  readonly homes?: readonly string[];
  // Home paths of that catalogue that resolve into the workspace (a dotfiles repository the home links
  // into: obeyed-home-links.ts, red team R7-11): obeyed where they resolve.
  readonly homeLinks?: readonly HomeLink[];
  // Real paths a protected name reaches through a symlink (obeyed-alias.ts).
  readonly aliases?: readonly ObeyedAlias[];
  // Whether a workspace-relative folder ('' for the root) is a Python virtual environment now (VENV_MARKERS,
  // asked of the file system: obeyed-context.ts). Absent: the IN_VENV entries hold everywhere.
  readonly venv?: (folder: string) => boolean;
  // Whether the file at a workspace-relative path is a program a shell runs by its name, as the write leaves it: its
  // executable bit (the file system, a staged run's file), or what a file tool writes there (gate-written.ts). A
  // relative PATH entry `.` obeys such files (home-sources-relpath.ts, red team R28-1). Absent: every file is.
  readonly runnable?: (rel: string) => boolean;
  // Whether `path` (as `spelled`) is a file a program-only home link takes (runnable.ts isProgram: named like a
  // program, or one by `runnable`). Absent: every path such a link's glob matches.
  readonly program?: (link: HomeLink, path: string, spelled: string, ctx: ObeyedContext) => boolean;
  // What stands at a workspace-relative path (the file system, or a staged run's result over it): a folder
  // git takes for a git directory by its shape is obeyed like `.git` (git-shape.ts). Absent: names only.
  readonly lookup?: Lookup;
  // The workspace root's real path: a catalogue pattern that begins in the folders above the root and ends in
  // the workspace (`.github/workflows` for a root at `.github`, `.hg/hgrc` for one at `.hg`) holds too (red
  // team R6-3; a root inside a whole protected folder is refused when it is opened: workspace/enclosing.ts).
  readonly at?: string;
  // The root's path in the user's home folder when it lies below it (`.config/app`): a path is judged as that
  // home path too, so a root at ~/.config or ~/.ssh keeps the home catalogue (red team R7-12).
  readonly homeAbove?: string;
  // Folders the environment makes programs load code from (PATH, PYTHONPATH: obeyed-env.ts), as patterns
  // (red team round 6 R6-17).
  readonly envGlobs?: readonly EnvLoadGlob[];
  // A node_modules/.bin file named like a program of the person's PATH (obeyed-bin-shadows.ts, red team R33-4).
  readonly binShadow?: (parts: readonly string[]) => Obeyed | undefined;
  // codeward's own code in the workspace (own-code.ts, red team R43-a6): its package folder and its dependencies'.
  readonly own?: readonly string[];
}

export interface ComputedCommand {
  // `core.fsmonitor`, `alias.x`, `filter.f.clean` ...
  readonly key: string;
  readonly value: string;
  // Which word, and why it cannot be resolved.
  readonly why: string;
}

export interface Obeyed {
  // The catalogue entry, or a git configuration path.
  readonly pattern: string;
  readonly family: ObeyedFamily;
  readonly by: string;
  // For what the context adds beyond the catalogue and literal git paths: one sentence naming the
  // setting or home file, for the refusal's message (immune-paths.ts).
  readonly why?: string;
  // A compiled cache of a source that is not itself obeyed (compiled-caches.ts): the source it stands for ('' when
  // not known: bootsnap's). A sandboxed run's leftover of this kind is not judged by its name: a pyc by its header
  // (sandbox/pyc-leftovers.ts), the others not at all (the runtime rewrites them in ordinary runs).
  readonly compiledFrom?: string;
}

// `path` (workspace-relative, lower case; '.' for the root) is `name` through a symlink.
export interface ObeyedAlias {
  readonly path: string;
  readonly name: string;
  readonly obeyed: Obeyed;
}

// A path written `./a//b/` is `a/b`; a `..` is left as it is (such a path is outside the jail anyway).
function normalise(path: string): string {
  return path.split('\\').join('/').split('/').filter((part) => part !== '' && part !== '.').join('/');
}

const under = (path: string, folder: string): string | undefined =>
  folder === '' ? path : path === folder ? '' : path.startsWith(`${folder}/`) ? path.slice(folder.length + 1) : undefined;

// A path of the work tree, workspace-relative: a relative one as it is (not one above the root), an absolute
// one below the root's real path (`at`); other absolute paths (a script outside the workspace) are not, nor a
// path with a part only known at run time.
function inTree(spelled: string, at: string | undefined): string | undefined {
  // A name only known at run time (argv.ts UNKNOWN): a staged run's change set is judged where it lands (F8).
  if (spelled.includes('\u0000')) return undefined;
  const path = spelled.split('\\').join('/');
  if (path.startsWith('/')) {
    const rel = at === undefined ? undefined : under(normalise(path), normalise(at));
    return rel === undefined ? undefined : rel;
  }
  const rel = normalise(path);
  return rel === '..' || rel.startsWith('../') ? undefined : rel;
}

function configured(path: string, ctx: ObeyedContext, spelled = path): Obeyed | undefined {
  const lower = path.toLowerCase();
  for (const gitPath of ctx.gitPaths) {
    // Case-insensitively: on a case-insensitive file system `HOOKS/pre-commit` is the hooks folder's.
    const target = normalise(gitPath).toLowerCase();
    if (target !== '' && under(lower, target) !== undefined) return { pattern: target, family: 'git', by: 'git (a program or hook folder its configuration names)' };
  }
  const names = path.split('/');
  for (const { glob, matches, why, styles } of ctx.gitGlobTests ?? (ctx.gitGlobs ?? []).map((glob) => ({ glob, matches: picomatch(glob, { dot: true, nocase: true }), why: undefined, styles: undefined }))) {
    const at = names.findIndex((_, i) => matches(names.slice(0, i + 1).join('/')));
    if (at < 0) continue;
    const code = styles && at === names.length - 1 ? styleCode(path, ctx.written, ctx.gitPaths) : undefined;
    if (code !== false) {
      return { pattern: glob, family: 'git', by: 'git (a glob in a command its configuration runs)', why: code ?? why ?? `a command in git's configuration runs what the glob ${glob} matches` };
    }
  }
  for (const { glob, why, names } of ctx.envGlobs ?? []) {
    if ((names === undefined || names.has(path.slice(path.lastIndexOf('/') + 1))) && picomatch(glob, { dot: true })(path)) {
      return { pattern: glob, family: 'shell', by: 'your shell or a program it starts (a folder or file your environment loads programs from)', why };
    }
  }
  const [first] = ctx.computed ?? [];
  if (first && path !== '') {
    const why = `git's configuration sets ${first.key} = ${first.value}, a command whose words cannot be known without running it (${first.why}), so it may run any file of the workspace; remove that setting or name its files literally to write here unasked`;
    return { pattern: '**', family: 'git', by: `git (${first.key})`, why };
  }
  const [reason] = ctx.whole ?? [];
  const tree = reason === undefined ? undefined : inTree(spelled, ctx.at);
  if (reason !== undefined && tree !== undefined && tree !== '' && !isInert(tree)) {
    const why = `${reason}, so codeward cannot know which files of the work tree it runs: every file is obeyed but data and media (src/permissions/inert-files.ts)`;
    return { pattern: '**', family: 'hooks', by: 'a program whose files codeward cannot follow', why };
  }
  return undefined;
}

// Whether `relPath` (workspace-relative, `/` or `\` separated; an absolute path is matched by its names)
// is something a program later runs or obeys; what and who when it is.
export function isObeyedLater(relPath: string, ctx?: ObeyedContext): Obeyed | undefined {
  const path = normalise(relPath);
  const own = ctx?.own?.find((folder) => under(path, folder) !== undefined);
  if (own !== undefined) return { pattern: own, family: 'toolchain', by: 'codeward itself', why: `${own} is codeward's own code (or a package it loads), which the next \`codeward\` runs outside any sandbox` };
  // A compiled copy of an obeyed Python file is obeyed as it (Python runs it in the source's place: R12-3).
  const source = compiledSource(path);
  const compiled = source === undefined ? undefined : isObeyedLater(source, ctx);
  if (compiled) return { ...compiled, why: `${path} is Python's compiled copy of ${source}, which Python runs in its place; ${compiled.why}` };
  const parts = path.split(/[/=:~]/);
  const found = catalogueMatch(parts, ctx?.venv) ?? (ctx?.at === undefined ? undefined : straddling(ctx.at, path));
  if (found) return found;
  for (const home of ctx?.homes ?? []) {
    const rel = under(path, normalise(home));
    const entry = rel ? homeObeyed(rel) : undefined;
    if (entry) {
      const by = isHomeListed(entry) ? 'the user\'s login shell, desktop session, git, ssh or editor (a start-up file of the home folder)' : 'the program whose settings, plug-ins or start-up files the home folder keeps there (every home dot-path but known data: caches checked on read, logs, histories)';
      return { pattern: `~/${entry}`, family: 'shell', by, why: `${home === '' ? 'the workspace is your home folder' : `${home} is your home folder`}, and ~/${entry} is run or obeyed by ${by}` };
    }
  }
  if (!ctx) return cached(path);
  const linked = ctx.homeLinks ? homeLinkObeyed(path, ctx.homeLinks, ctx.program && ((link, rel) => ctx.program!(link, rel, relPath, ctx))) : undefined;
  if (linked) return linked;
  if (ctx.homeAbove !== undefined) {
    const entry = homeObeyed(`${ctx.homeAbove}/${path}`);
    if (entry) return { pattern: `~/${entry}`, family: 'shell', by: 'the program whose settings or start-up files the home folder keeps there', why: `the workspace is ~/${ctx.homeAbove}, and ~/${entry} is run or obeyed by a program of your home folder` };
  }
  return configured(path, ctx, relPath) ?? aliased(path, ctx) ?? gitShape(path.split('/'), ctx.lookup) ?? ctx.binShadow?.(parts) ?? cached(path);
}

// A compiled cache a runtime runs in place of its source (red team R17-15): last, so a reason above (a protected
// source, the whole tree) keeps its own handling.
function cached(path: string): Obeyed | undefined {
  const found = compiledCache(path);
  return found && { pattern: found.pattern, family: 'toolchain', by: found.by, why: found.why, compiledFrom: found.source ?? '' };
}

// A catalogue pattern that starts in the last folders of the root and ends in `path` (patterns have at most
// a few names, so the root's last four are enough). Python's venv entries are left to the workspace-relative
// match, which knows where the virtual environments are.
function straddling(root: string, path: string): Obeyed | undefined {
  if (path === '') return undefined;
  const above = root.split('/').filter((name) => name !== '').slice(-4);
  const names = path.split(/[/=:~]/);
  for (let from = above.length - 1; from >= 0; from--) {
    const entry = catalogueMatch([...above.slice(from), ...names], () => false);
    if (entry !== undefined && !entry.inVenv) return entry;
  }
  return undefined;
}

// `path` reached through a symlink whose name is protected (obeyed-alias.ts, red team round 3 H1).
function aliased(path: string, ctx: ObeyedContext): Obeyed | undefined {
  const spelled = path.toLowerCase();
  const alias = ctx.aliases?.find(({ path: at }) => at === '.' || spelled === at || spelled.startsWith(`${at}/`));
  return alias ? { ...alias.obeyed, pattern: alias.name, by: `${alias.obeyed.by}, through the symlink that makes ${alias.path} ${alias.name}` } : undefined;
}

// Whether a walk must ask isObeyedLater at every entry, not only where a catalogue pattern can end
// (mayEndAt: sandbox/obeyed-scan.ts): the context reaches any name (globs, a computed command, a home
// folder, an alias, a folder the environment loads programs from).
export function reachesAnyName(ctx: ObeyedContext): boolean {
  return (ctx.gitGlobs?.length ?? 0) > 0 || (ctx.envGlobs?.length ?? 0) > 0 || (ctx.computed?.length ?? 0) > 0 || (ctx.whole?.length ?? 0) > 0 || (ctx.homes?.length ?? 0) > 0 || (ctx.homeLinks?.length ?? 0) > 0 || (ctx.aliases?.length ?? 0) > 0;
}
