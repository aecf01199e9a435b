import { commandManifest, doorCommandWords } from '../commands/registry-manifest.js';
import type { CommandWords } from '../engine/registry.js';
import { suggest } from '../text/suggest.js';
import { compilePattern, isGlob } from './pattern.js';

// The command word of a rule (`@coder WORD ...`) as the registry knows it (red team R11-10). A rule is
// matched against canonical names (`@coder patch prod.ts`), so a word written as one of the command's
// aliases (`edit`, `str_replace`, `rm`, `write_file`; any case) is resolved to the name when the rule is
// loaded, from every source (flags, the person's files, a project's files, saved answers); a word that is
// neither a name, an alias nor a glob names no command and matches nothing: a problem of the person's own
// rule (C210), a warning for a project's. The table is the definitions' own (the generated manifest, plus
// the commands a door adds and a caller's registry): no second list.
//
// A rule that names a WRITER (a command whose effect is write or destructive, or a glob matching one's
// name or alias) on a path judges every change to that path, whichever command makes it (`writes`): a
// deny or ask rule `@coder write prod.ts` also stops patch, move onto it, delete, rename-symbol's edit of
// it and a staged run's change, as path-rules.ts judges a run's change set. A delete is a change.

const HEAD = /^@coder (\S+)([\s\S]*)$/;
const WRITING = new Set(['write', 'destructive']);

export interface ResolvedRule {
  // The rule with its command word canonical (unchanged when it has none, is a glob or names no command).
  readonly pattern: string;
  // The alias the rule was written with, when it was one.
  readonly alias?: string;
  // Why the word names no command, with the fix.
  readonly problem?: string;
}

export class RuleWords {
  private readonly byWord = new Map<string, CommandWords>();
  private readonly commands: readonly CommandWords[];

  // `extra`: the commands of a caller's registry (a door's own, an embedder's).
  constructor(extra: readonly CommandWords[] = []) {
    const all = [...commandManifest, ...doorCommandWords, ...extra];
    this.commands = all.filter((command, index) => all.findIndex((other) => other.name === command.name) === index);
    for (const command of this.commands) {
      for (const word of [command.name, ...command.aliases]) if (!this.byWord.has(word.toLowerCase())) this.byWord.set(word.toLowerCase(), command);
    }
  }

  // The rule as it is matched: its command word resolved to the command's name.
  resolve(pattern: string): ResolvedRule {
    const head = HEAD.exec(pattern);
    if (!head) return { pattern };
    const [, word, rest] = head as unknown as [string, string, string];
    if (isGlob(word) || word.includes('\\')) return { pattern };
    const command = this.byWord.get(word.toLowerCase());
    if (command === undefined) {
      const [near] = suggest(word, this.commands.flatMap((known) => [known.name, ...known.aliases]));
      const hint = near === undefined ? '' : ` (did you mean ${near}?)`;
      const names = this.commands.map((known) => known.name).join(', ');
      return { pattern, problem: `"@coder ${word}" names no command${hint}, so the rule would match nothing: write a command's name or alias (${names}) or a glob such as "@coder * <path>"` };
    }
    if (command.name === word) return { pattern };
    return { pattern: `@coder ${command.name}${rest}`, alias: word };
  }

  // The rule names a writer and a path (not an effect flag): it judges every change to that path.
  writes(pattern: string): boolean {
    const head = HEAD.exec(pattern);
    if (!head || !/^ [^\s-]/.test(head[2]!)) return false;
    const word = head[1]!;
    const writers = this.commands.filter((command) => command.effect !== undefined && WRITING.has(command.effect));
    if (!isGlob(word)) return writers.some((command) => command.name === word);
    const glob = compilePattern(word);
    return writers.some((command) => [command.name, ...command.aliases].some((name) => glob.matches({ text: name, command: name })));
  }
}
