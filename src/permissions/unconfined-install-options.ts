import type { SimpleCommand } from '../shell/parse-types.js';
import { UNKNOWN } from './argv.js';

// How an installer reads the options that say where it installs (red team R15-15): wherever they stand
// (before or after the subcommand: `npm -g i x` is `npm i -g x`), in the `=` form, in a cluster of short
// flags (`npm -sg`), and under the abbreviations the program's own option parser accepts (npm's nopt took
// `--g`/`--gl` for `--global`; python's optparse and ruby's OptionParser take any unique prefix). An
// abbreviation is read as the option from the length given, even where another option shares the prefix
// (the program then refuses it, or an older version took it): reading too much only asks a person.

// Where a path lands: inside the workspace (never the temporary folder); false for a value only known at run time.
export type Inside = (value: string) => boolean;

export interface Call {
  // The command as the program reads it (`npm install -g .`, global options removed), its name first.
  readonly form: readonly string[];
  // Every word after the program's name, as written (quotes removed), in order: the options before the
  // subcommand too.
  readonly words: readonly string[];
  // The variables the program sees: the engine's own environment (exported before codeward started: the
  // commands it runs inherit it), then those assigned for this command (`DESTDIR=./stage make install`).
  readonly env: ReadonlyMap<string, string>;
  // Those assigned on the line only.
  readonly assigned: ReadonlyMap<string, string>;
  // The program as written (`.venv/bin/pip`).
  readonly raw: string;
  // The folders the line may run it in (absolute).
  readonly folders: readonly string[];
}

export interface OptionSpec {
  // The long name without its dashes (`global`).
  readonly long: string;
  // The shortest prefix of `long` the parser may take for it; absent: the exact name only.
  readonly abbreviate?: number;
  // Exact options of the program that share a prefix with `long` and are not it (pip's `--pre`).
  readonly except?: readonly string[];
  // Its one-letter form (`g` for `-g`), also read inside a cluster of short flags (`-sg`, `-qt DIR`).
  readonly short?: string;
  // Takes a value (`--prefix DIR`, `--prefix=DIR`, `-tDIR`); otherwise a flag (`--no-NAME`, `=false` unset it).
  readonly value?: boolean;
}

const FALSE = /^(?:false|0|no|)$/i;

function longMatch(spec: OptionSpec, name: string): boolean {
  if (name === spec.long) return true;
  if (spec.abbreviate === undefined || spec.except?.includes(name)) return false;
  return name.length >= spec.abbreviate && spec.long.startsWith(name);
}

// Every value the words give the option, in order (a flag: 'true' or 'false'); empty when it is not given.
export function optionValues(words: readonly string[], spec: OptionSpec): string[] {
  const out: string[] = [];
  for (let at = 0; at < words.length; at++) {
    const word = words[at]!;
    const next = words[at + 1];
    // A word only known at run time from its start may be this option, with a value not known.
    if (word.startsWith(UNKNOWN)) {
      out.push(spec.value ? word : 'true');
      continue;
    }
    if (word.startsWith('--')) {
      const eq = word.indexOf('=');
      const name = word.slice(2, eq < 0 ? undefined : eq);
      const negated = !spec.value && name.startsWith('no-') && longMatch(spec, name.slice(3));
      if (negated) out.push('false');
      if (negated || !longMatch(spec, name)) continue;
      if (eq >= 0) out.push(spec.value ? word.slice(eq + 1) : FALSE.test(word.slice(eq + 1)) ? 'false' : 'true');
      // nopt reads `--global false` as the flag's value.
      else if (!spec.value) out.push(next === 'false' ? 'false' : 'true');
      else out.push(next ?? '');
      continue;
    }
    // A cluster: which of its letters take a value is the program's; a value option's letter after the first
    // is taken as given a value not known (outside), a flag's letter anywhere in the leading letters as given.
    const letters = /^-([A-Za-z]+)/.exec(word)?.[1] ?? '';
    const letter = spec.short === undefined ? -1 : letters.indexOf(spec.short);
    if (letter < 0) continue;
    const rest = word.slice(letter + 2);
    if (!spec.value) out.push('true');
    else if (letter > 0) out.push('');
    else out.push(rest !== '' ? rest.replace(/^=/, '') : (next ?? ''));
  }
  return out;
}

