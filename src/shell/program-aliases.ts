import { moduleProgram } from './program-modules.js';

// The same program installed under another name (Debian's `yarnpkg` is yarn 1: red team R25-7; `slogin` is ssh:
// R25-14). It reads the same words the same way, so every table that knows a program by its name must know the
// alias too. They live here only, and reach the tables through the three places names are read: the shell
// reading's one normaliser (parse-names.ts programName: the planner's rows, SimpleCommand.name, the rules'
// readings), the script readers' program word (run-script-reading.ts programOf) and the hook walk's lines
// (obeyed-hooks.ts, by sameProgramText). test/permissions/program-aliases.test.ts runs each alias through every
// door and checks no other source file names one.
// Debian's alternatives (red team R27-2): `editor` (/etc/alternatives/editor: vim.basic, nano, ed, emacs ... as the
// system links it) and `sensible-editor` (the person's $VISUAL/$EDITOR, else `editor`) are read as vim, the editor
// among them that runs a script file (-S, -u, -c "so ..", +"!cmd"): the riskiest reading of a name whose program is
// chosen outside the line. BWK awk under its Debian names is awk.
const SAME_PROGRAM: Readonly<Record<string, string>> = {
  yarnpkg: 'yarn', slogin: 'ssh', editor: 'vim', 'sensible-editor': 'vim', 'original-awk': 'awk', 'one-true-awk': 'awk',
  // Debian's node (the `nodejs` package's program; `node` is a link only some installs add) and GNU make as BSDs and
  // macOS's Homebrew install it.
  nodejs: 'node', gmake: 'make',
};

export const PROGRAM_ALIASES: readonly (readonly [alias: string, program: string])[] = Object.entries(SAME_PROGRAM);

// `names` and every alias of a program among them: for a table a name reaches as written (a file name, a word of
// a configuration) rather than through sameProgram.
export const withAliases = (names: Iterable<string>): Set<string> => {
  const out = new Set(names);
  for (const [alias, program] of PROGRAM_ALIASES) if (out.has(program)) out.add(alias);
  return out;
};

// The C and C++ drivers under their versioned and target-prefixed names (`gcc-12`, `clang-17`, `clang++-17`,
// `x86_64-linux-gnu-gcc`, `aarch64-linux-gnu-g++-13`): the same driver, reading the same options (fix48's LEFT: a
// `gcc-12 -B.` ran unread).
const COMPILER = /^(?:[a-z0-9_]+-){0,4}?(gcc|g\+\+|cc|c\+\+|clang|clang\+\+)(?:-\d+(?:\.\d+)*)?$/;

// The program `name` (a base name) is, or `name` itself.
export const sameProgram = (name: string): string => {
  const lower = name.toLowerCase();
  if (Object.hasOwn(SAME_PROGRAM, lower)) return SAME_PROGRAM[lower]!;
  return COMPILER.exec(lower)?.[1] ?? name;
};

// A shell line with each bare word that is an alias spelled as its program (`yarnpkg test` -> `yarn test`,
// `corepack yarnpkg@1 x` -> `corepack yarn@1 x`), and one in a system program folder (`/usr/bin/yarnpkg` ->
// `/usr/bin/yarn`: the package's own install, left28's LEFT). Another path (`./tools/yarnpkg`) is a file of its own
// and is left as written; so is a word inside another (`@yarnpkg/cli`, `yarnpkg.js`).
const BARE = new RegExp(String.raw`(?<=^|[\s;&|()\`'"=])((?:/usr(?:/local)?)?/s?bin/)?(${Object.keys(SAME_PROGRAM).join('|')})(?=$|[\s;&|()\`'"@])`, 'gi');
export const sameProgramText = (line: string): string => line.replace(BARE, (_all, folder: string | undefined, word: string) => `${folder ?? ''}${sameProgram(word)}`);

