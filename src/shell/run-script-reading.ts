import { nodeCrypto } from '../engine/lazy-crypto.js';
import type { ScriptPin } from '../engine/command.js';
import { sameProgram } from './program-aliases.js';
import { canonicalWords } from './long-canon.js';

// What reading a runner line's repository scripts found (run-scripts.ts): the lines a question shows, the
// files whose bytes decide what runs (their digests), and why the reading is not complete when it is not.
// A complete reading is the key of an "always" (red team R16-5): the rule saved keeps its digest and
// matches a later call only while the same reading gives the same digest (permissions/approval-pins.ts).

export class ScriptReading {
  readonly lines: string[] = [];
  // Workspace files (relative to the run folder) → sha256 of their text: a Makefile whole (its variables,
  // prerequisites and other rules decide what a recipe runs), each script file a line names.
  readonly files = new Map<string, string>();
  // Why no key can be given (a spelling not read here, a file too long to show): fail closed.
  readonly unknown: string[] = [];
  // Of those, why a script that runs was not read at all (which one is unknown): a deny or ask rule cannot be
  // judged against it, so the call asks (permissions/decide-scripts.ts; red team R24-5).
  readonly unread: string[] = [];
  runs = false;
  // The package managers the line runs scripts through, and every shell line they run (shown scripts,
  // recipes, followed files): npm runs those with its script-shell and node_modules/.bin first on PATH.
  readonly managers = new Set<string>();
  readonly shellLines: string[] = [];

  add(...lines: string[]): void {
    for (const line of lines) if (!this.lines.includes(line)) this.lines.push(line);
  }

  // A file's or a recipe's lines, each kept (a repeated line is part of what runs).
  body(lines: readonly string[]): void {
    this.lines.push(...lines);
  }

  // A line shown that also says the reading is incomplete.
  open(line: string): void {
    this.add(line);
    this.unknown.push(line);
  }

  // The lines shown are keyed (what runs them is shown and its bytes keyed: npm's script-shell), but a rule cannot
  // judge them as the shell lines they look like: the rules' reading is unread, the question's key stays.
  unjudged(line: string): void {
    this.add(line);
    this.unread.push(line);
  }

  // A script runs that this reading cannot name.
  unnamed(line: string): void {
    this.open(line);
    this.unread.push(line);
  }

  file(rel: string, text: string): void {
    this.files.set(rel, sha256(text));
  }

  // The key, or undefined when something the line may run was not read.
  pin(): ScriptPin | undefined {
    if (this.unknown.length > 0) return undefined;
    const files = Object.fromEntries([...this.files.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    return { sha256: sha256(JSON.stringify({ lines: this.lines, files })), lines: [...this.lines], files };
  }
}

export const sha256 = (text: string): string => nodeCrypto().createHash('sha256').update(text).digest('hex');

// The simple commands of a line, as words (quotes dropped): enough to name the scripts it runs.
export const commandsOf = (line: string): string[][] =>
  line
    .split(/&&|\|\||[;|&\n]/)
    .map((part) => part.trim().split(/\s+/).filter(Boolean).map((word) => word.replace(/^['"]|['"]$/g, '')))
    .filter((words) => words.length > 0);

// A program word as run: its base name, without a leading env assignment (make's `$(MAKE)` is make).
export function programOf(words: readonly string[]): { program: string; rest: string[] } {
  const at = words.findIndex((word) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word));
  if (at < 0) return { program: '', rest: [] };
  const word = words[at]!;
  const program = /^\$[({]MAKE[)}]$/.test(word) ? 'make' : sameProgram(word.slice(word.lastIndexOf('/') + 1));
  // Its options under their full names (`make --di=sub` is `make --directory=sub`: long-canon.ts).
  return { program, rest: canonicalWords([program, ...words.slice(at + 1)]).slice(1) };
}
