// git's program-valued options and operands, one table (red team R30-7) read by both judges: the launch reader
// (parse-launchers.ts: the value is walked as the shell text git hands to `sh -c`, so every class and the unconfined
// judge read `touch ~/x` in `git grep -O'touch ~/x'`) and the immune class of git's command runners
// (permissions/immune-git.ts, `runner`: ask even under --yes). Before, the transport options (gitext23), the runner
// operands (parse-launch-runners.ts) and the immune list (immune-git.ts) were three lists, and `git grep
// -O/--open-files-in-pager=CMD`, `git daemon --access-hook=CMD` were in none.
// parse-options takes any unique prefix of a long option: `min` is the shortest one no other option of the
// subcommand shares; a program with its own parser (daemon, filter-branch) takes the whole name (`min` = length).
import type { Launch } from './parse-launchers.js';
import type { WordLike } from './parse-wrappers.js';

interface ProgramOption {
  readonly long: string;
  readonly min: number;
  readonly short?: string;
  // The value is optional and only attached (`-Ovim`, `--open-files-in-pager=vim`); bare, git runs the configured
  // pager (still a program given the files: a runner).
  readonly optional?: boolean;
}

interface SubcommandRow {
  readonly options: readonly ProgramOption[];
  // Short options taking a value (a cluster ends at one: `-bu` is the branch `u`).
  readonly valued?: string;
  // One of git's command runners: the immune class's (a program given as text runs whatever the sandbox).
  readonly runner?: boolean;
}

const UPLOAD = { long: '--upload-pack', min: 5 };
const FILTERS = ['--setup', '--env-filter', '--tree-filter', '--index-filter', '--parent-filter', '--msg-filter', '--commit-filter', '--tag-name-filter'];

export const GIT_PROGRAM_OPTIONS: Readonly<Record<string, SubcommandRow>> = {
  // Transports (gitext23): for a local repository git runs CMD through the shell (`CMD '<path>'`).
  fetch: { options: [UPLOAD] },
  pull: { options: [UPLOAD] },
  clone: { options: [{ ...UPLOAD, short: 'u' }], valued: 'objc' },
  'ls-remote': { options: [{ long: '--upload-pack', min: 3 }] },
  'fetch-pack': { options: [{ long: '--upload-pack', min: 3 }, { long: '--exec', min: 3 }] },
  push: { options: [{ long: '--receive-pack', min: 6 }, { long: '--exec', min: 4 }] },
  'send-pack': { options: [{ long: '--receive-pack', min: 3 }, { long: '--exec', min: 3 }] },
  archive: { options: [{ long: '--exec', min: 4 }] },
  // `git instaweb --httpd=CMD` / `-d CMD` starts CMD through the shell, unquoted (R23-4).
  instaweb: { options: [{ long: '--httpd', min: 4, short: 'd' }], valued: 'pbm' },
  // git-svn (Getopt::Long) runs the authors program for every author.
  svn: { options: [{ long: '--authors-prog', min: 11 }] },
  // The command runners: the pager given the matching files, a program per client connection, the diff program per
  // file, a command after each commit, the history filters.
  grep: { options: [{ long: '--open-files-in-pager', min: 4, short: 'O', optional: true }], valued: 'efABCm', runner: true },
  daemon: { options: [{ long: '--access-hook', min: 13 }], runner: true },
  difftool: { options: [{ long: '--extcmd', min: 3, short: 'x' }], valued: 't', runner: true },
  rebase: { options: [{ long: '--exec', min: 4, short: 'x' }], valued: 'sX', runner: true },
  'filter-branch': { options: FILTERS.map((long) => ({ long, min: long.length })), valued: 'd', runner: true },
};

// Runner operands: `git submodule foreach CMD` (shell text), `git bisect run CMD ARGS` (an argv).
const OPERAND_RUNNERS: Readonly<Record<string, string>> = { submodule: 'foreach', bisect: 'run' };

