// The JavaScript runners the hook walk models, ONE row each (red team R14-2, R14-12, R14-10; issue 26): which
// options it understands and which configuration keys name other files. Instance fixes did not converge (each
// round found the next option: `vitest -r tools`, `mocha --package other.json`, a `.mocharc` `extends`, vitest
// `projects:`), so the rule fails closed: an option not in the row (`--root` and `--config` are understood: the
// walk reads the configuration they name), or a configuration key that names a file, folder or configuration by a
// path or a computed value, makes the hook line unmodelled (hook-unmodeled.ts: the whole work tree is obeyed),
// with a reason naming the runner and the option or key.

export interface JsRunner {
  // Options without a value (`--no-X` of a long one too).
  readonly flags: readonly string[];
  // Options whose value names no code (a test-name pattern, a number, an output file).
  readonly valued: readonly string[];
  // Options whose value may name a module (a reporter, a formatter): only these built-in names.
  readonly builtin?: Readonly<Record<string, readonly string[]>>;
  // Options whose value is optional and names a program when given (lint-staged's `--shell [path]`, red team
  // R15-12): alone they are flags; with a value (`--shell=x`, or the next word) the line is unmodelled.
  readonly optional?: readonly string[];
  // Options naming the configuration file it reads (followed: hook-configs.ts), and the folder it reads it from.
  readonly configs: readonly string[];
  readonly folders?: readonly string[];
  // Keys of its configuration whose values are places (any value makes the line unmodelled: `projects`,
  // `workspace`, `root`) or modules (a relative path, a computed value or the workspace's own package does).
  readonly places: readonly string[];
  readonly modules: readonly string[];
  // Keys naming configurations it reads first (`extends`): a package's name, or a path the walk follows like this
  // configuration; a value that is not literal text makes the line unmodelled.
  readonly chains?: readonly string[];
  // Configuration files it reads in EVERY folder of the files it handles (prettier, eslint's legacy files,
  // babel's .babelrc): obeyed at any depth.
  readonly cascades?: boolean;
  // What it puts before a bare name it loads (eslint's `plugins: ['react']` is eslint-plugin-react).
  readonly prefixes?: readonly string[];
  // Other tools' configuration it loads (babel's for jest's default transform, postcss's for vite).
  readonly also?: readonly string[];
  // Options whose value is a module it loads before the tests (mocha's `-r`): only a loader with its own row
  // (node-package-preloads.ts: ts-node/register, tsx...), followed as NODE_OPTIONS' `-r` is (hook-js-configs.ts).
  readonly preloads?: readonly string[];
}

import { preloadRow } from './node-package-preloads.js';

const HELP = ['-h', '--help', '-v', '--version', '-V'];
const COLOR = ['--color', '--colors', '--no-color', '--no-colors'];
const CACHE = ['--cache', '--cache-location', '--cache-strategy'];
const PRETTIER_STYLE = ['--print-width', '--tab-width', '--trailing-comma', '--quote-props', '--arrow-parens', '--prose-wrap', '--end-of-line', '--embedded-language-formatting', '--html-whitespace-sensitivity', '--object-wrap', '--experimental-operator-position', '--log-level', '--loglevel', '--ignore-path', '--stdin-filepath', '--config-precedence', '--cursor-offset', '--range-start', '--range-end'];

