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

// The program's table is built the first time it is asked for, then kept on the spec as a plain value: a
// call asks for the few programs its command line names, and building every table when the shell gate
// loads was 6-8 ms of each cold exec (issue 31). The value depends on `input` alone (the same table
// whenever it is built); a table whose spelling is wrong throws when first asked for.
export function spec(input: SpecInput): ProgramSpec {
  const made = {};
  Object.defineProperty(made, 'table', {
    enumerable: true,
    configurable: true,
    get: (): OptionTable => {
      const table = tableOf(input);
      Object.defineProperty(made, 'table', { value: table, enumerable: true, writable: false, configurable: false });
      return table;
    },
  });
  if (input.check) Object.defineProperty(made, 'check', { value: input.check, enumerable: true });
  return made as ProgramSpec;
}