// One program under another NAME that also moves words (red team R29-4, R29-5): each reading is the program a table
// knows by name with the words it reads. A reader that judges a call by its program's name (immune-commands.ts
// immuneCommand: the immune list and the config-verb class) judges every reading, so a reading only ever adds a
// class; a table that would free a call by its name (the read-only allowlist) keeps reading the name as written.
export interface ProgramCall {
  readonly name: string;
  readonly args: readonly string[];
}

// A file type's extension is a script of its own (`./shutdown.sh`), not a build flavour of the program.
const SCRIPT_TYPE = /\.(?:sh|bash|zsh|fish|ksh|py|pyw|js|mjs|cjs|ts|mts|cts|rb|pl|pm|php|lua|tcl|r|jl|ps1|exe|cmd|bat|com|jar)$/i;
// Service scripts' wrappers: `service NAME VERB` / `invoke-rc.d NAME VERB` run the init system's VERB of NAME.
const SERVICE_WRAPPERS = new Set(['service', 'invoke-rc.d']);
// kmod is a multi-call binary (insmod, rmmod, modprobe are links to it); as a command it takes these words too.
const KMOD_WORDS: Readonly<Record<string, string>> = { insert: 'insmod', remove: 'rmmod', insmod: 'insmod', rmmod: 'rmmod', modprobe: 'modprobe' };

// The readings one step away from `name ARGS` (a base name, lower-cased).
function nextCalls(name: string, args: readonly string[]): ProgramCall[] {
  const out: ProgramCall[] = [];
  const same = sameProgram(name);
  if (same !== name) out.push({ name: same, args });
  // git's dashed builtins (`git --exec-path`/git-reset, 166 files on Debian) and `git-NAME` programs: git runs
  // `git NAME` as them, so `git-NAME ARGS` is `git NAME ARGS`.
  const dashed = /^git-(.+)$/.exec(name);
  if (dashed) out.push({ name: 'git', args: [dashed[1]!, ...args] });
  const module = moduleProgram(name, args);
  if (module) out.push(module);
  // A versioned name (`pip3.11`, `python3.12`, `node20`, `clang-18`) and Debian's alternatives targets and build
  // flavours (`nc.openbsd`, `nc.traditional`, `vim.tiny`): the program they are a version or flavour of.
  const versioned = /^(.*[a-z])[-.]?\d+(?:\.\d+)*$/.exec(name);
  if (versioned) out.push({ name: versioned[1]!, args });
  const flavour = /^([a-z][\w+-]*)\.[a-z][\w-]*$/.exec(name);
  if (flavour && !SCRIPT_TYPE.test(name)) out.push({ name: flavour[1]!, args });
  const words = args.filter((arg) => !arg.startsWith('-'));
  if (name === 'kmod' && words[0] !== undefined && Object.hasOwn(KMOD_WORDS, words[0])) out.push({ name: KMOD_WORDS[words[0]]!, args: args.slice(args.indexOf(words[0]) + 1) });
  if (SERVICE_WRAPPERS.has(name) && words.length >= 2) out.push({ name: 'systemctl', args: [words[1]!, words[0]!, ...words.slice(2)] });
  // `update-rc.d NAME disable|remove`: the service no longer starts.
  if (name === 'update-rc.d' && ['disable', 'remove'].includes(words[1] ?? '')) out.push({ name: 'systemctl', args: ['disable', words[0]!] });
  return out;
}

// `name ARGS` and every other reading of it (`/usr/lib/git-core/git-reset --hard` -> `git reset --hard`,
// `python3.12 -m pip.__main__ config set` -> `pip config set`, `kmod insert x` -> `insmod x`, `service x stop` ->
// `systemctl stop x`): the one canonical-name function every reader of a program's name and words calls.
export function programCalls(name: string, args: readonly string[]): ProgramCall[] {
  const out: ProgramCall[] = [{ name, args }];
  const seen = new Set([`${name}\u0000${args.join('\u0000')}`]);
  for (let i = 0; i < out.length && out.length < 16; i++) {
    for (const next of nextCalls(out[i]!.name, out[i]!.args)) {
      const key = `${next.name}\u0000${next.args.join('\u0000')}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(next);
    }
  }
  return out;
}
