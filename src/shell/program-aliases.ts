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

// The program `name` (a base name) is, or `name` itself.
export const sameProgram = (name: string): string => {
  const lower = name.toLowerCase();
  return Object.hasOwn(SAME_PROGRAM, lower) ? SAME_PROGRAM[lower]! : name;
};

// A shell line with each bare word that is an alias spelled as its program (`yarnpkg test` -> `yarn test`,
// `corepack yarnpkg@1 x` -> `corepack yarn@1 x`), and one in a system program folder (`/usr/bin/yarnpkg` ->
// `/usr/bin/yarn`: the package's own install, left28's LEFT). Another path (`./tools/yarnpkg`) is a file of its own
// and is left as written; so is a word inside another (`@yarnpkg/cli`, `yarnpkg.js`).
const BARE = new RegExp(String.raw`(?<=^|[\s;&|()\`'"=])((?:/usr(?:/local)?)?/s?bin/)?(${Object.keys(SAME_PROGRAM).join('|')})(?=$|[\s;&|()\`'"@])`, 'gi');
export const sameProgramText = (line: string): string => line.replace(BARE, (_all, folder: string | undefined, word: string) => `${folder ?? ''}${sameProgram(word)}`);
