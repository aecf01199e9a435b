// "A program runs its command (or itself) in another folder": ONE table and ONE token reader behind both readings
// of it — where a runner's script is read (decide-script-dirs.ts: `env -C sub npm run g` runs sub's `g`, red team
// R25-9/R26-6) and where a line's relative paths land (immune-place.ts / unconfined.ts: `env -C .git sh -c 'echo x
// >> config'`). Two readings (a regex and a word split) had drifted apart: `env --chd=sub` (getopt_long takes any
// unambiguous prefix), `env -iC sub` (a short cluster), `sudo --ch sub`, `nsenter -w sub` (-w's folder is optional:
// alone it is the target process's folder, and `sub` is the command) were each missed by one or both.
// Long options are read as getopt_long reads them (src/shell/gnu-long.ts); wrappers' valued options as the parser's
// wrapper table says (parse-wrappers.ts), so the started command is found where the wrapper finds it.
import { basename } from 'node:path';
import { longOption } from '../shell/gnu-long.js';
import { LONG_OPTIONS } from '../shell/long-options.js';
import { unwrap, WRAPPERS } from '../shell/parse-wrappers.js';
import { shCommands } from '../shell/sh-tokens.js';
import { readEnv } from '../shell/env-words.js';
import { sameProgram } from '../shell/program-aliases.js';
import { assignmentWords, gitRepoPlaces } from './git-repo-place.js';

export interface FolderWord {
  readonly program: string;
  // The folder as written; undefined when it is only known at run time (find -execdir, nsenter -w alone).
  readonly folder?: string;
  // The folder is the started command's (a wrapper's: env/sudo/unshare/nsenter/find -execdir), not the program's
  // own (git -C, make -C, tar -C, npm --prefix: that program's own reader resolves it).
  readonly starts: boolean;
  // The program reads the folder lexically (`..` on the text; node's path.resolve: npm --prefix, pnpm --dir, yarn
  // --cwd), not as the kernel's chdir does (workspace/kernel-place.ts).
  readonly logical?: true;
}

interface FolderRow {
  // Short options whose value is the folder (`-C DIR`, `-CDIR`, in a cluster `-iC DIR`).
  readonly shorts?: string;
  // Long options whose value is the folder (`--chdir DIR`, `--chdir=DIR`, any unambiguous prefix of it).
  readonly longs?: readonly string[];
  // Every long option of the program, for getopt_long's prefix reading; without it, `longs` alone.
  readonly every?: readonly string[];
  // The value is optional and only attached (nsenter `-w[DIR]`, `--wd[=DIR]`): alone, a folder only known at run time.
  readonly optional?: boolean;
  readonly starts?: boolean;
  readonly logical?: true;
}

// sudo 1.9, unshare/nsenter (util-linux 2.38): `--help` and their getopt_long tables.
const SUDO_LONGS = ['askpass', 'background', 'bell', 'close-from', 'chdir', 'chroot', 'preserve-env', 'edit', 'group', 'set-home', 'help', 'host', 'login', 'remove-timeout', 'reset-timestamp', 'non-interactive', 'preserve-groups', 'prompt', 'role', 'type', 'shell', 'other-user', 'user', 'command-timeout', 'list', 'validate', 'version'];
const UNSHARE_LONGS = ['help', 'version', 'mount', 'uts', 'ipc', 'net', 'pid', 'user', 'cgroup', 'time', 'fork', 'kill-child', 'mount-proc', 'mount-binfmt', 'map-user', 'map-users', 'map-group', 'map-groups', 'map-root-user', 'map-current-user', 'map-auto', 'propagation', 'setgroups', 'keep-caps', 'setuid', 'setgid', 'root', 'wd', 'monotonic', 'boottime', 'load-interp'];
const NSENTER_LONGS = ['all', 'help', 'version', 'target', 'mount', 'uts', 'ipc', 'net', 'pid', 'cgroup', 'user', 'time', 'setuid', 'setgid', 'preserve-credentials', 'root', 'wd', 'wdns', 'env', 'no-fork', 'follow-context', 'user-parent', 'keep-caps', 'join-cgroup'];
// make's long options: its one table (shell/long-options.ts), which unconfined-attached.ts reads too.
const MAKE_LONGS = Object.keys(LONG_OPTIONS['make']!.longs);