// The flag is on: given, and its last value is not false.
export const flagOn = (words: readonly string[], spec: OptionSpec): boolean => {
  const values = optionValues(words, spec);
  return values.length > 0 && values.at(-1) !== 'false';
};

// The operands among the words (no option, and no value of an option `valued` names).
export function operands(words: readonly string[], valued: readonly string[] = []): string[] {
  const out: string[] = [];
  for (let at = 0; at < words.length; at++) {
    const word = words[at]!;
    if (valued.includes(word)) at += 1;
    else if (!word.startsWith('-')) out.push(word);
  }
  return out;
}

// The words that may be the subcommand of a program with no table of its own options (`gem --norc
// install`): the first operand after the options the program's grammar knows (`flags`, `valued` taking the
// next word); after an option it does not know, any later operand (it may have taken a value).
export function subcommands(words: readonly string[], flags: readonly string[], valued: readonly string[]): string[] {
  for (let at = 0; at < words.length; at++) {
    const word = words[at]!;
    if (valued.includes(word)) at += 1;
    else if (!word.startsWith('-')) return [word];
    else if (!flags.includes(word) && !valued.some((name) => word.startsWith(`${name}=`))) return operands(words.slice(at + 1));
  }
  return [];
}

// The variables assigned before the command's name (`DESTDIR=./stage make install`), read from its text.
export function assignments(command: SimpleCommand): Map<string, string> {
  const env = new Map<string, string>();
  const head = /^\s*((?:[A-Za-z_]\w*=(?:"[^"]*"|'[^']*'|\S)*\s+)+)/.exec(command.text)?.[1] ?? '';
  for (const match of head.matchAll(/([A-Za-z_]\w*)=((?:"[^"]*"|'[^']*'|\S)*)/g)) env.set(match[1]!, match[2]!.replace(/["']/g, ''));
  return env;
}

// The engine's environment with the line's assignments over it (a name npm reads in either case replaced whole).
export function withEngine(engine: Readonly<Record<string, string | undefined>>, assigned: ReadonlyMap<string, string>): Map<string, string> {
  const env = new Map<string, string>();
  for (const [name, value] of Object.entries(engine)) if (value !== undefined) env.set(name, value);
  for (const [name, value] of assigned) {
    for (const key of env.keys()) if (key.toLowerCase() === name.toLowerCase()) env.delete(key);
    env.set(name, value);
  }
  return env;
}

// The value of a variable of the command, case-insensitive in its name (npm reads `NPM_CONFIG_X` and `npm_config_x`).
export const variable = (env: ReadonlyMap<string, string>, name: string): string | undefined => [...env].find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];

// The destinations given (option values and variables): every one must be inside, and one must be given.
// Returns the first one outside (or the option that names none), '' when none is given, undefined when kept inside.
export function destinationOutside(call: Call, inside: Inside, specs: readonly OptionSpec[], variables: readonly string[] = []): string | undefined {
  const given: [string, string][] = [];
  for (const spec of specs) for (const value of optionValues(call.words, spec)) given.push([`--${spec.long}`, value]);
  for (const name of variables) {
    const value = variable(call.env, name) ?? call.words.find((word) => word.startsWith(`${name}=`))?.slice(name.length + 1);
    if (value !== undefined) given.push([name, value]);
  }
  if (given.length === 0) return '';
  const outside = given.find(([, value]) => value === '' || !inside(value));
  return outside ? `${outside[0]} ${shown(outside[1])}` : undefined;
}

// A value as the question shows it: a word only known at run time is its text (installsOutside marks it).
export const shown = (value: string): string => (value.startsWith(UNKNOWN) ? `${value.slice(1)} (only known at run time)` : value || '(no folder)');
