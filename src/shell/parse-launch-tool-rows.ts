// More rows of the one program-row table (parse-launch-program-rows.ts; red team R43-b7): ordinary tools' options that
// name a program they start, read like `sort --compress-program=PROG` (the program is judged as run; a workspace path
// is a workspace program). (coreutils `install --strip-program=PROG` is LEFT: a row named install is read for
// `npm install`'s launched words too, making it a writer of unknown files; fix70 report.) diffutils'
// `sdiff`/`diff3 --diff-program=PROG`, GNU cpio's and mt's remote shell `--rsh-command=CMD` (as tar's), pandoc's
// `-F/--filter PROG` and `-L/--lua-filter SCRIPT` (lua code run in pandoc: read as a program it runs), and
// subversion's `--diff-cmd`, `--diff3-cmd`, `--editor-cmd`. (Swept and held elsewhere: find's -exec, xargs and the
// wrappers; tar, rsync, zip, man, split, sort, strace rows; ssh/scp/sftp in parse-launch-generic.ts; the pager,
// LESSOPEN, RSYNC_RSH and EDITOR variables in permissions/obeyed-env.ts; gdb, vim, sed, awk, sqlite3 command files;
// m4 and ed on stdin in permissions/immune-stdin.ts; groff -U in permissions/immune-code-operands.ts.)
import { GPG_HOME_TEXT, GNUPG_PROGRAMS } from './gpg-homes.js';
import { programText, shellText } from './parse-launch-options.js';
import type { ProgramRow, ValueOption } from './parse-launch-program-rows.js';

// A settings file an option names (gpg's `--options FILE`, wget's `--config FILE`): its program keys (agent-program,
// photo-viewer, use_askpass) run what they name, a line only known when the program reads it.
const settings = (name: string) => (value: string): string | undefined => (value.trim() === '' || value.trim() === '/dev/null' ? undefined : `"$SETTINGS_FROM_${name}"`);
// GnuPG's home folder (fix83, gpg-homes.ts): its settings files may name any of the programs below; read by
// permissions/gpg-home.ts. GNUPGHOME is the same option.
const GPG_HOME: ValueOption = { long: ['homedir'], text: (value) => (value.trim() === '' ? undefined : GPG_HOME_TEXT) };
const GNUPGHOME = { variables: ['GNUPGHOME'], variableWords: { GNUPGHOME: (value: string) => [`--homedir=${value}`] } };
// GnuPG's options that start a program (fix73): the agent and dirmngr it starts, the photo viewer it runs through a
// shell (`%i` is the photo's file), the folders it runs the viewer from, and a settings file that may name any of them.
export const GPG_OPTIONS: readonly ValueOption[] = [
  { long: ['agent-program', 'dirmngr-program'], text: (value) => programText(value.split('|')[0]!) },
  { long: ['photo-viewer'], text: shellText },
  { long: ['exec-path'], text: (value) => (value.trim() === '' ? undefined : '"$PHOTO_VIEWER_FROM_EXEC_PATH"') },
  { long: ['options'], text: settings('GPG_OPTIONS') },
  GPG_HOME,
];
// The rows of the GnuPG programs (gpg-homes.ts), gpg's own options for gpg and gpg2, the home for the others; their
// words are read one by one, not by getopt (a word only known at run time may be an option).
const GPG_WORDS = ['-o', '--output', '-u', '--local-user', '-r', '--recipient', '-R', '--hidden-recipient', '--homedir', '--default-key', '--keyserver', '--trust-model', '-z', '--compress-level', '--keyring', '--secret-keyring', '--passphrase', '--passphrase-file', '--passphrase-fd', '--status-fd', '--logger-fd', '--pinentry-mode', '--cipher-algo', '--digest-algo', '--recv-keys', '--send-keys'];
export const GNUPG_ROWS: Readonly<Record<string, ProgramRow>> = Object.fromEntries(GNUPG_PROGRAMS.map((name) => [name, { words: GPG_WORDS, options: name === 'gpg' || name === 'gpg2' ? GPG_OPTIONS : [GPG_HOME], ...GNUPGHOME }]));
// wget's askpass program, in its option, in a wgetrc command given with `-e` (wgetrc names ignore case, `-` and `_`),
// and in a wgetrc file of its own.
const wgetrcAskpass = (value: string): string | undefined => {
  const found = /^\s*([\w-]+)\s*=\s*([^]*)$/.exec(value);
  return found !== null && found[1]!.replace(/[-_]/g, '').toLowerCase() === 'useaskpass' ? shellText(found[2]!.trim()) : undefined;
};
export const WGET_OPTIONS: readonly ValueOption[] = [
  { long: ['use-askpass'], text: shellText },
  { short: '-e', long: ['execute'], text: wgetrcAskpass },
  { long: ['config'], text: settings('WGETRC') },
];

