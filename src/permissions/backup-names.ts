import type { ShellWord, SimpleCommand } from '../shell/parse-types.js';

// The names a backup writes (red team R43-b1). With a backup (`-b`, `--backup[=CONTROL]`, `-S`/`--suffix`, which
// turns it on: coreutils 9), cp, mv, ln and install RENAME the file they replace to DEST + the suffix (`-S`, else
// SIMPLE_BACKUP_SUFFIX, else `~`) or, numbered (CONTROL or VERSION_CONTROL `numbered`/`t`, or `existing`/`nil`, the
// default, when one already exists), to DEST.~N~: a written name no word spells. Each written word of the writer is
// read as a possible DEST: the simple name exactly, a numbered one as any name beside it; a suffix only known at run
// time: any path (a suffix may hold `/..`).
export type CommandEnv = NonNullable<SimpleCommand['env']>;

export const BACKUP_WRITERS: ReadonlySet<string> = new Set(['cp', 'mv', 'ln', 'install']);

const UNKNOWN = '\u0000';

interface Backup {
  on: boolean;
  suffix?: string | null;
  control?: string | null;
}

// `CONTROL` may be only the simple backup (an unambiguous prefix of simple/never), none (none/off) or numbered too.
const CONTROLS = ['none', 'off', 'simple', 'never', 'existing', 'nil', 'numbered', 't'];
const controlKinds = (control: string): Set<string> => {
  const matches = CONTROLS.filter((each) => each.startsWith(control));
  const kinds = (control === '' ? CONTROLS : matches.includes(control) ? [control] : matches).map((each) => (each === 'none' || each === 'off' ? 'none' : each === 'simple' || each === 'never' ? 'simple' : 'numbered'));
  return new Set(kinds);
};

// The spellings of a word: its value, or the values it may take (UNKNOWN: a part only known at run time).
const spellings = (word: ShellWord): readonly string[] => (word.dynamic ? (word.candidates.length > 0 ? word.candidates : [UNKNOWN]) : [word.value]);

function readOptions(valued: string, words: readonly ShellWord[]): Backup {
  const found: Backup = { on: false };
  for (let at = 0; at < words.length; at++) {
    const values = spellings(words[at]!);
    if (values.includes('--')) break;
    const take = (rest: string): string | null => (rest !== '' ? rest : at + 1 < words.length && !words[at + 1]!.dynamic ? words[++at]!.value : null);
    for (const value of values) {
      if (value.startsWith(UNKNOWN)) return { on: true, suffix: null, control: null };
      const long = /^--([^=]+)(?:=(.*))?$/s.exec(value);
      if (long !== null) {
        if ('backup'.startsWith(long[1]!)) Object.assign(found, { on: true, control: long[2] ?? found.control });
        if (long[1]!.length > 1 && 'suffix'.startsWith(long[1]!)) Object.assign(found, { on: true, suffix: long[2] ?? take('') });
        continue;
      }
      if (!/^-[^-]/.test(value)) continue;
      for (let k = 1; k < value.length; k++) {
        const letter = value[k]!;
        if (letter === 'b') found.on = true;
        if (letter === 'S') Object.assign(found, { on: true, suffix: take(value.slice(k + 1)) });
        if (valued.includes(letter)) {
          if (letter !== 'S' && k + 1 === value.length) at++;
          break;
        }
      }
    }
  }
  return found;
}

const fromEnv = (env: CommandEnv, name: string): string | null | undefined => {
  const set = env.filter((each) => each.name === name).at(-1);
  return set === undefined ? undefined : set.dynamic ? null : set.value;
};

// The backup names of `name`'s written words (`written`), as more written words; `unread` when any path may be.
export function backupWords(name: string, valued: string, words: readonly ShellWord[], env: CommandEnv, written: readonly ShellWord[]): { words: ShellWord[]; unread?: string } {
  if (!BACKUP_WRITERS.has(name)) return { words: [] };
  const found = readOptions(valued, words);
  if (!found.on) return { words: [] };
  const inherited = process.env['SIMPLE_BACKUP_SUFFIX'];
  const given = found.suffix !== undefined ? [found.suffix] : fromEnv(env, 'SIMPLE_BACKUP_SUFFIX') !== undefined ? [fromEnv(env, 'SIMPLE_BACKUP_SUFFIX')!] : ['~', ...(inherited === undefined ? [] : [inherited])];
  const suffixes = given.map((each) => (each === null || each.includes(UNKNOWN) ? null : each));
  const control = found.control !== undefined ? found.control : (fromEnv(env, 'VERSION_CONTROL') ?? process.env['VERSION_CONTROL'] ?? 'existing');
  const kinds = control === null || control.includes(UNKNOWN) ? new Set(['simple', 'numbered']) : controlKinds(control);
  if (kinds.has('simple') && suffixes.includes(null)) return { words: [], unread: `\`${name}\`'s backup suffix is only known at run time` };
  const out: ShellWord[] = [];
  for (const word of written) {
    const named = (tail: string, glob: boolean): ShellWord => ({ ...word, text: word.text + tail, value: word.value + tail, candidates: word.candidates.map((each) => each + tail), glob: word.glob || glob });
    if (kinds.has('simple')) for (const suffix of suffixes) out.push(named(suffix!, false));
    if (kinds.has('numbered')) out.push(named('.~*~', true));
  }
  return { words: out };
}
