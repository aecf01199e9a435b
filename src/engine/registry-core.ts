import { usageError } from './errors.js';
import { suggest } from '../text/suggest.js';
import type { AnyCommand } from './command.js';
import type { FlagInfo } from './flag-names.js';
import type { Effect } from './effect.js';

function normaliseName(name: string): string {
  return name.trim().toLowerCase().replace(/^@coder\s+/, '');
}

// A command the registry knows by name before its definition is loaded (src/commands/registry-manifest.ts,
// generated from the definitions by scripts/build.mjs): a cold call imports only the command it names.
// The words a command is known by, and its effect: what a person's rules name (permissions/rule-words.ts).
export interface CommandWords {
  readonly name: string;
  readonly aliases: readonly string[];
  readonly effect?: Effect;
  readonly parsesMany?: boolean;
}

export interface CommandEntry extends CommandWords {
  readonly load: () => Promise<AnyCommand>;
}

const entryOf = (command: AnyCommand): CommandEntry => ({ name: command.name, aliases: command.aliases ?? [], effect: command.effect, ...(command.parsesMany ? { parsesMany: true } : {}), load: () => Promise.resolve(command) });

// How a command's flags are derived from its schema when the flag table has no entry for it (engine/flags.ts
// describeFlags, zod's JSON-schema converter: registry.ts's Registry passes it).
export type DescribeFlags = (command: AnyCommand) => FlagInfo[];

// The single list of commands every door derives its interface from. Built from definitions (all loaded)
// or from manifest entries (each loaded by `load`/`loadAll` before a door looks it up with `find`).
// Apart from registry.ts so that the CLI, whose generated flag table names every built-in command, never
// loads the JSON-schema converter (issue 31: ~42 KB of every cold call's code).
export class RegistryCore {
  private readonly entries: readonly CommandEntry[];
  private readonly entryByName = new Map<string, CommandEntry>();
  private readonly loaded = new Map<CommandEntry, AnyCommand>();
  private readonly byName = new Map<string, AnyCommand>();
  private readonly flagCache = new Map<string, readonly FlagInfo[]>();

  // `flagTable`: flags by command name, as describeFlags derives them (the generated src/commands/
  // registry-flags.ts), so a call's flags are known without running zod's JSON-schema converter.
  // `describe`: the flags of a command the table has no entry for.
  constructor(
    commands: readonly AnyCommand[],
    lazy: readonly CommandEntry[],
    private readonly flagTable: Readonly<Record<string, readonly FlagInfo[]>>,
    private readonly describe: DescribeFlags,
  ) {
    this.entries = [...commands.map(entryOf), ...lazy];
    for (const entry of this.entries) {
      for (const name of [entry.name, ...entry.aliases]) {
        const key = normaliseName(name);
        const existing = this.entryByName.get(key);
        if (existing && existing !== entry) {
          throw new Error(`command name "${name}" is used by both ${existing.name} and ${entry.name}`);
        }
        this.entryByName.set(key, entry);
      }
    }
    commands.forEach((command, index) => this.remember(this.entries[index]!, command));
  }

  // A registry whose definitions load on first use (the CLI: a call imports the command it names only).
  static lazy(entries: readonly CommandEntry[], flagTable: Readonly<Record<string, readonly FlagInfo[]>>, describe: DescribeFlags): RegistryCore {
    return new RegistryCore([], entries, flagTable, describe);
  }

  private remember(entry: CommandEntry, command: AnyCommand): void {
    if (command.name !== entry.name) throw new Error(`the manifest entry ${entry.name} loaded the command ${command.name}: rebuild (node scripts/build.mjs)`);
    this.loaded.set(entry, command);
    for (const name of [entry.name, ...entry.aliases]) this.byName.set(normaliseName(name), command);
  }

  // Loads the definition a name (or alias) stands for; undefined for a name no command has.
  async load(name: string): Promise<AnyCommand | undefined> {
    const entry = this.entryByName.get(normaliseName(name));
    if (!entry) return undefined;
    const known = this.loaded.get(entry);
    if (known) return known;
    const command = await entry.load();
    this.remember(entry, command);
    return command;
  }

  // Every definition (help, completion, policy, schemas: doors that list what each command takes).
  async loadAll(): Promise<this> {
    await Promise.all(this.entries.map((entry) => this.load(entry.name)));
    return this;
  }

  // The loaded commands, in the registry's order (all of them once loadAll has run).
  get commands(): readonly AnyCommand[] {
    return this.entries.flatMap((entry) => this.loaded.get(entry) ?? []);
  }

  find(name: string): AnyCommand | undefined {
    return this.byName.get(normaliseName(name));
  }

  // Like find, but an unknown name is a C210 listing the valid ones.
  get(name: string): AnyCommand {
    const command = this.find(name);
    if (!command) {
      // Aliases count as near names too (`reed_file` → read_file), shown by the command's own name.
      const [best] = suggest(normaliseName(name), this.entries.flatMap((known) => [known.name, ...known.aliases]));
      const hint = best === undefined ? '' : ` (did you mean ${this.entryByName.get(normaliseName(best))?.name ?? best}?)`;
      throw usageError(`unknown command "${name}"${hint}; valid commands: ${this.names().join(', ')}`);
    }
    return command;
  }

  // Every command's words and effect (known before its definition loads), for the rules that name them.
  words(): CommandWords[] {
    return this.entries.map((entry) => {
      const effect = entry.effect ?? this.loaded.get(entry)?.effect;
      return { name: entry.name, aliases: entry.aliases, ...(effect ? { effect } : {}) };
    });
  }

  names(): string[] {
    return this.entries.map((entry) => entry.name);
  }

  flags(command: AnyCommand): readonly FlagInfo[] {
    let flags = this.flagCache.get(command.name);
    if (!flags) {
      // The table's entry only for the very definition the registry loaded under that name.
      flags = (this.find(command.name) === command && Object.hasOwn(this.flagTable, command.name) ? this.flagTable[command.name] : undefined) ?? this.describe(command);
      this.flagCache.set(command.name, flags);
    }
    return flags;
  }
}
