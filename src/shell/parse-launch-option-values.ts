// Programs that run a program or shell text given as an option's value (red team R18-11): `tar -I 'CMD'`,
// `tar --checkpoint-action=exec='CMD'`, `zip -TT 'CMD'`, `strace -o '|CMD'`, `man -P 'CMD'`, `sort
// --compress-program=PROG`, `ssh-keygen -D ./lib.so`. Each value is judged as a line: shell text is what the
// program hands to `sh -c`; a program (or a library it loads) is that path run as a command. Judging a program's
// value as shell text reads more than the program does (its words are split the same way, and a `;` in it only
// fails closed), so every value here is shell text. An option's long name is read in each prefix getopt_long
// accepts (`--use-compress=CMD`, `--to-com=CMD`): reading a shorter spelling as the option fails closed.
import { argvText, optionWord } from './parse-launch-options.js';
import { runtimeOptions } from './parse-launch-runtime.js';
import type { Launch } from './parse-launchers.js';
import { unwrap, WRAPPERS, type WordLike } from './parse-wrappers.js';

interface ValueOption {
  // Short spelling (`-I`), when the program has one.
  readonly short?: string;
  // Long names without the dashes; a prefix of at least `MIN_PREFIX` letters is the option (getopt_long).
  readonly long: readonly string[];
  // How the value is turned into shell text (undefined: the value runs nothing, `--checkpoint-action=echo`).
  readonly text: (value: string) => string | undefined;
}

interface Row {
  readonly options: readonly ValueOption[];
  // Short flags taking no value that may come first in one word (getopt: `tar -cvI CMD`, `strace -fo '|CMD'`).
  readonly flags: string;
  // Short options taking a value (the word after is theirs, never an option).
  readonly valued: string;
  // Long options taking a value in the next word (`tar --file "$OUT"`), besides `options`' own.
  readonly long?: readonly string[];
  // Options end at the first operand (a tracer's command; ssh-keygen's BSD getopt).
  readonly stopAtOperand?: boolean;
}

const MIN_PREFIX = 3;
const shellText = (value: string): string | undefined => (value.trim() === '' ? undefined : value);
// A program path or library: run as that path (a `./lib.so` is a workspace program).
const program = (value: string): string | undefined => (value.trim() === '' ? undefined : argvText([{ value, dynamic: false }]));
// strace/ltrace `-o '|CMD'` / `-o '!CMD'`: the output is piped to CMD through the shell.
const piped = (value: string): string | undefined => (/^[|!]/.test(value) ? shellText(value.slice(1)) : undefined);
// tar `--checkpoint-action=exec=CMD` (also `exec` with the command after `=`); other actions run nothing.
const checkpointExec = (value: string): string | undefined => (/^exec=/.test(value) ? shellText(value.slice('exec='.length)) : undefined);

const TAR: Row = {
  options: [
    { short: '-I', long: ['use-compress-program'], text: shellText },
    { short: '-F', long: ['info-script', 'new-volume-script'], text: shellText },
    { long: ['to-command'], text: shellText },
    { long: ['checkpoint-action'], text: checkpointExec },
    { long: ['rsh-command', 'rmt-command'], text: shellText },
  ],
  flags: 'AcdrtuxBGhiklmMOpPsSUvwWzjJZa',
  valued: 'bCfFgHIKLNTVX',
  long: ['file', 'directory', 'exclude', 'exclude-from', 'files-from', 'transform', 'xform', 'owner', 'group', 'mode', 'mtime', 'label',
    'newer', 'newer-mtime', 'after-date', 'suffix', 'format', 'blocking-factor', 'record-size', 'tape-length', 'volno-file', 'index-file',
    'listed-incremental', 'starting-file', 'strip-components', 'exclude-tag', 'exclude-tag-under', 'exclude-tag-all', 'exclude-ignore',
    'exclude-ignore-recursive', 'warning', 'quoting-style', 'quote-chars', 'no-quote-chars', 'sort', 'add-file', 'owner-map', 'group-map',
    'hole-detection', 'level', 'pax-option', 'sparse-version', 'xattrs-exclude', 'xattrs-include', 'set-mtime-format'],
};
const TRACE: Row = { options: [{ short: '-o', long: ['output'], text: piped }], flags: 'cCdDfFhiqrtTvVwxyzZkn', valued: 'aAeEbIlnOpPsSuUX', stopAtOperand: true };
const ROWS: Readonly<Record<string, Row>> = {
  tar: TAR,
  gtar: TAR,
  bsdtar: { options: [{ long: ['use-compress-program'], text: shellText }, { short: '-I', long: [], text: shellText }], flags: 'cxtruvzjJ', valued: 'bCfIsTX' },
  zip: {
    options: [{ short: '-TT', long: ['unzip-command'], text: shellText }],
    flags: 'qvrTmyDjJlLkoXZ',
    valued: 'bnitxPO',
    long: ['out', 'temp-path', 'exclude', 'include', 'password', 'compression-method', 'split-size', 'logfile-path', 'suffixes'],
  },
  strace: TRACE,
  ltrace: TRACE,
  man: {
    options: [{ short: '-P', long: ['pager'], text: shellText }, { short: '-H', long: ['html'], text: shellText }],
    flags: 'aCdDfFhikKlLuwWZ',
    valued: 'CeELmMpRrsSTX',
    long: ['config-file', 'locale', 'manpath', 'sections', 'extension', 'systems', 'encoding', 'recode', 'troff-device', 'preprocessor', 'prompt'],
  },
  sort: {
    options: [{ long: ['compress-program'], text: program }],
    flags: 'bcCdfghiMmnrRsuVz',
    valued: 'kotST',
    long: ['key', 'output', 'field-separator', 'buffer-size', 'temporary-directory', 'parallel', 'batch-size', 'files0-from', 'random-source', 'sort'],
  },
  // rsync's remote shell (`-e 'CMD'`, split into words and run: a local `rm -r build` too, red team R21-3) and the
  // program it names for the other side, which that shell runs.
  rsync: {
    options: [{ short: '-e', long: ['rsh'], text: shellText }, { long: ['rsync-path'], text: shellText }],
    flags: 'vqcarRbulLkKHpEAXogDtOJSnWxyzhPiC468sIUNm0',
    valued: 'fTBM',
    long: ['filter', 'exclude', 'include', 'temp-dir', 'compare-dest', 'link-dest', 'copy-dest', 'exclude-from', 'include-from', 'files-from', 'backup-dir',
      'suffix', 'chmod', 'chown', 'usermap', 'groupmap', 'log-file', 'log-file-format', 'password-file', 'partial-dir', 'max-size', 'min-size', 'timeout',
      'contimeout', 'bwlimit', 'port', 'out-format', 'block-size', 'remote-option', 'skip-compress', 'compress-choice', 'checksum-choice', 'info', 'debug',
      'max-delete', 'modify-window', 'iconv', 'sockopts', 'address', 'write-batch', 'only-write-batch', 'read-batch', 'protocol', 'outbuf', 'stop-after', 'stop-at'],
  },
  'ssh-keygen': { options: [{ short: '-D', long: [], text: program }], flags: 'ABcHhKLlpQqUvy', valued: 'abCEeFfGIJjKMmNnOPrSsTtVwYZz', stopAtOperand: true },
};

