import picomatch from '../workspace/picomatch.js';
import type { ShellWord, SimpleCommand } from '../shell/parse-types.js';
import type { Argv } from './argv.js';
import { immuneCommand, type CommandClass } from './immune-commands.js';
import type { ShellPlace } from './immune-place.js';

// A glob can expand to a repository file named like an option: `rm *` in a folder holding a file named
// `-rf` is `rm -rf *`. For every glob word that can stand for such a name (its pattern starts with a
// wildcard and no `--` came before), the command is judged again with each option-like name the pattern
// matches in its place.
const INJECTED = ['-f', '-9', '-KILL', '--hard', '--mirror', '--force', '--force-with-lease', '--delete', '-d', '+main', ':main', '-w', '-F', '-l',
  '-rf', '-fr', '-Rf', '-r', '-R', '--recursive', '--no-preserve-root'];
// A mode or owner only counts in the first operand's place (`chmod * x` with a file named 777).
const FIRST_ONLY = ['777', '0777', '+s', '4755', 'root'];

// The word's glob pattern (quoted parts escaped) when it can expand to a name that starts with `-`: it
// starts with a wildcard, a bracket or an extglob, or its literal start is `-` (`*`, `""*`, `\\-*`, `[-]*`).
export function leadingGlob(word: ShellWord): string | undefined {
  if (!word.glob) return undefined;
  let pattern = '';
  for (const part of word.parts) {
    if (part.kind !== 'literal') return undefined;
    pattern += part.quoted ? part.value.replace(/[*?[\]\\{}()!@+]/g, '\\$&') : part.value;
  }
  return /^(?:[*?[-]|[@!+]\()/.test(pattern) ? pattern : undefined;
}

export function immuneByGlob(command: SimpleCommand, argv: Argv, place?: ShellPlace): { cls: CommandClass; name: string } | undefined {
  const words = command.words.slice(1);
  if (!words.some((w) => w.glob)) return undefined;
  const args: string[] = [];
  const globs: { index: number; text: string }[] = [];
  let optionsEnded = false;
  for (const word of words) {
    if (!word.dynamic && word.value === '--') optionsEnded = true;
    const pattern = optionsEnded ? undefined : leadingGlob(word);
    if (pattern !== undefined) globs.push({ index: args.length, text: pattern });
    args.push(word.dynamic ? '' : word.value);
  }
  for (const glob of globs) {
    const matches = picomatch(glob.text, { bash: true });
    const candidates = glob.index === 0 ? [...INJECTED, ...FIRST_ONLY] : INJECTED;
    for (const name of candidates.filter((candidate) => matches(candidate))) {
      const variant = [...args];
      variant.splice(glob.index, 0, name);
      const cls = immuneCommand({ ...argv, args: variant }, place);
      if (cls) return { cls, name };
    }
  }
  return undefined;
}
