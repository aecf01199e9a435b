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
import { programText, shellText } from './parse-launch-options.js';
import type { ProgramRow } from './parse-launch-program-rows.js';

export const TOOL_ROWS: Readonly<Record<string, ProgramRow>> = {
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
