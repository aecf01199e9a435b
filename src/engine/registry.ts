import { usageError } from './errors.js';
import { suggest } from '../text/suggest.js';
import type { AnyCommand } from './command.js';
import { describeFlags, type FlagInfo } from './flags.js';

function normaliseName(name: string): string {
  return name.trim().toLowerCase().replace(/^@coder\s+/, '');
}

// The single list of commands every door derives its interface from.
export class Registry {
  readonly commands: readonly AnyCommand[];
  private readonly byName = new Map<string, AnyCommand>();
  private readonly flagCache = new Map<string, FlagInfo[]>();

  constructor(commands: readonly AnyCommand[]) {
    this.commands = commands;
    for (const command of commands) {
      for (const name of [command.name, ...(command.aliases ?? [])]) {
        const key = normaliseName(name);
        const existing = this.byName.get(key);
        if (existing && existing !== command) {
          throw new Error(`command name "${name}" is used by both ${existing.name} and ${command.name}`);
        }
        this.byName.set(key, command);
      }
    }
  }

  find(name: string): AnyCommand | undefined {
    return this.byName.get(normaliseName(name));
  }

  // Like find, but an unknown name is a C210 listing the valid ones.
  get(name: string): AnyCommand {
    const command = this.find(name);
    if (!command) {
      // Aliases count as near names too (`reed_file` → read_file), shown by the command's own name.
      const [best] = suggest(normaliseName(name), this.commands.flatMap((known) => [known.name, ...(known.aliases ?? [])]));
      const hint = best === undefined ? '' : ` (did you mean ${this.find(best)?.name ?? best}?)`;
      throw usageError(`unknown command "${name}"${hint}; valid commands: ${this.names().join(', ')}`);
    }
    return command;
  }

  names(): string[] {
    return this.commands.map((command) => command.name);
  }

  flags(command: AnyCommand): FlagInfo[] {
    let flags = this.flagCache.get(command.name);
    if (!flags) {
      flags = describeFlags(command);
      this.flagCache.set(command.name, flags);
    }
    return flags;
  }
}
