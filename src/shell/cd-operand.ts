// The ONE reading of a `cd`/`pushd`/`popd` command's operand (red team R30-3, R30-3b: the hook walker took the word
// after `cd` as the folder, so `cd -P tools`, `cd -- tools`, `pushd -- tools` moved it to `-P`/`--`; the danger
// classifier skipped `-P` but not `--`; the secret pre-check read `words[1]`; each reader had its own idea of CDPATH).
// Every reader of a folder change goes through readCd (words as text) and then reads the folder word itself with
// folder-word.ts. What bash does (and dash/zsh, read as a superset):
// - `builtin cd`, `command cd` (`command -p`), assignments before the name (`CDPATH=tools cd sub`) are skipped;
//   `command -v cd` only prints;
// - options until `--` or the first operand, clustered (`-Pe`, `-L`, `-@`, `pushd -n`, zsh's `-q`/`-s`); `-` alone is
//   an operand (OLDPWD); `pushd`/`popd` `+N`/`-N` rotate the folder stack;
// - no operand or `~`: the home; `popd`, `pushd` alone, `+N`/`-N`: the stack (known at run time only);
// - `-` (and `~-`, `~+`: $OLDPWD, $PWD) is `unknown` for every reader (fix32b): bash's `cd -` is `cd "$OLDPWD"`, and
//   OLDPWD is the previous folder only when the line's last move certainly ran and succeeded in this same shell; it
//   is the environment's (env-allow.ts passes it) before any move, after a `cd` that failed (`cd gone; cd -`), one in
//   a subshell or a branch not taken (`(cd a); cd -`, `false && cd a; cd -`), and whatever the line assigns
//   (`OLDPWD=/; cd -`, `read OLDPWD`, `${OLDPWD:=/}`). A reader's commands carry no such order, so none can tell;
// - `pushd -n D` adds D under the top without moving; a later `popd` moves there, so D counts as a folder reached;
// - CDPATH (the line's assignment or an earlier export): a name not starting with `/`, `.` or `..` is looked up in
//   each entry first (an empty entry is the current folder), then in the current folder: every one is a folder the
//   line may reach (which exists may change before it runs). A CDPATH only known at run time is `unknown` (the
//   caller fails closed).
import type { SimpleCommand } from './parse-types.js';
import { SHELLS } from './parse-wrappers.js';

export type CdRead =
  | { readonly kind: 'folder'; readonly at: number; readonly operand: string; readonly bases: readonly string[]; readonly moves: boolean; readonly physical: boolean }
  | { readonly kind: 'home' | 'stack'; readonly moves: boolean }
  | { readonly kind: 'unknown'; readonly why: string };

const NAMES: ReadonlySet<string> = new Set(['cd', 'pushd', 'popd', 'chdir']);
const ASSIGNMENT = /^[A-Za-z_]\w*\+?=/;

// The builtins that change the shell's folder. Every folder-change check goes through isFolderChange /
// folderChangeAt (test/lint/cd-one-reader.test.ts): a word list that names them for another reason (builtins that
// run no program, names a PATH entry may shadow) spreads this list.
export const FOLDER_CHANGE_NAMES: readonly string[] = [...NAMES];

// Whether a parsed command's name (after `builtin`/`command` are stripped) changes the shell's folder.
export const isFolderChange = (name: string | null | undefined): name is string => name !== null && name !== undefined && NAMES.has(name);

// Where the cd command's name is in `words` (after assignments, `builtin`, `command [-p]`), or -1: whether a
// command given as words changes the shell's folder.
export function folderChangeAt(words: readonly string[]): number {
  let at = 0;
  while (at < words.length && ASSIGNMENT.test(words[at]!)) at++;
  for (;;) {
    const word = words[at];
    if (word === 'builtin') at++;
    else if (word === 'command') {
      at++;
      while (words[at] !== undefined && /^-[p]+$/.test(words[at]!)) at++;
      if (words[at] === '--') at++;
      if (words[at] !== undefined && /^-/.test(words[at]!)) return -1;
    } else break;
  }
  return words[at] !== undefined && NAMES.has(words[at]!) ? at : -1;
}

