// What a git command line contacts (git-transport.ts): its `-c` settings and git folder, and per subcommand the
// repositories it names (remote names, groups or URLs), all remotes (a bare `git fetch`, `--all`, `remote
// update`, a name only known at run time), and whether submodule URLs count (`submodule update`, a fetch or pull
// that may recurse, `clone --recurse-submodules`, whose .gitmodules is not here yet). Every operand is taken as a
// possible repository (an option's value or a refspec read as one only adds a URL that runs nothing), so no option
// table is needed to find the repository among them.
import { UNKNOWN } from '../permissions/argv.js';

export interface Targets {
  readonly settings: { key: string; value: string }[];
  readonly gitDir?: string;
  // A `--config-env` or other global word only known at run time: the configuration is unknown.
  readonly unknownConfig: boolean;
  readonly operands: string[];
  readonly all: boolean;
  readonly push: boolean;
  // The local submodules' URLs (.gitmodules, submodule.*.url) may be fetched.
  readonly submodules: boolean;
  // A submodule list only known after the run (`clone --recurse-submodules`).
  readonly unseenSubmodules: boolean;
  // Operands are remote names only (not URLs): `remote update`, `remote show`.
  readonly namesOnly?: boolean;
  // git starts its transport in the repository's top, not the command's folder (every command here but clone).
  readonly atTop?: boolean;
}

const GLOBAL_VALUED = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--super-prefix', '--config-env', '--list-cmds', '--attr-source']);
const CONTACTS = new Set(['fetch', 'pull', 'push', 'ls-remote', 'remote', 'clone', 'submodule', 'archive', 'fetch-pack', 'send-pack']);
const REMOTE_CONTACTS = new Set(['update', 'show', 'prune', 'set-head', 'add']);

const operandsOf = (args: readonly string[]): string[] => {
  const end = args.indexOf('--');
  return [...args.slice(0, end < 0 ? args.length : end).filter((arg) => !arg.startsWith('-')), ...(end < 0 ? [] : args.slice(end + 1))];
};
// A word git's parse-options reads as one of `names`: a short name exactly, a long one by any prefix (`git remote add
// --fe`, `git fetch --mul`, `git archive --rem=URL`: R28-7's class; an ambiguous prefix git refuses counts too).
const mayBe = (arg: string, name: string): boolean => {
  if (!name.startsWith('--')) return arg === name;
  const spelled = arg.split('=')[0]!;
  return spelled.length > 2 && spelled.startsWith('--') && name.startsWith(spelled);
};
const has = (args: readonly string[], ...names: string[]): boolean => args.some((arg) => names.some((name) => mayBe(arg, name)));
// Taking an option away (`--no-recurse-submodules`) counts for its exact spelling only.
const hasExactly = (args: readonly string[], name: string): boolean => args.some((arg) => arg === name || arg.startsWith(`${name}=`));

// The targets of `git ARGS` (the words after `git`), or undefined when it contacts no repository.
export function gitTargets(args: readonly string[]): Targets | undefined {
  const settings: { key: string; value: string }[] = [];
  let gitDir: string | undefined;
  let unknownConfig = false;
  let i = 0;
  for (; i < args.length && args[i]!.startsWith('-'); i++) {
    const arg = args[i]!;
    const value = GLOBAL_VALUED.has(arg) ? args[++i] : arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : undefined;
    const name = arg.split('=')[0]!;
    if (value?.includes(UNKNOWN) && (name === '-c' || name === '--git-dir')) unknownConfig = true;
    if (name === '-c' && value !== undefined) {
      const eq = value.indexOf('=');
      settings.push({ key: (eq < 0 ? value : value.slice(0, eq)).toLowerCase(), value: eq < 0 ? 'true' : value.slice(eq + 1) });
    } else if (name === '--config-env') unknownConfig = true;
    else if (name === '--git-dir' && value !== undefined) gitDir = value;
  }
  const sub = args[i];
  if (sub === undefined || !CONTACTS.has(sub)) return undefined;
  const rest = args.slice(i + 1);
  const operands = operandsOf(rest);
  const base = { settings, ...(gitDir === undefined ? {} : { gitDir }), unknownConfig, push: sub === 'push' || sub === 'send-pack', unseenSubmodules: false, atTop: sub !== 'clone' };
  const dynamic = operands.some((word) => word.includes(UNKNOWN));
  const noRecurse = hasExactly(rest, '--no-recurse-submodules') || rest.includes('--recurse-submodules=no');
  switch (sub) {
    case 'fetch':
    case 'pull':
    case 'push':
    case 'ls-remote':
      return { ...base, operands, all: operands.length === 0 || dynamic || has(rest, '--all', '--multiple'), submodules: sub !== 'push' && sub !== 'ls-remote' && !noRecurse };
    case 'remote': {
      const [verb, ...names] = operands;
      if (verb === undefined || !REMOTE_CONTACTS.has(verb) || (verb === 'add' && !has(rest, '-f', '--fetch'))) return undefined;
      if (verb === 'add') return { ...base, operands: names.slice(1), all: false, submodules: false };
      return { ...base, operands: names, all: names.length === 0 || dynamic || verb === 'update', submodules: false, namesOnly: true };
    }
    case 'submodule': {
      const verb = operands[0];
      if (verb !== 'update' && verb !== 'add') return undefined;
      return { ...base, operands: verb === 'add' ? operands.slice(1, 2) : [], all: false, submodules: verb === 'update' };
    }
    case 'clone':
      return { ...base, operands: operands.slice(0, 1), all: false, submodules: false, unseenSubmodules: has(rest, '--recurse-submodules', '--recursive') && !noRecurse };
    case 'archive': {
      const remote = rest.findIndex((arg) => mayBe(arg, '--remote'));
      if (remote < 0) return undefined;
      const value = rest[remote]!.includes('=') ? rest[remote]!.slice(rest[remote]!.indexOf('=') + 1) : rest[remote + 1];
      return { ...base, operands: value === undefined ? [] : [value], all: value === undefined || value.includes(UNKNOWN), submodules: false };
    }
    default:
      return { ...base, operands: operands.slice(0, 1), all: dynamic, submodules: false };
  }
}
