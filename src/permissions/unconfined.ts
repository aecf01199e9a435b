import { cdPlaces } from '../workspace/kernel-place.js';
import { inlineProgram, languageOf } from '../shell/parse-inline.js';
import { sedScripts } from '../shell/parse-launch-sed.js';
import { awkProgramVeto } from './options/awk.js';
import { sedScriptVeto } from './options/sed.js';
import type { ShellParse, SimpleCommand } from '../shell/parse-types.js';
import { UNKNOWN } from './argv.js';
import type { Immunity } from './immune.js';
import { wrapperFolderWords, type ShellPlace } from './immune-place.js';
import { leaves, named, outsideHow, globbed, wordLeaves, wordOutside } from './unconfined-paths.js';
import { installsOutside } from './unconfined-installs.js';
import { environmentOutside } from './unconfined-env.js';
import { scriptWord, searchPathEntries } from './unconfined-interpreters.js';
import { makeReading, optionValues } from './unconfined-attached.js';
import type { Judged } from './types.js';
import { isFolderChange, readParsedCd } from '../shell/cd-operand.js';

// With no OS sandbox (--sandbox off, or none runs here) the parse is the only guard of what a line writes
// (red team R13-18: `cd ~ && echo x >> .bashrc`, `python3 -c "open(os.path.expanduser('~/.bashrc'),'a')"`,
// `node -e "fs.appendFileSync(os.homedir()+'/.bashrc', …)"` wrote the home start-up file under --yes). A
// line whose writes the parse cannot bound to the workspace needs a person, never --yes or an allow rule:
// - a cd/pushd (or a folder option: `env -C`, `make -C`) out of the workspace (home, `-`, a folder only
//   known at run time) followed by anything that is not a read-only program, or by a write to a file;
// - a write to a file (redirection) outside the workspace and the temporary folder;
// - code given to an interpreter as text (-c/-e/-p/--eval, a here-document or a pipe), whatever it does;
// - a script or program run from a path outside the workspace (`python3 ~/x.py`, `bash /srv/x.sh`, `~/bin/x`);
// - a program that is not read-only given a path outside the workspace and the temporary folder.
// Scripts, tests and builds of the workspace (`npm test`, `make`, `python3 gen.py`, `pytest`) run as before.

// Languages whose inline code the option tables do not read (awk and sed programs are read there).
const CODE_LANGUAGES = new Set(['python', 'js', 'perl', 'ruby', 'php', 'lua', 'r', 'applescript', 'other']);
const SINKS = /^\/dev\/(?:null|stdout|stderr|tty|fd\/[12])$/;
const SYSTEM = /^\/(?:usr|bin|sbin|lib|lib64|opt|nix|snap)\//;
type ReadOnlyVeto = (command: SimpleCommand) => string | undefined;

// The folders the line's relative paths may be taken from, and the first cd that leaves the workspace.
function moves(parse: ShellParse, place: ShellPlace): { bases: string[]; out?: string } {
  const bases = [place.runDir];
  let out: string | undefined;
  for (const command of parse.commands) {
    // The one cd reader (shell/cd-operand.ts, R31): `cd -P -- D`, `builtin cd D`, CDPATH's folders; the home,
    // `-` (OLDPWD may come from the environment) and a CDPATH only known at run time leave the workspace as far as
    // this knows; the folder stack (`popd`, `pushd +1`) holds only folders the line pushed (a shell starts with none).
    const read = readParsedCd(command);
    if (read === undefined || read.kind === 'stack') continue;
    const target = read.kind === 'folder' ? command.words[read.at] : undefined;
    // The CDPATH folders and the cd's target as the cd reads them (kernel-place.ts cdPlaces: bash's logical cd, or
    // the kernel's place with -P); a place it cannot follow leaves as far as this knows.
    const from = read.kind === 'folder' ? read.bases.flatMap((base) => bases.flatMap((dir) => cdPlaces(dir, base, read.physical) ?? [])) : [];
    if (!target || wordLeaves(target, from, place.root)) {
      out ??= command.text.trim();
      continue;
    }
    for (const value of target.candidates) {
      for (const base of from) {
        const next = cdPlaces(base, value, read.kind === 'folder' && read.physical);
        if (next === undefined) out ??= command.text.trim();
        for (const each of next ?? []) if (bases.length < 16) bases.push(each);
      }
    }
  }
  // A wrapper's or a program's folder option (`env -C ~ sh -c …`, `make -C ~`, `git -C ~ init`), and the
  // folders find starts from (`find ~ -exec touch {}/x ;`), read from the text.
  const folder = [...wrapperFolderWords(parse.source), ...findStarts(parse.source)].find((value) => value.includes('$') || leaves(value, bases, place.root));
  if (folder !== undefined) out ??= folder;
  return { bases, ...(out ? { out } : {}) };
}

