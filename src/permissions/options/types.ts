// Per-program option tables (issue 21): every option of a program's manual, classified, parsed with
// the program's own rules. A command is read-only only when every option is known and safe and its
// operands pass the program's own check.

export type Arity = 'none' | 'required' | 'optional';

export interface OptionDef {
  // The canonical spelling (`--output`, `-o`), the key options are reported under.
  readonly name: string;
  readonly arity: Arity;
  // Why this option is not read-only (writes a file, runs a program, never ends); absent when safe.
  readonly unsafe?: string;
}

export interface OptionTable {
  // Long options by name with dashes (`--output`); single-dash long options (`-exec`) for programs that use them.
  readonly long: ReadonlyMap<string, OptionDef>;
  // Short options by letter.
  readonly short: ReadonlyMap<string, OptionDef>;
  // GNU getopt_long and git parse-options accept any unique prefix of a long option.
  readonly abbreviations: boolean;
  // Long options are spelled with one dash (`-maxdepth`, `-toolexec`); there are no short clusters.
  readonly singleDashLong: boolean;
  // `head -5`, `tail -20`, `grep -3`: a dash and digits is an option (a count).
  readonly numericOption: boolean;
  // Options may follow operands (GNU permutation); false: the first operand ends the options (POSIX, git's subcommand split).
  readonly permute: boolean;
}

export interface ParsedOption {
  readonly def: OptionDef;
  // Every option an abbreviation could mean (one, unless it is ambiguous).
  readonly candidates: readonly OptionDef[];
  readonly value?: string;
  // As written.
  readonly spelled: string;
}

export interface ParsedArgs {
  readonly options: readonly ParsedOption[];
  readonly operands: readonly string[];
  // Unknown options, ambiguous abbreviations with different arities, missing values: the program's view is uncertain.
  readonly problems: readonly string[];
}

// Why a parsed command is not read-only, or undefined.
export type OperandCheck = (parsed: ParsedArgs, args: readonly string[]) => string | undefined;

export interface ProgramSpec {
  // Absent for programs that parse their arguments their own way (find's expression) or only print them (echo).
  readonly table?: OptionTable;
  // Runs after the options are known safe: operands, scripts, option values.
  readonly check?: OperandCheck;
  // No argument can make it write or run a program (its arguments are only printed or looked up), so
  // arguments only known at run time are harmless too.
  readonly anyArgs?: boolean;
}
