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
};