// `words`: the command's words as text (quotes removed), assignments and `builtin`/`command` included or not.
// `cdpath`: the CDPATH in effect before the command (`undefined`: none set; `null`: a value only known at run time);
// an assignment among `words` before the name wins.
// undefined: not a folder change.
// `cdable`: bash's cdable_vars may be on (red team R32-5): an operand that is a plain name and not a folder is the
// name of a variable whose value is the folder, so such an operand is a folder only known at run time.
export function readCd(words: readonly string[], cdpath?: string | null, cdable = false): CdRead | undefined {
  const name = folderChangeAt(words);
  if (name < 0) return undefined;
  const program = words[name]!;
  const stack = program === 'pushd' || program === 'popd';
  let moves = true;
  // `-P` (the last of -P/-L wins): the folder the kernel reaches, links followed before `..` (R43-b2); else logical.
  let physical = false;
  let at = name + 1;
  for (; at < words.length; at++) {
    const word = words[at]!;
    if (word === '--') {
      at++;
      break;
    }
    if (stack && /^[+-]\d+$/.test(word)) return { kind: 'stack', moves };
    if (!word.startsWith('-') || word === '-') break;
    if (stack && word.includes('n')) moves = false;
    const last = /[LP](?=[^LP]*$)/.exec(word);
    if (!stack && last) physical = last[0] === 'P';
  }
  const operand = words[at];
  if (program === 'popd' || (operand === undefined && program === 'pushd')) return { kind: 'stack', moves };
  if (operand === undefined || operand === '~') return { kind: 'home', moves };
  if (operand === '-' || /^~[-+](?:\/|$)/.test(operand)) return { kind: 'unknown', why: `\`${words.slice(name).join(' ')}\` names OLDPWD or PWD, a folder only known at run time` };
  if (stack && /^\+\d+$/.test(operand)) return { kind: 'stack', moves };
  if (cdable && /^[A-Za-z_]\w*$/.test(operand)) return { kind: 'unknown', why: `\`${words.slice(name).join(' ')}\` with cdable_vars: a variable ${operand} may name the folder` };
  const own = assigned(words.slice(0, name));
  const bases = cdBases(operand, own ?? cdpath);
  if (bases === null) return { kind: 'unknown', why: `\`${words.slice(name).join(' ')}\` with a CDPATH only known at run time` };
  return { kind: 'folder', at, operand, bases, moves, physical };
}

// The folders (prefixes, '' = the current folder) CDPATH makes bash look for `operand` in, in its order (an entry may
// be absolute or `~`: the caller resolves it); null: a CDPATH only known at run time.
export function cdBases(operand: string, cdpath: string | null | undefined): readonly string[] | null {
  if (/^(?:\/|~|\.\.?(?:\/|$))/.test(operand) || cdpath === undefined || cdpath === '') return [''];
  const entries = cdPathEntries(cdpath);
  return entries === null ? null : [...new Set([...entries.map((entry) => (entry === '.' ? '' : entry)), ''])];
}

