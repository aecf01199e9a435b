import { homedir } from 'node:os';
import { fail } from '../engine/errors.js';
// The one list of what counts as a secret variable (exec's environment filter uses it too); a pure module.
import { isSecretVariable } from '../engine/secret-variables.js';

export interface ExpandOptions {
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly home?: string;
  // A secret variable is never expanded: true refuses the path (C210), false keeps `$NAME` as written.
  readonly refuseSecrets?: boolean;
}

// Like ChatCLI (chatcli-behaviour.md §1.2, path flags only): `$VAR`/`${VAR}` first (unset variables stay as
// written), then a leading `~`/`~/` (not `~user`) of the result, so `$HOMEISH` = `~/sub` means `<home>/sub`.
// One pass each: a variable's value is never expanded again, the home folder never expanded at all. What
// comes out is only a string: the workspace jails it like any other path. A secret variable (API keys,
// tokens, cloud credentials: the ones exec never passes on) is never expanded, its value would come back as
// the name of the file written or listed (THREAT-MODEL invariant 6): kept as written, or C210 with refuseSecrets.
export function expandPath(input: string, options: ExpandOptions = {}): string {
  const env = options.env ?? process.env;
  // A fresh regex per call: a shared /g regex would carry lastIndex state between calls.
  const variable = /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g;
  const expanded = input.includes('$')
    ? input.replace(variable, (whole: string, braced?: string, bare?: string) => {
        const name = (braced ?? bare)!;
        const value = env[name];
        if (value === undefined) return whole;
        if (isSecretVariable(name, value)) {
          if (!options.refuseSecrets) return whole;
          throw fail('C210', `${whole} is a secret variable: paths never expand it (its value would show up as a file name); write the path out`);
        }
        return value;
      })
    : input;
  if (expanded === '~' || expanded.startsWith('~/')) return (options.home ?? homedir()) + expanded.slice(1);
  return expanded;
}

// What a model may have meant by a path that names nothing as written, in order: without the quotes
// around it (`"a.go"`, ChatCLI trims them), with `/` for its backslashes (`src\math.js`, a Windows habit), or
// both. On POSIX quotes and backslashes are ordinary file-name characters, so the workspace tries the name
// as written first and a repair only when that names nothing; every form is jailed on its own.
export function pathRepairs(input: string): string[] {
  const quote = input[0];
  const unquoted = (quote === '"' || quote === "'") && input.length > 2 && input.endsWith(quote) ? input.slice(1, -1).trim() : undefined;
  const forms = unquoted === undefined || unquoted === '' ? [input] : [input, unquoted];
  const out: string[] = [];
  for (const form of forms.slice(1)) out.push(form);
  for (const form of forms) if (form.includes('\\')) out.push(form.replace(/\\/g, '/'));
  return [...new Set(out)].filter((form) => form !== input);
}