// The start folders of every `find` of the line (the words after it up to its first expression word).
function findStarts(source: string): string[] {
  const words = source.split(/\s+/).map((word) => word.replace(/^['"(]+|['");]+$/g, ''));
  const out: string[] = [];
  words.forEach((word, i) => {
    if (!/(?:^|\/)find$/.test(word)) return;
    for (const next of words.slice(i + 1)) {
      if (next === '' || /^[-(!]/.test(next) || out.length >= 16) break;
      out.push(next);
    }
  });
  return out;
}

function commandReason(command: SimpleCommand, bases: readonly string[], root: string): string | undefined {
  const name = command.name ?? '';
  const language = languageOf(name);
  if (language !== undefined && CODE_LANGUAGES.has(language)) {
    if (inlineProgram(name, command.words) !== undefined) return `${name} runs code given as text (${command.text.trim().slice(0, 60)})`;
    if (command.stdinProgram !== undefined || command.stdinScript) return `${name} runs code it reads on its standard input`;
  }
  // awk and sed programs that write a file or run a command of their own (`print > "f"`, `w f`, `system()`).
  const text = language === 'awk' ? inlineProgram(name, command.words)?.code : undefined;
  const program = text !== undefined ? awkProgramVeto(text) : name === 'sed' ? (sedScripts(command.args) ?? ['w']).map(sedScriptVeto).find((veto) => veto !== undefined) : undefined;
  if (program !== undefined) return `its ${name} program ${program}`;
  const make = makeReading(command);
  if (make?.unknown !== undefined) return `make's options hold ${make.unknown}, only known at run time: it may name a makefile, a folder or makefile text (-f, -C, -I, --eval, -E)`;
  if (make?.evaluates) return `${name} evaluates makefile text given on its line (${command.text.trim().slice(0, 60)})`;
  const makefile = make?.files.find((value) => leaves(value, bases, root));
  if (makefile !== undefined) return `make reads its makefiles from ${makefile || 'a path only known at run time'}, outside the workspace`;
  const script = scriptWord(command);
  const outside = script ? wordLeaves(script, bases, root) : undefined;
  if (outside) return `it runs ${outside}, a script outside the workspace`;
  // A link to a file or folder outside (`ln -s ~ h`, `ln ~/.bashrc r`): later writes through it leave.
  const linked = name === 'ln' ? command.words.slice(1).filter((word) => !word.value.startsWith('-')).map((word) => wordLeaves(word, bases, root)).find((text) => text !== undefined) : undefined;
  if (linked) return `it links ${linked}, outside the workspace, into it`;
  const raw = command.rawName ?? '';
  if (raw.includes('/') && !SYSTEM.test(raw) && leaves(raw, bases, root)) return `it runs ${raw}, a program outside the workspace`;
  return undefined;
}

// A program that is not read-only given a path outside the workspace and the temporary folder, as an operand
// or an option's value (`cp x /usr/local/bin/`, `install -t ~/.local/bin x`, `--prefix=/usr/local`): it may
// write there (red team R14-19: a copy into a system PATH folder ran under --sandbox off --yes). A relative
// operand counts by where it lands with the workspace's symlinks resolved (R14b-4: `bin -> /usr/local/bin`
// made earlier, then `cp x bin/`): a word that is not a path lands inside and stays free.
function outsidePath(command: SimpleCommand, bases: readonly string[], root: string): string | undefined {
  for (const word of command.words.slice(1)) {
    const values = word.candidates.flatMap(optionValues);
    if (values.every((value) => SINKS.test(value) || value.startsWith('/dev/'))) continue;
    const pathLike = values.some((value) => value.startsWith('/') || value.startsWith('~') || value.startsWith('..'));
    // A relative value only known in part is judged by the rest of the line's rules (dynamic words), not here.
    const judged = pathLike ? values : values.filter((value) => value !== '' && !value.includes(UNKNOWN));
    const outside = wordOutside(word, judged.filter((value) => !value.startsWith('-')), bases, root, true);
    if (outside !== undefined) return outside;
  }
  return undefined;
}

// A program that installs outside the workspace by default (`npm i -g .`, `pip install .`, `make install`:
// R14b-5); a folder option or variable keeps it inside only when it names a folder inside the workspace (`$PWD`
// is the run folder), not the temporary folder (R15-15: `npm i --prefix /tmp/x x` is an install outside).
function installs(command: SimpleCommand, bases: readonly string[], root: string): string | undefined {
  const inside = (value: string): boolean => {
    const path = value.replace(/^\$\{?PWD\}?(?=\/|$)/, '.');
    // A glob names what the line may make: not proven inside.
    return !/[$`*?[]/.test(path) && !leaves(path, bases, root);
  };
  const why = installsOutside(command, inside, bases);
  return why ? `it installs outside the workspace (${why})` : undefined;
}

function reasonOf(parse: ShellParse, place: ShellPlace, readOnly: ReadOnlyVeto): string | undefined {
  const { bases, out } = moves(parse, place);
  for (const redirection of parse.redirections) {
    if (!redirection.writes || redirection.duplicate) continue;
    const targets = redirection.target !== null ? [redirection.target] : (redirection.targetWord?.candidates ?? [UNKNOWN]);
    const sink = targets.every((target) => SINKS.test(target));
    if (out && !sink) return `it leaves the workspace (${out}) and then writes ${redirection.text.trim()}`;
    const how = targets.filter((target) => !SINKS.test(target)).map((target) => outsideHow(target, bases, place.root, true, redirection.targetWord !== undefined && globbed(redirection.targetWord))).find((each) => each !== undefined);
    if (how !== undefined) return `it writes ${named(redirection.text.trim(), how)} outside the workspace`;
  }
  // `PYTHONPATH=/out python3 -m ym`: the module the interpreter is named runs from outside (R29-6).
  const searched = parse.commands.some((command) => !isFolderChange(command.name) && readOnly(command) !== undefined) ? searchPathEntries(parse).find(({ entry }) => leaves(entry.includes('$') ? '' : entry, bases, place.root)) : undefined;
  if (searched !== undefined) return `it sets ${searched.variable} to ${searched.entry || 'a folder only known at run time'}, outside the workspace, where the programs it runs load their modules from`;
  for (const command of parse.commands) {
    const reason = commandReason(command, bases, place.root) ?? installs(command, bases, place.root);
    if (reason) return reason;
    if (out && !isFolderChange(command.name) && readOnly(command) !== undefined) return `it leaves the workspace (${out}) and then runs ${command.name ?? 'a program only known at run time'}`;
    const named = readOnly(command) !== undefined && !isFolderChange(command.name) ? outsidePath(command, bases, place.root) : undefined;
    if (named) return `${command.name ?? 'a program only known at run time'} is given ${named}, outside the workspace, and is not read-only`;
    // Whatever the program: an exported value reaches a read-only one as a prefix assignment does (R30-1).
    const env = isFolderChange(command.name) ? undefined : environmentOutside(command, bases, place.root);
    if (env) return `${command.name ?? 'a program only known at run time'} runs with ${env} in its environment (a place it writes to or keeps its configuration or state in), outside the workspace`;
  }
  return undefined;
}

// `readOnly`: why a command is not read-only with its arguments (readonly.ts readOnlyVeto), undefined when it is.
export function unconfinedEffect(judged: Judged, parse: ShellParse, place: ShellPlace, readOnly: ReadOnlyVeto): Immunity | undefined {
  if (!judged.unconfined) return undefined;
  for (const reading of [parse, ...(parse.alternatives ?? [])]) {
    const reason = reasonOf(reading, place, readOnly);
    if (!reason) continue;
    const { why, fix } = judged.unconfined;
    return { name: 'unconfined-effect', description: `${why}, so nothing contains this run, and ${reason}: its effect cannot be bounded to the workspace; ${fix}`, where: reading.source };
  }
  return undefined;
}
