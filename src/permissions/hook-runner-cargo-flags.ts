// Compiler and linker options as the programs that read them do (red team R18-4): a build script's `cargo:` /
// `cargo::` directives (`rustc-link-arg*`, `rustc-flags`, `rustc-link-search`, `rustc-env`), every rustflags word
// of `.cargo/config*` and the `[env]` values a build script's C compiler reads (CFLAGS) name folders and programs
// without a slash: gcc's `-Btools` runs tools/ld, tools/collect2, tools/cc1; `-fuse-ld=`, `-fplugin=`, `-wrapper`,
// the linker's `-plugin`, `-L` (what is linked into the test binary cargo runs). ALLOW-LIST: every option form
// below is known (a path it names is returned, a folder obeyed whole by the caller); any other is `unknown`, and
// the caller makes the line unmodelled. A word that is no option is a path (an object file, a library).
import { computedReadsAsCode, envKind } from './cargo-env-names.js';
import { envNamed } from './obeyed-env.js';

export interface Named {
  readonly paths: string[];
  unknown?: string;
}

// The linker's (ld, lld, gold, mold: what `-Wl,` and `-Xlinker` pass) options.
const LD_PATH = new Set(['-plugin', '--plugin', '-T', '--script', '--version-script', '--dynamic-list', '-rpath', '--rpath', '-rpath-link', '--rpath-link', '--dynamic-linker', '-dynamic-linker', '-L', '--library-path', '--sysroot', '-Map', '--Map', '-o', '--output', '--dependency-file']);
const LD_VALUE = new Set(['-z', '-soname', '--soname', '-h', '-u', '--undefined', '--defsym', '--wrap', '-e', '--entry', '-m', '--hash-style', '--build-id', '--icf', '--threads', '--export-dynamic-symbol', '--compress-debug-sections', '-l', '--library']);
const LD_FLAG = /^--?(?:as-needed|no-as-needed|gc-sections|no-gc-sections|export-dynamic|no-undefined|allow-shlib-undefined|whole-archive|no-whole-archive|start-group|end-group|strip-all|strip-debug|eh-frame-hdr|enable-new-dtags|disable-new-dtags|fatal-warnings|allow-multiple-definition|print-gc-sections|no-threads|pie|no-pie|shared|static|Bstatic|Bdynamic|Bsymbolic(?:-functions)?|E|s|S|O\d|relax|no-relax|warn-[\w-]+|color-diagnostics|nmagic|omagic|no-keep-memory|verbose|demangle|no-demangle|no-rosegment|build-id|l[\w.+-]+)$/;
// The C compiler driver's (cc, gcc, clang: `-C link-arg=`, CFLAGS) options.
// `-wrapper prog,args`: the driver runs every sub-program under it.
const CC_PATH = new Set(['-wrapper', '-B', '-L', '-T', '--sysroot', '-isysroot', '-o', '-I', '-isystem', '-iquote', '-idirafter', '-include', '-specs', '--specs', '-fplugin', '-fuse-ld', '--ld-path', '--gcc-toolchain', '--plugin', '-plugin']);
const CC_VALUE = new Set(['-l', '-x', '-arch', '-target', '--target', '-D', '-U', '-std', '-march', '-mtune']);
const CC_FLAG = /^-(?:static(?:-[\w+-]+)?|shared|pie|no-pie|nostartfiles|nostdlib|nodefaultlibs|nostdinc|rdynamic|pthread|s|c|g[\w-]*|O\w*|m[\w=.,+-]+|f(?!use-ld|plugin)[\w+-]+(?:=[\w,.+-]*)?|W(?![lpa],)[\w-]*(?:=[\w-]+)?|w|D[\w]+(?:=[^\s]*)?|U\w+|std=[\w+]+|l[\w.+-]+|pipe|v)$/;

// A word `-Xvalue` / `-X=value` / `-X value` of an option in `valued`: the option and its value, and whether
// the next word was taken.
function valued(word: string, next: string | undefined, names: ReadonlySet<string>): { name: string; value: string | undefined; took: boolean } | undefined {
  if (names.has(word)) return { name: word, value: next, took: true };
  const eq = word.indexOf('=');
  if (eq > 0 && names.has(word.slice(0, eq))) return { name: word.slice(0, eq), value: word.slice(eq + 1), took: false };
  // Attached short forms (`-Btools`, `-Ltools`, `-Ttools/x.ld`, `-lfoo`) of one-letter options.
  if (/^-[A-Za-z]./.test(word) && names.has(word.slice(0, 2)) && !word.startsWith('--')) return { name: word.slice(0, 2), value: word.slice(2), took: false };
  return undefined;
}