export const FOLDER_ROWS: Readonly<Record<string, FolderRow>> = {
  // env's folders are read by env's one reader (shell/env-words.ts); the row marks it a wrapper that has them.
  env: { starts: true },
  sudo: { shorts: 'D', longs: ['chdir'], every: SUDO_LONGS, starts: true },
  run0: { shorts: 'D', longs: ['chdir'], starts: true },
  'systemd-run': { longs: ['working-directory'], starts: true },
  unshare: { shorts: 'w', longs: ['wd'], every: UNSHARE_LONGS, starts: true },
  nsenter: { shorts: 'w', longs: ['wd'], every: NSENTER_LONGS, optional: true, starts: true },
  git: { shorts: 'C' },
  make: { shorts: 'C', longs: ['directory'], every: MAKE_LONGS },
  tar: { shorts: 'C', longs: ['directory'] },
  npm: { shorts: 'C', longs: ['prefix'], logical: true },
  pnpm: { shorts: 'C', longs: ['dir'], logical: true },
  yarn: { longs: ['cwd'], logical: true },
  bun: { longs: ['cwd'] },
  just: { shorts: 'd', longs: ['working-directory'] },
  ninja: { shorts: 'C' },
  go: { shorts: 'C' },
  cargo: { shorts: 'C' },
  uv: { longs: ['directory'] },
  poetry: { shorts: 'C', longs: ['directory'] },
};
// Any other program's folder-looking option, on the paths' side only (more folders judged, never fewer).
const ANY: FolderRow = { shorts: 'C', longs: ['chdir', 'wd', 'working-directory', 'directory'] };
// find's actions: `-exec`/`-ok` start a command in find's folder, `-execdir`/`-okdir` in the folder of each match.
const FIND_STARTS = /^-(?:exec|ok)(dir)?$/;
const MAX_DEPTH = 4;

// The folder options among `words[from..to)` (the option words of `program`, per its row).
function readOptions(words: readonly string[], from: number, to: number, program: string, row: FolderRow, out: FolderWord[]): void {
  const starts = row.starts === true;
  const push = (folder: string | undefined): void => void out.push({ program, starts, ...(folder === undefined ? {} : { folder }), ...(row.logical ? { logical: true as const } : {}) });
  for (let i = from; i < to; i++) {
    const word = words[i]!;
    if (word === '--') return;
    const long = longOption(word, row.every ?? row.longs ?? []);
    if (long !== undefined) {
      if (!long.names.some((name) => row.longs?.includes(name))) continue;
      push(long.value ?? (row.optional ? undefined : words[i + 1]));
      continue;
    }
    if (!/^-[^-]/.test(word)) continue;
    const spec = WRAPPERS[program];
    for (let k = 1; k < word.length; k++) {
      const letter = word[k]!;
      if (row.shorts?.includes(letter)) {
        const rest = word.slice(k + 1);
        push(rest !== '' ? rest : row.optional ? undefined : words[i + 1]);
        break;
      }
      if (spec?.argShort?.includes(letter) || spec?.stringShort?.includes(letter)) break;
    }
  }
}

