import { homedir } from 'node:os';

export interface ExpandOptions {
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly home?: string;
}

// Expands a leading `~`/`~/` (not `~user`) and `$VAR`/`${VAR}` in one pass; unset variables stay as written.
export function expandPath(input: string, options: ExpandOptions = {}): string {
  let head = '';
  let rest = input;
  if (input === '~' || input.startsWith('~/')) {
    head = options.home ?? homedir();
    rest = input.slice(1);
  }
  const env = options.env ?? process.env;
  // A fresh regex per call: a shared /g regex would carry lastIndex state between calls.
  const variable = /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g;
  const expanded = rest.replace(variable, (whole: string, braced?: string, bare?: string) => {
    const value = env[(braced ?? bare)!];
    return value === undefined ? whole : value;
  });
  return head + expanded;
}
