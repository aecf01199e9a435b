// The short options of interpreters whose option reader is their own, not getopt_long (red team R28-4: `python3 -Bm
// tools.z`, `perl -wItools -Mz`, `ruby -wCtools x.rb` ran the module or folder `-m`, `-I`, `-C` name), as long-canon.ts
// reads them with long-options.ts's tables (short-clusters.ts splits their clusters): derived from the one
// interpreter table (interpreter-table.ts), the families there that read their short options letter by letter. The
// first operand is the script, its arguments after it; their long options are read as spelled.
import type { LongTable, LongValue } from './long-options.js';
import { INTERPRETERS, shortLetters, type InterpreterSpec } from './interpreter-table.js';

function longTable(spec: InterpreterSpec): LongTable {
  const longs: Record<string, LongValue> = {};
  for (const option of spec.longs ?? []) longs[option.slice(2)] = 'none';
  for (const option of spec.valued) if (option.startsWith('--')) longs[option.slice(2)] = 'required';
  return {
    longs, exact: true, shortValued: shortLetters(spec.valued), flags: spec.flags!, stop: true,
    ...(spec.attached === undefined ? {} : { optionalShort: spec.attached }), ...(spec.digits === undefined ? {} : { digitShort: spec.digits }), ...(spec.ends === undefined ? {} : { endShort: spec.ends }),
  };
}

export const INTERPRETER_OPTIONS: Readonly<Record<string, LongTable>> = Object.fromEntries(['python', 'perl', 'ruby'].map((name) => [name, longTable(INTERPRETERS[name]!)]));