// The paths a `-L` value names (`-L native=x`, `-L dependency=x`: rustc's kinds).
const searchPath = (value: string): string => value.replace(/^(?:native|crate|dependency|framework|all)=/, '');

function read(words: readonly string[], paths: ReadonlySet<string>, values: ReadonlySet<string>, flag: RegExp, out: Named, extra: (word: string, out: Named) => boolean): void {
  for (let i = 0; i < words.length && out.unknown === undefined; i++) {
    const word = words[i]!;
    if (word === '' || extra(word, out)) continue;
    const path = valued(word, words[i + 1], paths);
    const value = path ?? valued(word, words[i + 1], values);
    if (value !== undefined) {
      if (value.took) i++;
      if (value.value === undefined) out.unknown = word;
      else if (path !== undefined) out.paths.push(...value.value.split(',').map(searchPath).filter((one) => one !== ''));
      // gcc looks for `ld.<name>` where it looks for ld (the -B folders, obeyed whole).
      if (path?.name === '-fuse-ld' && value.value !== undefined) out.paths.push(`ld.${value.value}`);
      continue;
    }
    if (flag.test(word)) continue;
    if (word.startsWith('-') || word.startsWith('@')) out.unknown = word;
    else out.paths.push(word);
  }
}

// The linker's words (`-Wl,a,b` split at its commas).
export function ldWords(words: readonly string[], out: Named = { paths: [] }): Named {
  read(words, LD_PATH, LD_VALUE, LD_FLAG, out, () => false);
  return out;
}

// The C compiler driver's words (a link-arg, CFLAGS).
export function ccWords(words: readonly string[], out: Named = { paths: [] }): Named {
  let linker = false;
  read(words, CC_PATH, CC_VALUE, CC_FLAG, out, (word, named) => {
    if (linker) {
      linker = false;
      ldWords([word], named);
      return true;
    }
    if (word === '-Xlinker') return (linker = true);
    if (!word.startsWith('-Wl,')) return false;
    ldWords(word.slice(4).split(','), named);
    return true;
  });
  return out;
}

// rustc's codegen options (`-C key=value`) that name no program and no file it loads.
const CODEGEN_FREE = new Set([
  'opt-level', 'debuginfo', 'target-cpu', 'target-feature', 'panic', 'lto', 'codegen-units', 'relocation-model', 'code-model', 'prefer-dynamic', 'rpath', 'strip', 'overflow-checks',
  'debug-assertions', 'force-frame-pointers', 'force-unwind-tables', 'embed-bitcode', 'metadata', 'extra-filename', 'instrument-coverage', 'split-debuginfo', 'symbol-mangling-version',
  'soft-float', 'link-dead-code', 'linker-flavor', 'link-self-contained', 'no-redzone', 'no-stack-check', 'no-vectorize-loops', 'no-vectorize-slp', 'relro-level', 'save-temps',
  'control-flow-guard', 'default-linker-libraries', 'jump-tables', 'dwarf-version', 'collapse-macro-debuginfo', 'inline-threshold', 'remark', 'profile-generate', 'no-prepopulate-passes', 'incremental',
]);
// Codegen options whose value is a program or a file rustc loads.
const CODEGEN_PATH = new Set(['linker', 'dlltool', 'ar', 'codegen-backend', 'profile-use', 'profile-sample-use']);
const RUSTC_PATH = new Set(['-L', '--sysroot', '--target', '--extern', '-o', '--out-dir']);
const RUSTC_VALUE = new Set(['-l', '--cfg', '--check-cfg', '--cap-lints', '-A', '-W', '-D', '-F', '--allow', '--warn', '--deny', '--forbid', '--force-warn', '--edition', '--crate-type', '--crate-name', '--emit', '--remap-path-prefix', '--print', '--error-format', '--json', '--color', '--diagnostic-width']);
const RUSTC_FLAG = /^-(?:g|O|v|V|[AWDF][\w:-]+|l[\w.:=+-]+)$/;

