// What one danger rule looks at and what it reports (shared by danger-rules.ts and the rule modules it
// uses, so none of them imports the table that imports it).
import type { PathContext } from './danger-paths.js';
import type { ShellWord, SimpleCommand } from './parse-types.js';

export interface Hit {
  readonly rule: string;
  readonly reason: string;
}

export interface RuleInput {
  // Lower-cased command name (for a dynamic name: a value it was seen to take).
  readonly name: string;
  // The argument words.
  readonly words: readonly ShellWord[];
  readonly command: SimpleCommand;
  readonly context: PathContext;
}