export const JS_RUNNERS: Readonly<Record<string, JsRunner>> = {
  vitest: {
    flags: [...HELP, ...COLOR, 'run', 'watch', 'dev', 'related', 'list', '--run', '--watch', '-w', '--update', '-u', '--silent', '--passWithNoTests', '--allowOnly', '--globals', '--isolate', '--coverage', '--typecheck', '--changed', '--clearScreen', '--hideSkippedTests', '--logHeapUsage', '--dom', '--bail', '--retry', '--no-file-parallelism', '--fileParallelism', '--sequence.shuffle', '--sequence.concurrent', '--expandSnapshotDiff', '--standalone', '--no-watch', '--printConsoleTrace', '--includeTaskLocation'],
    valued: ['-t', '--testNamePattern', '--outputFile', '--project', '--shard', '--maxWorkers', '--minWorkers', '--testTimeout', '--hookTimeout', '--exclude', '--bail', '--retry', '--maxConcurrency', '--teardownTimeout', '--silent', '--sequence.seed'],
    builtin: { '--reporter': ['default', 'basic', 'verbose', 'dot', 'json', 'junit', 'tap', 'tap-flat', 'hanging-process', 'github-actions', 'html', 'blob', 'tree'], '--pool': ['threads', 'forks', 'vmThreads', 'vmForks'], '--environment': ['node', 'jsdom', 'happy-dom', 'edge-runtime'] },
    configs: ['--config', '-c', '--workspace'],
    folders: ['--root', '--dir'],
    places: ['projects', 'workspace', 'root', 'dir', 'configFile', 'extends'],
    modules: ['setupFiles', 'globalSetup', 'reporters', 'reporter', 'environment', 'plugins', 'resolveSnapshotPath', 'snapshotSerializers', 'sequencer', 'pool', 'runner', 'provider', 'customProviderModule', 'diff', 'snapshotEnvironment', 'setupFile'],
    also: ['postcss.config.js', 'postcss.config.cjs', 'postcss.config.mjs', 'postcss.config.ts', '.postcssrc', '.postcssrc.json', '.postcssrc.js', '.postcssrc.yml'],
  },
  jest: {
    flags: [...HELP, ...COLOR, '--ci', '--coverage', '--collectCoverage', '--watch', '--watchAll', '--bail', '-b', '--silent', '--verbose', '--runInBand', '-i', '--passWithNoTests', '--detectOpenHandles', '--forceExit', '--onlyChanged', '-o', '--findRelatedTests', '--listTests', '--json', '-u', '--updateSnapshot', '--cache', '--noStackTrace', '--logHeapUsage', '--errorOnDeprecated', '--useStderr', '--lastCommit', '--randomize', '--onlyFailures', '-f', '--clearMocks', '--resetMocks', '--restoreMocks', '--injectGlobals', '--expand', '-e', '--showSeed', '--no-watchman', '--watchman', '--detectLeaks'],
    valued: ['--changedSince', '--outputFile', '--maxWorkers', '-w', '-t', '--testNamePattern', '--testPathPattern', '--testPathPatterns', '--testPathIgnorePatterns', '--shard', '--seed', '--testTimeout', '--selectProjects', '--ignoreProjects', '--maxConcurrency', '--coverageDirectory', '--collectCoverageFrom', '--coverageProvider', '--testMatch', '--testRegex'],
    builtin: { '--reporters': ['default', 'summary', 'github-actions'], '--coverageReporters': ['json', 'lcov', 'text', 'text-summary', 'clover', 'html', 'lcovonly', 'cobertura', 'json-summary', 'none'], '--testEnvironment': ['node', 'jsdom'] },
    configs: ['--config', '-c'],
    folders: ['--rootDir', '--projects', '--roots'],
    places: ['projects', 'rootDir', 'modulePaths', 'moduleDirectories'],
    modules: ['setupFiles', 'setupFilesAfterEnv', 'globalSetup', 'globalTeardown', 'preset', 'testEnvironment', 'snapshotSerializers', 'reporters', 'transform', 'resolver', 'testSequencer', 'watchPlugins', 'runner', 'testRunner', 'dependencyExtractor', 'snapshotResolver', 'testResultsProcessor', 'filter', 'prettierPath', 'hasteImplModulePath', 'moduleLoader', 'haste'],
    also: ['babel.config.js', 'babel.config.cjs', 'babel.config.mjs', 'babel.config.json', 'babel.config.ts'],
  },
  mocha: {
    flags: [...HELP, ...COLOR, '-c', '--recursive', '--exit', '--bail', '-b', '--watch', '-w', '--parallel', '-p', '--invert', '-i', '--forbid-only', '--forbid-pending', '--check-leaks', '--full-trace', '--diff', '--inline-diffs', '--sort', '-S', '--allow-uncaught', '--async-only', '-A', '--dry-run', '--fail-zero', '--list-reporters', '--list-interfaces', '--quiet'],
    valued: ['--jobs', '-j', '--timeout', '-t', '--slow', '-s', '--grep', '-g', '--fgrep', '-f', '--reporter-option', '--reporter-options', '-O', '--retries', '--extension', '--spec', '--ignore', '--exclude', '--watch-files', '--watch-ignore'],
    builtin: { '--reporter': ['spec', 'dot', 'nyan', 'tap', 'landing', 'list', 'progress', 'json', 'json-stream', 'min', 'doc', 'markdown', 'xunit', 'html'], '-R': ['spec', 'dot', 'nyan', 'tap', 'landing', 'list', 'progress', 'json', 'json-stream', 'min', 'doc', 'markdown', 'xunit', 'html'], '--ui': ['bdd', 'tdd', 'qunit', 'exports'], '-u': ['bdd', 'tdd', 'qunit', 'exports'] },
    configs: ['--config'],
    places: ['package', 'config', 'file'],
    chains: ['extends'],
    modules: ['require', 'r', 'reporter', 'R', 'ui', 'u', 'loader', 'node-option', 'n', 'import'],
    preloads: ['-r', '--require'],
  },
  ava: {
    flags: [...HELP, ...COLOR, '--update-snapshots', '-u', '--fail-fast', '--serial', '-s', '--tap', '-t', '--verbose', '--watch', '-w', '--reset-cache'],
    valued: ['--match', '-m', '--timeout', '-T', '--concurrency', '-c'],
    configs: ['--config'],
    places: ['extends'],
    modules: ['require', 'nodeArguments', 'environmentVariables', 'workerThreads'],
  },
  playwright: {
    flags: [...HELP, 'test', '--headed', '--debug', '--forbid-only', '--fully-parallel', '--last-failed', '--list', '--pass-with-no-tests', '--quiet', '--update-snapshots', '-u', '--ui', '--only-changed', '-x'],
    valued: ['--project', '--grep', '-g', '--grep-invert', '--workers', '-j', '--retries', '--timeout', '--repeat-each', '--max-failures', '--shard', '--trace', '--output', '--global-timeout'],
    builtin: { '--reporter': ['list', 'line', 'dot', 'json', 'junit', 'html', 'github', 'blob', 'null'] },
    configs: ['--config', '-c'],
    places: ['webServer', 'projects'],
    modules: ['globalSetup', 'globalTeardown', 'reporter', 'snapshotPathTemplate'],
  },
  eslint: {
    flags: [...HELP, ...COLOR, '--fix', '--fix-dry-run', '--quiet', '--no-ignore', '--no-error-on-unmatched-pattern', '--report-unused-disable-directives', '--debug', '--stdin', '--no-warn-ignored', '--pass-on-no-patterns', '--no-inline-config', '--exit-on-fatal-error', '--cache', '--no-eslintrc', '--no-config-lookup', '--pass-on-unpruned-suppressions', '--suppress-all', '--prune-suppressions'],
    valued: [...CACHE, '--fix-type', '--max-warnings', '--output-file', '-o', '--ext', '--ignore-pattern', '--report-unused-disable-directives-severity', '--print-config', '--stdin-filename', '--concurrency', '--rule', '--global', '--env', '--ignore-path', '--suppressions-location', '--flag'],
    builtin: { '--format': ['stylish', 'json', 'json-with-metadata', 'html', 'checkstyle', 'compact', 'jslint-xml', 'junit', 'tap', 'unix', 'visualstudio'], '-f': ['stylish', 'json', 'json-with-metadata', 'html', 'checkstyle', 'compact', 'jslint-xml', 'junit', 'tap', 'unix', 'visualstudio'] },
    configs: ['--config', '-c'],
    places: ['basePath', 'resolvePluginsRelativeTo', 'ignorePatterns'],
    modules: ['plugins', 'parser', 'processor'],
    chains: ['extends'],
    prefixes: ['eslint-plugin-', 'eslint-config-'],
    cascades: true,
  },
  prettier: {
    flags: [...HELP, ...COLOR, '--check', '-c', '--write', '-w', '--list-different', '-l', '--no-config', '--no-editorconfig', '--cache', '--ignore-unknown', '-u', '--no-error-on-unmatched-pattern', '--use-tabs', '--semi', '--no-semi', '--single-quote', '--jsx-single-quote', '--bracket-spacing', '--no-bracket-spacing', '--bracket-same-line', '--single-attribute-per-line', '--vue-indent-script-and-style', '--experimental-ternaries', '--insert-pragma', '--require-pragma', '--with-node-modules', '--debug-check'],
    valued: [...CACHE, ...PRETTIER_STYLE, '--find-config-path', '--file-info'],
    // prettier 2 loads a parser given as a path (`--parser ./tools/p`, red team R15-12): only the built-in ones.
    builtin: { '--parser': ['babel', 'babel-flow', 'babel-ts', 'flow', 'typescript', 'espree', 'meriyah', 'acorn', 'css', 'less', 'scss', 'json', 'json5', 'jsonc', 'json-stringify', 'graphql', 'markdown', 'mdx', 'vue', 'yaml', 'glimmer', 'html', 'angular', 'lwc'] },
    configs: ['--config'],
    places: [],
    chains: ['extends'],
    modules: ['plugins', 'parser'],
    cascades: true,
  },
  stylelint: {
    flags: [...HELP, ...COLOR, '--fix', '--quiet', '-q', '--allow-empty-input', '--aei', '--report-needless-disables', '--rd', '--report-invalid-scope-disables', '--risd', '--report-descriptionless-disables', '--rdd', '--disable-default-ignores', '--di', '--ignore-disables', '--id', '--quiet-deprecation-warnings', '--cache', '--print-config'],
    valued: [...CACHE, '--output-file', '-o', '--max-warnings', '--mw', '--ignore-path', '-i', '--ignore-pattern', '--ip', '--stdin-filename'],
    builtin: { '--formatter': ['compact', 'github', 'json', 'string', 'tap', 'unix', 'verbose'], '-f': ['compact', 'github', 'json', 'string', 'tap', 'unix', 'verbose'] },
    configs: ['--config', '-c'],
    places: ['configBasedir'],
    chains: ['extends'],
    modules: ['plugins', 'customSyntax', 'processors'],
    cascades: true,
  },
  commitlint: {
    flags: [...HELP, '--edit', '-e', '--verbose', '--quiet', '-q', '--color', '-c', '--strict', '-s', '--print-config', '--from-last-tag', '--last'],
    valued: ['--from', '--to', '--help-url', '--env', '-E', '--git-log-args'],
    configs: ['--config', '-g'],
    places: [],
    modules: ['parserPreset', 'plugins', 'formatter'],
    chains: ['extends'],
    prefixes: ['commitlint-config-'],
  },
  // Its commands are read from its configuration (hook-configs.ts configCommands): only the default files.
  'lint-staged': {
    flags: [...HELP, '--allow-empty', '--debug', '-d', '--no-stash', '--stash', '--no-hide-partially-staged', '--quiet', '-q', '--relative', '-r', '--verbose', '--continue-on-error', '--fail-on-changes', '--hide-unstaged', '--no-revert'],
    valued: ['--concurrent', '-p', '--diff', '--diff-filter', '--max-arg-length'],
    optional: ['--shell', '-x'],
    configs: [],
    places: [],
    modules: [],
    // It reads every folder's configuration (a monorepo's packages): only the top's JSON ones are read for commands.
    cascades: true,
  },
};

