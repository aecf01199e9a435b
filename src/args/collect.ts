import { fail, isCodewardError } from '../engine/errors.js';
import { toCamel, type FlagInfo } from '../engine/flag-names.js';
import type { AnyCommand } from '../engine/command.js';
import { resolveFlag, unknownFlag, type ResolvedFlag } from './aliases.js';
import { coerceFlag } from './flags.js';

// Keys models use for a line range ("lines": "1-40", "range": [1, 40]).
const RANGE_KEYS: ReadonlySet<string> = new Set(['lines', 'range', 'linerange', 'linenumbers']);

// "40-80", "40:80", "40..80", "L40-L80", "40-" (to the end), [40, 80]; anything else is not a range.
function lineRange(raw: unknown): [number, number | undefined] | undefined {
  if (Array.isArray(raw) && raw.length === 2 && raw.every((item) => Number.isInteger(item) && (item as number) >= 1)) {
    return [raw[0] as number, raw[1] as number];
  }
  if (typeof raw !== 'string') return undefined;
  const match = /^\s*L?(\d+)\s*(?:-|–|:|\.\.|,|to)\s*(?:L?(\d+))?\s*$/i.exec(raw);
  if (!match) return undefined;
  return [Number(match[1]), match[2] === undefined ? undefined : Number(match[2])];
}

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

  // `key` is the name the caller wrote (`lines` for read's --head): errors name it, and a line range given
  // under a range-like key (`"lines": "1-40"`) sets --start and --end on commands that have them.
  set(flag: ResolvedFlag, raw: unknown, key?: string): void {
    const written = key?.trim().replace(/^-+/, '');
    if (flag.viaAlias && written !== undefined && this.setRange(written, raw)) return;
    try {
      this.setValue(flag, raw);
    } catch (error) {
      if (!flag.viaAlias || written === undefined || !isCodewardError(error) || error.code !== 'C210') throw error;
      const hint = this.rangeFlags() && ['start', 'end', 'head', 'tail'].includes(flag.info.name) ? '; for a line range use start and end (or "lines": "40-80")' : '';
      throw fail('C210', `${this.command.name} has no "${written}"; it was taken as --${flag.info.cli}, and ${error.message}${hint}`);
    }
  }

  private rangeFlags(): boolean {
    return this.flags.some((flag) => flag.name === 'start') && this.flags.some((flag) => flag.name === 'end');
  }

  private setRange(key: string, raw: unknown): boolean {
    if (!RANGE_KEYS.has(toCamel(key).toLowerCase()) || !this.rangeFlags()) return false;
    const range = lineRange(raw);
    if (!range) return false;
    this.setKey('start', range[0]);
    if (range[1] !== undefined) this.setKey('end', range[1]);
    return true;
  }

  private setValue(flag: ResolvedFlag, raw: unknown): void {
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
    const lower = toCamel(key.trim().replace(/^-+/, '')).toLowerCase();
    if (RANGE_KEYS.has(lower) && !resolveFlag(this.command, this.flags, key) && this.setRange(key, raw)) return;
    this.set(this.resolve(key), raw, key);
  }

  result(): Record<string, unknown> {
    const values = { ...this.values };
    // {"offset": 40, "limit": 20}, as Claude Code's and Gemini CLI's read tools take it: a count of lines
    // from the start line, not --head (which would clash with --start). The canonical --head stays a clash.
    const { start, head } = values;
    if (this.rangeFlags() && this.fromAlias.has('head') && typeof start === 'number' && typeof head === 'number' && values['end'] === undefined) {
      values['end'] = start + head - 1;
      delete values['head'];
    }
    return values;
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
