// The options of turbo and nx on a hook line (red team R18-7), the same fail-closed rule as the JS runners'
// (hook-js-runners.ts): the walk reads the scripts and targets they run (hook-workspaces.ts, hook-nx.ts), so an
// option it does not know, words forwarded to every task (after `--`; nx forwards unknown options too), a place
// only turbo knows (`--cwd`), a custom tasks runner or a command that runs generators or migrations (the
// workspace's own modules) makes the line unmodelled.
import { NX_COMMANDS, TURBO_COMMANDS, TURBO_FLAGS, TURBO_VALUED } from './canonical-scripts.js';

// Commands that run no task and load no module of the work tree.
const TURBO_INERT = new Set([...TURBO_COMMANDS].filter((command) => !['gen', 'generate'].includes(command)));
const NX_INERT = new Set(['graph', 'show', 'reset', 'list', 'report', 'daemon', 'view-logs', 'login', 'logout', 'print-affected', 'affected:graph', 'connect', 'connect-to-nx-cloud', 'sync:check', 'exec']);
const NX_VALUED = /^(?:-t|--targets?|-p|--projects|--exclude|-c|--configuration|--base|--head|--files|--output-style|--nxBail)$/;
const NX_FLAGS = /^(?:--all|--skip-nx-cache|--skip-remote-cache|--nx-bail|--nx-ignore-cycles|--verbose|--uncommitted|--untracked|--graph|--exclude-task-dependencies|--skip-sync|--tui|--no-tui|--parallel|--batch|--no-cloud|-h|--help|--version)$/;
// Values that change where turbo runs or what it loads.
const TURBO_PLACES = new Set(['--cwd']);

interface Row {
  readonly valued: RegExp;
  readonly flags: RegExp;
  readonly commands: ReadonlySet<string>;
  readonly inert: ReadonlySet<string>;
  readonly places: ReadonlySet<string>;
}
const ROWS: Readonly<Record<string, Row>> = {
  turbo: { valued: TURBO_VALUED, flags: TURBO_FLAGS, commands: TURBO_COMMANDS, inert: TURBO_INERT, places: TURBO_PLACES },
  nx: { valued: NX_VALUED, flags: NX_FLAGS, commands: NX_COMMANDS, inert: NX_INERT, places: new Set() },
};

// Why turbo's or nx's arguments `rest` are not modelled, or undefined (any other `name`: undefined).
export function monorepoArgs(name: string, rest: readonly string[]): string | undefined {
  const row = ROWS[name];
  if (row === undefined) return undefined;
  const first = rest.find((arg) => !arg.startsWith('-'));
  if (first !== undefined && row.commands.has(first) && !row.inert.has(first)) return `\`${name} ${first}\` (it runs modules of the work tree codeward does not read)`;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    // nx exec's command is read per package (hook-workspaces.ts execCommand).
    if (arg === '--') return first === 'exec' || i === rest.length - 1 ? undefined : `\`${name} ... -- ${rest.slice(i + 1).join(' ')}\` (words passed to every task)`;
    if (!arg.startsWith('-') || arg === '-') continue;
    const key = arg.includes('=') ? arg.slice(0, arg.indexOf('=')) : arg;
    if (row.places.has(key)) return `\`${name} ${key}\` (a place only known at run time)`;
    if (row.valued.test(key)) {
      if (!arg.includes('=')) i++;
      continue;
    }
    if (row.flags.test(key)) continue;
    return `\`${name} ${key}\` (an option of ${name} codeward does not model${name === 'nx' ? ': nx passes it to the task' : ''})`;
  }
  return undefined;
}
