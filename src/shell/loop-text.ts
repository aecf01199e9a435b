// A loop over the positional parameters written the POSIX way with no separator before `do` (`for f do node "$f";
// done`, red team R27-3): the same loop as `for f; do`. The hook walk's readers (sh-tokens.ts' commands, hook-fed's
// tokens, hook-members' and hook-spelling's loop lists) each find a loop by `for NAME` ending its command; this
// spells the one form that does not end it the way they read, once, before any of them sees the line. `in` after
// the name needs a separator before `do` in every shell, so `for f in a b do` is left alone (there `do` is a word
// of the list). A match inside quotes or a here-document only changes text that is judged, never run.
const POSIX_FOR = /(^|[\s;&|(){}])(for|select)([ \t]+)([A-Za-z_]\w*)([ \t]+)do(?=$|[\s;&|()])/g;

export const loopText = (line: string): string => line.replace(POSIX_FOR, (_all, before: string, word: string, gap: string, name: string, space: string) => `${before}${word}${gap}${name};${space}do`);
