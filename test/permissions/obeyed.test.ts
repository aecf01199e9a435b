// The write gate's catalogue (src/permissions/obeyed.ts), one test per entry: each entry, written at
// depth 2 and inside a folder it names, is obeyed later; so are the realistic spellings of each family
// (issue 26, class 4: protected only where the list looked). Then what is NOT in it: build files and the
// project's own code, and look-alike names.
import { describe, expect, it } from 'vitest';
import { isObeyedLater, OBEYED_CATALOGUE } from '../../src/permissions/obeyed.js';
import { binShadowJudge } from '../../src/permissions/obeyed-bin-shadows.js';

const example = (pattern: string): string => pattern.replace(/\*/g, 'x');

describe('every catalogue entry is obeyed at any depth', () => {
  it.each(OBEYED_CATALOGUE.map((entry) => [entry.pattern, entry] as const))('%s', (pattern, entry) => {
    for (const path of [example(pattern), `pkg/sub/${example(pattern)}`, `pkg/${example(pattern)}/inner.txt`, `./pkg//${example(pattern)}`]) {
      expect(isObeyedLater(path)?.family, path).toBe(entry.family);
    }
  });
});

describe('realistic spellings of each family', () => {
  const cases: [string, string][] = [
    ['git', 'mod/.git'], ['git', 'vendor/lib/.git/hooks/pre-commit'], ['git', 'pkg/.gitmodules'],
    ['agent', 'pkg/AGENTS.md'], ['agent', 'pkg/.codeward/agents/evil.md'], ['agent', 'pkg/coder_policy.json'], ['agent', 'pkg/.chatcli/coder_policy.json'],
    ['agent', 'a/.claude/settings.json'], ['agent', 'a/CLAUDE.md'], ['agent', 'a/.gemini/settings.json'], ['agent', 'a/GEMINI.md'],
    ['agent', 'a/.codex/config.toml'], ['agent', 'a/.cursor/rules/x.mdc'], ['agent', 'a/.cursorrules'], ['agent', 'a/.clinerules'],
    ['agent', 'a/.clinerules/01.md'], ['agent', 'a/.aider.conf.yml'], ['agent', 'a/.github/copilot-instructions.md'], ['agent', 'a/.mcp.json'],
    ['agent', 'a/.continue/config.yaml'], ['agent', 'a/.windsurfrules'],
    ['editor', 'pkg/.vscode/tasks.json'], ['editor', 'pkg/.vscode/settings.json'], ['editor', 'pkg/.vscode/launch.json'], ['editor', 'pkg/.idea/workspace.xml'],
    ['editor', 'pkg/app.code-workspace'], ['editor', 'pkg/.devcontainer/devcontainer.json'], ['editor', 'pkg/.exrc'],
    ['ci', 'pkg/.forgejo/workflows/ci.yml'], ['ci', 'pkg/.gitea/workflows/build.yaml'], ['ci', 'svc/appveyor.yml'], ['ci', 'svc/.appveyor.yml'],
    ['ci', 'svc/bitrise.yml'], ['ci', 'svc/buildspec.yml'], ['ci', 'svc/cloudbuild.yaml'], ['ci', 'svc/codefresh.yml'], ['ci', 'svc/.semaphore/semaphore.yml'],
    ['ci', 'site/netlify.toml'], ['ci', 'svc/.teamcity/settings.kts'], ['editor', 'pkg/.run/App.run.xml'], ['shell', 'vendor/lib/.hg/hgrc'], ['shell', 'r/.Rprofile'], ['shell', 'r/.Renviron'], ['shell', 'rb/.pryrc'],
    ['shell', 'hs/.ghci'], ['shell', 'm/.octaverc'], ['shell', 'tools/.venv/bin/python'], ['shell', 'tools/.venv/bin/activate_this.py'],
    ['ci', 'pkg/.github/workflows/ci.yml'], ['ci', 'pkg/.gitlab-ci.yml'], ['ci', 'pkg/.circleci/config.yml'],
    ['hooks', 'pkg/.husky/pre-commit'], ['hooks', 'pkg/.pre-commit-config.yaml'], ['hooks', 'pkg/lefthook.yml'], ['hooks', 'pkg/.lefthook-local.yaml'],
    ['hooks', 'pkg/.lintstagedrc.json'], ['hooks', 'pkg/lint-staged.config.mjs'], ['hooks', 'pkg/.simple-git-hooks.json'],
    ['shell', 'pkg/.envrc'], ['shell', 'pkg/.tool-versions'], ['shell', 'pkg/.mise.toml'], ['shell', 'pkg/.config/mise/config.toml'],
    ['toolchain', 'crate/rust-toolchain.toml'], ['toolchain', 'crate/rust-toolchain'], ['toolchain', 'crate/.cargo/config.toml'], ['toolchain', 'crate/.cargo/config'],
    ['toolchain', 'web/.nvmrc'], ['toolchain', 'web/.node-version'], ['toolchain', 'py/.python-version'], ['toolchain', 'go/go.work'], ['toolchain', 'net/global.json'],
    ['package-manager', 'web/.npmrc'], ['package-manager', 'web/.yarnrc.yml'], ['package-manager', 'web/.pnpmfile.cjs'], ['package-manager', 'web/pnpm-workspace.yaml'],
    ['package-manager', 'web/.yarn/releases/yarn-4.0.0.cjs'], ['package-manager', 'java/.mvn/wrapper/maven-wrapper.properties'],
    ['git', 'pkg/.lfsconfig'], ['agent', 'pkg/CONVENTIONS.md'], ['agent', 'pkg/.trae/rules/project_rules.md'], ['agent', 'pkg/QWEN.md'],
    ['agent', 'pkg/.geminiignore'], ['agent', 'pkg/.aiderignore'], ['agent', 'pkg/.openhands/microagents/repo.md'], ['editor', 'pkg/.lvimrc'],
    ['editor', 'pkg/.vimrc'], ['editor', 'pkg/.gitpod.yml'], ['editor', 'pkg/.idx/dev.nix'], ['editor', 'pkg/.devcontainer/docker-compose.yml'],
    ['shell', '.venv/bin/activate'], ['shell', 'venv/bin/activate.fish'], ['shell', 'pkg/.venv/bin/Activate.ps1'], ['shell', '.venv/pyvenv.cfg'],
    ['shell', 'env/Scripts/activate.bat'], ['shell', '.venv/bin/python3'], ['shell', 'venv/Scripts/python.exe'], ['shell', '.venv/bin/activate.xsh'], ['shell', '.direnv/python-3.12/bin/activate'], ['hooks', 'pkg/.husky/_/husky.sh'], ['hooks', 'lefthook.yml'],
    ['package-manager', 'java/gradle/wrapper/gradle-wrapper.properties'], ['package-manager', 'net/NuGet.Config'], ['package-manager', 'net/Directory.Build.props'],
    // Red team round 6 R6-18: siblings of protected entries.
    ['toolchain', 'py/.pdm-python'], ['shell', 'ex/.iex.exs'], ['shell', 'ml/.ocamlinit'], ['shell', 'scala/.sbtrc'], ['editor', 'pkg/.helix/languages.toml'],
    ['editor', 'pkg/.theia/tasks.json'], ['editor', 'pkg/.vs/tasks.vs.json'], ['editor', 'pkg/.vs/launch.vs.json'], ['editor', 'el/.dir-locals.el'],
    ['editor', 'el/.dir-locals-2.el'], ['package-manager', 'java/gradle/wrapper/gradle-wrapper.jar'],
    // Red team round 8 R8-6: husky 4 and commitlint configs (run by the commit hooks), what direnv's .envrc loads.
    ['hooks', 'pkg/.huskyrc'], ['hooks', 'pkg/.huskyrc.json'], ['hooks', 'pkg/husky.config.js'], ['hooks', 'pkg/commitlint.config.js'],
    ['hooks', 'pkg/.commitlintrc.js'], ['hooks', 'pkg/.commitlintrc'], ['shell', 'pkg/.envrc.local'], ['shell', 'pkg/shell.nix'],
    // Red team R17-9, R17-10: bazel's in-tree launcher override and bazelisk's download config; terraform's cached plug-ins.
    ['toolchain', 'tools/bazel'], ['toolchain', 'svc/.bazeliskrc'], ['toolchain', 'infra/.terraform/providers/registry.terraform.io/x/y/1.0.0/linux_amd64/terraform-provider-y'],
    ['toolchain', 'infra/.terraformrc'], ['toolchain', 'infra/terraform.d/plugins/x/y'], ['toolchain', 'infra/.tofurc'],
    // mise's own search list (red team R17-6, R17-16): MISE_ENV files, mise/ and conf.d folders, at any depth.
    ['shell', 'mise.dev.toml'], ['shell', 'pkg/mise/config.toml'], ['shell', '.mise/conf.d/a.toml'], ['shell', 'mise.ci.local.toml'],
    ['shell', 'mise/conf.d/a.toml'], ['shell', '.rtx.dev.toml'], ['shell', '.config/mise/conf.d/b.toml'],
    // Red team R19-22: other editors' build systems, tasks and presets.
    ['editor', 'x.sublime-project'], ['editor', 'pkg/app.sublime-project'], ['editor', '.nova/Tasks/x.json'], ['editor', '.kdev4/w.kdev4'],
    ['editor', 'w.kdev4'], ['editor', 'CMakePresets.json'], ['editor', 'cpp/CMakeUserPresets.json'],
    // Red team R20-11: yarn PnP's loader and map, tflint's plug-ins, shell start-up on cd, YouCompleteMe, Eclipse builders.
    ['package-manager', '.pnp.cjs'], ['package-manager', 'apps/web/.pnp.loader.mjs'], ['package-manager', '.pnp.data.json'], ['package-manager', '.pnp.js'],
    ['package-manager', '.yarn/sdks/typescript/lib/tsserver.js'], ['toolchain', 'infra/.tflint.hcl'], ['toolchain', '.tflint.d/plugins/tflint-ruleset-x'],
    ['shell', 'pkg/.rvmrc'], ['shell', '.autoenv.zsh'], ['shell', 'a/.autoenv_leave.zsh'], ['shell', 'a/.env.leave'], ['editor', 'cpp/.ycm_extra_conf.py'],
    ['editor', '.externalToolBuilders/x.launch'], ['editor', 'java/.project'],
    // Red team R36-7: the dev shells' entry hooks; R36-8: Mercurial's whole control folder, RuboCop's plug-ins, the Perl debugger.
    ['shell', 'default.nix'], ['shell', 'pkg/default.nix'], ['shell', 'flake.nix'], ['shell', 'devenv.nix'], ['shell', 'devenv.yaml'], ['shell', 'svc/devenv.local.nix'],
    ['shell', 'pixi.toml'], ['shell', '.flox/env/manifest.toml'], ['shell', 'pkg/devbox.json'], ['shell', '.hg/hgrc-not-shared'], ['shell', 'vendor/x/.hg/sharedpath'],
    ['editor', '.rubocop.yml'], ['editor', 'app/.rubocop.yml'], ['editor', '.perldb'], ['editor', 'pl/perldb.ini'],
    // Red team R37-b3: what an editor's linter and formatter extensions load and run on open (configs naming code).
    ['editor', 'eslint.config.js'], ['editor', 'pkg/eslint.config.ts'], ['editor', 'web/.eslintrc.cjs'], ['editor', '.eslintrc.json'], ['editor', '.prettierrc'],
    ['editor', 'pkg/.prettierrc.mjs'], ['editor', 'prettier.config.cjs'], ['editor', 'stylelint.config.mjs'], ['editor', '.stylelintrc.js'], ['editor', 'mypy.ini'],
    ['editor', '.markdownlint-cli2.cjs'],
  ];
  it.each(cases)('%s: %s', (family, path) => {
    expect(isObeyedLater(path)?.family).toBe(family);
  });

  it('case variants count (a case-insensitive file system obeys them)', () => {
    for (const path of ['pkg/.VSCode/tasks.json', 'pkg/agents.md', 'pkg/Rust-Toolchain.TOML', 'pkg/.NPMRC']) expect(isObeyedLater(path), path).toBeDefined();
  });

  it('backslashes and absolute spellings are matched by their names', () => {
    expect(isObeyedLater('pkg\\.vscode\\tasks.json')?.family).toBe('editor');
    expect(isObeyedLater('/w/pkg/AGENTS.md')?.family).toBe('agent');
  });
});

