// One row per program whose options (or operands) run a program or shell text, in one shape (dyn23): the options
// whose value runs (red team R18-11: `tar -I 'CMD'`, `tar --checkpoint-action=exec='CMD'`, `zip -TT 'CMD'`, `strace -o
// '|CMD'`, `man -P 'CMD'`, `sort --compress-program=PROG`, `split --filter=CMD`, `ssh-keygen -D ./lib.so`, rsync's `-e`/`--rsync-path`: R21-3)
// and the grammar that tells an option place from a value place, so a word only known at run time where an option may
// stand is a line only known at run time (issue 26: `tar -cf a.tar "$X"`, `make "$X"` with X=`--eval=...`). Programs
// read by getopt have `flags`/`valued`/`long`; programs with single-dash long options (R21-3: `gdb $X` with
// X=`-ex=!rm -r build`, `sqlite3 $X db`, `psql $X`, `mysql $X`, `socat $X -`, `gpg $X`, `wget $X`, `openssl $X`)
// list their value-taking option `words`, and any other run-time word there may be an option or an operand that runs.
// The reader is parse-launch-option-values.ts. Judging a program's value as shell text reads more than the program
// does (its words are split the same way, and a `;` in it only fails closed), so every value here is shell text.
import { programText, shellText } from './parse-launch-options.js';
import { COMMAND_FILES, type CommandFiles } from './parse-launch-command-files.js';
import { CC, RUSTC } from './parse-launch-compiler-rows.js';
import { GNUPG_ROWS, TOOL_ROWS, WGET_OPTIONS } from './parse-launch-tool-rows.js';

export interface ValueOption {
  // Short spelling (`-I`), when the program has one.
  readonly short?: string;
  // Long names without the dashes; a prefix of at least three letters is the option (getopt_long).
  readonly long: readonly string[];
  // How the value is turned into shell text (undefined: the value runs nothing, `--checkpoint-action=echo`).
  readonly text: (value: string) => string | undefined;
}

export interface ProgramRow {
  // Options whose value runs; a row without them launches only its run-time words (none found: not a launch).
  readonly options?: readonly ValueOption[];
  // Flags whose presence runs a program (diff's `-l`/`--paginate` pipes its output through pr): the text they run.
  readonly flagRuns?: readonly { readonly short: string; readonly long: readonly string[]; readonly text: string }[];
  // A run-time word where an option may stand runs nothing worth asking about (diff's only such option is `-l`).
  readonly runtimeInert?: boolean;
  // Short flags taking no value that may come first in one word (getopt: `tar -cvI CMD`, `strace -fo '|CMD'`).
  readonly flags?: string;
  // Short options taking a value (the word after is theirs, never an option).
  readonly valued?: string;
  // Long options taking a value in the next word (`tar --file "$OUT"`), besides `options`' own.
  readonly long?: readonly string[];
  // Options end at the first operand (a tracer's command; ssh-keygen's BSD getopt).
  readonly stopAtOperand?: boolean;
  // A program not read by getopt: its option words taking the next word as their value (`psql -h "$HOST"`). Any
  // other run-time word may be an option or an operand that runs; a run-time tail in an option word (`-u$U`,
  // `--host=$H`) is that option's value.
  readonly words?: readonly string[];
  // With `words`: a run-time word whose static start is an operand that runs its tail (socat's `EXEC:$X`).
  readonly runsTail?: RegExp;
  // With `words`: the shell text a static operand runs (socat's `EXEC:CMD`, `SYSTEM:CMD`), undefined when none.
  readonly operandRuns?: (word: string) => string | undefined;
  // Variables the program reads as more of its own options (red team R19-2, R21-1: `TAR_OPTIONS='--checkpoint-action=
  // exec=..' tar`, `MAKEFLAGS='--eval=..' make`): read as its words (option-variables.ts). A row with only these has
  // no grammar: its run-time words are its other readers' (not a launch here).
  readonly variables?: readonly string[];
  // Those of `variables` whose value is not split like options: its words, another way (COMPILER_PATH's folders are
  // `-B` options, CARGO_ENCODED_RUSTFLAGS is `\x1f`-separated).
  readonly variableWords?: Readonly<Record<string, (value: string) => string[]>>;
  // A program with a command language: the files of commands it reads and the lines there that escape to a shell
  // (R22-11; parse-launch-command-files.ts, read by permissions/immune-command-files.ts).
  readonly commands?: CommandFiles;
}