// One codegen option `key=value`.
function codegen(option: string, out: Named): void {
  const eq = option.indexOf('=');
  const key = (eq < 0 ? option : option.slice(0, eq)).replaceAll('_', '-');
  const value = eq < 0 ? '' : option.slice(eq + 1);
  if (key === 'link-arg') ccWords([value], out);
  else if (key === 'link-args') ccWords(value.split(/\s+/), out);
  else if (CODEGEN_PATH.has(key)) out.paths.push(value);
  else if (!CODEGEN_FREE.has(key)) out.unknown = `-C ${option}`;
}

// rustc's unstable `-Z` options that name no program and no file it loads (Bevy's `-Zshare-generics=y`, `-Zthreads=0`:
// red team 19 F6); `codegen-backend` by a component name (`cranelift`, looked up in the toolchain) too. Any other is unknown.
const Z_FREE = new Set(['share-generics', 'threads', 'polonius', 'time-passes', 'macro-backtrace', 'next-solver', 'location-detail', 'fmt-debug', 'trim-diagnostic-paths', 'mir-opt-level', 'inline-mir', 'randomize-layout', 'print-type-sizes', 'emit-stack-sizes', 'unstable-options', 'relax-elf-relocations', 'dylib-lto', 'on-broken-pipe', 'build-sdylib-interface', 'cross-crate-inline-threshold', 'linker-features', 'crate-attr', 'track-diagnostics', 'ui-testing', 'has-thread-local', 'debug-info-for-profiling', 'sanitizer', 'plt', 'tls-model', 'virtual-function-elimination', 'verify-llvm-ir']);
function unstableOption(option: string, out: Named): void {
  const eq = option.indexOf('=');
  const key = (eq < 0 ? option : option.slice(0, eq)).replaceAll('_', '-');
  const value = eq < 0 ? '' : option.slice(eq + 1);
  // A backend named by path is a library rustc loads from a folder codeward does not place: not modelled.
  if (!(key === 'codegen-backend' && /^[a-z_]+$/.test(value)) && !Z_FREE.has(key)) out.unknown = `-Z ${option}`;
}

// rustc's words (rustflags, a build script's `rustc-flags`).
export function rustcWords(words: readonly string[]): Named {
  const out: Named = { paths: [] };
  let next: ((option: string, named: Named) => void) | undefined;
  read(words, RUSTC_PATH, RUSTC_VALUE, RUSTC_FLAG, out, (word, named) => {
    if (next !== undefined) {
      next(word, named);
      next = undefined;
      return true;
    }
    if (word === '-C' || word === '--codegen') return Boolean((next = codegen));
    if (word === '-Z') return Boolean((next = unstableOption));
    if (word.startsWith('-Z')) return (unstableOption(word.slice(2), named), true);
    if (word.startsWith('--codegen=')) codegen(word.slice(10), named);
    else if (word.startsWith('-C')) codegen(word.slice(2), named);
    else return false;
    return true;
  });
  // `--extern name=path`: the path.
  return { ...out, paths: out.paths.map((path) => path.replace(/^[\w-]+=(?=.)/, '')) };
}

// A word naming the folder it is read in or one above it (`.`, `../..`): the project, not a program; only a
// loader variable's entry (PATH=.) loads from it (obeyed-env-values.ts leaves it out the same way).
const SELF = /^(?:\.\.?(?:\/|$))+$/;

const MAKE_FREE = /^(?:-j\d*|-l[\d.]*|--jobs(?:=\d+)?|--load-average(?:=[\d.]+)?|--jobserver-(?:auth|fds)=[\w:,/.-]+|-[kswnirRBeLqtS]+|--(?:no-)?print-directory|--output-sync(?:=\w+)?|-O\w*|--no-builtin-(?:rules|variables)|--silent|--quiet|--keep-going)$/;

