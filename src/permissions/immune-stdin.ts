// Programs that read commands from whatever feeds their stdin (red team R9-3: `echo 'shell rm -r build' |
// gdb -q`, `... | gdb -q -x /dev/stdin`, `echo 'syscmd(rm -r build)' | m4`): debuggers, line editors,
// vi-family editors (keys or Ex commands), database clients (`.shell`, `\!`), dc and m4 with no file; and
// any program naming stdin as its script (`awk -f -`, `sed -f /dev/stdin`, `make -f -`, `tool -x
// /dev/stdin`). Called for a command whose stdin is a pipe, a file, a here-document or here-string.

// Always run what they read on stdin.
const ALWAYS = new Set(['gdb', 'cgdb', 'gdb-multiarch', 'lldb', 'ed', 'red', 'ex', 'dc']);
const VI = new Set(['vi', 'vim', 'nvim', 'view', 'vimdiff', 'gvim', 'rvim']);
// Database clients, and the options under which they take SQL from the command line instead of stdin.
const SQL_INLINE: Readonly<Record<string, RegExp>> = {
  psql: /^(?:-c|--command(?:=|$)|-f[^-]|--file=[^-])/,
  mysql: /^(?:-e|--execute(?:=|$))/,
  mariadb: /^(?:-e|--execute(?:=|$))/,
};
// Read-only by name, but their script can run commands or write files (`1e rm -r build`, `system()`).
const SCRIPTED = new Set(['sed', 'gsed', 'awk', 'gawk', 'mawk', 'nawk']);

const STDIN_FILE = /^(?:\/dev\/stdin|\/dev\/fd\/0|\/proc\/self\/fd\/0)$/;
// Options whose value is a script or command file (`-f -`, `-x -`, `--file=-`, `-S /dev/stdin`).
const SCRIPT_OPTION = /^(?:-[a-zA-Z]*[fxsS]|-ix|--(?:file|script|command|source|init-file|rcfile|commands?-file|eval-file|load))$/;

// sqlite3 / duckdb options that take a value (`-separator ,`): not operands.
const SQLITE_VALUED = /^--?(?:separator|newline|nullvalue|cmd|init|vfs|mmap|lookaside|pagecache|maxsize|heap|escape|zip|append|deserialize|c|s)$/;

function operands(args: readonly string[]): string[] {
  return args.filter((arg, i) => (arg === '-' || !arg.startsWith('-')) && !(i > 0 && SQLITE_VALUED.test(args[i - 1]!)));
}

// The program reads a script from stdin by naming it (`/dev/stdin` anywhere, `-` as a script option's value).
function namesStdinScript(args: readonly string[]): boolean {
  return args.some((arg, i) => {
    const value = arg.includes('=') && arg.startsWith('-') ? arg.slice(arg.indexOf('=') + 1) : arg;
    if (STDIN_FILE.test(value)) return true;
    if (/^--[\w-]+=-$/.test(arg) || /^-[a-zA-Z]*[fxsS]-$/.test(arg)) return true;
    return arg === '-' && i > 0 && SCRIPT_OPTION.test(args[i - 1]!);
  });
}

// Why `name args`, given text on stdin, runs it as commands; undefined when it does not (or may not).
export function stdinCode(name: string, args: readonly string[], readOnlyName: (name: string) => boolean, dataStdin: ReadonlySet<string>): string | undefined {
  const why = `${name} runs the commands it reads on stdin, which codeward does not parse`;
  if (ALWAYS.has(name)) return why;
  // vim reads keys (or, with -e/-s, Ex commands) from a stdin that is not a terminal; `vim -` reads text.
  if (VI.has(name) && (!args.includes('-') || args.some((arg) => /^-[a-zA-Z]*[eEsS]/.test(arg)))) return why;
  if (name === 'sqlite3' || name === 'duckdb') {
    if (operands(args).length < 2) return why;
  } else if (Object.hasOwn(SQL_INLINE, name) && !args.some((arg, i) => SQL_INLINE[name]!.test(arg) || (name === 'psql' && /^(?:-f|--file)$/.test(arg) && !['-', undefined].includes(args[i + 1]) && !STDIN_FILE.test(args[i + 1]!)))) return why;
  if (name === 'm4' && (operands(args).length === 0 || args.includes('-'))) return why;
  if (dataStdin.has(name) || (readOnlyName(name) && !SCRIPTED.has(name))) return undefined;
  return namesStdinScript(args) ? `${name} names stdin as its script, which codeward does not parse` : undefined;
}
