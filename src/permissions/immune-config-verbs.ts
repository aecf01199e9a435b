import { firstOperand, operands, UNKNOWN, type Argv } from './argv.js';
import { gitWritesUserFiles } from './git-user-files.js';
import type { CommandClass } from './immune-class.js';

// A program that writes the person's OWN configuration through its own verb (red team round 12, R12-14): the
// path classes protect `~/.gitconfig`, `~/.npmrc`, `~/.codeward/` when a command spells the path (`echo >
// ~/.gitconfig` is safety-immune), but `git config --global core.hooksPath ./hooks`, `npm config set
// script-shell ./x`, `codeward trust` (which applies a repository's loosening policy to every later session) or
// `systemctl --user enable x` write the same files by a verb: with the sandbox off, one --yes made a hook
// of the workspace run at every commit of every repository. Such a verb is the person's to run; reading
// the configuration (`git config --global --get`, `npm config get`, `codeward policy list`) stays free.

// codeward itself, however it is started: `codeward`, `npx codeward`, `node …/codeward.js`.
function codewardArgs(cmd: Argv): readonly string[] | undefined {
  // By its name or its path (`/…/dist/bin/codeward.js trust`: R12-14b), or a package runner's (`npx -y codeward@latest`).
  if (/^codeward(?:\.[cm]?js)?(?:@.*)?$/.test(cmd.name.slice(cmd.name.lastIndexOf('/') + 1))) return cmd.args;
  if (['npx', 'bunx', 'pnpx'].includes(cmd.name)) {
    const at = cmd.args.findIndex((arg) => !arg.startsWith('-'));
    return at >= 0 && /^codeward(?:@.*)?$/.test(cmd.args[at]!) ? cmd.args.slice(at + 1) : undefined;
  }
  if (cmd.name === 'node' || cmd.name === 'bun' || cmd.name === 'deno') {
    const script = cmd.args.findIndex((arg) => !arg.startsWith('-'));
    return script >= 0 && /(?:^|\/)codeward(?:\.[cm]?js)?$/.test(cmd.args[script]!) ? cmd.args.slice(script + 1) : undefined;
  }
  return undefined;
}

const OWN_WRITING_VERBS = new Set(['trust', 'forget', 'approve', 'allow', 'deny', 'add', 'remove', 'revoke', 'set', 'init']);

// Any codeward call that is not a plain look (`policy list|check`, `trust --list`, `doctor`, a command).
function codewardConfig(cmd: Argv): boolean {
  const args = codewardArgs(cmd);
  if (!args) return false;
  const words = operands(args);
  if (words[0] === 'trust') return !args.includes('--list');
  if (words[0] === 'policy') return words[1] !== undefined && OWN_WRITING_VERBS.has(words[1]);
  return false;
}

// npm/pnpm/yarn/pip/gh config writers (`npm config set`, `npm set`, `pip config set`, `gh config set`, `gh auth setup-git`).
const CONDA_WRITES = ['--set', '--add', '--append', '--prepend', '--remove', '--remove-key', '--write-default', '--stdin'];
function toolConfig(cmd: Argv): boolean {
  const [first, second] = operands(cmd.args);
  // conda's argparse options (any unique prefix: `conda config --se k v`), poetry's and pdm's `config KEY VALUE` (the
  // user's file unless --local; poetry --unset, pdm -d), hatch's `config set|restore|update` (cfg30, R28-8's class).
  if (cmd.name === 'conda' && first === 'config' && cmd.args.some((arg) => /^--[^=]/.test(arg) && CONDA_WRITES.some((name) => name.startsWith(arg.split('=')[0]!)))) return true;
  if (cmd.name === 'poetry' && first === 'config' && (operands(cmd.args).length >= 3 || cmd.args.includes('--unset'))) return true;
  if (cmd.name === 'pdm' && first === 'config') return operands(cmd.args).length >= 3 || cmd.args.some((arg) => /^-[a-z]*d|^--d/.test(arg));
  if (cmd.name === 'hatch' && first === 'config') return ['set', 'restore', 'update'].includes(second ?? '');
  if (['npm', 'pnpm', 'yarn', 'pip', 'pip3', 'gh', 'poetry', 'conda', 'bun'].includes(cmd.name) && first === 'config') return ['set', 'delete', 'rm', 'unset', 'edit', 'add', 'remove'].includes(second ?? '');
  if (cmd.name === 'npm' && (first === 'set' || first === 'set-script')) return true;
  if (cmd.name === 'keyring') return keyringWrites(cmd.args);
  return cmd.name === 'gh' && first === 'auth' && second === 'setup-git';
}