// What a variable's value names, read as the programs that read NAME do (cargo-env-names.ts): rustc's or the C
// driver's words, a program and its words, a loader's entries (obeyed-env.ts's table: PATH's folders, LD_PRELOAD's
// files, NODE_OPTIONS' modules), path entries, or, for data, only the words spelled like a path.
export function envWords(name: string, value: string): Named {
  const kind = envKind(name);
  const words = value.split(/\s+/).filter((word) => word !== '');
  if (kind === 'rustc') return rustcWords(name.startsWith('CARGO_ENCODED_') ? value.split('\x1f') : words);
  if (kind === 'cc') return ccWords(words);
  // make's flags that name no file and no program (a job count, the jobserver, quiet and keep-going letters); any
  // other (`-f`, `-C`, `--eval`, a variable assignment such as `SHELL=x`) is not understood.
  if (kind === 'make') {
    const other = words.find((word, at) => !MAKE_FREE.test(word) && !(at === 0 && /^[kswnirRBeLqtS]+$/.test(word)));
    return other === undefined ? { paths: [] } : { paths: [], unknown: other };
  }
  if (kind === 'program') {
    const [program, ...rest] = words;
    const out = ccWords(rest);
    return program !== undefined && /^\.|\//.test(program) ? { ...out, paths: [program, ...out.paths] } : out;
  }
  if (kind === 'loader') {
    const table = envNamed(name, value);
    return { paths: table === undefined ? value.split(':') : [...table.entries, ...(table.loadFolders ?? [])].filter((entry) => entry !== '') };
  }
  // Data: a word holding a slash or starting with a dot (`--x=tools/y`, `./gen.sh`) may be found by a reader codeward
  // does not know; a URL's scheme and host are no path (`sqlite://data/app.db` names `/data/app.db`).
  const entries = kind === 'paths' ? value.split(/[:;]/) : value.split(/[\s=,:;]+/).filter((word) => /^\.|\//.test(word));
  return { paths: entries.filter((entry) => entry !== '' && !SELF.test(entry)) };
}

// The directive keys that name programs, options or folders (the Cargo book, "Build Scripts": the others,
// `warning`, `error`, `rerun-if-*`, `rustc-cfg`, `rustc-check-cfg`, `rustc-link-lib`, `metadata`, name none).
const NAMING = ['rustc-link-arg', 'rustc-cdylib-link-arg', 'rustc-flags', 'rustc-link-search', 'rustc-env'];

// A build script's directive `cargo:KEY=VALUE` / `cargo::KEY=VALUE` (a string literal of its code): what it
// names, or undefined for a directive naming no compiler or linker option. A formatted value (`{}`) is unknown.
export function directive(literal: string): Named | undefined {
  const found = /^cargo::?([\w{}-]*)=?(.*)$/s.exec(literal);
  if (found === null) return /rustc-(?:link|flags|env|cdylib)/.test(literal) ? { paths: [], unknown: literal } : undefined;
  const [, key, value] = found as unknown as [string, string, string];
  // Not a whole `cargo:KEY=VALUE` line (`"cargo:rustc-"` finished elsewhere, R19-8): the rest is printed apart.
  // cargo reads a line only whole (one with no `=` fails the build), so this matters only when the key may end up
  // one that names something: `cargo:warning` or `cargo::error` finished by another print cannot (cargo19 Left).
  if (!/^cargo::?[\w-]+=/.test(literal)) return key.includes('{') || NAMING.some((one) => one.startsWith(key) || key.startsWith(one)) ? { paths: [], unknown: literal } : undefined;
  if (!/^rustc-(?:link-arg|cdylib-link-arg|flags|link-search|env)|\{/.test(key)) return undefined;
  // A naming key with no value: the value is printed by another literal or a variable.
  if (value.trim() === '') return { paths: [], unknown: literal };
  // `rustc-env=NAME=…`: judged by what reads NAME (cargo-env-names.ts); a computed name is not known.
  const [, name = '', env = ''] = /^([^=]*)=?(.*)$/s.exec(value) ?? [];
  if (key === 'rustc-env' && !name.includes('{')) return env.includes('{') ? (computedReadsAsCode(name) ? { paths: [], unknown: literal } : { paths: [] }) : envWords(name, env);
  if (literal.includes('{')) return { paths: [], unknown: literal };
  if (key === 'rustc-link-search') return { paths: [searchPath(value)] };
  if (key === 'rustc-flags') return rustcWords(value.split(/\s+/));
  // rustc-link-arg-bin=BIN=FLAG names a binary first.
  return ccWords((key === 'rustc-link-arg-bin' ? value.replace(/^[^=]*=/, '') : value).split(/\s+/));
}
