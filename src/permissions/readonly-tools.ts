import { firstOperand, gitSubcommand, hasOption, hasShort, operands } from './argv.js';
import type { Check } from './readonly-list.js';

// Tools that are read-only for some subcommands only (chatcli §6.5), with their unsafe arguments.

type SubChecks = Readonly<Record<string, Check>>;

function bySubcommand(tool: string, subs: SubChecks, sub: (args: readonly string[]) => { name: string | undefined; rest: readonly string[] }): (args: readonly string[]) => string | undefined {
  return (args) => {
    const found = sub(args);
    const check = found.name === undefined ? undefined : subs[found.name];
    if (!check) return `${tool} ${found.name ?? ''}`.trim() + ' is not a read-only subcommand';
    return check === 'any' ? undefined : check(found.rest);
  };
}

// The subcommand must be the first word (no global options before it).
const leading = (args: readonly string[]): { name: string | undefined; rest: readonly string[] } => ({ name: args[0], rest: args.slice(1) });
const onlyWith = (tool: string, allowed: readonly string[]): Check => (args) =>
  allowed.includes(firstOperand(args) ?? '') ? undefined : `only ${allowed.map((a) => `${tool} ${a}`).join(', ')} are read-only`;
const notWith = (reason: string, test: (args: readonly string[]) => boolean): Check => (args) => (test(args) ? reason : undefined);

// Git: no global options but these (`-c`, `-C`, `--git-dir`, `--work-tree`, `--exec-path` change
// what runs); no --output/--ext-diff/--textconv anywhere.
const GIT_SAFE_GLOBALS = new Set(['--no-pager', '-P', '--no-optional-locks', '--literal-pathspecs', '--no-replace-objects', '--glob-pathspecs', '--noglob-pathspecs', '--icase-pathspecs']);
const GIT_LISTING_BRANCH = ['--list', '-l', '--contains', '--no-contains', '--merged', '--no-merged', '--points-at'];
const GIT: SubChecks = {
  status: 'any', diff: 'any', log: 'any', show: 'any', blame: 'any', shortlog: 'any', 'ls-files': 'any', 'ls-tree': 'any',
  'rev-parse': 'any', describe: 'any', 'rev-list': 'any', 'merge-base': 'any', 'name-rev': 'any', 'show-ref': 'any',
  'for-each-ref': 'any', 'count-objects': 'any', whatchanged: 'any', version: 'any', 'cat-file': 'any',
  grep: notWith('git grep -O opens files in a program', (a) => hasShort(a, 'O') || hasOption(a, '--open-files-in-pager')),
  branch: notWith('git branch NAME / -d / -m change branches', (a) =>
    hasShort(a, 'dDmMcCuft') || hasOption(a, '--delete', '--move', '--copy', '--set-upstream-to', '--unset-upstream', '--edit-description', '--force', '--track') ||
    (operands(a).length > 0 && !hasOption(a, ...GIT_LISTING_BRANCH))),
  tag: notWith('git tag NAME / -d create or delete tags', (a) => hasShort(a, 'dasfmFu') || hasOption(a, '--delete', '--annotate', '--sign', '--force', '--message', '--file') || (operands(a).length > 0 && !hasOption(a, '--list', '-l', '--contains', '--points-at', '--merged'))),
  remote: (a) => (operands(a).length === 0 || ['show', 'get-url'].includes(firstOperand(a)!) ? undefined : `git remote ${firstOperand(a)} changes remotes`),
  stash: onlyWith('git stash', ['list', 'show']),
  reflog: notWith('git reflog expire/delete change the reflog', (a) => ['expire', 'delete', 'drop'].includes(firstOperand(a) ?? '')),
  worktree: onlyWith('git worktree', ['list']),
  submodule: onlyWith('git submodule', ['status']),
  config: (a) => {
    if (hasOption(a, '--global', '--system')) return 'git config --global/--system';
    if (['get', 'list'].includes(a[0] ?? '')) return undefined;
    if (hasOption(a, '--get', '--get-all', '--get-regexp', '--get-urlmatch', '--list', '-l')) return hasOption(a, '--unset', '--add', '--replace-all') ? 'git config writes' : undefined;
    return operands(a).length === 1 && !a.some((x) => /^(--unset|--add|--replace-all|--rename-section|--remove-section|-e|--edit|--file|-f|--blob)/.test(x)) ? undefined : 'git config KEY VALUE writes the configuration';
  },
};
function gitCheck(args: readonly string[]): string | undefined {
  // `git --version` / `git --help` alone only print.
  if (args.length === 1 && ['--version', '-v', '--help', '-h'].includes(args[0]!)) return undefined;
  const { sub, index, globals } = gitSubcommand(args);
  const bad = globals.find((g) => !GIT_SAFE_GLOBALS.has(g));
  if (bad) return `git ${bad} changes which repository, configuration or programs git uses`;
  const rest = args.slice(index + 1);
  if (hasOption(rest, '--output', '--ext-diff', '--textconv', '--filters', '--exec', '--upload-pack', '--receive-pack')) return 'git --output/--ext-diff/--textconv write files or run programs';
  return bySubcommand('git', GIT, () => ({ name: sub, rest }))(args);
}

