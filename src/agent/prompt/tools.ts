import type { AnyCommand } from '../../engine/command.js';
import type { FlagInfo } from '../../engine/flags.js';
import type { Registry } from '../../engine/registry.js';
import { messageInAgentWords } from '../loop/words.js';

// A required list of objects shows its item's keys (`edits: [{file, search, replace, all?}]`): without them a
// model guesses (`path`, `old`, `new`) and loses a turn. Only a flat item shape is shown (update's is not).
function requiredShape(flag: FlagInfo): string {
  const item = /^JSON array of (\{[^{}]*\})/.exec(flag.description)?.[1];
  return item ? `${flag.name}: [${item.replace(/,?\s*encoding\?/, '')}]` : flag.name;
}

// A summary is written in CLI words (`the checkpoint --to names`); the model sends JSON keys ("to").
const summaryWords = (command: AnyCommand): string => messageInAgentWords(command.summary, command);

// A command of the common path (its definition names promptFlags): required flags, the optional ones that
// save a turn (`start?`), the summary without its asides in parentheses, up to its first `;`.
function commandLine(command: AnyCommand, registry: Registry, optional: readonly string[]): string {
  const flags = registry.flags(command);
  const shown = [...flags.filter((flag) => flag.required).map(requiredShape), ...optional.map((name) => `${name}?`)];
  const what = summaryWords(command).replace(/\s*\([^()]*\)/g, '').split(';')[0]!.trim();
  return `- ${command.name}${shown.length > 0 ? ` (${shown.join(', ')})` : ''}: ${what}`;
}

// The rest: name and required flags only. What each does is in its name (`outline`, `git-log`, `rollback`);
// a call missing a flag, or with a wrong one, is answered with the command's keys and their shapes
// (loop/words.ts), so the summaries were ~200 tokens of every request for what one error says (issue 29).
function shortLine(command: AnyCommand, registry: Registry): string {
  const required = registry.flags(command).filter((flag) => flag.required).map(requiredShape);
  return `${command.name}${required.length > 0 ? ` (${required.join(', ')})` : ''}`;
}

// The compact @coder tool context (seed 001 layer 4), generated from the registry: the commands of the
// common path one line each with their useful flags, the rest in one "also" line by name and required
// flags. The call format's examples are in the format instructions (core.ts), once.
export function toolContext(registry: Registry, options: { commands?: readonly string[] } = {}): string {
  const allowed = options.commands ? new Set(options.commands) : undefined;
  const commands = registry.commands.filter((command) => !allowed || allowed.has(command.name));
  const common = commands.flatMap((command) => (command.promptFlags ? [commandLine(command, registry, command.promptFlags)] : []));
  const rest = commands.filter((command) => !command.promptFlags).map((command) => shortLine(command, registry));
  const more = rest.length > 0 ? [`- also: ${rest.join('; ')}`] : [];
  return `# @coder commands (NAME (flags, optional?): what it does; a wrong flag's error lists the valid ones)\n${[...common, ...more].join('\n')}`;
}