export { shellText };
// Options handed to ssh (`-F cfg -o ProxyCommand=..`): read as the ssh line they make.
const sshOptions = (value: string): string | undefined => (value.trim() === '' ? undefined : `ssh ${value} host`);
// ansible's ssh options (R25-14); its command module's -a/--args is the runner row's (parse-launch-runners.ts): both
// are read (parse-launchers.ts joins every table's reading of a program).
// `-e ansible_ssh_common_args='-o ..'` (key=value or JSON; a vars file `-e @f.yml` is not read here: LEFT) sets the same.
const ANSIBLE_SSH_VARIABLE = /ansible_(?:ssh|ssh_common|ssh_extra|scp_extra|sftp_extra)_args["']?\s*[=:]\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|([^\s,}]+))/g;
const sshVariables = (value: string): string | undefined => {
  const found = [...value.matchAll(ANSIBLE_SSH_VARIABLE)].map((match) => sshOptions(match[1]?.replace(/\\(.)/g, '$1') ?? match[2] ?? match[3] ?? '')).filter((text) => text !== undefined);
  return found.length === 0 ? undefined : found.join('\n');
};
// socat's addresses that start a program (issue 26, fix32b: `socat - EXEC:'git push'` ran unjudged): `EXEC:CMD`
// (socat splits CMD into words itself), `SYSTEM:CMD` (`sh -c CMD`), socat 1.8's `SHELL:CMD`, in either half of a dual
// address (`STDIN!!EXEC:CMD`). CMD ends at the first `,` outside socat's quotes and brackets (its address options).
const SOCAT_RUNS = /^(?:exec|system|shell):/i;
function socatRuns(word: string): string | undefined {
  const texts: string[] = [];
  for (const half of word.split('!!')) {
    if (!SOCAT_RUNS.test(half)) continue;
    const tail = half.slice(half.indexOf(':') + 1);
    let depth = 0;
    let quote = '';
    let end = tail.length;
    for (let i = 0; i < tail.length; i++) {
      const char = tail[i]!;
      if (char === '\\') i++;
      else if (quote !== '') quote = char === quote ? '' : quote;
      else if (char === '"' || char === "'") quote = char;
      else if ('([{'.includes(char)) depth++;
      else if (')]}'.includes(char)) depth = Math.max(0, depth - 1);
      else if (char === ',' && depth === 0) {
        end = i;
        break;
      }
    }
    texts.push(tail.slice(0, end));
  }
  return shellText(texts.join('\n'));
}
const ANSIBLE: ProgramRow = {
  options: [{ long: ['ssh-common-args', 'ssh-extra-args', 'scp-extra-args', 'sftp-extra-args'], text: sshOptions }, { short: '-e', long: ['extra-vars'], text: sshVariables }],
  flags: 'vkKbCDoSyh',
  valued: 'iumaeflctBPMT',
};
const program = programText;
// strace/ltrace `-o '|CMD'` / `-o '!CMD'`: the output is piped to CMD through the shell.
const piped = (value: string): string | undefined => (/^[|!]/.test(value) ? shellText(value.slice(1)) : undefined);
// tar `--checkpoint-action=exec=CMD` (also `exec` with the command after `=`); other actions run nothing.
const checkpointExec = (value: string): string | undefined => (/^exec=/.test(value) ? shellText(value.slice('exec='.length)) : undefined);

const TAR: ProgramRow = {
  variables: ['TAR_OPTIONS'],
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
const TRACE: ProgramRow = { options: [{ short: '-o', long: ['output'], text: piped }], flags: 'cCdDfFhiqrtTvVwxyzZkn', valued: 'aAeEbIlnOpPsSuUX', stopAtOperand: true };
const MAKE: ProgramRow = {
  variables: ['MAKEFLAGS', 'GNUMAKEFLAGS', 'MFLAGS'],
  flags: 'BdeiknpqrRsStvw',
  valued: 'CfIoWE',
  long: ['directory', 'file', 'makefile', 'include-dir', 'old-file', 'assume-old', 'what-if', 'new-file', 'assume-new', 'eval'],
};
const CLIENT = ['-h', '--host', '-p', '--port', '-U', '-u', '--user', '--username', '-d', '--dbname', '--database', '-D', '-f', '--file', '-P', '--pset', '-v', '--set', '--variable', '-o', '--output', '-L', '--log-file', '-S', '--socket'];

// Each program's row, by its lower-cased base name.
export const ROWS: Readonly<Record<string, ProgramRow>> = {
  tar: TAR,
  gtar: TAR,
  bsdtar: { options: [{ long: ['use-compress-program'], text: shellText }, { short: '-I', long: [], text: shellText }], flags: 'cxtruvzjJ', valued: 'bCfIsTX' },
  zip: {
    variables: ['ZIPOPT', 'ZIP'],
    options: [{ short: '-TT', long: ['unzip-command'], text: shellText }],
    flags: 'qvrTmyDjJlLkoXZ',
    valued: 'bnitxPO',
    long: ['out', 'temp-path', 'exclude', 'include', 'password', 'compression-method', 'split-size', 'logfile-path', 'suffixes'],
  },
  strace: TRACE,
  ltrace: TRACE,
  man: {
    variables: ['MANOPT'],
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
  // coreutils split writes each piece to `--filter=CMD` run through the shell (red team R30-7: `split --filt='CMD' f`).
  split: {
    options: [{ long: ['filter'], text: shellText }],
    flags: 'dxeu',
    valued: 'abClnt',
    long: ['suffix-length', 'additional-suffix', 'bytes', 'line-bytes', 'lines', 'number', 'separator'],
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
  // `-D LIB` and `-w PROVIDER` (a FIDO security key library, fix73) load the library they name.
  'ssh-keygen': { options: [{ short: '-D', long: [], text: program }, { short: '-w', long: [], text: program }], flags: 'ABcHhKLlpQqUvy', valued: 'abCEeFfGIJjKMmNnOPrSsTtVwYZz', stopAtOperand: true },
  // make runs no line from its words but `--eval`'s (immune-code.ts); a word that may be that option is one. GNU
  // getopt: read anywhere on the line; enough to tell a value (`make -C "$D"`) from an option place.
  make: MAKE,
  // R21-3: programs with single-dash long options; a run-time word where an option or operand may stand runs.
  gdb: { commands: COMMAND_FILES.gdb, words: ['-p', '-pid', '--pid', '-c', '-core', '--core', '-d', '-directory', '--directory', '-cd', '--cd', '-se', '-s', '-symbols', '-e', '-exec', '-tty', '-b', '-l'] },
  sqlite3: { commands: COMMAND_FILES.sqlite3, words: ['-separator', '-newline', '-nullvalue', '-vfs', '-maxsize', '-pagecache', '-lookaside', '-mmap'] },
  psql: { commands: COMMAND_FILES.psql, words: CLIENT },
  mysql: { commands: COMMAND_FILES.mysql, words: CLIENT },
  mariadb: { commands: COMMAND_FILES.mariadb, words: CLIENT },
  // Programs whose command files are their only row (their run-time words are not read here).
  duckdb: { commands: COMMAND_FILES.duckdb },
  lldb: { commands: COMMAND_FILES.lldb },
  cgdb: { commands: COMMAND_FILES.cgdb },
  rg: { commands: COMMAND_FILES.rg },
  // Programs that hand ssh options or an ssh command of their own (red team R25-14): the options are read as an ssh
  // line (`-F cfg`: its ProxyCommand runs), the command as the shell text it is; hg's `--config ui.ssh=CMD` too.
  hg: { options: [{ long: ['ssh', 'remotecmd'], text: shellText }, { long: ['config'], text: (value) => shellText(/^ui\.(?:ssh|remotecmd)=(.*)$/s.exec(value)?.[1] ?? '') }], flags: 'qvy', valued: 'RrebBIX' },
  duplicity: { options: [{ long: ['ssh-options'], text: sshOptions }], flags: 'v', valued: 't' },
  ansible: ANSIBLE,
  'ansible-playbook': ANSIBLE,
  'ansible-pull': ANSIBLE,
  awk: { commands: COMMAND_FILES.awk },
  gawk: { commands: COMMAND_FILES.gawk },
  mawk: { commands: COMMAND_FILES.mawk },
  nawk: { commands: COMMAND_FILES.nawk },
  sed: { commands: COMMAND_FILES.sed },
  gsed: { commands: COMMAND_FILES.gsed },
  vim: { commands: COMMAND_FILES.vim },
  nvim: { commands: COMMAND_FILES.nvim },
  vi: { commands: COMMAND_FILES.vi },
  ex: { commands: COMMAND_FILES.ex },
  view: { commands: COMMAND_FILES.view },
  vimdiff: { commands: COMMAND_FILES.vimdiff },
  gvim: { commands: COMMAND_FILES.gvim },
  socat: { words: ['-d', '-L', '-W', '-b', '-t', '-T', '-lf', '-lp'], runsTail: /^(?:exec|system|shell)/i, operandRuns: socatRuns },
  ...GNUPG_ROWS,
  wget: { options: WGET_OPTIONS, words: ['-o', '--output-file', '-a', '--append-output', '-O', '--output-document', '-P', '--directory-prefix', '-U', '--user-agent', '-T', '--timeout', '-t', '--tries', '-w', '--wait', '-Q', '--quota', '-l', '--level', '-A', '--accept', '-R', '--reject', '-D', '--domains', '-I', '-X', '-B', '--base', '-i', '--input-file', '--header', '--user', '--password'] },
  openssl: { words: ['-in', '-out', '-inform', '-outform', '-key', '-keyform', '-cert', '-CAfile', '-CApath', '-CA', '-CAkey', '-passin', '-passout', '-pass', '-subj', '-days', '-config', '-extfile', '-extensions', '-name', '-newkey', '-set_serial', '-signkey', '-connect', '-servername', '-port', '-md', '-digest', '-sigopt', '-pkeyopt', '-algorithm', '-text_out'] },
  // Programs whose option variables are their only row (R19-2; R21: fzf's `--bind=...:execute(CMD)`, GNU parallel's
  // `--ssh CMD`). The first row naming a variable is the program its value is read for where it is assigned.
  unzip: { variables: ['UNZIP', 'UNZIPOPT'] },
  zipinfo: { variables: ['ZIPINFO', 'ZIPINFOOPT'] },
  gzip: { variables: ['GZIP'] },
  gunzip: { variables: ['GZIP'] },
  xz: { variables: ['XZ_DEFAULTS', 'XZ_OPT'] },
  bzip2: { variables: ['BZIP2', 'BZIP'] },
  grep: { variables: ['GREP_OPTIONS'] },
  egrep: { variables: ['GREP_OPTIONS'] },
  fgrep: { variables: ['GREP_OPTIONS'] },
  less: { variables: ['LESS'] },
  fzf: { variables: ['FZF_DEFAULT_OPTS'] },
  parallel: { variables: ['PARALLEL'] },
  // go reads GOFLAGS as more of its flags (R39-b13: `GOFLAGS=-toolexec=./s.sh go build`); the flags that run a
  // program are read by shell/danger-tool-options.ts. The compilers (R39-b14): parse-launch-compiler-rows.ts.
  go: { variables: ['GOFLAGS'] },
  cc: CC,
  gcc: CC,
  'g++': CC,
  'c++': CC,
  clang: CC,
  'clang++': CC,
  rustc: RUSTC,
  ...TOOL_ROWS,
};
