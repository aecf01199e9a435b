// Red team R37-b3, R38-b5: the linters and formatters an editor extension runs on open and save (and every run of the
// tool the person starts for another reason), whose project configuration IS code or names code the tool loads. One row
// per tool, with the tool's WHOLE documented discovery list of config file names (catalogue rows of obeyed.ts, family
// 'editor'; a test per tool: test/redteam38/fix43.test.ts). Left out by design (fix41-r37.test.ts names them): build files
// (pyproject.toml, setup.cfg, tox.ini, package.json keys: obeyed where a runner reads them, hook-runner-*.ts), and the
// data-only spellings (.markdownlint.json/.jsonc/.yaml/.yml: rules only, parsed, never loaded as code).
// What each runs, in the comments (the table is on every cold call's path: test/bin/lazy-start.test.ts).
export const LINTER_ROWS: Readonly<Record<string, readonly string[]>> = {
  // ESLint, Prettier, Stylelint: a JavaScript config runs; any config names plug-ins, parsers or syntaxes they load.
  ESLint: ['eslint.config.*', '.eslintrc', '.eslintrc.*'],
  Prettier: ['prettier.config.*', '.prettierrc', '.prettierrc.*'],
  Stylelint: ['stylelint.config.*', '.stylelintrc', '.stylelintrc.*'],
  // markdownlint-cli2's README ("Configuration"): .markdownlint-cli2.{jsonc,yaml,cjs,mjs} name customRules,
  // markdownItPlugins and outputFormatters (modules or paths it loads); .markdownlint.{cjs,mjs,js} are JavaScript.
  markdownlint: ['.markdownlint.js', '.markdownlint.cjs', '.markdownlint.mjs', '.markdownlint-cli2.*'],
  // mypy: `plugins =` names Python modules it imports.
  mypy: ['mypy.ini', '.mypy.ini'],
  // pylint's "Configuration" (pylintrc, .pylintrc, pylintrc.toml, .pylintrc.toml; hook-runner-pylint.ts reads the same list).
  pylint: ['pylintrc', '.pylintrc', 'pylintrc.toml', '.pylintrc.toml'],
  // flake8's "Using Local Plugins": [flake8:local-plugins] paths and extension/report modules (hook-runner-flake8.ts).
  flake8: ['.flake8'],
  // PHP-CS-Fixer's docs ("Config file"): PHP it executes (2.x's .php_cs, unsupported since 2021, is left out).
  'PHP-CS-Fixer': ['.php-cs-fixer.php', '.php-cs-fixer.dist.php'],
  // PHPStan's "Config Reference": bootstrapFiles it runs, includes and services (extension classes) it loads.
  PHPStan: ['phpstan.neon', 'phpstan.neon.dist', 'phpstan.dist.neon'],
  // Psalm's "Configuration": <plugins> name PHP plug-in files and classes it loads.
  Psalm: ['psalm.xml', 'psalm.xml.dist', 'psalm.dist.xml'],
  // PHP_CodeSniffer's "Using a default configuration file" (3.1.1 order): <autoload> and <rule ref> to a path load PHP sniffs.
  PHP_CodeSniffer: ['.phpcs.xml*', 'phpcs.xml*'],
  // RuboCop's require and plugins, golangci-lint's plug-ins (and its custom build's config): loaded by every run and
  // by the editors on save (moved here from the 'shell' row of obeyed.ts).
  RuboCop: ['.rubocop.yml'],
  'golangci-lint': ['.golangci.*', '.custom-gcl.*'],
  // Elixir: mix format evaluates .formatter.exs (its plugins:), Credo evaluates .credo.exs (in the root or config/).
  'mix format, Credo': ['.formatter.exs', '.credo.exs'],
  // Red team R39-b2: cspell's config (the Code Spell Checker extension checks on open): JavaScript runs, any spelling
  // `import`s other configs (JavaScript among them); lintr's .lintr: `linters:` is R code it evaluates (the R language
  // server lints on open).
  cspell: ['cspell.config.*', '.cspell.config.*', 'cspell.json', '.cspell.json', 'cspell.jsonc', '.cspell.jsonc', 'cspell.yaml', '.cspell.yaml', 'cspell.yml', '.cspell.yml'],
  lintr: ['.lintr'],
  // Red team R40-b7: ansible-lint's documented discovery list; `rulesdir:` imports Python rule modules (the Ansible
  // extension lints on open and save).
  'ansible-lint': ['.ansible-lint', '.ansible-lint.yml', '.ansible-lint.yaml', '.config/ansible-lint.yml', '.config/ansible-lint.yaml'],
  // Red team R41-b5, each from the tool's docs. unified-engine (remark-cli, rehype-cli, the remark language server):
  // rcName `.remarkrc` with .json/.js/.cjs/.mjs/.yml/.yaml, any spelling naming plug-ins by path; XO 0.x (.xo-config,
  // .xo-config.{json,js,cjs}, xo.config.{js,cjs}) and 1.x flat config (xo.config.{js,cjs,mjs,ts,cts,mts});
  // textlint: .textlintrc (JSON, YAML or JS) and .textlintrc.{js,json,yml,yaml}, rule and plug-in modules it loads.
  unified: ['.remarkrc', '.remarkrc.*', '.rehyperc', '.rehyperc.*'],
  XO: ['.xo-config', '.xo-config.*', 'xo.config.*'],
  textlint: ['.textlintrc', '.textlintrc.*'],
  // luacheck: "Config is simply a Lua script executed by luacheck" (.luacheckrc, any folder up the tree); cmake-format
  // and cmake-lint: the first name matching `\.?cmake-format(.yaml|.json|.py)` up the tree, the Python one exec'd.
  luacheck: ['.luacheckrc'],
  'cmake-format': ['.cmake-format.py', 'cmake-format.py'],
  // Rector and Easy Coding Standard: "By default, Rector picks rector.php in your project root", ECS its ecs.php (PHP
  // they include, as .php-cs-fixer.php).
  'Rector, ECS': ['rector.php', 'ecs.php'],
  // npm-check-updates: .ncurc and .ncurc.{json,yml,yaml,js,cjs} (JavaScript runs; any spelling may set doctor mode and
  // the doctorInstall / doctorTest commands it runs); SVGO: svgo.config.{js,mjs,cjs} (imported).
  'npm-check-updates': ['.ncurc', '.ncurc.*'],
  SVGO: ['svgo.config.*'],
  // Spectral (CLI and the VS Code extension): `^\.?spectral\.(ya?ml|json|m?js)$` in the working folder; JavaScript runs,
  // any ruleset names `functions` (JavaScript it loads from functionsDir).
  Spectral: ['.spectral.yml', '.spectral.yaml', '.spectral.json', '.spectral.js', '.spectral.mjs', 'spectral.yml', 'spectral.yaml', 'spectral.json', 'spectral.js', 'spectral.mjs'],
  // mdl (markdownlint, Ruby): .mdlrc is read by mixlib-config, which evaluates a file of no .yml/.json/.toml extension as
  // Ruby; its `style` names a Ruby style file, .mdl_style.rb by the docs' convention.
  mdl: ['.mdlrc', '.mdl_style.rb'],
  // erb_lint: .erb_lint.yml (older .erb-lint.yml); every Ruby file in .erb_linters (older .erb-linters) is loaded as a
  // custom linter (the ERB Linter extension lints on save).
  erb_lint: ['.erb_lint.yml', '.erb-lint.yml', '.erb_linters', '.erb-linters'],
  // TypeDoc (fold61): its options file names `plugin`s it loads (npm packages or paths: "Node modules which export a
  // single load function"), the JavaScript spellings run. The docs' "Configuration Options" list (typedoc.json,
  // .jsonc, .config.{js,cjs,mjs}, .js, .cjs, .mjs; the same under .config/) is all typedoc.* (a typedoc.md asks too, the
  // safe side). typedocOptions in package.json or tsconfig.json: build files, left out as above.
  TypeDoc: ['typedoc.*', '.config/typedoc.*'],
  // Red team R42-b8, each from the tool's docs. (tailwind.config.* stays out by fix46's design: a build file of the
  // project, obeyed where the project names the Tailwind extension, hook-editor.ts.) TSLint: tslint.json's
  // rulesDirectory (JavaScript rules it requires); SQLFluff: .sqlfluff's jinja templater library_path (Python it imports); PHP Insights: phpinsights.php (PHP, as rector.php); Deno: deno.json(c)
  // lint.plugins (modules the Deno language server loads); Oxlint: .oxlintrc.json jsPlugins, oxlint.config.ts (code).
  TSLint: ['tslint.json', 'tslint.yaml', 'tslint.yml'],
  SQLFluff: ['.sqlfluff'],
  'PHP Insights': ['phpinsights.php'],
  Deno: ['deno.json', 'deno.jsonc'],
  Oxlint: ['.oxlintrc.json', 'oxlint.config.ts'],
};
