// Walks a tree-sitter-bash tree and collects every simple command that can run: lists, pipelines,
// subshells, groups, substitutions, process substitutions, control-flow bodies, function bodies, and
// the strings that wrappers hand to a shell (`bash -c`, `eval`, `su -c`, here-documents and text piped
// into a shell), parsed again, depth-limited. Its parts: parse-walk-dispatch.ts (the step for each kind of
// node), parse-walk-command.ts (statements, redirections, simple commands), parse-walk-simple.ts (what a
// simple command runs), parse-walk-assign.ts (assignments and declarations).
import type { SyntaxNode as Node } from './parse-syntax.js';
import type { Redirection, ShellParse, SimpleCommand } from './parse-types.js';
import { clip, opaque, type Scope } from './parse-walk-values.js';
import { Planner } from './parse-plan.js';
import { readRedirects } from './parse-walk-redirects.js';
import { WalkState } from './parse-walk-state.js';
import { wholeLoopsHeld } from './parse-loop-values.js';
import { runtimeArithmetic } from './parse-arith.js';
import { hiddenScripts } from './parse-hidden.js';
import { dispatch } from './parse-walk-dispatch.js';
import { MAX_GUESSED_LINES } from './parse-launch-guess.js';
import type { Stage, WalkOps } from './parse-walk-ops.js';
import { expansionAssigned } from './parse-walk-builtin-assigns.js';

export interface WalkLimits {
  // Nesting of shell strings and substitutions (`bash -c "$(eval ...)"`).
  readonly maxDepth: number;
  // Syntax-tree nesting the walker follows (subshells in subshells ...).
  readonly maxNodeDepth: number;
  // Wrappers stripped from one command (`nice nice nice ... rm`).
  readonly maxWrappers: number;
}

// Where the walker gets the syntax tree of each script it walks (the line and every string a shell runs):
// tree-sitter-bash (parse.ts), or the plain-words reader (parse-plain.ts), which throws for a script it
// cannot read. undefined: no tree.
export interface ShellTrees {
  tree(source: string): { readonly root: Node; readonly hasError: boolean } | undefined;
}

export class Walker {
  readonly commands: SimpleCommand[] = [];
  readonly redirections: Redirection[] = [];
  readonly errors: string[] = [];
  readonly functions = new Set<string>();
  readonly assignments: { name: string; text: string }[] = [];
  readonly arithmetic: string[] = [];
  private pipeIds = 0;
  private readonly state: WalkState;
  private nodeDepth = 0;
  // Lines walked apart for unknown programs' guessed tails (bounded: parse-launch-guess.ts).
  private guessed = 0;
  private readonly planner: Planner;
  // What the walker's parts see of it (parse-walk-ops.ts).
  private readonly ops: WalkOps;

  constructor(
    private readonly trees: ShellTrees,
    private readonly limits: WalkLimits,
    // `for` loop variables over plain words may be known whole (parse-loop-values.ts).
    wholeLoops = true,
  ) {
    this.state = new WalkState((node, scope) => this.substitution(node, scope), wholeLoops, (entry, text, scope) => expansionAssigned(this.ops, entry, text, scope));
    this.planner = new Planner({ maxWrappers: limits.maxWrappers, error: (message) => this.error(message), writtenFile: (path) => this.state.writtenFile(path) });
    this.ops = {
      commands: this.commands,
      assignments: this.assignments,
      functions: this.functions,
      state: this.state,
      planner: this.planner,
      script: (source, scope) => this.script(source, scope),
      detached: (source, scope, stdin) => this.detached(source, scope, stdin),
      overBudget: () => this.overBudget(),
      node: (node, scope, stdin) => this.node(node, scope, stdin),
      children: (node, scope, stdin) => this.children(node, scope, stdin),
      substitution: (node, scope) => this.substitution(node, scope),
      pipeline: (stages, scope) => this.pipeline(stages, scope),
      redirects: (nodes, scope, shellConsumer) => this.redirects(nodes, scope, shellConsumer),
    };
  }

  // The whole loop values this walk used hold (no setter among its commands: wholeLoopsHeld).
  wholeLoopsHeld(): boolean {
    return wholeLoopsHeld(this.state.usedWhole, this.commands, this.assignments);
  }

  private error(message: string): void {
    if (!this.errors.includes(message)) this.errors.push(message);
  }

  // Walks a script as a line of its own (what an unknown program may start from its words: parse-launch-
  // guess.ts): its commands, redirections, errors and definitions are returned as a parse and kept out of
  // this walk's (a guess never changes how the line itself is read). Variables and files the line wrote
  // before stay known to it.
  overBudget(): boolean {
    return this.guessed > MAX_GUESSED_LINES;
  }

