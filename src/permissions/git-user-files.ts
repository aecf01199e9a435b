import { UNKNOWN, type Argv } from './argv.js';
import { gitConfigFiles, gitConfigWrites } from './options/git-config.js';
import { hasAny, parseGitWrite } from './options/git-write.js';

// git's writers of the person's OWN git files, by verb (R12-14, R28-7; red team R29-1: `git config` was the only
// one known). One predicate for every spelling the readings reach (`git-maintenance register` and `git -C x
// maintenance register` are `git maintenance register`: program-aliases.ts programCalls):
// - `git config --global|--system|--file OUTSIDE` that writes;
// - `git maintenance register|unregister|start` (`git config --global --add maintenance.repo`, or the file
//   `--config-file` names);
// - `git credential approve|reject`, `git credential-store|credential-cache store|erase` (the person's credential
//   store, ~/.git-credentials: a credential planted or the person's own erased);
// - `git for-each-repo` (a git command run in every repository the person's configuration lists);
// - `scalar` but its readers (register/unregister/clone/reconfigure/delete write `scalar.repo` and
//   `maintenance.repo` in ~/.gitconfig; reconfigure --all rewrites every registered repository's configuration;
//   run is maintenance; an unknown verb counts).

// `git config ARGS` writing a configuration outside the repository (a home, absolute, `..` or run-time --file).
function configOutside(args: readonly string[]): boolean {
  const call = parseGitWrite(args);
  if (call?.sub !== 'config') return false;
  const files = gitConfigFiles(call.parsed);
  const outside = hasAny(call.parsed, '--global', '--system') || files.some((file) => file === undefined || file.includes(UNKNOWN) || /^(?:~|\$)|^\/|(?:^|\/)\.\.(?:\/|$)/.test(file));
  return outside && gitConfigWrites(call.args);
}

const VERBS: Readonly<Record<string, (verb: string | undefined) => boolean>> = {
  maintenance: (verb) => ['register', 'unregister', 'start'].includes(verb ?? ''),
  credential: (verb) => ['approve', 'reject', 'store', 'erase'].includes(verb ?? ''),
  'credential-store': (verb) => ['store', 'erase'].includes(verb ?? ''),
  'credential-cache': (verb) => ['store', 'erase'].includes(verb ?? ''),
  'for-each-repo': () => true,
};

// scalar's verbs that only read (or write the working folder: diagnose's archive).
const SCALAR_READS = new Set(['list', 'help', 'version', 'diagnose']);

function scalarWrites(args: readonly string[]): boolean {
  let i = 0;
  while (i < args.length && /^-[Cc]$/.test(args[i]!)) i += 2;
  while (i < args.length && /^-[Cc]./.test(args[i]!)) i++;
  const verb = args[i];
  return verb === undefined ? false : verb.startsWith('-') ? !['-h', '--help', '--version'].includes(verb) : !SCALAR_READS.has(verb);
}

export function gitWritesUserFiles(cmd: Argv): boolean {
  if (cmd.name === 'scalar') return scalarWrites(cmd.args);
  if (cmd.name !== 'git') return false;
  if (configOutside(cmd.args)) return true;
  const call = parseGitWrite(cmd.args);
  const test = call === undefined ? undefined : VERBS[call.sub];
  return test !== undefined && test(call!.args.find((arg) => !arg.startsWith('-')));
}
