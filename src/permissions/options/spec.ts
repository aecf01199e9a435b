import type { Arity, OperandCheck, OptionDef, OptionTable, ProgramSpec } from './types.js';

// A compact way to write a table from a manual: a space-separated list of spellings, where `-x` is a
// short flag, `--name` a long one, a trailing `=` takes a value (`-k=`, `--key=`), `[=]` an optional
// attached value (`--color[=]`). `a|b` spells one option two ways (`-o=|--output=`).

export interface SpecInput {
  // Options that only change what is printed.
  readonly safe?: string;
  // Spelling list → why it is not read-only.
  readonly unsafe?: Readonly<Record<string, string>>;
  readonly abbreviations?: boolean;
  readonly singleDashLong?: boolean;
  readonly numericOption?: boolean;
  readonly permute?: boolean;
  readonly check?: OperandCheck;
}

function arityOf(spelling: string): { name: string; arity: Arity } {
  if (spelling.endsWith('[=]')) return { name: spelling.slice(0, -3), arity: 'optional' };
  if (spelling.endsWith('=')) return { name: spelling.slice(0, -1), arity: 'required' };
  return { name: spelling, arity: 'none' };
}

function addAll(long: Map<string, OptionDef>, short: Map<string, OptionDef>, list: string, singleDashLong: boolean, unsafe?: string): void {
  for (const group of list.split(/\s+/).filter((word) => word !== '')) {
    const spellings = group.split('|').map(arityOf);
    const canonical = spellings.find((s) => s.name.startsWith('--')) ?? spellings[0]!;
    for (const { name, arity } of spellings) {
      const def: OptionDef = { name: canonical.name, arity, ...(unsafe ? { unsafe } : {}) };
      const isShort = !singleDashLong && /^-[^-]$/.test(name);
      if (!name.startsWith('-')) throw new Error(`option table: "${name}" does not start with a dash`);
      if (isShort) short.set(name.slice(1), def);
      else if (name.startsWith('--') || singleDashLong) long.set(name, def);
      else throw new Error(`option table: "${name}" is neither -x nor --long`);
    }
  }
}

// The table is built on its first use: the read-only list holds ~200 tables, and building them all when
// the module loaded cost every call that decides a shell line (a cold `exec --cmd true`) ~5-25 ms of
// start-up for the one or two programs a line names (issue 31). The input is constant, so when it is built
// changes nothing; a malformed spelling throws on first use (test/permissions/option-tables builds them all).
export function spec(input: SpecInput): ProgramSpec {
  let table: OptionTable | undefined;
  return {
    get table(): OptionTable {
      return (table ??= tableOf(input));
    },
    ...(input.check ? { check: input.check } : {}),
  };
}

function tableOf(input: SpecInput): OptionTable {
  const long = new Map<string, OptionDef>();
  const short = new Map<string, OptionDef>();
  const singleDashLong = input.singleDashLong ?? false;
  addAll(long, short, input.safe ?? '', singleDashLong);
  for (const [list, reason] of Object.entries(input.unsafe ?? {})) addAll(long, short, list, singleDashLong, reason);
  return {
    long,
    short,
    abbreviations: input.abbreviations ?? !singleDashLong,
    singleDashLong,
    numericOption: input.numericOption ?? false,
    permute: input.permute ?? true,
  };
}
