import { homedir } from 'node:os';

export interface ExpandOptions {
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly home?: string;
}

// Like ChatCLI (chatcli-behaviour.md §1.2, path flags only): `$VAR`/`${VAR}` first (unset variables stay as
// written), then a leading `~`/`~/` (not `~user`) of the result, so `$HOMEISH` = `~/sub` means `<home>/sub`.
// One pass each: a variable's value is never expanded again, the home folder never expanded at all. What
// comes out is only a string: the workspace jails it like any other path.
export function expandPath(input: string, options: ExpandOptions = {}): string {
  const env = options.env ?? process.env;
  // A fresh regex per call: a shared /g regex would carry lastIndex state between calls.
  const variable = /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g;
  const expanded = input.includes('$')
    ? input.replace(variable, (whole: string, braced?: string, bare?: string) => {
        const value = env[(braced ?? bare)!];
        return value === undefined ? whole : value;
      })
    : input;
  if (expanded === '~' || expanded.startsWith('~/')) return (options.home ?? homedir()) + expanded.slice(1);
  return expanded;
}

// A path with backslashes where a model (or Windows habit) meant folders: `src\math.js` → `src/math.js`.
// On POSIX a backslash is an ordinary file-name character, so the workspace tries the name as written
// first and takes this form only when that names nothing; either form is jailed on its own.
export function backslashesAsSeparators(input: string): string | undefined {
  if (!input.includes('\\')) return undefined;
  const slashed = input.replace(/\\/g, '/');
  return slashed === input ? undefined : slashed;
}
