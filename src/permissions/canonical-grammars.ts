import { npmCommand } from './canonical-npm.js';
import { sameProgram } from '../shell/program-aliases.js';

// How the multi-command programs a person writes rules about take their global options and name their
// subcommands (red team R13-14): the danger classifier reads `git -C . push` as a push, so a person's
// `--deny "@coder exec git push*"` must too. canonical-command.ts reads a command with these tables.

export interface ProgramGrammar {
  // Options before the subcommand that take the next word as their value (`-C dir`, `--prefix .`).
  readonly value: readonly string[];
  // Options that take no value (`-P`, `--no-pager`, `-s`).
  readonly flags: readonly string[];
  // Short options with an optional numeric value (`make -j 4`).
  readonly numeric?: readonly string[];
  // The program's own spellings of a subcommand (`npm rum` is `npm run`).
  readonly aliases?: Readonly<Record<string, string>>;
  // The program's own reading of a subcommand word, when a table cannot say it (npm's unique prefixes).
  readonly resolve?: (word: string) => string | undefined;
  // Options may also follow the subcommand (npm's nopt, kubectl's cobra, make's getopt): dropped there too.
  readonly anywhere?: boolean;
  // An option the table does not know takes no value (npm's nopt); otherwise it makes the reading unclear.
  readonly unknownIsFlag?: boolean;
  // A first word that selects a toolchain (`cargo +nightly`).
  readonly selector?: RegExp;
  // `yarn deploy` runs the script `deploy`: also read as `yarn run deploy` unless it names a builtin.
  readonly implicitRun?: readonly string[];
  // The option that is the "subcommand" (`python3 -u -m http.server`: `-m`), its value the module.
  readonly subOption?: string;
  // Options after which the rest is not a subcommand (python's `-c code`).
  readonly stop?: readonly string[];
  // Variable assignments among the words (`make V=1 deploy`): skipped like options.
  readonly assignments?: boolean;
  // A package manager: the words after `--` are the script's, never its options, so the `--` stays in the reading
  // (canonical-command.ts fromEnd), but after the subcommands listed here (their words after it are a command).
  readonly keepsEnd?: readonly string[];
}

const words = (text: string): string[] => text.trim().split(/\s+/);

const NPM: ProgramGrammar = {
  value: words(`-C --prefix -w --workspace --userconfig --globalconfig --registry --cache --loglevel --script-shell --otp --tag
    --access --omit --include --location -L --call -c --before --scope --auth-type --cafile`),
  flags: words(`-s --silent -q --quiet -d -dd -ddd --verbose -g --global --ignore-scripts --if-present --json -ws --workspaces -y --yes
    -f --force -D -S -E -O -B -P --foreground-scripts --dry-run --offline --prefer-offline --include-workspace-root --production`),
  resolve: npmCommand,
  anywhere: true,
  unknownIsFlag: true,
  keepsEnd: ['exec', 'explore'],
};

const PNPM_BUILTINS = words(`add install i remove rm uninstall un update up upgrade init link ln unlink pack publish config c get set cache
  store list ls ll la outdated audit why root bin prune rebuild rb import fetch patch patch-commit patch-remove server setup env help deploy
  licenses doctor test t tst start create exec dlx run run-script recursive m multi self-update sbom login logout dedupe install-test it
  ignored-builds approve-builds cat-file cat-index find-hash catalog x`);

const PNPM: ProgramGrammar = {
  value: words('-C --dir -F --filter --reporter --loglevel --workspace-concurrency --store-dir --virtual-store-dir'),
  flags: words(`-s --silent -r --recursive -w --workspace-root --if-present --parallel --stream --aggregate-output --no-bail --bail
    --frozen-lockfile --offline --prefer-offline -g --global --color --no-color`),
  aliases: { 'run-script': 'run', i: 'install', rm: 'remove', un: 'remove', uninstall: 'remove', up: 'update', upgrade: 'update', t: 'test', tst: 'test', ls: 'list' },
  // `pnpm deploy` is pnpm's own command; a word no command names runs that package script (R17-13).
  implicitRun: PNPM_BUILTINS,
  anywhere: true,
  unknownIsFlag: true,
  keepsEnd: ['exec', 'dlx', 'x'],
};

const YARN_BUILTINS = words(`add install remove upgrade up info init why config cache dlx exec run workspace workspaces global link unlink pack
  publish version npm plugin set bin node patch constraints dedupe explain rebuild search stage unplug audit autoclean check create
  import licenses list login logout outdated owner policies tag team upgrade-interactive generate-lock-entry help`);

const YARN: ProgramGrammar = {
  value: words('--cwd --modules-folder --cache-folder --mutex --network-timeout'),
  flags: words('-s --silent --verbose --offline --frozen-lockfile --immutable --ignore-scripts --no-progress --non-interactive -T --top-level'),
  aliases: { 'run-script': 'run', rm: 'remove' },
  implicitRun: YARN_BUILTINS,
  unknownIsFlag: true,
  keepsEnd: ['exec', 'dlx'],
};

