// The short options of interpreters whose option reader is their own, not getopt_long (red team R28-4: `python3 -Bm
// tools.z`, `perl -wItools -Mz`, `ruby -wCtools x.rb` ran the module or folder `-m`, `-I`, `-C` name): CPython 3.12
// (`python3 --help`), perl 5.36 (perlrun: `-M`/`-m` take the rest of the word only, `-l`/`-0` digits), ruby 3.1
// (`ruby --help`). The first operand is the script, its arguments after it; their long options are read as spelled.
// long-canon.ts reads them with long-options.ts's tables (short-clusters.ts splits their clusters).
import type { LongTable } from './long-options.js';

const HELP = { help: 'none', version: 'none' } as const;

export const INTERPRETER_OPTIONS: Readonly<Record<string, LongTable>> = {
  python: {
    longs: { 'check-hash-based-pycs': 'required', 'help-env': 'none', 'help-xoptions': 'none', 'help-all': 'none', ...HELP }, exact: true,
    shortValued: 'cmWX', endShort: 'cm', flags: 'bBdEhiIOPqsSuvVx?', stop: true,
  },
  perl: { longs: HELP, exact: true, shortValued: 'eEI', optionalShort: 'MmiCdDVxF', digitShort: 'l0', flags: 'acfnpsStTuUvwWXh', stop: true },
  ruby: { longs: HELP, exact: true, shortValued: 'CeEIr', optionalShort: 'iWxFK', digitShort: '0', flags: 'acdhlnpsSvwy', stop: true },
};
