import type { ShellWord } from '../shell/parse-types.js';

// What GNU tar writes when it makes, adds to or lists an archive (bounded-writers.ts, fix66: `tar -cf a.tar src;
// ./x.sh` asked as an unknown writer): the archive (-f/--file), the snapshot file (-g/--listed-incremental) and the
// index file (--index-file), relative to the folder it starts in. Any path when what it writes cannot be read from its
// words: another mode (extract), no -f (the archive is $TAPE's or a compiled default), a remote archive
// (`host:file` runs rsh), an option not listed (--remove-files, --to-command, --checkpoint-action, -I, -F, -M, an
// abbreviated long option), a word only known at run time.

type Read = { words: ShellWord[]; unread?: string };
// Short letters: the modes that write only the archive (or nothing), flags, the valued ones read, the valued ones written.
const MODES = 'cruAtd';
const FLAGS = 'vzjJaphSWlPkmOoBiRsUZG';
const READ_VALUED = 'CTXbHVNK';
const WRITTEN_VALUED = 'fg';
const LONG_MODES = new Set(['create', 'append', 'update', 'catenate', 'concatenate', 'delete', 'list', 'diff', 'compare']);
const LONG_FLAGS = new Set(['gzip', 'gunzip', 'ungzip', 'bzip2', 'xz', 'lzip', 'lzma', 'lzop', 'zstd', 'compress', 'uncompress', 'auto-compress', 'verbose', 'dereference', 'sparse', 'verify', 'totals', 'numeric-owner', 'no-recursion', 'recursion', 'null', 'no-null', 'ignore-failed-read', 'one-file-system', 'exclude-vcs', 'exclude-vcs-ignores', 'exclude-caches', 'exclude-caches-all', 'exclude-caches-under', 'exclude-backups', 'xattrs', 'no-xattrs', 'acls', 'no-acls', 'selinux', 'no-selinux', 'hard-dereference', 'anchored', 'no-anchored', 'wildcards', 'no-wildcards', 'wildcards-match-slash', 'no-wildcards-match-slash', 'ignore-case', 'no-ignore-case', 'absolute-names', 'check-links', 'force-local', 'seek', 'no-seek', 'full-time', 'utc', 'show-transformed-names', 'show-stored-names', 'verbatim-files-from', 'no-verbatim-files-from', 'unquote', 'no-unquote', 'posix', 'portability', 'old-archive', 'preserve-permissions', 'same-owner', 'no-same-owner', 'block-number', 'check-device', 'no-check-device', 'quiet']);
const LONG_READ = new Set(['directory', 'files-from', 'exclude', 'exclude-from', 'exclude-tag', 'exclude-tag-all', 'exclude-tag-under', 'exclude-ignore', 'exclude-ignore-recursive', 'owner', 'group', 'mode', 'mtime', 'sort', 'format', 'blocking-factor', 'record-size', 'label', 'newer', 'after-date', 'newer-mtime', 'transform', 'xform', 'checkpoint', 'warning', 'owner-map', 'group-map', 'quoting-style', 'pax-option', 'level', 'add-file', 'starting-file']);
const LONG_WRITTEN = new Set(['file', 'listed-incremental', 'index-file']);

export function tarWords(words: readonly ShellWord[]): Read {
  const unread = (why: string): Read => ({ words: [], unread: `\`tar\` ${why}` });
  const written: ShellWord[] = [];
  const archives: string[] = [];
  let mode = false;
  let local = false;
  // Letters taking a value: attached (`-fa.tar`) or the next word; in the old form (`tar cf a.tar`) the next words in order.
  let pending: { letter: string; at: number }[] = [];
  const valued = (letter: string, target: ShellWord): void => {
    if (WRITTEN_VALUED.includes(letter)) written.push(target);
    if (letter === 'f') archives.push(target.value);
  };
  for (let at = 0; at < words.length; at++) {
    const word = words[at]!;
    const value = word.value;
    if (word.dynamic) return unread(`has a word only known at run time (${word.text})`);
    const waiting = pending.shift();
    if (waiting !== undefined) {
      valued(waiting.letter, word);
      continue;
    }
    if (value.startsWith('--')) {
      const eq = value.indexOf('=');
      const name = value.slice(2, eq < 0 ? undefined : eq);
      if (name === 'force-local') local = true;
      if (LONG_MODES.has(name) || LONG_FLAGS.has(name)) {
        mode ||= LONG_MODES.has(name);
        continue;
      }
      if (!LONG_READ.has(name) && !LONG_WRITTEN.has(name)) return unread(`option \`${value}\` is not one codeward reads`);
      const target = eq < 0 ? words[++at] : { ...word, value: value.slice(eq + 1) };
      if (target === undefined || target.dynamic) return unread(`option \`${value}\` has no known value`);
      if (LONG_WRITTEN.has(name)) written.push(target);
      if (name === 'file') archives.push(target.value);
      continue;
    }
    // The first word is the old form's letters, dash or none; later ones need their dash.
    if (!(value.startsWith('-') && value.length > 1) && !(at === 0 && value !== '')) continue;
    const letters = value.replace(/^-/, '');
    for (let k = 0; k < letters.length; k++) {
      const letter = letters[k]!;
      if (MODES.includes(letter)) mode = true;
      else if (READ_VALUED.includes(letter) || WRITTEN_VALUED.includes(letter)) {
        const old = !value.startsWith('-');
        if (!old && k + 1 < letters.length) {
          valued(letter, { ...word, value: letters.slice(k + 1) });
          break;
        }
        pending = [...pending, { letter, at }];
        if (!old) break;
      } else if (!FLAGS.includes(letter)) return unread(`option letter \`${letter}\` of \`${value}\` is not one codeward reads`);
    }
  }
  if (pending.length > 0) return unread('misses an option value');
  // No mode at all (an extract's letter or long option is unread above): GNU tar refuses to run ("You must specify one
  // of the '-Acdtrux' ... options") and writes nothing, as the `tar -v` option-variables.ts judges for TAR_OPTIONS=-v.
  if (!mode) return { words: [] };
  if (archives.length === 0) return unread('has no -f: its archive is $TAPE or a compiled default');
  if (!local && archives.some((name) => /^[^/]*:/.test(name))) return unread('writes a remote archive (a `host:file` runs rsh)');
  return { words: written };
}
