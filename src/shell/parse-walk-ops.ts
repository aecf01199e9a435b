// What the walker's parts (parse-walk-*.ts) share: its lists and state, and the walker's own steps they
// hand back to (a nested script, a statement, a pipeline, redirections recorded for the whole line).
import type { Redirection, ShellParse, SimpleCommand } from './parse-types.js';
import type { SyntaxNode as Node } from './parse-syntax.js';
import type { Planner } from './parse-plan.js';
import type { Scope } from './parse-walk-values.js';
import type { WalkState } from './parse-walk-state.js';

// One pipeline stage: walks with the stage's scope and the previous stage's static stdout.
export type Stage = (scope: Scope, stdin: string | undefined) => string | undefined;

export interface WalkOps {
  readonly commands: SimpleCommand[];
  readonly assignments: { name: string; text: string }[];
  readonly functions: Set<string>;
  readonly state: WalkState;
  readonly planner: Planner;
  // Parses and walks a script (a string a shell runs).
  script(source: string, scope: Omit<Scope, 'source'>): void;
  // Parses and walks a script as a line of its own, kept out of this walk (an unknown program's guessed tail).
  detached(source: string, scope: Omit<Scope, 'source'>, stdin?: string): ShellParse;
  // Whether more guessed lines were asked for than are followed (MAX_GUESSED_LINES).
  overBudget(): boolean;
  // Walks a statement; returns its static stdout when known.
  node(node: Node, scope: Scope, stdin: string | undefined): string | undefined;
  // Walks a node's named children (one followed by `&` runs in the background).
  children(node: Node, scope: Scope, stdin: string | undefined): void;
  // Walks a command or process substitution one level deeper; returns the commands it holds.
  substitution(node: Node, scope: Scope): SimpleCommand[];
  pipeline(stages: readonly Stage[], scope: Scope): void;
  // Evaluates redirections (recorded for the whole line); the static text fed to stdin (null: unknown).
  redirects(nodes: readonly Node[], scope: Scope, shellConsumer: boolean): { list: Redirection[]; stdin: string | null | undefined };
}
