// A value shown inside a command the person may paste into their shell (`--allow "@coder exec?LINE"`,
// `codeward trust -C DIR`). The value can come from the model or the repository (a shell line, a folder
// name): in double quotes, bash and zsh would still run `$(...)` and backticks, expand `$VAR` and `!`
// history, so such a value is single-quoted instead (each ' written as '\''), where nothing expands.
// Plain values keep the familiar double quotes.
export function shellWord(value: string): string {
  // eslint-disable-next-line no-control-regex
  if (!/[$`\\"!\x00-\x1f\x7f]/.test(value)) return `"${value}"`;
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

// A bare word when nothing in it needs quoting (a plain path), else shellWord's form.
export function shellArg(value: string): string {
  return /^[A-Za-z0-9_@%+=:,./~-]+$/.test(value) ? value : shellWord(value);
}
