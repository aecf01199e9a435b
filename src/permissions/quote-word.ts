// A word as a POSIX shell reads it back: bare when it has no special character, else in single quotes. Apart
// from shell-subjects.ts (the canonical command readings) because the gate's call descriptions quote words
// too, and a read must not load the shell readings' catalogue for it (issue 31).
export function quoteWord(value: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(value)) return value;
  return `'${value.replace(/'/g, `'\\''`)}'`;
}
