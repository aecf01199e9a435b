// The ONE whitespace set of "the way ChatCLI reads it" (red team R33-6): ChatCLI (Go) trims and splits a line with
// strings.TrimSpace/strings.Fields, whose unicode.IsSpace holds U+0085 (NEXT LINE), which JavaScript's `\s` and
// trim() do not, and lacks U+FEFF, which they hold. Every place the ChatCLI door reads a line or a policy value as
// ChatCLI does goes through these (approval.ts); a line read with JavaScript's rules had `ls<NEL>x || touch y` judged
// as `ls<NEL>x` (not read-only: "ChatCLI asked") while ChatCLI's allowlist saw `ls` and ran it unasked.
const SPACE = '[\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
const EDGES = new RegExp(`^${SPACE}+|${SPACE}+$`, 'g');
const RUN = new RegExp(`${SPACE}+`);

// strings.TrimSpace.
export const goTrim = (text: string): string => text.replace(EDGES, '');

// strings.Fields: the words between runs of space (none for a blank line).
export const goFields = (text: string): string[] => {
  const trimmed = goTrim(text);
  return trimmed === '' ? [] : trimmed.split(RUN);
};
