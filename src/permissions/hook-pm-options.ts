// A package manager's words before its sub-command (red team R20-4: `pnpm -F x i` read `x` as the sub-command, so
// the install was read as a script named x). The options taking a value are skipped with it, by each manager's
// table (shell/pm-options.ts; npm: its own grammar, parse-launch-npm.ts). An option the table does not know, right before the first
// operand, may have taken it as its value: both readings are followed (the first operand as the sub-command, and
// the next one), so an unknown option fails closed.
import { npmValued } from '../shell/parse-launch-npm.js';
import { pmOption, pmValued } from '../shell/pm-options.js';

// An option known to take no value (a flag): no second reading after it.
const flag = (manager: string, word: string): boolean => pmOption(manager, word) !== undefined && !pmValued(manager, word);
const valued = (manager: string, word: string): boolean => (manager === 'npm' ? npmValued(word) : pmValued(manager, word));

// The readings of `args` (the words after the manager's name, up to the end of its command): each is the list of
// its operands from the sub-command on.
export function pmReadings(manager: string, args: readonly string[]): string[][] {
  const operands: string[] = [];
  let unclear = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      // The option right before the first operand: one the table does not know may have taken it.
      const before = args[i - 1];
      if (operands.length === 0 && before !== undefined && before.startsWith('-') && !before.includes('=') && !flag(manager, before)) unclear = true;
      operands.push(arg);
    } else if (!arg.includes('=') && valued(manager, arg)) i++;
  }
  return unclear && operands.length > 1 ? [operands, operands.slice(1)] : [operands];
}
