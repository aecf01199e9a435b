import { scanSed } from '../../shell/sed-script.js';
import { GNU_INFO, RUNS } from './common.js';
import { spec } from './spec.js';
import type { ParsedArgs } from './types.js';

// GNU sed 4.x: a script only prints unless it has `w`/`W` (write a file), `e` (run a command), `r`/`R`
// (read a file the command line does not name), or an `s` command with the `w` or `e` flag. The
// script is parsed command by command, as sed does; anything it does not recognise is not read-only.

// Why a sed script is not read-only, or undefined.
export function sedScriptVeto(script: string): string | undefined {
  return scanSed(script).veto;
}

function sedCheck(parsed: ParsedArgs): string | undefined {
  const scripts = parsed.options.filter((o) => o.def.name === '--expression').map((o) => o.value ?? '');
  const script = scripts.length > 0 ? scripts.join('\n') : parsed.operands[0];
  if (script === undefined) return 'sed without a script';
  return sedScriptVeto(script);
}

export const SED = spec({
  safe: `${GNU_INFO} -n|--quiet|--silent --debug -e=|--expression= -l=|--line-length= --posix -E|-r|--regexp-extended -s|--separate
    --sandbox -u|--unbuffered -z|--null-data --follow-symlinks -b|--binary`,
  unsafe: { '-i[=]|--in-place[=]': 'edits files in place', '-f=|--file=': `${RUNS.replace('another program', 'a script file')}` },
  check: sedCheck,
});
