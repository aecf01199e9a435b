import type { ShellParse, SimpleCommand } from '../shell/parse-types.js';
import type { ShellPlace } from './immune-place.js';

// A program's settings files that a line names (ssh's `-F FILE`, GnuPG's home) stand in the parse as a command only
// known at run time (a placeholder): the files may make the program run another. The readers (ssh-config.ts,
// gpg-home.ts) read the files (settings-file-read.ts); when every one is plain the placeholders go.
export interface SettingsReader {
  // The placeholder's text.
  readonly text: string;
  // The programs the line may hold besides the placeholders (what they start aside).
  readonly programs: ReadonlySet<string>;
  // The settings files (or folders) a command of those programs names.
  readonly files: (command: SimpleCommand) => string[];
  // Whether the program reading `file` may run a program (or it could not be read whole).
  readonly runs: (file: string, place: ShellPlace) => boolean;
}

// The reading without its placeholders when they are all plain: the line is those programs alone (with what they
// start: a line that also writes could change a file between this read and the program's), every file they name reads
// plain, and there are no more placeholders than those files (a text they run that spells the placeholder is not one).
function withoutPlain(parse: ShellParse, place: ShellPlace, reader: SettingsReader): ShellParse {
  const isPlaceholder = (command: SimpleCommand): boolean => command.name === null && command.text.trim() === reader.text;
  const placeholders = parse.commands.filter(isPlaceholder).length;
  if (placeholders === 0 || parse.redirections.some((redirection) => redirection.writes)) return parse;
  const own = parse.commands.filter((command) => !command.wrappers.some((each) => reader.programs.has(each)));
  if (own.length === 0 || own.some((command) => command.name === null || !reader.programs.has(command.name))) return parse;
  const files = own.flatMap(reader.files);
  if (placeholders > files.length || files.some((file) => reader.runs(file, place))) return parse;
  return { ...parse, commands: parse.commands.filter((command) => !isPlaceholder(command)) };
}

// Every reading of the line (a CR read as a line break and as a space) so.
export function withoutPlainSettings(parse: ShellParse, place: ShellPlace, reader: SettingsReader): ShellParse {
  const first = withoutPlain(parse, place, reader);
  const alternatives = parse.alternatives?.map((reading) => withoutPlain(reading, place, reader));
  return alternatives === undefined ? first : { ...first, alternatives };
}
