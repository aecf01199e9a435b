// Shell text a package manager runs by its own shell-mode forms (red team R20-13): `pnpm -c exec 'CMD'` (pnpm's
// documented spelling: `-c`/`--shell-mode` before the sub-command, also in a short cluster `-rc`), `yarn exec 'CMD'`
// (yarn 2+ runs its operands as a portable-shell script) and `bun exec 'CMD'` (Bun Shell). The words after `exec`
// (and its options) are joined and read as a shell line, the way `sh -c` is. `pnpm exec -c`, `pnpm dlx -c` and
// the argv forms are read by the generic runner table (parse-launch-generic.ts).
import type { Launch } from './parse-launchers.js';
import type { WordLike } from './parse-wrappers.js';
import { pmOption, pmValued } from './pm-options.js';

// A word only known at run time (an expansion, a glob) where a package manager reads its sub-command (red team
// round 20: `npm -- "$X" git push`, `pnpm e"$X" git push`, `npm ex* git push` with a file named `exec`): the
// sub-command may be `exec`, `x` or `dlx`, which runs the words after it. A line only known at run time, with the fix.
export const mayBeSubCommand = (word: WordLike): boolean => word.dynamic || word.lead !== undefined;

export function runtimeSubCommand(program: string, word: WordLike): Launch {
  return { kind: 'text', text: word.value, runtime: `\`${program}\`'s word \`${word.value}\` stands where its sub-command stands, and may be one that runs a program (such as \`exec\`, \`x\`, \`dlx\`, \`run\`) (write the sub-command out; a value goes after it)` };
}

// pnpm's shell flag in each spelling: `-c`, a short cluster holding `c`, `--shell-mode[=true]` (`=false` clears it;
// the table: pm-options.ts).
function shellFlag(value: string): boolean | undefined {
  const [name, attached] = value.split('=', 2) as [string, string | undefined];
  if (pmOption('pnpm', name)?.kind !== 'shell' || !name.startsWith('-')) return undefined;
  return attached === undefined || attached === 'true' ? true : attached === 'false' ? false : undefined;
}

// What `pnpm|yarn|bun ... exec ...` runs as shell text; [] when the line is not such a form.
export function pmShellLaunches(key: string, words: readonly WordLike[]): Launch[] {
  let shell = key !== 'pnpm';
  let i = 1;
  const options = (): void => {
    for (; i < words.length && words[i]!.value.startsWith('-') && words[i]!.value !== '--'; i++) {
      const value = words[i]!.value;
      const flag = key === 'pnpm' ? shellFlag(value) : undefined;
      if (flag !== undefined) shell = flag;
      else if (!value.includes('=') && pmValued(key, value)) i++;
    }
  };
  options();
  if (words[i]?.value !== 'exec' || words[i]!.dynamic) return [];
  i++;
  options();
  if (words[i]?.value === '--') i++;
  if (!shell || i >= words.length) return [];
  return [{ kind: 'text', text: words.slice(i).map((word) => word.value).join(' ') }];
}
