// The one table of interpreters' options (rev32, issue 26): which options take a value, which end the reading of
// options, which make the interpreter run code given on the line, stdin or a module instead of a script file, and
// which name the script. Every reader takes it from here: the hook walker and the unconfined reader
// (permissions/hook-fed-operands.ts scriptOperand, red team R19-17, R20-5, R29-6: a private table took `bash -o
// pipefail`'s `pipefail`, `node --title x`'s `x`, `ruby -x s.rb`'s `s.rb` for the script) and long-canon.ts, which
// splits python's, perl's and ruby's short clusters (interpreter-options.ts, R28-4: `python3 -Bm tools.z`).
// Sources: CPython 3.12 `python3 --help`, perl 5.36 perlrun, ruby 3.1 `ruby --help`, node 22 `node --help`, deno 2
// `deno run --help`, bun 1.1 `bun run --help`, tsx 4, ts-node 10, php 8.2 `php -h`, lua 5.4 lua.c, bash 5.2.

export interface InterpreterSpec {
  // Options taking a value: a long one as `--name VALUE` or `--name=VALUE`, a short one as the next word or, for a
  // family with `flags`, the rest of its word (`-Wignore`).
  readonly valued: readonly string[];
  // Options after which no script file of the line runs: code given on the line or stdin, a module by name, a
  // version or help text (a valued one's value is the code or the module).
  readonly code: readonly string[];
  // Options whose value ends the reading of options (python's `-c CMD`, `-m MOD`: what follows is its arguments).
  readonly ends?: string;
  // Options whose value is the script itself (php's `-f FILE`).
  readonly script?: readonly string[];
  // A family that reads its short options letter by letter (`-Bm mod`): the letters taking no value; `attached`
  // the letters taking the rest of their word only (perl's `-Mstrict`, ruby's `-x[DIR]`); `digits` the letters
  // followed by digits (perl's `-l0`). A family without `flags` reads a short cluster holding a code letter as code
  // (`sh -ec`, `node -pe`).
  readonly flags?: string;
  readonly attached?: string;
  readonly digits?: string;
  // Long options taking no value, for long-canon.ts (read as spelled only).
  readonly longs?: readonly string[];
  // First words that run no file of the line (`bun x`, `deno task`) and the sub-command word skipped (`deno run`).
  readonly subcommands?: readonly string[];
  readonly run?: string;
  // Options whose value is program text given on the line (`-c CMD`, `-e CODE`, node's `-pe CODE`): what
  // parse-inline.ts reads as code and git's configuration reader (git/config-computed.ts) as a computed command.
  readonly inline?: readonly string[];
  // Options whose value is a module run as the main program (python's `-m MOD`): hook-unmodeled.ts judges the module.
  readonly main?: readonly string[];
  // Options whose value names a file the interpreter loads before the script, and what it is (node-options.ts):
  // a module, a dotenv file, a file codeward does not read, a package.json script it runs.
  readonly loads?: Readonly<Record<string, 'module' | 'env' | 'opaque' | 'runs'>>;
}

const HELP = ['--version', '--help'];
const NODE_VALUED = ['-r', '--require', '--import', '--loader', '--experimental-loader', '-C', '--conditions', '--env-file', '--env-file-if-exists', '--title', '--inspect-port', '--debug-port', '--input-type', '--stack-size',
  '--test-reporter', '--test-reporter-destination', '--test-name-pattern', '--test-skip-pattern', '--test-concurrency', '--test-timeout', '--test-shard', '--test-coverage-include', '--test-coverage-exclude',
  '--experimental-test-coverage-include', '--watch-path', '--redirect-warnings', '--disable-warning', '--diagnostic-dir', '--report-dir', '--report-directory', '--report-filename', '--report-signal',
  '--heapsnapshot-signal', '--cpu-prof-dir', '--cpu-prof-name', '--heap-prof-dir', '--heap-prof-name', '--icu-data-dir', '--openssl-config', '--unhandled-rejections', '--dns-result-order', '--secure-heap',
  '--secure-heap-min', '--max-http-header-size', '--trace-event-categories', '--trace-event-file-pattern', '--localstorage-file', '--experimental-config-file', '--experimental-sea-config', '--es-module-specifier-resolution',
  '--run', '--snapshot-blob', '--experimental-policy', '--build-snapshot-config', '--allow-fs-read', '--allow-fs-write', '--cpu-prof-interval', '--disable-proto', '--experimental-default-type', '--heap-prof-interval',
  '--heapsnapshot-near-heap-limit', '--inspect-publish-uid', '--network-family-autoselection-attempt-timeout', '--policy-integrity', '--tls-cipher-list', '--tls-keylog', '--trace-require-module', '--use-largepages',
  '--v8-pool-size', '--stack-trace-limit', '--test-isolation', '--watch-kill-signal', '--test-coverage-branches', '--test-coverage-functions', '--test-coverage-lines'];
const NODE_CODE = ['-e', '-p', '-pe', '--eval', '--print', '--test', '--run', '-', '-v', '-h', ...HELP];
// node's `-pe` is its alias of `--print --eval`: the code is the next word (node reads no other cluster).
const NODE_INLINE = ['-e', '-p', '-pe', '--eval', '--print'];
const NODE_LOADS = {
  '-r': 'module', '--require': 'module', '--import': 'module', '--loader': 'module', '--experimental-loader': 'module', '--test-reporter': 'module',
  '--env-file': 'env', '--env-file-if-exists': 'env', '--run': 'runs',
  '--openssl-config': 'opaque', '--snapshot-blob': 'opaque', '--experimental-policy': 'opaque', '--build-snapshot-config': 'opaque', '--experimental-sea-config': 'opaque', '--experimental-config-file': 'opaque',
} as const;
const SUBCOMMANDS = ['eval', 'repl', 'x', 'exec', 'test', 'install', 'add', 'task', 'fmt', 'lint', 'upgrade'];

