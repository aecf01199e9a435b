// Programs with a command language of their own run the commands of the files they read (red team R21-3: `psql -f
// FILE`, `\i FILE`, PSQLRC; R22-11: `sqlite3 -init FILE` / `.read FILE`, `duckdb -init`/`-f`, `gdb -x`/`--command`/
// `-ix` / `source`, mysql `source FILE` / `\. FILE`, `lldb -s`/`--source` / `command source`), and a shell escape
// there (`\!`, `.shell`, `shell`, `system`, `platform shell`) runs a shell command as one in the program's inline text
// does (the same immune class: immune-code.ts). Which options and meta-commands name a file and which lines escape is
// each program's row (shell/parse-launch-command-files.ts, held in its ProgramRow). Each file is read through the read
// jail (the workspace's, `/` for one elsewhere); one that cannot be read whole (missing, a link, not a regular file,
// past the size bound), named by a run-time word, or past the include bounds is not known: the line asks, saying
// which file. With the home folder in the workspace, the program's start-up file there (`~/.psqlrc`, `~/.sqliterc`,
// `~/.gdbinit`...) is a file the model may have written: read too.
//
// A shell script (`sh s.sh`) is not read here: its commands are the shell's own language, which codeward judges
// where it knows them (a line, a hook it walks); a script file run by name is the program the person allowed (`allow
// sh *`). A REPL's command file is read because the program is allowed as a database or debugger client: its file
// looks like data (SQL, debugger commands), and the one line in it that leaves that language for a shell is exactly
// what the program's allow rule never meant.
import { lstatSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Beneath } from '../workspace/beneath.js';
import { readHeadBeneath } from '../workspace/own-read-sync.js';
import type { SimpleCommand } from '../shell/parse-types.js';
import { ROWS } from '../shell/parse-launch-program-rows.js';
import type { CommandFiles } from '../shell/parse-launch-command-files.js';

const MAX_BYTES = 256 * 1024;
const MAX_FILES = 32;
const MAX_DEPTH = 8;

interface Reading {
  readonly name: string;
  readonly row: CommandFiles;
  readonly root: string;
  readonly runDir: string;
  files: number;
  // Why the line may write a file before this command reads it (written-before.ts, R40-b6), asked lazily.
  readonly written?: (abs: string) => string | undefined;
}

// The files the command's options name: [value, known].
function fileOperands(command: SimpleCommand, row: CommandFiles): { value: string; known: boolean }[] {
  const out: { value: string; known: boolean }[] = [];
  const words = command.words.slice(1);
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word.value === '--') break;
    const found = row.file.exec(word.value);
    if (found === null) continue;
    const attached = found.groups?.['v'] ?? '';
    if (attached !== '') out.push({ value: attached, known: !word.dynamic });
    else if (row.omitted?.option === word.value && (words[i + 1] === undefined || words[i + 1]!.value.startsWith('-'))) out.push({ value: row.omitted.file, known: true });
    else if (words[i + 1] !== undefined) {
      out.push({ value: words[i + 1]!.value, known: !words[i + 1]!.dynamic });
      i++;
    }
  }
  return out;
}

// The text of `path` read whole through the jail, or undefined.
function readWhole(abs: string, root: string): string | undefined {
  let real: string;
  try {
    real = realpathSync(abs);
  } catch {
    return undefined;
  }
  const bytes = readHeadBeneath(new Beneath(root).contains(real) ? root : '/', real, MAX_BYTES);
  return bytes === undefined || bytes.length >= MAX_BYTES ? undefined : bytes.toString('utf8');
}

const present = (path: string): boolean => {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
};

// Why the commands of `text` (read in `dir` for a relative include, the working folder else) run a shell command.
function textCode(text: string, where: string, dir: string, reading: Reading, depth: number): string | undefined {
  if (reading.row.shell.test(text)) return `${reading.name} runs a shell command from ${where}`;
  for (const match of text.matchAll(reading.row.include)) {
    const groups = match.groups ?? {};
    const name = groups['q'] ?? groups['dq'] ?? groups['w'] ?? '';
    const why = fileCode(name, groups['rel'] !== undefined ? dir : reading.runDir, reading, depth + 1);
    if (why !== undefined) return why;
  }
  return undefined;
}