describe('the line: build files, the project\'s code and look-alikes are not obeyed later', () => {
  const ordinary = [
    'Makefile', 'pkg/package.json', 'Cargo.toml', 'build.rs', 'go.mod', 'pyproject.toml', 'setup.py', 'conftest.py', 'src/index.ts',
    'src/agents.ts', 'AGENTS.md.txt', 'docs/AGENTS.markdown', 'my.envrc.example', 'husky.md', 'mcp.json', 'github/workflows/ci.yml',
    '.github/ISSUE_TEMPLATE/bug.md', 'vscode/tasks.json', 'docs/rust-toolchain.md', '.gitignore', '.gitattributes', '.editorconfig',
    'Taskfile.yml', 'justfile', 'Justfile', 'package.json', 'docs/CONVENTIONS.mdx', '.venv/lib/python3.12/site-packages/x.py', 'bin/run', 'scripts/activate.sh', 'tools/bazel.md', 'infra/main.tf', 'infra/terraform.tfvars',
  ];
  it.each(ordinary)('%s', (path) => {
    expect(isObeyedLater(path)).toBeUndefined();
  });
});

// Red team R33-4: npm, pnpm, yarn and bun put node_modules/.bin first on a script's PATH (npm's script shell is `sh`
// looked up there): a program or shell named there runs in its place; an ordinary package bin does not.
describe('node_modules/.bin: a name that shadows a program of PATH or a shell, at any depth (obeyed-bin-shadows.ts)', () => {
  it.each(['node_modules/.bin/sh', 'node_modules/.bin/bash', 'pkg/node_modules/.bin/zsh', 'a/b/node_modules/.bin/dash', 'node_modules/.BIN/sh', 'node_modules/x/node_modules/.bin/ksh', 'node_modules/.bin/fish'])('%s', (path) => {
    expect(isObeyedLater(path)?.family).toBe('package-manager');
  });
  it.each(['node_modules/.bin/vitest', 'node_modules/.bin/tsc', 'node_modules/.bin/eslint', 'node_modules/sh', 'bin/sh', 'node_modules/.binx/sh', 'tools/.bin/git'])('%s is not', (path) => {
    expect(isObeyedLater(path)).toBeUndefined();
  });
  it('with a context, the names of the person\'s PATH count (binShadow)', () => {
    const ctx = { gitPaths: [], binShadow: binShadowJudge(new Set(['sh', 'rg'])) };
    expect(isObeyedLater('node_modules/.bin/rg', ctx)?.why).toContain('`rg`');
    expect(isObeyedLater('node_modules/.bin/vitest', ctx)).toBeUndefined();
  });
});

describe('paths the git configuration names (context)', () => {
  const ctx = { gitPaths: ['hooks', 'tools/fsmonitor.sh'] };
  it('the hooks folder and the fsmonitor script, and what is beneath the folder', () => {
    expect(isObeyedLater('hooks/pre-commit', ctx)?.family).toBe('git');
    expect(isObeyedLater('./hooks', ctx)?.family).toBe('git');
    expect(isObeyedLater('tools/fsmonitor.sh', ctx)?.family).toBe('git');
  });
  it('nothing else, and nothing without the context', () => {
    expect(isObeyedLater('hooks-old/pre-commit', ctx)).toBeUndefined();
    expect(isObeyedLater('tools/other.sh', ctx)).toBeUndefined();
    expect(isObeyedLater('hooks/pre-commit')).toBeUndefined();
  });
});