const versionOnly = (...flags: string[]): Check => (args) => (args.length === 1 && flags.includes(args[0]!) ? undefined : `only ${flags.join(' / ')} is read-only`);

export const READ_ONLY_TOOLS: Readonly<Record<string, Check>> = {
  git: gitCheck,
  go: bySubcommand('go', {
    version: 'any', list: notWith('go list -toolexec runs programs', (a) => a.some((x) => x.startsWith('-toolexec') || x.startsWith('-exec'))), doc: 'any',
    env: notWith('go env -w/-u write the configuration', (a) => hasOption(a, '-w', '-u')),
    vet: notWith('go vet -vettool runs a program', (a) => a.some((x) => x.startsWith('-vettool') || x.startsWith('-toolexec'))),
  }, leading),
  node: versionOnly('-v', '--version'),
  python: versionOnly('--version', '-V'),
  python3: versionOnly('--version', '-V'),
  rustc: versionOnly('--version', '-V'),
  java: versionOnly('-version', '--version'),
  docker: bySubcommand('docker', {
    ps: 'any', images: 'any', inspect: 'any', info: 'any', version: 'any', top: 'any',
    logs: notWith('docker logs -f follows forever', (a) => hasShort(a, 'f') || hasOption(a, '--follow')),
    stats: notWith('docker stats runs forever without --no-stream', (a) => !a.includes('--no-stream')),
    network: onlyWith('docker network', ['ls', 'inspect']), volume: onlyWith('docker volume', ['ls', 'inspect']),
    image: onlyWith('docker image', ['ls', 'inspect', 'history']), container: onlyWith('docker container', ['ls', 'inspect', 'top']),
  }, leading),
  kubectl: bySubcommand('kubectl', {
    get: notWith('kubectl get --watch runs forever', (a) => hasShort(a, 'w') || hasOption(a, '--watch', '--watch-only')),
    describe: 'any', top: 'any', version: 'any', 'api-resources': 'any', 'api-versions': 'any', explain: 'any',
    logs: notWith('kubectl logs -f follows forever', (a) => hasShort(a, 'f') || hasOption(a, '--follow')),
    'cluster-info': notWith('cluster-info dump writes files', (a) => hasOption(a, '--output-directory')),
    config: onlyWith('kubectl config', ['view', 'get-contexts', 'current-context', 'get-clusters', 'get-users']),
  }, leading),
  npm: bySubcommand('npm', { ls: 'any', list: 'any', outdated: 'any', info: 'any', view: 'any', search: 'any', explain: 'any', why: 'any', root: 'any', prefix: 'any', '-v': 'any', '--version': 'any', config: onlyWith('npm config', ['get', 'list', 'ls']) }, leading),
  yarn: bySubcommand('yarn', { list: 'any', info: 'any', outdated: 'any', why: 'any', '--version': 'any', config: onlyWith('yarn config', ['get', 'list']) }, leading),
  pnpm: bySubcommand('pnpm', { list: 'any', ls: 'any', outdated: 'any', why: 'any', '--version': 'any' }, leading),
  pip: bySubcommand('pip', { list: 'any', show: 'any', freeze: 'any', check: 'any', '--version': 'any' }, leading),
  pip3: bySubcommand('pip3', { list: 'any', show: 'any', freeze: 'any', check: 'any', '--version': 'any' }, leading),
  cargo: bySubcommand('cargo', { tree: 'any', metadata: 'any', version: 'any', '--version': 'any' }, leading),
};