// babel's settings, read for the files jest transforms (its default transform), in every folder (.babelrc).
export const BABEL: JsRunner = {
  flags: [], valued: [], configs: [], cascades: true,
  places: ['babelrcRoots', 'configFile', 'root', 'cwd'],
  chains: ['extends'],
  modules: ['plugins', 'presets'],
  prefixes: ['babel-plugin-', 'babel-preset-', '@babel/plugin-', '@babel/preset-'],
};

// The modules the runner `name` loads first by its options `rest` (mocha's `-r ts-node/register`).
export function runnerPreloads(name: string, rest: readonly string[]): string[] {
  const keys = JS_RUNNERS[name]?.preloads ?? [];
  const found: string[] = [];
  for (let i = 0; i < rest.length && rest[i] !== '--'; i++) {
    const arg = rest[i]!;
    const key = arg.includes('=') ? arg.slice(0, arg.indexOf('=')) : arg;
    if (!keys.includes(key)) continue;
    const value = arg.includes('=') ? arg.slice(key.length + 1) : rest[++i];
    if (value !== undefined) found.push(value);
  }
  return found;
}

const matches = (key: string, list: readonly string[]): boolean => list.includes(key) || (key.startsWith('--no-') && list.includes(`--${key.slice(5)}`));

// Why the arguments `rest` of the runner `name` are not modelled (the first option not understood), or undefined.
export function jsRunnerArgs(name: string, rest: readonly string[]): string | undefined {
  const row = JS_RUNNERS[name];
  if (row === undefined) return undefined;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '--') return undefined;
    if (!arg.startsWith('-') || arg === '-') continue;
    const key = arg.includes('=') ? arg.slice(0, arg.indexOf('=')) : arg;
    const value = (): string | undefined => (arg.includes('=') ? arg.slice(key.length + 1) : rest[++i]);
    if (matches(key, row.flags)) continue;
    if (row.optional?.includes(key)) {
      const given = arg.includes('=') ? arg.slice(key.length + 1) : rest[i + 1] !== undefined && !rest[i + 1]!.startsWith('-') ? rest[i + 1]! : undefined;
      if (given === undefined) continue;
      return `\`${name} ${key} ${given}\` (a program it runs every task through)`;
    }
    if (row.valued.includes(key)) {
      value();
      continue;
    }
    const builtin = row.builtin?.[key];
    if (builtin !== undefined) {
      const given = value() ?? '';
      if (given.split(',').every((one) => builtin.includes(one))) continue;
      return `\`${name} ${key} ${given}\` (a ${key.replace(/^-+/, '')} that may be a module: codeward models only the built-in ones)`;
    }
    if (row.preloads?.includes(key)) {
      const given = value() ?? '';
      if (preloadRow(given) !== undefined) continue;
      return `\`${name} ${key} ${given}\` (a module it loads first: codeward models only the loaders with their own row, such as ts-node/register, tsx, @babel/register)`;
    }
    if ([...row.configs, ...(row.folders ?? [])].includes(key)) {
      const given = value() ?? '';
      if (given !== '' && !/[$`*?[{]/.test(given) && !given.startsWith('/')) continue;
      return `\`${name} ${key} ${given}\` (a configuration or folder only known at run time)`;
    }
    return `\`${name} ${key}\` (an option of ${name} codeward does not model)`;
  }
  return undefined;
}