// A CDPATH value's entries (an empty entry: `.`); null when a part is only known at run time.
export function cdPathEntries(value: string | null): string[] | null {
  if (value === null || /[$`]/.test(value) || value.includes('\u0000')) return null;
  return value.split(':').map((entry) => (entry === '' ? '.' : entry));
}

// The folder a CDPATH entry names from `dir`, as text: bash reads `entry/operand` whole (lexically unless -P, the
// kernel's walk with -P: kernel-place.ts), so a `..` of the entry is never taken here.
export const cdPathFolder = (dir: string, entry: string): string => (entry === '' ? dir : entry.startsWith('/') ? entry : `${dir}/${entry}`);

// The CDPATH the command's own assignments set (`CDPATH=tools cd sub`), undefined when none.
function assigned(prefix: readonly string[]): string | undefined {
  const own = prefix.findLast((word) => word.startsWith('CDPATH='));
  return own?.slice('CDPATH='.length);
}

// A parsed command's folder change as the folders it may reach, as text (`~` = the home; candidates of a word
// expanded at parse time; a part only known at run time stays in the text as U+0000): [] when it moves to a folder
// of the stack or OLDPWD, undefined when it is not a folder change. CDPATH from the command's environment (its
// prefix assignment or an earlier export on the line).
// `physical`: `cd -P` (the kernel's place: workspace/kernel-place.ts cdPlaces); else bash's logical cd.
export function cdTargets(command: SimpleCommand): { readonly kind: CdRead['kind']; readonly folders: readonly string[]; readonly unknown?: string; readonly physical?: boolean } | undefined {
  const read = readParsedCd(command);
  if (read === undefined) return undefined;
  if (read.kind === 'unknown') return { kind: read.kind, folders: [], unknown: read.why };
  if (read.kind !== 'folder') return { kind: read.kind, folders: read.kind === 'home' ? ['~'] : [] };
  const folders: string[] = [];
  for (const candidate of command.words[read.at]?.candidates ?? [read.operand]) {
    for (const base of read.bases) folders.push(base === '' || candidate.startsWith('/') ? candidate : `${base.replace(/\/+$/, '')}/${candidate}`);
  }
  return { kind: read.kind, folders: [...new Set(folders)], physical: read.physical };
}

// Whether a command of the line makes every later `cd` physical: read as -P throughout (flow-insensitive, fail closed).
// `set -P`, `set -o physical` (any cluster: `-eP`, `-eo physical`), `shopt -so physical` (R44-b2), a shell STARTED
// physical (`bash -P -c`, `bash +o posix -o physical`, R44-b1: its -c line is part of this line), and any SHELLOPTS
// the line gives a program (bash imports it at start-up: `env SHELLOPTS=physical bash -c`). A word only known at run
// time in such a place may be any of them.
export const physicalCd = (commands: readonly SimpleCommand[]): boolean => commands.some((command) => command.physicalCd === true || startsPhysical(command));

function startsPhysical(command: SimpleCommand): boolean {
  if (command.env?.some((each) => each.name === 'SHELLOPTS') || command.text.includes('SHELLOPTS')) return true;
  const name = command.name ?? '';
  const words = command.words.slice(1);
  if (name === 'shopt') return words.some((word) => word.dynamic) || (words.some((word) => /^-[a-zA-Z]*o/.test(word.value)) && words.some((word) => word.value === 'physical'));
  if (name !== 'set' && !SHELLS.has(name.slice(name.lastIndexOf('/') + 1))) return false;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word.dynamic) return true;
    if (word.value === '--' || !/^[-+]/.test(word.value)) return false;
    if (/^[-+][a-zA-Z]*P/.test(word.value)) return true;
    // An rc file (`--rcfile F`, one dash too) may `set -P` before the line (R45-b9): physical.
    if (/^--?(?:rcfile|init-file)$/.test(word.value)) return true;
    // A valued option (`-o NAME`, `-O shopt`) takes the next word.
    if (/^[-+][a-zA-Z]*[oO]$/.test(word.value)) {
      if (words[i + 1]?.dynamic || (/o$/.test(word.value) && words[i + 1]?.value === 'physical')) return true;
      i += 1;
    }
  }
  return false;
}

// readCd of a parsed command (its name after `builtin`/`command` are stripped; `at` indexes command.words), with the
// CDPATH of its environment (its prefix assignment or an export earlier on the line).
export function readParsedCd(command: SimpleCommand): CdRead | undefined {
  if (!isFolderChange(command.name)) return undefined;
  const cdpath = command.env?.findLast((each) => each.name === 'CDPATH');
  return readCd([command.name, ...command.words.slice(1).map((word) => word.value)], cdpath === undefined ? undefined : cdpath.dynamic ? null : cdpath.value, command.cdableVars === true);
}
