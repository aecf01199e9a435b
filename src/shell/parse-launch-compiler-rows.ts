// The compilers' rows of the one program-row table (parse-launch-program-rows.ts; red team R39-b14): the C driver's
// and rustc's options and environment variables that name a program the compiler runs or a library it loads, read
// like `sort --compress-program=PROG` (the program is judged as run). cc/gcc/clang: `-wrapper PROG,ARGS` (every
// sub-program runs under it), `-B DIR` / COMPILER_PATH / GCC_EXEC_PREFIX (as, ld, cc1, collect2 are taken from DIR:
// a folder outside the system's is programs codeward cannot name, a line only known at run time), `-fplugin=X.so`,
// `-fpass-plugin=`, `--ld-path=`, `-fuse-ld=PATH`, `-specs=FILE` (a spec file names the programs the driver runs),
// `--sysroot`/`-iplugindir` (fix66),
// `-Xclang -load`, the linker's `-plugin` through `-Wl,`/`-Xlinker`, a response file `@FILE` (its options unread). rustc: `-C linker=`/`dlltool=`/`ar=`,
// `-C codegen-backend=PATH`, `-Z codegen-backend=PATH`/`llvm-plugins=`, and `-C link-arg(s)=` read as the C
// driver's words; RUSTFLAGS, CARGO_BUILD_RUSTFLAGS and CARGO_ENCODED_RUSTFLAGS (`\x1f`-separated) are its words.
import { argvText, programText } from './parse-launch-options.js';
import { SYSTEM_PATH } from '../permissions/system-folders.js';
import type { ProgramRow } from './parse-launch-program-rows.js';

const program = programText;
// A folder of programs outside the system's (`-B.`): which of its files runs is not named on the line.
const folder = (value: string): string | undefined => (value === '' || SYSTEM_PATH.test(`${value.replace(/\/*$/, '')}/`) ? undefined : '"$PROGRAM_FROM_COMPILER_FOLDER"');
// A spec file or a linker by its path (a bare `-fuse-ld=lld` / `-specs=nosys.specs` is the toolchain's).
const named = (value: string): string | undefined => (value.includes('/') && !SYSTEM_PATH.test(value) ? program(value) : undefined);
// A spec file by any name but a system path: the driver reads a bare name from the run folder when its own folders
// have none (gcc.cc: find_a_file, else the name as given; fix66).
const specs = (value: string): string | undefined => (value !== '' && !SYSTEM_PATH.test(value) ? '"$PROGRAMS_FROM_COMPILER_SPECS"' : undefined);
// The linker's words a driver hands on (`-Wl,-plugin,./x.so`, `-Xlinker -plugin`): a plugin is a library it loads.
function linker(words: readonly string[]): string | undefined {
  const at = words.findIndex((word) => /^--?plugin(?:=|$)/.test(word));
  if (at < 0) return undefined;
  const value = words[at]!.includes('=') ? words[at]!.slice(words[at]!.indexOf('=') + 1) : words[at + 1];
  return value === undefined ? '"$LINKER_PLUGIN"' : program(value);
}
// clang's `-Xclang -load -Xclang X.so` (the value after -load is another -Xclang's: not paired here, fails closed).
const clangArg = (value: string): string | undefined => (/^-(?:load|fpass-plugin|plugin-arg)/.test(value) ? '"$CLANG_PLUGIN"' : undefined);

const CC_TEXTS: readonly (readonly [string, (value: string) => string | undefined])[] = [
  ['-wrapper', (value) => (value.trim() === '' ? undefined : argvText(value.split(',').map((word) => ({ value: word, dynamic: false }))))],
  ['-fplugin', program], ['-fpass-plugin', program], ['-fuse-ld', named], ['-specs', specs], ['-Xclang', clangArg],
  ['-Xlinker', (value) => linker([value])], ['-Wl,', (value) => linker(value.split(','))],
];

export const CC: ProgramRow = {
  options: [
    ...CC_TEXTS.map(([short, text]) => ({ short, long: [], text })),
    { short: '-B', long: [], text: folder },
    // A response file's words are more options (`@opts` holding `-B.`): not read here, a line known at run time.
    { short: '@', long: [], text: (value) => (value === '' ? undefined : '"$OPTIONS_FROM_RESPONSE_FILE"') },
    { long: ['ld-path'], text: program },
    { long: ['specs'], text: specs },
    { long: ['gcc-toolchain'], text: folder },
    // fix66: a sysroot the driver searches for its files (a cc1 or linker inside one of the workspace), the folder
    // -fplugin=NAME takes its plug-ins from.
    { long: ['sysroot'], text: folder },
    { short: '-iplugindir', long: [], text: folder },
  ],
  variables: ['COMPILER_PATH', 'GCC_EXEC_PREFIX'],
  // The value of each is the folder `-B` names (COMPILER_PATH a `:` list of them).
  variableWords: { COMPILER_PATH: (value) => value.split(':').filter(Boolean).map((dir) => `-B${dir}`), GCC_EXEC_PREFIX: (value) => [`-B${value}`] },
  flags: '',
  valued: 'oxIDULlTB',
};

// rustc's codegen (`-C KEY=VALUE`) and unstable (`-Z KEY=VALUE`) options that run a program or load a library.
function codegen(option: string): string | undefined {
  const eq = option.indexOf('=');
  const key = (eq < 0 ? option : option.slice(0, eq)).replaceAll('_', '-');
  const value = eq < 0 ? '' : option.slice(eq + 1);
  if (['linker', 'dlltool', 'ar'].includes(key)) return program(value);
  if (key === 'codegen-backend' || key === 'llvm-plugins') return value.includes('/') || value.includes('.') ? program(value) : undefined;
  // The C driver rustc links with reads these (`-C link-arg=-B.`): its line, read by its own row.
  if (key === 'link-arg' || key === 'link-args') return value.trim() === '' ? undefined : `cc ${argvText(value.split(/\s+/).filter(Boolean).map((word) => ({ value: word, dynamic: false })))}`;
  return undefined;
}

export const RUSTC: ProgramRow = {
  options: [{ short: '-C', long: ['codegen'], text: codegen }, { short: '-Z', long: [], text: codegen }],
  variables: ['RUSTFLAGS', 'CARGO_BUILD_RUSTFLAGS', 'CARGO_ENCODED_RUSTFLAGS'],
  variableWords: { CARGO_ENCODED_RUSTFLAGS: (value) => value.split('\x1f').filter(Boolean) },
  flags: 'gOvVh',
  valued: 'CZLlAWDFo',
  long: ['cfg', 'check-cfg', 'crate-type', 'crate-name', 'edition', 'emit', 'print', 'out-dir', 'explain', 'target', 'cap-lints', 'extern', 'sysroot', 'error-format', 'json', 'color', 'remap-path-prefix', 'allow', 'warn', 'deny', 'forbid', 'force-warn'],
};
