import { fail } from '../engine/errors.js';
import type { FlagInfo } from '../engine/flags.js';
import type { AnyCommand } from '../engine/command.js';
import { resolveFlag, unknownFlag, type ResolvedFlag } from './aliases.js';
import { coerceFlag } from './flags.js';

// One layer of flag values (an argv, a JSON object): coerced, null dropped, last wins, but an alias never beats the canonical key.
export class FlagCollector {
  private readonly values: Record<string, unknown> = {};
  private readonly fromAlias = new Set<string>();
  private readonly given = new Set<string>();

  constructor(
    readonly command: AnyCommand,
    readonly flags: readonly FlagInfo[],
    private readonly notes: string[],
    // argv: a JSON-kind flag given twice is an error (the original silently kept the last item).
    private readonly forbidJsonRepeat = false,
  ) {}

  resolve(key: string): ResolvedFlag {
    const flag = resolveFlag(this.command, this.flags, key);
    if (!flag) throw unknownFlag(this.command, this.flags, key);
    return flag;
  }

  has(name: string): boolean {
    return name in this.values;
  }

  set(flag: ResolvedFlag, raw: unknown): void {
    const { name, cli, kind } = flag.info;
    if (this.forbidJsonRepeat && kind === 'json' && this.given.has(name)) {
      throw fail('C210', `--${cli} was given more than once; pass every item in one JSON array`);
    }
    this.given.add(name);
    const value = coerceFlag(this.command, flag.info, raw, this.notes);
    if (value === undefined) return;
    if (flag.viaAlias && this.has(name) && !this.fromAlias.has(name)) return;
    this.values[name] = value;
    if (flag.viaAlias) this.fromAlias.add(name);
    else this.fromAlias.delete(name);
  }

  setKey(key: string, raw: unknown): void {
    this.set(this.resolve(key), raw);
  }

  result(): Record<string, unknown> {
    return { ...this.values };
  }
}

// One JSON object of flags (`{"file":"a","max_bytes":"10"}`) as canonical, coerced args.
export function argsFromObject(
  command: AnyCommand,
  flags: readonly FlagInfo[],
  object: Readonly<Record<string, unknown>>,
  notes: string[],
): Record<string, unknown> {
  const collector = new FlagCollector(command, flags, notes);
  for (const [key, value] of Object.entries(object)) {
    if (value !== null && value !== undefined) collector.setKey(key, value);
  }
  return collector.result();
}
