// psql runs the meta-commands of the files it reads (red team R21-3): `psql -f FILE`, `--file=FILE`, `\i FILE` /
// `\ir FILE` in its `-c` text or in such a file, and the start-up file PSQLRC names (startup-variables.ts reads
// that variable as `psql -X -f FILE`). A `\!` there runs a shell command as one in `-c` text does (immune-code.ts
// reads that text with the same test). Each file is read through the read jail (the workspace's, `/` for one
// elsewhere); one that cannot be read whole (missing, a link, not a regular file, past the size bound), named by
// a run-time word, or past the include bounds is not known: the line asks, saying which file. With the home folder
// in the workspace, `~/.psqlrc` (which psql reads unless `-X`) is a file the model may have written: read too.
import { lstatSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Beneath } from '../workspace/beneath.js';
import { readHeadBeneath } from '../workspace/own-read-sync.js';
import type { SimpleCommand } from '../shell/parse-types.js';

// `\!`, output or a query piped to a program (`\o |`, `\g |`, `\w |`), `\copy ... program`, `COPY ... PROGRAM`,
// a meta-command's backquoted argument (psql runs it through the shell: `\set x \`cmd\``), the editor commands
// and `\setenv` (which names the editor or pager psql starts).
export const PSQL_SHELL = /\\(?:!|[ogw]x?\s*\||copy\b[\s\S]*\bprogram\b|(?:e|ef|ev|edit|setenv)\b)|\bto\s+program\b|\bfrom\s+program\b|\\[a-z][^\n`]*`/i;

// `\i FILE`, `\include FILE`, `\ir FILE`, `\include_relative FILE` (a quoted name or a word).
const INCLUDE = /\\(i|include|ir|include_relative)\s+(?:'([^']*)'|([^\s\\]+))/g;

const MAX_BYTES = 256 * 1024;
const MAX_FILES = 32;
const MAX_DEPTH = 8;

interface Reading {
  readonly root: string;
  readonly runDir: string;
  files: number;
}

// The files psql reads by its options (`-f X`, `-fX`, `--file=X`, `--file X`): [value, known]. A word of flags
// with no `f` is no file option; a value-taking letter before `f` (`-cf`) makes the rest its value, not a file.
function fileOperands(command: SimpleCommand): { value: string; known: boolean }[] {
  const out: { value: string; known: boolean }[] = [];
  const words = command.words.slice(1);
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word.value === '--') break;
    // After psql's flags in one word (`-Xf FILE`, `-qfFILE`), or getopt_long's prefix of `--file` (`--fil=FILE`).
    const attached = /^(?:-[aAbeEHlnqsStxXwWz01]*f|--fil(?:e)?=)(.+)$/s.exec(word.value);
    if (attached) out.push({ value: attached[1]!, known: !word.dynamic });
    else if (/^(?:-[aAbeEHlnqsStxXwWz01]*f|--fil(?:e)?)$/.test(word.value) && words[i + 1] !== undefined) {
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

// Why the meta-commands of `text` (read in `dir` for `\ir`, `cwd` for `\i`) run a shell command, or undefined.
function textCode(text: string, where: string, dir: string, reading: Reading, depth: number): string | undefined {
  if (PSQL_SHELL.test(text)) return `psql runs a shell command from ${where}`;
  for (const match of text.matchAll(INCLUDE)) {
    const name = match[2] ?? match[3]!;
    const base = match[1]!.startsWith('ir') || match[1] === 'include_relative' ? dir : reading.runDir;
    const why = fileCode(name, base, reading, depth + 1);
    if (why !== undefined) return why;
  }
  return undefined;
}

function fileCode(name: string, base: string, reading: Reading, depth: number): string | undefined {
  // Standard input is read where stdin is judged (immune-stdin.ts).
  if (name === '-' || /^(?:\/dev\/stdin|\/dev\/fd\/0|\/proc\/self\/fd\/0)$/.test(name)) return undefined;
  if (depth > MAX_DEPTH || ++reading.files > MAX_FILES) return `psql reads more files than codeward reads (${MAX_FILES} files, ${MAX_DEPTH} deep), up to \`${name}\``;
  // A name psql interpolates (`:var`) is only known at run time.
  if (/:['"]?[A-Za-z_{]/.test(name)) return `psql runs the meta-commands of a file only known at run time (\`${name}\`)`;
  const abs = resolve(base, name);
  const text = readWhole(abs, reading.root);
  if (text === undefined) return `psql runs the meta-commands of \`${name}\` (\\! runs shell commands), which codeward could not read whole`;
  return textCode(text, `\`${name}\``, dirname(abs), reading, depth);
}

// Why this psql command runs a shell command from a file it reads, or undefined (`place`: where the line runs;
// without one, any file it reads is not known).
export function psqlFileCode(command: SimpleCommand, place: { readonly root: string; readonly runDir: string } | undefined): string | undefined {
  const reading: Reading = { root: place?.root ?? '/', runDir: place?.runDir ?? '/', files: 0 };
  for (const file of fileOperands(command)) {
    if (!file.known) return `psql runs the meta-commands of a file only known at run time (\`${file.value}\`)`;
    if (place === undefined && file.value !== '-') return `psql runs the meta-commands of \`${file.value}\`, which codeward does not read here`;
    const why = fileCode(file.value, reading.runDir, reading, 0);
    if (why !== undefined) return why;
  }
  const home = homedir();
  const rc = join(home, '.psqlrc');
  if (place !== undefined && new Beneath(place.root).contains(home) && !command.args.some((arg) => /^(?:-[aAbeEHlnqsStxwWz]*X[a-zA-Z]*|--no-psqlrc)$/.test(arg)) && present(rc)) {
    const why = fileCode(rc, home, reading, 0);
    if (why !== undefined) return why;
  }
  // `\i FILE` in the `-c` text (its other meta-commands are read by PSQL_SHELL over every argument).
  for (const arg of command.args) {
    if (!/\\(?:i|include|ir|include_relative)\s/.test(arg)) continue;
    if (place === undefined) return 'psql runs the meta-commands of a file its arguments include, which codeward does not read here';
    const why = textCode(arg, 'its arguments', reading.runDir, reading, 0);
    if (why !== undefined) return why;
  }
  return undefined;
}
