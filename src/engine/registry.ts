import type { AnyCommand } from './command.js';
import { describeFlags, type FlagInfo } from './flags.js';
import { RegistryCore, type CommandEntry } from './registry-core.js';

export type { CommandEntry, CommandWords } from './registry-core.js';

// The registry of the library and of the doors that build one from definitions (MCP, the agent): a command
// the flag table does not name has its flags derived from its schema (engine/flags.ts).
export class Registry extends RegistryCore {
  constructor(commands: readonly AnyCommand[], lazy: readonly CommandEntry[] = [], flagTable: Readonly<Record<string, readonly FlagInfo[]>> = {}) {
    super(commands, lazy, flagTable, describeFlags);
  }

  // A registry whose definitions load on first use.
  static override lazy(entries: readonly CommandEntry[], flagTable: Readonly<Record<string, readonly FlagInfo[]>> = {}): Registry {
    return new Registry([], entries, flagTable);
  }
}
