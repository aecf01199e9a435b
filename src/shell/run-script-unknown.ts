import { commandsOf, programOf } from './run-script-reading.js';

// What a shown script line leaves to run time (red team R18-9): a line whose effect depends on something the
// reading cannot show (a glob's matches, a command substitution's output, a variable's value, a file read by
// `$(cat f)`, an interpreter's imports) cannot key an "always": the digest would not cover what runs. Such a
// line makes the reading `unknown` (no "always"; the person is asked each time) and the reason is shown.
// Fail closed: a construct not read here counts as unknown, however harmless its spelling looks.

// Programs that load code the reading does not follow (imports, requires, `-e`/`-c` text).
const INTERPRETERS = /^(node|deno|tsx|ts-node|python[0-9.]*|pypy[0-9.]*|ruby|perl|php|lua|Rscript|java|osascript)$/;

// Make functions whose value is read at run time: a command's output, the files a glob matches, a file's text.
const MAKE_RUN_TIME = /\$[({](shell|wildcard|file)\s/;

// Why a line of shell (`recipe`: a make recipe line, where `$(NAME)` is make's own variable from the
// digested Makefile) is not read whole, or undefined.
export function unknownIn(line: string, recipe = false): string | undefined {
  const text = line.trim();
  if (text === '' || text.startsWith('#')) return undefined;
  if (recipe && MAKE_RUN_TIME.test(text)) return 'a make function read at run time ($(shell …), $(wildcard …), $(file …))';
  if (recipe && runsAutomatic(text)) return 'runs a file named by make\'s automatic variables ($<, $^, $(<D)/$(<F) …), whose bytes are not keyed';
  // In a recipe `$$` is the shell's `$`; make's own `$(NAME)`, `${NAME}` and `$@`-style ones are the Makefile's.
  const shell = recipe ? text.replace(/\$(\$|[({][^)}]*[)}]|[@<^+?*%|A-Za-z])/g, (found, what: string) => (what === '$' ? '$' : '')) : text;
  // Quoted text is literal (no glob; no expansion in '…'), unless a shell reads it again (`sh -c`, `eval`).
  const again = /(^|\s)(eval|-[a-z]*c)(\s|$)/.test(shell);
  const single = again ? shell : shell.replace(/'[^']*'/g, "''");
  const quoted = again ? shell : single.replace(/"[^"$`]*"/g, '""');
  if (/\$\(|`/.test(single)) return 'a command substitution, whose output is known only at run time';
  // `$npm_package_*` reads package.json, which is then keyed whole (run-scripts.ts).
  if (/\$(?!npm_package_[A-Za-z0-9_]*)[{A-Za-z0-9_@*#?!$-]/.test(single)) return 'a variable, whose value is known only at run time';
  if (/[*?]|\[[^\s\]]+\]/.test(quoted)) return 'a glob, whose matches are known only at run time';
  return undefined;
}

export const isInterpreter = (program: string): boolean => INTERPRETERS.test(program);

// make's automatic variables (the rule's target, prerequisites, stem; `$(<D)`, `${@F}` ...).
const AUTOMATIC = /\$(?:[<^+?*%|@]|[({][<^+?*%|@][DF]?[)}])/;

// Whether a recipe line runs or sources a file an automatic variable names (red team R19-19: `sh $<`, `. ./$<`,
// `sh $(<D)/$(<F)`, `./$<`): the prerequisite's bytes are not keyed, so no "always".
function runsAutomatic(line: string): boolean {
  return commandsOf(line).some((words) => {
    const { program } = programOf(words);
    const at = words.findIndex((word) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word));
    return words.some((word, index) => AUTOMATIC.test(word) && (index === at || (index > at && (isShell(program) || INTERPRETERS.test(program)))));
  });
}

// Shells and their `source`: the file operand they read is followed as shell lines.
export const isShell = (program: string): boolean => /^(sh|bash|dash|zsh|ksh|mksh|ash|\.|source)$/.test(program);

// Runner programs inside a followed file: not followed from there (run-scripts.ts follows them from scripts).
export const isRunner = (program: string): boolean => /^(npm|pnpm|yarn|bun|npx|pnpx|bunx|make)$/.test(program);

// Why a shown line cannot key an "always": a construct read at run time, or an interpreter it runs.
export function lineProblem(line: string, recipe = false): string | undefined {
  const construct = unknownIn(line, recipe);
  if (construct !== undefined) return construct;
  const program = commandsOf(line).map((words) => programOf(words).program).find(isInterpreter);
  return program === undefined ? undefined : `runs ${program}, whose imports are not followed`;
}