// mailx's (s-nail, heirloom, BSD) `-S NAME=VALUE` variables whose value is a command it runs through a shell (fix73):
// the mail transfer program (`sendmail`, s-nail's `mta`), pager, editors, shell, and the `pipe-TYPE/SUBTYPE` viewers.
const MAIL_COMMAND = /^\s*(?:sendmail|mta|PAGER|EDITOR|VISUAL|SHELL|pipe-[^=\s]+|on-[\w-]+|smime-sign-message-digest-cmd)\s*=\s*([^]*)$/;
const MAIL: ProgramRow = {
  options: [{ short: '-S', long: [], text: (value) => shellText(MAIL_COMMAND.exec(value)?.[1] ?? '') }],
  flags: 'dEeFHiInNtvV~#',
  valued: 'abcfqrsu',
};

export const TOOL_ROWS: Readonly<Record<string, ProgramRow>> = {
  mail: MAIL,
  mailx: MAIL,
  'bsd-mailx': MAIL,
  's-nail': MAIL,
  nail: MAIL,
  // ssh-add's `-s PKCS11LIB` and `-S PROVIDER` libraries (the agent loads them).
  'ssh-add': { options: [{ short: '-s', long: [], text: programText }, { short: '-S', long: [], text: programText }], flags: 'cCDdKkLlqvXx', valued: 'EeHht' },
  // diff pipes its output through pr with `-l`/`--paginate` (pr as found on PATH).
  diff: {
    flagRuns: [{ short: '-l', long: ['paginate'], text: 'pr' }],
    runtimeInert: true,
    flags: 'abBdeEilnNpqrstTuwyZ',
    valued: 'CDFILSUWxX',
    long: ['context', 'unified', 'ifdef', 'show-function-line', 'ignore-matching-lines', 'label', 'starting-file', 'width', 'exclude', 'exclude-from',
      'tabsize', 'color', 'palette', 'line-format', 'old-line-format', 'new-line-format', 'unchanged-line-format', 'old-group-format',
      'new-group-format', 'changed-group-format', 'unchanged-group-format', 'horizon-lines', 'to-file', 'from-file'],
  },
  // GNU patch `-g NUM`/`--get=NUM` (and PATCH_GET) with NUM > 0 checks a missing file out of RCS, SCCS or ClearCase:
  // it runs co, get or cleartool (as found on PATH) on a file the patch names.
  patch: {
    options: [{ short: '-g', long: ['get'], text: (value) => (Number(value) > 0 ? 'co -l "$PATCHED_FILE"\nget -e "$PATCHED_FILE"\ncleartool co -unr -nc "$PATCHED_FILE"' : undefined) }],
    variableWords: { PATCH_GET: (value) => [`--get=${value}`] },
    variables: ['PATCH_GET'],
    runtimeInert: true,
    flags: 'bcCeEflnNRsStuUvZ',
    valued: 'BdDFgiMopVrYz',
    long: ['backup-if-mismatch', 'basename-prefix', 'directory', 'ifdef', 'fuzz', 'input', 'merge', 'output', 'strip', 'reject-file', 'prefix', 'suffix',
      'version-control', 'quoting-style', 'read-only', 'reject-format'],
  },
  install: {
    options: [{ long: ['strip-program'], text: programText }],
    flags: 'bcCdDpsvZ',
    valued: 'gmoStT',
    long: ['group', 'mode', 'owner', 'suffix', 'target-directory', 'backup', 'context'],
  },
  sdiff: {
    options: [{ long: ['diff-program'], text: programText }],
    flags: 'abBdEHilstWZ',
    valued: 'oIw',
    long: ['output', 'ignore-matching-lines', 'width', 'tabsize'],
  },
  diff3: { options: [{ long: ['diff-program'], text: programText }], flags: 'aAeEimTxX3', valued: 'L', long: ['label'] },
  cpio: {
    options: [{ long: ['rsh-command'], text: shellText }],
    flags: 'oipt0aABcdflLmnrSsuvV',
    valued: 'CDEFHIMOR',
    long: ['block-size', 'directory', 'pattern-file', 'file', 'format', 'message', 'owner', 'io-size', 'to-stdout'],
  },
  mt: { options: [{ long: ['rsh-command'], text: shellText }], valued: 'f', long: ['file'] },
  pandoc: {
    options: [{ short: '-F', long: ['filter'], text: programText }, { short: '-L', long: ['lua-filter'], text: programText }],
    flags: 'sNpD',
    valued: 'frtwoMVdABHcm',
    long: ['from', 'read', 'to', 'write', 'output', 'metadata', 'metadata-file', 'variable', 'defaults', 'data-dir', 'template', 'include-in-header',
      'include-before-body', 'include-after-body', 'css', 'resource-path', 'bibliography', 'csl', 'reference-doc', 'pdf-engine', 'pdf-engine-opt',
      'extract-media', 'epub-cover-image', 'epub-metadata', 'epub-embed-font', 'highlight-style', 'syntax-definition', 'columns', 'dpi', 'tab-stop', 'wrap'],
  },
  svn: {
    options: [{ long: ['diff-cmd', 'diff3-cmd', 'editor-cmd'], text: shellText }],
    flags: 'qvNR',
    valued: 'rmFcl',
    long: ['revision', 'message', 'file', 'change', 'limit', 'username', 'password', 'depth', 'set-depth', 'accept', 'encoding', 'config-dir',
      'config-option', 'extensions', 'changelist', 'cl', 'targets', 'with-revprop', 'search', 'search-and', 'show-item', 'strip'],
  },
};