export const INTERPRETERS: Readonly<Record<string, InterpreterSpec>> = {
  node: { valued: NODE_VALUED, code: NODE_CODE, inline: NODE_INLINE, loads: NODE_LOADS },
  tsx: { valued: [...NODE_VALUED, '--tsconfig'], code: NODE_CODE, inline: NODE_INLINE, loads: NODE_LOADS },
  'ts-node': { valued: [...NODE_VALUED, '-P', '--project', '-O', '--compiler-options', '--compiler', '-I', '--ignore', '--cwd', '--dir', '--scope-dir'], code: NODE_CODE, inline: NODE_INLINE, loads: NODE_LOADS },
  deno: {
    valued: ['-c', '--config', '--import-map', '--lock', '--cert', '--location', '--seed', '-L', '--log-level', '--ext', '--env-file', '--preload', '--require'],
    code: ['-', '-v', '-h', '-V', ...HELP], subcommands: SUBCOMMANDS, run: 'run', loads: { '--preload': 'module', '--require': 'module', '--env-file': 'env' },
  },
  bun: {
    valued: ['-r', '--preload', '--require', '--import', '-c', '--config', '--cwd', '--env-file', '--tsconfig-override', '-d', '--define', '-l', '--loader', '--conditions', '--main-fields', '--port', '--origin', '--jsx-factory', '--jsx-fragment', '--jsx-import-source', '--jsx-runtime', '--console-depth', '--elide-lines', '--filter', '-F'],
    code: ['-e', '-p', '--eval', '--print', '-', '-v', '-h', ...HELP], subcommands: SUBCOMMANDS, run: 'run', inline: ['-e', '-p', '--eval', '--print'],
    loads: { '-r': 'module', '--preload': 'module', '--require': 'module', '--import': 'module', '--env-file': 'env' },
  },
  python: { valued: ['-c', '-m', '-W', '-X', '--check-hash-based-pycs'], code: ['-c', '-m', '-', '-V', '-h', ...HELP], ends: 'cm', flags: 'bBdEhiIOPqsSuvVx?', inline: ['-c'], main: ['-m'], longs: ['--help-env', '--help-xoptions', '--help-all', ...HELP] },
  perl: { valued: ['-e', '-E', '-I'], code: ['-e', '-E', '-v', '-h', ...HELP], inline: ['-e', '-E'], flags: 'acfnpsStTuUvwWXh', attached: 'MmiCdDVxF', digits: 'l0', longs: HELP },
  // ruby's `-v` prints the version and runs the script all the same.
  ruby: { valued: ['-C', '-e', '-E', '-I', '-r'], code: ['-e', '-h', ...HELP], inline: ['-e'], flags: 'acdhlnpsSvwy', attached: 'iWxFK', digits: '0', longs: HELP },
  php: {
    valued: ['-c', '-d', '-z', '-t', '-S', '-B', '-R', '-E', '-F', '-f', '-r', '--php-ini', '--define', '--zend-extension', '--docroot', '--server', '--process-begin', '--process-code', '--process-end', '--process-file', '--file', '--run'],
    code: ['-r', '--run', '-a', '-v', '-h', '-i', '-m', ...HELP], script: ['-f', '-F', '--file', '--process-file'], inline: ['-r', '-B', '-R', '-E', '--run', '--process-begin', '--process-code', '--process-end'],
  },
  // lua runs its `-e` code and then the script; `-` is stdin.
  lua: { valued: ['-e', '-l'], code: ['-'], inline: ['-e'] },
  // bash's start-up files (R20-5: `bash --rcfile /dev/null scripts/ci` runs scripts/ci).
  sh: { valued: ['-o', '+o', '-O', '+O', '--rcfile', '--init-file'], code: ['-c', '-s', '-', ...HELP], inline: ['-c'] },
};

// The table of `program` (a versioned or aliased name already reduced by the caller) in `family`.
export function interpreterSpec(family: string, program: string): InterpreterSpec {
  const own = program === 'esno' ? 'tsx' : program;
  return (Object.hasOwn(INTERPRETERS, own) ? INTERPRETERS[own] : undefined) ?? INTERPRETERS[family] ?? INTERPRETERS['sh']!;
}

// The letters of a family's single-dash options in `options` (`-W` -> `W`).
export const shortLetters = (options: readonly string[]): string => options.filter((option) => /^-[^-]$/.test(option)).map((option) => option[1]).join('');

// Programs with no row above whose one fact read is the program text they take on the line (parse-inline.ts): the
// letters of their options taking that text, and of those taking another value (not code). awk's first operand is
// its program unless `-f` names a file (parse-inline.ts reads that).
export const INLINE_ONLY: Readonly<Record<'awk' | 'r' | 'applescript' | 'other', { readonly code: string; readonly valued: string }>> = {
  awk: { code: 'e', valued: 'fvFW' },
  r: { code: 'e', valued: '' },
  applescript: { code: 'e', valued: 'l' },
  other: { code: 'ce', valued: '' },
};