export interface ProgramValue {
  // The text git runs; undefined for a bare optional option (the configured program).
  readonly text?: string;
  readonly dynamic: boolean;
  readonly option: string;
}

function longOption(row: SubcommandRow, word: string): ProgramOption | undefined {
  const name = word.split('=')[0]!;
  return name.startsWith('--') ? row.options.find((option) => name.length >= option.min && option.long.startsWith(name)) : undefined;
}

// The program values of git's words after the subcommand (`rest`), up to `--`.
export function gitProgramValues(sub: string, rest: readonly WordLike[]): ProgramValue[] {
  const row = GIT_PROGRAM_OPTIONS[sub];
  if (row === undefined) return [];
  const out: ProgramValue[] = [];
  for (let k = 0; k < rest.length; k++) {
    const word = rest[k]!;
    if (word.value === '--') break;
    const long = longOption(row, word.value);
    if (long !== undefined) {
      const eq = word.value.indexOf('=');
      const next = long.optional || eq >= 0 ? undefined : rest[++k];
      if (eq >= 0) out.push({ text: word.value.slice(eq + 1), dynamic: word.dynamic, option: long.long });
      else if (next !== undefined) out.push({ text: next.value, dynamic: next.dynamic, option: long.long });
      else out.push({ dynamic: false, option: long.long });
      continue;
    }
    if (!/^-[a-zA-Z]/.test(word.value)) continue;
    // A short cluster (`-qu CMD`, `-iOvim`): flags, then the program option or a valued one (its value ends it).
    for (let c = 1; c < word.value.length; c++) {
      const letter = word.value[c]!;
      const option = row.options.find((each) => each.short === letter);
      const attached = word.value.slice(c + 1);
      if (option !== undefined) {
        const next = attached === '' && !option.optional ? rest[++k] : undefined;
        if (attached !== '') out.push({ text: attached, dynamic: word.dynamic, option: `-${letter}` });
        else if (next !== undefined) out.push({ text: next.value, dynamic: next.dynamic, option: `-${letter}` });
        else out.push({ dynamic: false, option: `-${letter}` });
        break;
      }
      if (row.valued?.includes(letter)) {
        if (attached === '') k++;
        break;
      }
    }
  }
  return out;
}

// Whether this git call runs a program it is given (the immune class of git's command runners, immune-git.ts).
export function gitRunsProgram(sub: string, rest: readonly string[]): boolean {
  const operand = OPERAND_RUNNERS[sub];
  if (operand !== undefined && rest.find((arg) => !arg.startsWith('-')) === operand) return true;
  return GIT_PROGRAM_OPTIONS[sub]?.runner === true && gitProgramValues(sub, rest.map((value) => ({ value, dynamic: false }))).length > 0;
}

// What git's words (words[0] is git, words[sub] its subcommand) launch through this table.
export function gitProgramLaunches(words: readonly WordLike[], sub: number): Launch[] {
  const name = words[sub]?.value ?? '';
  const rest = words.slice(sub + 1);
  if (OPERAND_RUNNERS[name] !== undefined) {
    const at = rest.findIndex((word) => !word.value.startsWith('-'));
    if (at < 0 || rest[at]!.value !== OPERAND_RUNNERS[name] || at + 1 >= rest.length) return [];
    if (name === 'bisect') return [{ kind: 'command', index: sub + at + 2 }];
    const command = rest.slice(at + 1).filter((word) => !/^--(?:recursive|quiet)$/.test(word.value) && word.value !== '-q');
    return command.length > 0 ? [{ kind: 'text', text: command.map((word) => word.value).join(' ') }] : [];
  }
  return gitProgramValues(name, rest).flatMap(({ text, dynamic, option }): Launch[] => {
    if (text === undefined || text.trim() === '') return [];
    return [dynamic ? { kind: 'text', text, runtime: `git ${name}'s \`${option}\` runs a command only known at run time` } : { kind: 'text', text }];
  });
}