// One simple command's words: the wrappers' folders in order, then (when `wrappersOnly` is false) the folder options
// of the program they start (`git -C`, `tar -C`, any `-C`). A command string (`env -S`, `su -c`) ends the reading here:
// lineFolders reads every word that may be one as a line of its own.
function readCommand(line: readonly string[], out: FolderWord[], wrappersOnly: boolean): void {
  let words = line;
  let at = 0;
  while (at < words.length) {
    // The command's own assignments (`GIT_DIR=../o.git git …`) come before its name.
    if (/^[A-Za-z_]\w*=/.test(words[at]!)) {
      at += 1;
      continue;
    }
    const program = sameProgram(basename(words[at]!));
    if (program === 'find') {
      const action = words.findIndex((word, i) => i > at && FIND_STARTS.test(word));
      if (action < 0) return;
      if (words[action]!.endsWith('dir')) out.push({ program, starts: true });
      at = action + 1;
      continue;
    }
    if (program === 'env') {
      // env's words as env reads them (shell/env-words.ts): its folders, then the command, -S strings split in place.
      const env = readEnv(words.slice(at));
      for (const folder of env.folders) out.push({ program, starts: true, folder });
      if (env.unknown !== undefined) out.push({ program, starts: true });
      words = env.command;
      at = 0;
      continue;
    }
    const spec = WRAPPERS[program];
    const row = FOLDER_ROWS[program];
    if (spec === undefined) {
      if (wrappersOnly) return;
      readOptions(words, at + 1, words.length, program, row ?? ANY, out);
      // git's repository-selecting options and variables are its folder too (git-repo-place.ts).
      if (program === 'git') for (const folder of gitRepoPlaces(words.slice(at + 1), assignmentWords(words.slice(0, at)))) out.push({ program, starts: false, folder });
      return;
    }
    const inner = unwrap(spec, words.slice(at).map((value) => ({ value, dynamic: value.includes('$') })));
    const end = inner.kind === 'none' ? words.length : at + inner.index;
    if (row !== undefined) readOptions(words, at + 1, end, program, row, out);
    if (inner.kind !== 'command') return;
    at = end;
  }
}

// Every folder option of a line's text, reading each simple command and, on the paths' side, every word that may be
// a command string (`sh -c '..'`, `su -c ..`, `env -S ..`). Past MAX_DEPTH nested strings: a folder only known at
// run time (never silently none).
export function lineFolders(text: string, depth = 0): FolderWord[] {
  if (depth > MAX_DEPTH) return [{ program: 'sh', starts: true }];
  const out: FolderWord[] = [];
  for (const command of shCommands(text)) {
    const words = command.map((word) => word.text);
    readCommand(words, out, false);
    for (const word of words) if (/\s/.test(word)) out.push(...lineFolders(word, depth + 1));
  }
  return out;
}

// The folders a command's wrappers start it in (`env -C sub`, `sudo --chdir=sub`, `find .. -execdir`), outermost first.
export function startedFolders(text: string): FolderWord[] {
  const first = shCommands(text)[0];
  return first === undefined ? [] : commandFolders(first.map((word) => word.text));
}

// The same for one simple command's words (the hook walk's reading: obeyed-hooks.ts).
export function commandFolders(words: readonly string[]): FolderWord[] {
  const out: FolderWord[] = [];
  readCommand(words, out, true);
  return out;
}

// The folder options of the first program of `words` alone (a program of the table: `npm --prefix D`, `yarn --cwd D`,
// `env -C D` up to the command it starts, not that command's): for a reader that walks a line one program at a time
// (hook-fed.ts, hook-tasks.ts). `words[0]` may be a path or carry a version (`pnpm@9`).
export function programFolders(words: readonly string[]): FolderWord[] {
  const program = sameProgram(basename(words[0] ?? '').replace(/(?<=.)@[^/]*$/, ''));
  const row = FOLDER_ROWS[program];
  if (row === undefined) return [];
  if (program === 'env') return readEnv(words).folders.map((folder) => ({ program, starts: true, folder }));
  const spec = WRAPPERS[program];
  const inner = spec === undefined ? undefined : unwrap(spec, words.map((value) => ({ value, dynamic: value.includes('$') })));
  const out: FolderWord[] = [];
  readOptions(words, 1, inner === undefined || inner.kind === 'none' ? words.length : inner.index, program, row, out);
  return out;
}
