// The help texts and the refusal of a word that names no command: loaded by the calls that print help or
// name no known command (main.ts), not by every cold call (the entry points' help is ~5 KB of text).
import type { Registry } from '../../engine/registry.js';
import { usageError } from '../../engine/errors.js';
import { findCommand } from '../../args/aliases.js';
import { didYouMean } from '../../text/suggest.js';
import { VERSION } from '../../version.js';
import { commandHelp, generalHelp } from './help.js';
import { ENTRY_HELP, ENTRY_POINTS } from './entry-help.js';

// Help for a command, an entry point (`policy --help`, `help mcp`), or everything.
export function helpText(registry: Registry, name: string | undefined): string {
  const command = name === undefined ? undefined : registry.find(name);
  if (command) return commandHelp(registry, command);
  const entry = name === undefined || !Object.hasOwn(ENTRY_HELP, name) ? undefined : ENTRY_HELP[name];
  return entry ?? generalHelp(registry, VERSION);
}

// A plain word that names neither a command (nor one of its aliases) nor an entry point: refused before
// anything is set up, with the nearest name. Other call forms (JSON, CLI text in one word) go to the engine.
export function refuseUnknownCommand(registry: Registry, token: string): void {
  if (!/^[A-Za-z][\w.:-]{0,63}$/.test(token) || findCommand(registry, token) || ENTRY_POINTS.includes(token)) return;
  const hint = didYouMean(token.toLowerCase(), [...registry.names(), ...ENTRY_POINTS]);
  throw usageError(`unknown command "${token}"${hint}; valid commands: ${registry.names().join(', ')} (and ${ENTRY_POINTS.join(', ')}: codeward --help)`);
}
