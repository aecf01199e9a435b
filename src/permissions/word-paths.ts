import type { ShellWord } from '../shell/parse-types.js';
import { UNKNOWN } from './argv.js';

// The values of a word the read-only vetoes make paths of (the git config, tracked-secret and object-store
// checks): its value and candidates, never one holding the parse's run-time mark (UNKNOWN) nor the empty one. A word
// only known at run time is no path here (red team R37-a2: `grep -r x "$(cat f)"` turned `\0` into
// `ROOT/\0/HEAD`, and node's refusal of the NUL byte stopped the call as an internal error): what it names is the
// OS sandbox's to hide (its view, the jail's), as for every other word a parse cannot know.
export function pathValues(word: ShellWord): string[] {
  return [...new Set([word.value, ...word.candidates])].filter((value) => value !== '' && !value.includes(UNKNOWN));
}
