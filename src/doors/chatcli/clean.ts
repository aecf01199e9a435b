// ChatCLI's `clean` is a dry run unless `--force` (chatcli-behaviour.md §1; its models are taught so), while
// the CLI's plain `clean` removes. In a plugin call codeward keeps ChatCLI's meaning: a `clean` without
// `--force` becomes `clean ... --dry-run`, so a model that wanted a listing never deletes anything.
import { parseCall } from '../../args/parse-call.js';
import type { AnyCommand } from '../../engine/command.js';
import type { Registry } from '../../engine/registry.js';
import { extractGlobalOptions } from '../global-options.js';

type Parsed = ReturnType<typeof parseCall>;

// The call in argv, global options aside, parsed the way the CLI door will parse it; undefined when it does not parse.
function parseArgv(argv: readonly string[], registry: Registry, command: AnyCommand | undefined): Parsed | undefined {
  const kinds = new Map((command ? registry.flags(command) : []).map((flag) => [`--${flag.cli}`, flag.kind === 'boolean' ? ('boolean' as const) : ('value' as const)]));
  try {
    const { rest } = extractGlobalOptions(argv, (flag) => kinds.get(flag));
    return parseCall(rest, registry);
  } catch {
    return undefined;
  }
}

function wantsDryRun(parsed: Parsed | undefined): boolean {
  return parsed?.command.name === 'clean' && parsed.args['force'] !== true && parsed.args['dryRun'] !== true;
}

// argv with `--dry-run` as the last flag of a `clean` that has no `--force` (before a `--`, so it stays a flag
// and wins over an earlier `--no-dry-run`); a JSON call gets `"dryRun": true` in its args. Anything else unchanged.
export function cleanDryRunUnlessForced(argv: readonly string[], registry: Registry): readonly string[] {
  const clean = registry.find('clean');
  const parsed = parseArgv(argv, registry, clean);
  if (!wantsDryRun(parsed)) return argv;
  const end = argv.indexOf('--');
  const candidate = end < 0 ? [...argv, '--dry-run'] : [...argv.slice(0, end), '--dry-run', ...argv.slice(end)];
  if (parseArgv(candidate, registry, clean)?.args['dryRun'] === true) return candidate;
  // A JSON call (one argument): the same call with dryRun set, in place of the JSON text.
  const at = argv.findIndex((token) => /^\s*['"]?\s*[{[]/.test(token));
  if (at < 0) return candidate;
  const json = JSON.stringify({ cmd: 'clean', args: { ...parsed!.args, dryRun: true } });
  return [...argv.slice(0, at), json, ...argv.slice(at + 1)];
}
