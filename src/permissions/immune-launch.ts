import { operands, type Argv } from './argv.js';
import type { CommandClass } from './immune-class.js';

// The bulk-delete class through package launchers and delete tools (issue 26, red team H-D): `rimraf src`,
// `npx rimraf src`, `pnpm dlx del-cli src`, `yarn rimraf src`, `npm exec -- rimraf src`, `trash src`,
// `shx rm -rf src`. A launcher runs the program named by its first operand (npx and bunx are wrappers
// the parser already sees through); the command it runs is judged like one written directly.

// Programs whose only job is deleting trees (or moving them to the user's trash, outside the workspace).
const DELETE_TOOLS = new Set(['rimraf', 'del', 'del-cli', 'premove', 'rm-cli', 'trash', 'trash-cli', 'trash-put', 'trash-rm', 'trash-empty', 'rmtrash', 'gomi']);

export const DELETE_TOOL: CommandClass = {
  name: 'bulk-delete-tool',
  description: 'a program that deletes folder trees or moves them to the trash (rimraf, del-cli, trash, gio trash), also through npx, pnpm dlx, yarn, npm exec, bun x, shx',
  names: [],
  test: (c) => DELETE_TOOLS.has(c.name.replace(/@.*$/, '')) || (c.name === 'gio' && ['trash', 'remove', 'rm'].includes(operands(c.args)[0] ?? '')),
};

// Subcommands of the package managers that are their own (anything else runs a script or a program).
const OWN: Readonly<Record<string, ReadonlySet<string>>> = {
  yarn: new Set('add install remove upgrade up init info why config cache workspaces link unlink pack publish version set plugin npm constraints explain bin global audit create login logout owner tag team import licenses list outdated policies check autoclean help node rebuild dedupe patch patch-commit search stage unplug test start build'.split(' ')),
  pnpm: new Set('add install i remove rm uninstall update up init link unlink pack publish config cache store list ls outdated audit why root bin prune rebuild import fetch patch patch-commit server setup env help deploy licenses doctor test start create'.split(' ')),
};
// Subcommands that run the program named next.
const RUNS: Readonly<Record<string, ReadonlySet<string>>> = {
  yarn: new Set(['dlx', 'exec', 'run']),
  pnpm: new Set(['dlx', 'exec', 'run', 'x']),
  npm: new Set(['exec', 'x']),
  bun: new Set(['x', 'run']),
};
// Options of the launchers that take a value in the next word.
const VALUED = new Set(['-p', '--package', '-C', '--dir', '--cwd', '--filter', '-F', '--workspace', '-w', '--prefix']);

// The command after the launcher's own options (`--` ends them; `-c 'CMD'` is a command string).
function after(args: readonly string[], start: number, wrappers: readonly string[]): Argv | undefined {
  for (let i = start; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') return args[i + 1] === undefined ? undefined : { name: args[i + 1]!.toLowerCase(), args: args.slice(i + 2), wrappers, unknown: false };
    if (arg === '-c' || arg === '--call') {
      const words = (args[i + 1] ?? '').split(/\s+/).filter(Boolean);
      return words[0] === undefined ? undefined : { name: words[0].toLowerCase(), args: words.slice(1), wrappers, unknown: false };
    }
    if (arg.startsWith('-')) {
      if (VALUED.has(arg)) i++;
      continue;
    }
    return { name: arg.replace(/^.*\//, '').toLowerCase(), args: args.slice(i + 1), wrappers, unknown: false };
  }
  return undefined;
}

// The command a launcher line runs (`pnpm dlx rimraf src` → rimraf src), or undefined.
export function launched(cmd: Argv): Argv | undefined {
  const wrappers = [...cmd.wrappers, cmd.name];
  if (cmd.name === 'shx' || cmd.name === 'pnpx') return after(cmd.args, 0, wrappers);
  const runs = RUNS[cmd.name];
  if (runs === undefined) return undefined;
  const first = cmd.args.findIndex((arg) => !arg.startsWith('-'));
  if (first < 0) return undefined;
  const sub = cmd.args[first]!;
  if (runs.has(sub)) return after(cmd.args, first + 1, wrappers);
  if (cmd.name === 'yarn' && sub === 'workspace') return after(cmd.args, first + 2, wrappers);
  // yarn and pnpm run a program named in place of a subcommand (`yarn rimraf dist`).
  const own = OWN[cmd.name];
  return own !== undefined && !own.has(sub) ? after(cmd.args, first, wrappers) : undefined;
}