  detached(source: string, scope: Omit<Scope, 'source'>, stdin?: string): ShellParse {
    if (++this.guessed > MAX_GUESSED_LINES) {
      const errors = [`more than ${MAX_GUESSED_LINES} commands started from an unknown program's words were not followed`];
      return { commands: [opaque(source, { ...scope, source })], redirections: [], ok: false, errors, functions: [], source };
    }
    const marks = { commands: this.commands.length, redirections: this.redirections.length, assignments: this.assignments.length, arithmetic: this.arithmetic.length };
    const functions = new Set(this.functions);
    const errors = [...this.errors];
    this.errors.length = 0;
    this.script(source, scope, stdin);
    const found = this.errors.splice(0, this.errors.length);
    this.errors.push(...errors);
    for (const name of [...this.functions]) if (!functions.has(name)) this.functions.delete(name);
    this.assignments.length = marks.assignments;
    const arithmetic = this.arithmetic.splice(marks.arithmetic);
    return {
      commands: this.commands.splice(marks.commands),
      redirections: this.redirections.splice(marks.redirections),
      ok: found.length === 0,
      errors: found,
      functions: [],
      ...(arithmetic.length > 0 ? { arithmetic } : {}),
      source,
    };
  }

  // Parses and walks one script (the top-level line, or a string a shell runs).
  // `stdin`: static text the script's commands read (what an unknown program passes on to what it starts).
  script(source: string, scope: Omit<Scope, 'source'>, stdin?: string): void {
    if (scope.depth > this.limits.maxDepth) {
      this.error(`nesting deeper than ${this.limits.maxDepth} levels (shell strings and substitutions) was not followed`);
      this.commands.push(opaque(source, { ...scope, source }));
      return;
    }
    const tree = this.trees.tree(source);
    if (!tree) {
      this.error('the shell parser gave no tree');
      return;
    }
    if (tree.hasError) this.error(scope.depth === 0 ? 'the command line has syntax errors' : `a nested shell string has syntax errors: ${clip(source)}`);
    const root = tree.root;
    this.state.prescan(source);
    for (const text of runtimeArithmetic(root)) if (!this.arithmetic.includes(text)) this.arithmetic.push(text);
    this.node(root, { ...scope, source }, stdin);
    // Substitutions the grammar left as text (`${x#$(cmd)}`, backticks in a here-document) run too.
    for (const inner of hiddenScripts(root)) this.script(inner, { ...scope, depth: scope.depth + 1, pipes: [], background: false, substituted: true });
  }

  // Walks a statement; returns its static stdout when known (for the next pipeline stage).
  private node(node: Node, scope: Scope, stdin: string | undefined): string | undefined {
    if (this.nodeDepth >= this.limits.maxNodeDepth) {
      this.error(`syntax nested deeper than ${this.limits.maxNodeDepth} levels was not followed`);
      return undefined;
    }
    this.nodeDepth++;
    try {
      return dispatch(this.ops, node, scope, stdin);
    } finally {
      this.nodeDepth--;
    }
  }

  private children(node: Node, scope: Scope, stdin: string | undefined): void {
    const children = node.children;
    for (let i = 0; i < children.length; i++) {
      const child = children[i];
      if (!child || !child.isNamed) continue;
      const next = children[i + 1];
      const background = next !== null && next !== undefined && !next.isNamed && next.type === '&';
      // A top-level statement (parse-walk-keyword.ts); anything nested is not one.
      const straight = node.type === 'program' && (child.type === 'command' || (child.type === 'redirected_statement' && child.childForFieldName('body')?.type === 'command'));
      this.node(child, { ...scope, ...(background ? { background: true } : {}), straight }, stdin);
    }
  }

  private pipeline(stages: readonly Stage[], scope: Scope): void {
    const id = ++this.pipeIds;
    let stdin: string | undefined;
    stages.forEach((stage, index) => {
      stdin = stage({ ...scope, pipes: [...scope.pipes, { id, index, size: stages.length }] }, stdin);
    });
  }

  private substitution(node: Node, scope: Scope): SimpleCommand[] {
    const start = this.commands.length;
    if (scope.depth + 1 > this.limits.maxDepth) {
      this.error(`nesting deeper than ${this.limits.maxDepth} levels (shell strings and substitutions) was not followed`);
      this.commands.push(opaque(node.text, scope));
    } else {
      this.children(node, { ...scope, depth: scope.depth + 1, pipes: [], background: false, substituted: true }, undefined);
    }
    return this.commands.slice(start);
  }

  // Evaluates redirections (recorded for the whole line); returns the static text a here-document or
  // here-string feeds to stdin (null when a `< file` replaced it with something unknown).
  private redirects(nodes: readonly Node[], scope: Scope, shellConsumer: boolean): { list: Redirection[]; stdin: string | null | undefined } {
    const out = readRedirects(nodes, scope, shellConsumer, { resolve: (raw, s, walk) => this.state.resolve(raw, s, walk), substitution: (node, s) => this.substitution(node, s) });
    this.redirections.push(...out.list);
    return out;
  }
}
