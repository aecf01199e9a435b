// A program run as a Python module (red team R28-8: `python3 -m pip config set global.index-url URL` is pip, the
// spelling pip's own manual recommends, while the config-verb class knew pip by its name only). Like the names of
// program-aliases.ts, it is the same program reading the same words: a reader that knows the program by its name
// reads `python -m NAME ARGS` as `NAME ARGS` through this one function (immune-commands.ts immuneCommand,
// unconfined-installs.ts). It only adds a reading: the interpreter's own (it runs the module found first on
// sys.path, the working folder's included) stays judged as it was.

// The modules that are a program codeward reads by name (their `__main__` is the program's command line).
const MODULE_PROGRAMS: Readonly<Record<string, string>> = {
  pip: 'pip', pipx: 'pipx', poetry: 'poetry', conda: 'conda', pdm: 'pdm', hatch: 'hatch', uv: 'uv', keyring: 'keyring',
};

// CPython, PyPy and the Windows `py` launcher, under versioned names (`python3.12`, `pypy3.10`).
const PYTHON = /^(?:python|pypy)[\d.]*$|^py$/;
// The `py` launcher's own first words: a version (`-3`, `-3.12-64`) or a runtime tag (`-V:3.12`).
const LAUNCHER_VERSION = /^-(?:\d[\d.]*(?:-(?:32|64))?|V:\S*)$/;

// `NAME ARGS` for `python [options] -m NAME ARGS` (`-m NAME`, `-mNAME`, `-Im NAME`, `-W x -m NAME`), undefined
// for another call (a script, `-c` code, an unlisted module).
export function moduleProgram(name: string, args: readonly string[]): { name: string; args: string[] } | undefined {
  if (!PYTHON.test(name.toLowerCase())) return undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--check-hash-based-pycs') {
      i++;
      continue;
    }
    // A script, stdin, `--` (what follows is the script), --help/--version.
    if (!arg.startsWith('-') || arg === '-' || arg.startsWith('--')) return undefined;
    if (name === 'py' && LAUNCHER_VERSION.test(arg)) continue;
    for (let k = 1; k < arg.length; k++) {
      const letter = arg[k]!;
      if (letter === 'c') return undefined;
      if (letter === 'W' || letter === 'X') {
        if (k === arg.length - 1) i++;
        break;
      }
      if (letter !== 'm') continue;
      // `pip.__main__` is the module pip's `__main__` runs (red team R29-4): the program itself.
      const module = (k < arg.length - 1 ? arg.slice(k + 1) : args[++i])?.replace(/\.__main__$/, '');
      const program = module !== undefined && Object.hasOwn(MODULE_PROGRAMS, module) ? MODULE_PROGRAMS[module]! : undefined;
      return program === undefined ? undefined : { name: program, args: args.slice(i + 1) };
    }
  }
  return undefined;
}
