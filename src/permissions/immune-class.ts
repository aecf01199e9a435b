import type { Argv } from './argv.js';
import type { ShellPlace } from './immune-place.js';

// A safety-immune command class (immune-commands.ts, immune-discard.ts).
export interface CommandClass {
  readonly name: string;
  readonly description: string;
  // Commands whose arguments decide; with arguments unknown at run time they are immune too.
  readonly names: readonly string[];
  // `place`: the workspace root and run folder, when known (a name that is a path there is judged as one).
  test(cmd: Argv, place?: ShellPlace): boolean;
}
