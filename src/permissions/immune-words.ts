import { launches } from '../shell/parse-launchers.js';
import { languageOf } from '../shell/parse-inline.js';
import type { SimpleCommand } from '../shell/parse-types.js';
import { INTERPRETERS, SHELLS, SU_LIKE, WRAPPERS } from '../shell/parse-wrappers.js';
import { baseName, type Argv } from './argv.js';
import type { CommandClass } from './immune-class.js';
import { ARGUMENT_SENSITIVE, immuneCommand } from './immune-commands.js';
import { inlineRecursiveDelete, INLINE_DELETE } from './immune-inline.js';
import type { ShellPlace } from './immune-place.js';

// Launchers on no list (red team R11-1: `ifne rm -r build`, `tini -- rm -r build`, `proot rm -r build`,
// `op run -- rm -r build`; the launcher tables grew by 40 in a session and still missed as many): a program
// codeward does not know (not read-only, not a wrapper, shell, interpreter or launcher with its own table,
// not one that takes its words as data) whose argument words, from some word on, are a command the judge
// calls safety-immune is judged as if that command ran. Known programs are left to their tables, which
// know when the words are data (`git rm -r --cached x`, `git commit -m rm`).

// Programs whose sub-commands are their own, not programs they start (`aws s3 rm --recursive s3://b`).
const DATA_WORDS = new Set(`echo printf man info whatis apropos help tldr which type whereis logger notify-send wall cowsay figlet banner
  aws gsutil gcloud az mc s3cmd rclone svn hg bzr cvs fossil`.split(/\s+/));

// The planner already sees through these (parse-plan.ts): their command is judged where they start it.
function known(name: string): boolean {
  if (SHELLS.has(name) || INTERPRETERS.has(name) || languageOf(name) !== undefined) return true;
  if (Object.hasOwn(WRAPPERS, name) || Object.hasOwn(SU_LIKE, name)) return true;
  return ['find', 'xargs', 'parallel', 'eval', 'watch', 'trap', 'alias', 'busybox', 'toybox', 'at', 'batch', 'source', '.', 'coproc', 'tmux', 'screen'].includes(name) || launches(name, [{ value: name, dynamic: false }]) !== undefined;
}

// A word that may name a program: static, not an option, a plain name or path.
const PROGRAM = /^[\w./+@-]+$/;

// The immune class of a command an unknown program's argument words start, if any.
export function launchedByWords(command: SimpleCommand, argv: Argv, readOnlyName: (name: string) => boolean, place: ShellPlace | undefined): (CommandClass | typeof INLINE_DELETE) | undefined {
  if (readOnlyName(argv.name) || DATA_WORDS.has(argv.name) || known(argv.name)) return undefined;
  const words = command.words.slice(1);
  for (let k = 0; k < words.length; k++) {
    const word = words[k]!;
    if (word.dynamic || word.value.startsWith('-') || !PROGRAM.test(word.value)) continue;
    const name = baseName(word.value);
    const code = INTERPRETERS.has(name) || languageOf(name) !== undefined;
    const bare: Argv = { name, args: [], wrappers: [...argv.wrappers, argv.name], unknown: false };
    // Only names a class looks at are tried with their words (linear for ordinary argument lists).
    if (!ARGUMENT_SENSITIVE.has(name) && !code && immuneCommand(bare, place) === undefined) continue;
    const rest = words.slice(k + 1);
    const sub: Argv = { ...bare, args: rest.map((each) => each.value), unknown: rest.some((each) => each.dynamic) };
    const found = immuneCommand(sub, place);
    if (found) return found;
    if (code && inlineRecursiveDelete({ ...command, name, rawName: word.value, args: sub.args, words: words.slice(k) })) return INLINE_DELETE;
  }
  return undefined;
}