// python keyring's CLI (argparse: any unique prefix of a long option): `set`/`del` change a credential in the
// person's keyring (the store pip's and twine's uploads and index logins read), `--disable` writes keyringrc.cfg in
// their configuration folder (which names the backend every later keyring call loads, `keyring-path` a folder its
// module is imported from). `get`, `--list-backends`, `diagnose` only read. twine writes no file of its own
// (`twine upload` reads ~/.pypirc and the keyring, it never writes them): it has no row.
function keyringWrites(args: readonly string[]): boolean {
  if (args.some((arg) => /^--di(?:s(?:a(?:b(?:le?)?)?)?)?$/.test(arg))) return true;
  const words: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    // -p/-b and their long forms take a value (attached with `=` or after them).
    if (/^-[pb]$|^--keyring-(?:p|b)\w*$/.test(arg)) i++;
    else if (!arg.startsWith('-') || arg.includes(UNKNOWN)) words.push(arg);
  }
  return ['set', 'del'].includes(words[0] ?? '') || (words[0] ?? '').includes(UNKNOWN);
}

// systemctl --user / crontab-like installers of something that runs later as the person.
function userUnits(cmd: Argv): boolean {
  return cmd.name === 'systemctl' && cmd.args.includes('--user') && ['enable', 'link', 'edit', 'preset', 'revert', 'add-wants', 'add-requires', 'set-environment', 'import-environment'].includes(firstOperand(cmd.args.filter((arg) => arg !== '--user')) ?? '');
}

// The same act for other tools that run a project's files once trusted (R12-14b): direnv runs a `.envrc` on
// every cd after `direnv allow`, mise a `mise.toml`'s hooks and env after `mise trust`; a gh alias starting with
// `!` is shell text `gh ALIAS` runs.
function toolTrust(cmd: Argv): boolean {
  const [first, second] = operands(cmd.args);
  if (cmd.name === 'direnv') return ['allow', 'permit', 'grant'].includes(first ?? '');
  if (cmd.name === 'mise' || cmd.name === 'rtx') return first === 'trust' && !cmd.args.includes('--untrust') && !cmd.args.includes('--show');
  return cmd.name === 'gh' && first === 'alias' && (second === 'set' || second === 'import');
}

// `names` (ARGUMENT_SENSITIVE: an unknown argument makes the command immune) only where it already was: an
// unknown word after `npm` or `node` must not make every `npm test -- $f` immune.
export const CONFIG_VERB_CLASSES: readonly CommandClass[] = [
  { name: 'codeward-config', description: 'codeward trust / policy forget|add (applies or changes your own policy for every later session: run it yourself)', names: [], test: codewardConfig },
  { name: 'git-config-outside', description: 'git config --global / --system / --file ~/… that writes, git maintenance register|unregister|start, scalar register|clone|reconfigure, git credential approve|reject, git for-each-repo (your own git configuration and credentials for every repository)', names: ['git', 'scalar'], test: gitWritesUserFiles },
  { name: 'tool-config-write', description: 'npm/pnpm/yarn/pip/gh/poetry config set|delete|edit, conda config --set|--add, pdm config KEY VALUE, hatch config set, npm set, gh auth setup-git, keyring set|del|--disable (your own tool configuration or credentials; also run as `python -m pip`)', names: [], test: toolConfig },
  { name: 'tool-trust', description: 'direnv allow, mise trust, gh alias set (a project file or shell text that then runs at every cd or call: run it yourself)', names: [], test: toolTrust },
  { name: 'systemctl-user-install', description: 'systemctl --user enable|link|edit|set-environment (a unit that runs as you later)', names: ['systemctl'], test: userUnits },
];
