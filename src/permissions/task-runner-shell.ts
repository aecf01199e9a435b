import { basename, isAbsolute, join, relative, resolve } from 'node:path';
import { envCommand } from '../shell/parse-wrappers.js';
import { sameProgram } from '../shell/program-aliases.js';
import type { TaskFolder, TaskNames, TaskRunner, TaskStep } from './task-runner-files.js';

// A shell script FILE of the workspace run by a shell (`sh clean.sh`, `bash -e x.sh`, `. ./env.sh`) or by its path
// (`./clean.sh` with a shell's #! line) is a task like a package script (red team R34-6: in place, `sh s.sh` with
// `rm -rf sub` in s.sh threw the uncommitted work away under --yes while `npm run clean` with the same line asked):
// its text is judged as the shell line it is, for seed 004's immune list of a run no checkpoint takes back (decide-
// scripts.ts: --no-stage, no sandbox). Code given as text (`-c`) or on standard input is
// judged by the line's own rules; an option not known here, or a script that is not a file of the workspace read
// whole, is unknown (fail closed).

const SHELLS = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh', 'mksh', 'ash', 'yash', 'posh', 'rbash', 'source', '.']);
// Options that take no value ('-e', '-x', `-o pipefail` takes one), the ones that stop reading a script (`-c`, `-s`,
// `-i`: code from text or stdin, judged elsewhere), and the long ones bash and zsh take.
const VALUED = new Set(['-o', '+o', '-O', '+O', '--rcfile', '--init-file']);
const STOPS = /^-[a-zA-Z]*[cs]/;
const FLAGS = /^[-+][aefhklmnptuvxBCEHPT]+$/;
const LONG = new Set(['--norc', '--noprofile', '--posix', '--login', '--noediting', '--restricted', '--verbose', '--debugger', '--dump-strings', '--pretty-print']);
// Interpreters whose scripts are not shell text: a script file of theirs is run unread (their code is not judged for the
// immune list: LEFT, red team R36-5), never taken for a shell script.
const NOT_SHELL = /^(?:python[\d.]*|pypy[\d.]*|node|deno|bun|perl[\d.]*|ruby[\d.]*|php[\d.]*|lua[\d.]*|luajit|tclsh[\d.]*|Rscript|julia|osascript)$/;

// What a #! line runs (red team R36-9): its program's base name through `env` and its options, read by the top
// level's own env reader (shell/parse-wrappers.ts envCommand: -S/--split-string split in place, -i, -u NAME, --); `rbash` (bash started restricted: rm and redirections allowed) is a shell.
// 'shell' (a shell reads the file), 'other' (an interpreter of another language), or unknown.
function shebangProgram(line: string): 'shell' | 'other' | { readonly unknown: string } {
  const words = line.slice(2).trim().split(/\s+/);
  const program = basename((basename(words[0] ?? '') === 'env' ? envCommand(words) : words)[0] ?? '');
  if (SHELLS.has(program) && program !== 'source' && program !== '.') return 'shell';
  if (NOT_SHELL.test(sameProgram(program))) return 'other';
  return { unknown: `its #! line runs ${program || 'nothing codeward can read'}, a program codeward does not read` };
}

// A script named only at run time: find's `{}` (`find . -exec sh {} \\;`, R36-3), a variable (`bash $f`), a command's
// output. Unknown (fail closed): only read for the immune list of a run no checkpoint takes back (decide-scripts.ts
// queues a script file's runner only then), so a staged run's `for f in *.sh; do bash $f; done` stays free (R14-16).
function runTimeName(word: string): TaskNames | undefined {
  return /[$`]|\{\}/.test(word) ? { unknown: `the script ${word} is only known at run time` } : undefined;
}

function scriptOperand(rest: readonly string[]): TaskNames {
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i]!;
    if (word === '--') return rest[i + 1] === undefined ? null : { names: [rest[i + 1]!] };
    if (STOPS.test(word)) return null;
    if (VALUED.has(word)) {
      i += 1;
      continue;
    }
    if (FLAGS.test(word) || LONG.has(word)) continue;
    if (word.startsWith('-') || word.startsWith('+')) return word === '-' ? null : { unknown: `the shell option ${word} is not one codeward knows` };
    return runTimeName(word) ?? { names: [word] };
  }
  return null;
}

function scriptText(folder: TaskFolder, name: string): TaskStep {
  if (/[*?[]/.test(name)) return { lines: [], unknown: `the script ${name} is a pattern the shell expands at run time` };
  const abs = isAbsolute(name) ? resolve(name) : join(folder.dir, name);
  // A script outside the workspace is judged by the line's own rules, as before R34-6: the sandbox's runs write only
  // the workspace and a private /tmp, and with no OS sandbox at all the parse asks for a script run from outside the
  // workspace (unconfined.ts). LEFT: --sandbox off's write jail also writes the real temporary folder, so a script an
  // earlier jailed run left there and an in-place run of it are not read.
  if (!inside(abs, folder.root)) return { lines: [] };
  const text = folder.text(abs);
  if (text === 'unreadable') return { lines: [], unknown: `the script ${name} cannot be read whole` };
  // A name the shell may look up on PATH (`. env.sh`, `bash tool`): not a file here, so not a script of the workspace.
  return text === 'absent' ? { lines: [] } : { lines: [text] };
}

function inside(path: string, area: string): boolean {
  const rel = relative(area, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

// `sh FILE`, `bash -e FILE args`, `source FILE`, `. FILE`.
export const SHELL_SCRIPT: TaskRunner = { files: 'the shell script file it runs', names: scriptOperand, read: scriptText };

// A program given by a path of the workspace (`./clean.sh`, `scripts/x`): a shell script when its #! line names a shell,
// or when it has none (the calling shell runs such a file itself).
// A program named only at run time (`find . -exec {} \\;`, `$SCRIPT`) is such a file as far as anyone can tell.
export function pathScript(program: string): TaskRunner | undefined {
  const unknown = runTimeName(program);
  if (unknown === undefined && (!program.includes('/') || /^\/(?:usr|bin|sbin|opt|nix|snap)\//.test(program))) return undefined;
  return {
    files: SHELL_SCRIPT.files,
    names: () => unknown ?? { names: [program] },
    read: (folder, name) => {
      const step = scriptText(folder, name);
      const text = step.lines[0];
      if (text === undefined || !text.startsWith('#!')) return step;
      const program = shebangProgram(text.slice(0, text.indexOf('\n') === -1 ? undefined : text.indexOf('\n')));
      return program === 'shell' ? step : program === 'other' ? { lines: [] } : { lines: [], unknown: program?.unknown ?? 'an unknown #! line' };
    },
  };
}

export const isShellName = (program: string): boolean => SHELLS.has(program);

// Whether a runner row is a script file's: only the immune list of an unstaged run is taken from its text
// (decide-scripts.ts); the person's path rules judge what it writes as they judge any in-place run (path-rules.ts).
export const isScriptFileRunner = (runner: TaskRunner): boolean => runner.files === SHELL_SCRIPT.files;