// The option `word` spells, with its value written in it (undefined: the value is the next word).
function spelled(word: string, option: ValueOption, row: Row): { attached?: string } | undefined {
  if (word.startsWith('--')) {
    const eq = word.indexOf('=');
    const name = word.slice(2, eq < 0 ? undefined : eq);
    if (name.length < MIN_PREFIX || !option.long.some((long) => long.startsWith(name))) return undefined;
    return eq < 0 ? {} : { attached: word.slice(eq + 1) };
  }
  if (option.short === undefined) return undefined;
  // Multi-letter short spellings (zip's `-TT`) are whole words or carry `=VALUE`.
  if (option.short.length > 2) return word === option.short ? {} : word.startsWith(`${option.short}=`) ? { attached: word.slice(option.short.length + 1) } : undefined;
  return optionWord(word, new RegExp(`^${option.short}$`), row.flags);
}

// tar's traditional bundle (`tar cIf CMD x.tar`): the values of its letters follow in order.
function unbundled(key: string, words: readonly WordLike[], row: Row): readonly WordLike[] {
  const first = words[1];
  if (!key.endsWith('tar') || first === undefined || first.dynamic || first.value.startsWith('-') || !/^[A-Za-z]+$/.test(first.value)) return words;
  const letters = [...first.value].map((letter): WordLike => ({ value: `-${letter}`, dynamic: false }));
  const values = words.slice(2);
  const out: WordLike[] = [words[0]!];
  for (const letter of letters) {
    out.push(letter);
    if (row.valued.includes(letter.value[1]!) && values.length > 0) out.push(values.shift()!);
  }
  return [...out, ...values];
}

// What `words[0]` runs from its options' values; undefined when it is not listed, [] when it runs none.
export function optionValueLaunches(key: string, words: readonly WordLike[]): Launch[] | undefined {
  const row = Object.hasOwn(ROWS, key) ? ROWS[key]! : undefined;
  if (row === undefined) return undefined;
  const all = unbundled(key, words, row);
  const out: Launch[] = [];
  for (let i = 1; i < all.length; i++) {
    const word = all[i]!;
    if (word.value === '--') break;
    for (const option of row.options) {
      const found = spelled(word.value, option, row);
      if (found === undefined) continue;
      const from = found.attached !== undefined ? word : all[i + 1];
      const value = found.attached ?? from?.value;
      if (found.attached === undefined) i++;
      // A value only known at run time is kept as written (quoting `$X` as a program path would name a file `$X`).
      const text = value === undefined ? undefined : from?.dynamic === true ? shellText(value) : option.text(value);
      if (text !== undefined) out.push({ kind: 'text', text });
      break;
    }
  }
  // A word only known at run time where an option may stand (`tar -cf a.tar "$X"`, `tar -czf a.tgz *`).
  const shorts = row.options.flatMap((option) => (option.short?.length === 2 ? [option.short[1]!] : [])).join('');
  const grammar = { flags: row.flags, valued: row.valued + shorts, long: [...row.options.flatMap((option) => option.long), ...(row.long ?? [])], stopAtOperand: row.stopAtOperand === true };
  out.push(...runtimeOptions(key, all, grammar));
  // A tracer runs its command too: the planner's wrapper reading is kept beside the piped output.
  const wrapper = Object.hasOwn(WRAPPERS, key) ? WRAPPERS[key]! : undefined;
  const inner = wrapper !== undefined && out.length > 0 ? unwrap(wrapper, words) : undefined;
  return inner?.kind === 'command' ? [...out, { kind: 'command', index: inner.index }] : out;
}