function fileCode(name: string, base: string, reading: Reading, depth: number): string | undefined {
  // Standard input is read where stdin is judged (immune-stdin.ts).
  if (name === '-' || /^(?:\/dev\/stdin|\/dev\/fd\/0|\/proc\/self\/fd\/0)$/.test(name)) return undefined;
  if (depth > MAX_DEPTH || ++reading.files > MAX_FILES) return `${reading.name} reads more files than codeward reads (${MAX_FILES} files, ${MAX_DEPTH} deep), up to \`${name}\``;
  if (name === '' || reading.row.runtimeName?.test(name) === true) return `${reading.name} runs the commands of a file only known at run time (\`${name}\`)`;
  if (reading.row.code?.test(name) === true) return `${reading.name} runs \`${name}\` as code in another language, which codeward does not parse`;
  const abs = resolve(base, name);
  const replaced = reading.written?.(abs);
  if (replaced !== undefined) return `${reading.name} runs the commands of \`${name}\`, which the line may write before it runs (${replaced})`;
  const text = readWhole(abs, reading.root);
  if (text === undefined) return `${reading.name} runs the commands of \`${name}\` (its shell escapes run shell commands), which codeward could not read whole`;
  return textCode(text, `\`${name}\``, dirname(abs), reading, depth);
}

// Why this command runs a shell command from its own text or a file of commands it reads, or undefined (`place`:
// where the line runs; without one, any file it reads is not known).
export function commandFileCode(command: SimpleCommand, place: { readonly root: string; readonly runDir: string } | undefined, written?: (abs: string) => string | undefined): string | undefined {
  const name = command.name?.toLowerCase();
  const row = name !== undefined && Object.hasOwn(ROWS, name) ? ROWS[name]!.commands : undefined;
  if (name === undefined || row === undefined) return undefined;
  // The meta-commands in its arguments (`-c`/`-e`/`-cmd` text, sqlite3's operands: red team R20-24).
  // A word's values the line set (`X=--pre=rm; rg "$X" src`) count too.
  const texts = [...command.args, ...command.words.slice(1).flatMap((word) => (word.dynamic ? word.candidates : []))];
  if (row.argsAreText && texts.some((arg) => row.shell.test(arg))) return `${name} runs a shell command from its arguments`;
  const reading: Reading = { name, row, root: place?.root ?? '/', runDir: place?.runDir ?? '/', files: 0, ...(written === undefined ? {} : { written }) };
  for (const file of fileOperands(command, row)) {
    if (!file.known) return `${name} runs the commands of a file only known at run time (\`${file.value}\`)`;
    if (place === undefined && file.value !== '-') return `${name} runs the commands of \`${file.value}\`, which codeward does not read here`;
    const why = fileCode(file.value, reading.runDir, reading, 0);
    if (why !== undefined) return why;
  }
  const home = homedir();
  const rc = row.rc === undefined ? undefined : join(home, row.rc.name);
  if (rc !== undefined && place !== undefined && new Beneath(place.root).contains(home) && !command.args.some((arg) => row.rc!.skip.test(arg)) && present(rc)) {
    const why = fileCode(rc, home, reading, 0);
    if (why !== undefined) return why;
  }
  // A file its arguments include (`\i FILE`, `.read FILE`, `source FILE`).
  if (!row.argsAreText) return undefined;
  for (const arg of command.args) {
    if (!new RegExp(row.include.source, row.include.flags.replace('g', '')).test(arg)) continue;
    if (place === undefined) return `${name} runs the commands of a file its arguments include, which codeward does not read here`;
    const why = textCode(arg, 'its arguments', reading.runDir, reading, 0);
    if (why !== undefined) return why;
  }
  return undefined;
}