const BUN: ProgramGrammar = {
  value: words('--cwd -c --config --env-file --preload -r'),
  flags: words('--silent -b --bun --smol --watch --hot --no-install --if-present --shell=bun --shell=system'),
  aliases: { i: 'install', a: 'add', rm: 'remove', x: 'x', c: 'create' },
  implicitRun: words('run test x repl exec install i add a remove rm update outdated link unlink pm build init create c upgrade publish patch audit info'),
  keepsEnd: ['x', 'exec'],
};

const CARGO: ProgramGrammar = {
  value: words('-C --manifest-path --config -Z --color --lockfile-path --explain'),
  flags: words('-q --quiet -v -vv --verbose --locked --offline --frozen -V --version --list'),
  aliases: { b: 'build', c: 'check', d: 'doc', t: 'test', r: 'run', rm: 'remove', n: 'new' },
  selector: /^\+\S+$/,
};

const DOCKER: ProgramGrammar = {
  value: words(`-c --context -H --host --config -l --log-level --tlscacert --tlscert --tlskey --url --connection --identity --root
    --runroot --storage-driver --cgroup-manager --module`),
  flags: words('-D --debug --tls --tlsverify --remote -r'),
};

const KUBECTL: ProgramGrammar = {
  value: words(`--context -n --namespace --kubeconfig --cluster --user -s --server --token --as --as-group -v --request-timeout
    --certificate-authority --client-certificate --client-key --tls-server-name --cache-dir --profile --username --password`),
  flags: words('--insecure-skip-tls-verify --warnings-as-errors --match-server-version'),
  anywhere: true,
};

const MAKE: ProgramGrammar = {
  value: words('-C -f -I -o -W -E --directory --file --makefile --include-dir --old-file --what-if --assume-new --assume-old --eval'),
  flags: words(`-s --silent --quiet -k --keep-going -n --dry-run --just-print --recon -B --always-make -i --ignore-errors -e
    --environment-overrides -r -R --no-builtin-rules --no-builtin-variables -w --print-directory --no-print-directory -q --question
    -t --touch -S --stop --no-keep-going -p --print-data-base -O --output-sync --trace --warn-undefined-variables -L --check-symlink-times`),
  numeric: ['-j', '-l', '--jobs', '--load-average', '--max-load'],
  anywhere: true,
  assignments: true,
};

const PYTHON: ProgramGrammar = {
  value: ['-W', '-X', '--check-hash-based-pycs'],
  flags: words('-b -bb -B -d -E -i -I -O -OO -P -q -s -S -u -v -x -R'),
  subOption: '-m',
  stop: ['-c', '-'],
};

const PIP: ProgramGrammar = {
  value: words(`--python --proxy --log --log-file --cache-dir --timeout --retries --exists-action --trusted-host --cert --client-cert
    --keyring-provider --use-feature --use-deprecated --src -r --requirement -c --constraint -i --index-url --extra-index-url`),
  flags: words(`-v --verbose -q --quiet --isolated --no-input --no-color --no-cache-dir --disable-pip-version-check --require-virtualenv
    --debug --no-python-version-warning -U --upgrade --user --pre --no-deps -e --editable`),
  anywhere: true,
};

const GO: ProgramGrammar = { value: ['-C'], flags: [] };

// git.c handle_options (the same list as options/git.ts's GLOBALS): exact names, no abbreviations. The
// plumbing that pushes (`send-pack`, `http-push`) is a push for a rule on `git push*`.
export const GIT: ProgramGrammar = {
  aliases: { 'send-pack': 'push', 'http-push': 'push' },
  value: words('-c --config-env -C --git-dir --work-tree --namespace --super-prefix --exec-path --list-cmds --attr-source'),
  flags: words(`-v --version -h --help --html-path --man-path --info-path -P --no-pager --no-replace-objects --no-lazy-fetch
    --no-optional-locks --literal-pathspecs --glob-pathspecs --noglob-pathspecs --icase-pathspecs --no-advice -p --paginate --bare`),
};

const BY_NAME: Readonly<Record<string, ProgramGrammar>> = {
  npm: NPM, pnpm: PNPM, yarn: YARN, bun: BUN, cargo: CARGO, docker: DOCKER, podman: DOCKER, kubectl: KUBECTL, go: GO,
  make: MAKE, pip: PIP, pip3: PIP, git: GIT,
};

// The programs with a table (python's family by its plain name).
export const GRAMMAR_NAMES: readonly string[] = [...Object.keys(BY_NAME), 'python'];

export function grammarOf(name: string): ProgramGrammar | undefined {
  if (/^python(?:\d+(?:\.\d+)*)?$/.test(name) || /^pypy\d*$/.test(name)) return PYTHON;
  const key = sameProgram(name);
  return Object.hasOwn(BY_NAME, key) ? BY_NAME[key] : undefined;
}

