import type { ShellWord, SimpleCommand } from '../shell/parse-types.js';

// What a C compiler (cc/gcc/g++/c++/clang/clang++: make's recipes) writes, for written-before.ts through
// bounded-writers.ts. Its options are a CLOSED list (fix66, round 42's LEFT): every option listed here writes no file
// or the file it names; any other (-save-temps, --coverage, -gsplit-dwarf, -ftime-trace, -fsave-*, -fdump-*, -dumpbase,
// -T's linker script with its OUTPUT(), `-Wl,`/-Xlinker lists, -Xclang, -mllvm, `@file`, a word only known at run
// time that may be an option) may write a file by a name its words do not say: any path. The names it derives are
// listed exactly (GCC's manual, -MD and "-dumpbase"): without -o, each input's stem in the run folder with .o, .s, .d;
// a.out; with -o V, V, and beside V its stem with .d, V.d, and V's stem-input's stem.d (GCC 11's names when linking).

// Options whose value (attached or the next word) is a file the compiler writes.
const NAMED = new Set(['-o', '-MF', '-MJ']);
// Options whose value (attached, `=`, or the next word) is read, never written.
const VALUED = new Set(['-MT', '-MQ', '-I', '-D', '-U', '-L', '-l', '-x', '-include', '-imacros', '-isystem', '-iquote', '-idirafter', '-iprefix', '-iwithprefix', '-iwithprefixbefore', '-isysroot', '--sysroot', '-target', '--target', '-arch', '-z', '--param', '-std', '--std']);
// Options that take no value and write nothing of their own (-MD/-MMD: the derived .d names above).
const FLAGS = /^-(?:c|S|E|M|MM|MD|MMD|MP|MG|v|w|s|C|CC|P|H|d[MDNIU]|###|pipe|pthreads?|pedantic(?:-errors)?|ansi|shared|static(?:-libgcc|-libstdc\+\+|-pie)?|no-pie|pie|rdynamic|nostdlib|nostdinc(?:\+\+)?|nostartfiles|nodefaultlibs|undef|trigraphs|traditional-cpp|Qunused-arguments|O(?:[0-3sgz]|fast)?|g(?!split-dwarf)[\w=-]*|W(?:no-)?[\w+=-]*|m(?!llvm$)[\w=.+-]+|std=[\w+]+|print-[\w-]+(?:=.*)?|dump(?:full)?version|dumpmachine|dumpspecs|-version|-help)$/s;
// The -f options that write no file: every -fno-*, and the ones common in builds.
const F_FLAGS = /^-f(?:no-[\w=,.+-]+|PIC|pic|PIE|pie|visibility(?:-[\w-]+)?(?:=[\w-]+)?|stack-protector[\w-]*|omit-frame-pointer|sanitize(?:-[\w-]+)?=[\w,-]+|sanitize-recover(?:=[\w,-]+)?|diagnostics-color(?:=\w+)?|color-diagnostics|exceptions|rtti|openmp(?:-simd)?|lto(?:=[\w-]+)?|fat-lto-objects|function-sections|data-sections|common|wrapv|strict-aliasing|strict-overflow(?:=\d)?|max-errors=\d+|message-length=\d+|(?:debug|macro|file)-prefix-map=[^,\s]*|inline[\w-]*|unroll-loops|signed-char|unsigned-char|short-enums|builtin(?:-[\w-]+)?|asynchronous-unwind-tables|unwind-tables|cf-protection(?:=\w+)?|stack-clash-protection|trapv|fast-math|math-errno|permissive|syntax-only|ident|align-[\w=:-]+|optimize-sibling-calls|(?:tree-)?vectorize|ms-extensions|semantic-interposition|plt|delete-null-pointer-checks|strict-flex-arrays(?:=\d)?|zero-call-used-regs=[\w-]+|trivial-auto-var-init=\w+|hardened|coroutines|concepts|threadsafe-statics|use-cxa-atexit|gnu89-inline|freestanding|hosted|working-directory=[^,\s]*|diagnostics-show-[\w=-]+|show-column|caret-diagnostics|pch-preprocess|char8_t|modules-ts|lax-vector-conversions(?:=\w+)?|ssa-phiopt|gnu-keywords|asm|var-tracking[\w-]*|ipa-[\w-]+|tree-[\w-]+|split-stack|stack-check(?:=\w+)?|instrument-functions|reorder-[\w-]+|peel-loops|prefetch-loop-arrays|finite-math-only|no-math-errno|single-precision-constant|fixed-[\w-]+|verbose-asm|record-gcc-switches|macro-backtrace-limit=\d+|template-depth=\d+|constexpr-[\w-]+=\d+)$/;

type Read = { words: ShellWord[]; unread?: string };

const stemOf = (value: string): { dir: string; stem: string } => {
  const slash = value.lastIndexOf('/');
  const base = value.slice(slash + 1);
  const dot = base.lastIndexOf('.');
  return { dir: value.slice(0, slash + 1), stem: dot > 0 ? base.slice(0, dot) : base };
};

export function compilerWords(words: readonly ShellWord[]): Read {
  const named: ShellWord[] = [];
  const inputs: ShellWord[] = [];
  let deps = false;
  let output: ShellWord | undefined;
  const unread = (value: string): Read => ({ words: [], unread: `the compiler's option \`${value}\` writes or runs what codeward does not read` });
  for (let at = 0; at < words.length; at++) {
    const word = words[at]!;
    // `--output=FILE` / `--output FILE`: the driver's long spelling of -o (red team R43-b5).
    const value = word.value === '--output' ? '-o' : word.value.startsWith('--output=') ? `-o${word.value.slice('--output='.length)}` : word.value;
    if (word.dynamic) {
      if (word.candidates.length === 0 || word.candidates.some((each) => each.startsWith('-') || each === '')) return unread(word.text);
      inputs.push(word);
      continue;
    }
    if (!value.startsWith('-') || value === '-') {
      inputs.push(word);
      continue;
    }
    if (/^-MM?D$/.test(value)) deps = true;
    if (FLAGS.test(value) || F_FLAGS.test(value)) continue;
    const option = [...NAMED, ...VALUED].find((each) => value === each || value.startsWith(each.startsWith('--') ? `${each}=` : each));
    if (option === undefined) return unread(value);
    const attached = value.slice(option.length).replace(/^=/, '');
    const target = attached === '' ? words[++at] : { ...word, value: attached };
    if (target === undefined) return unread(value);
    if (NAMED.has(option)) named.push(target);
    if (option === '-o') output = target;
  }
  const out: ShellWord[] = [...named, ...inputs];
  const derived = (word: ShellWord, value: string): void => void out.push({ ...word, value, dynamic: false, glob: false });
  for (const input of inputs.filter((each) => !each.dynamic)) {
    const { stem } = stemOf(input.value);
    for (const suffix of ['.o', '.s', '.d']) derived(input, `${stem}${suffix}`);
    if (output !== undefined && deps && !output.dynamic) {
      const { dir, stem: ostem } = stemOf(output.value);
      derived(input, `${dir}${ostem}-${stem}.d`);
    }
  }
  if (output !== undefined && deps && !output.dynamic) {
    const { dir, stem } = stemOf(output.value);
    derived(output, `${dir}${stem}.d`);
    derived(output, `${output.value}.d`);
  }
  if (words.length > 0) derived(words[0]!, 'a.out');
  return { words: out };
}

// What the compiler's ENVIRONMENT makes it write or run (red team R44-b3): GCC's preprocessor takes -MD from
// DEPENDENCIES_OUTPUT / SUNPRO_DEPENDENCIES ('FILE [TARGET]': it APPENDS the rule to FILE); GCC_COMPARE_DEBUG compiles
// twice and writes dumps beside the outputs; COMPILER_PATH / GCC_EXEC_PREFIX pick the programs it runs (as -B). The
// command's own environment (prefix, env, an earlier export) first, else codeward's (the run inherits it).
const DEPS_FILES = ['DEPENDENCIES_OUTPUT', 'SUNPRO_DEPENDENCIES'];
const UNREAD_ENV = ['GCC_COMPARE_DEBUG', 'COMPILER_PATH', 'GCC_EXEC_PREFIX'];

export function compilerEnvWords(env: NonNullable<SimpleCommand['env']>): Read {
  const value = (key: string): { value: string; dynamic: boolean } | undefined => {
    const own = env.findLast((each) => each.name === key);
    if (own !== undefined) return own;
    const inherited = process.env[key];
    return inherited === undefined ? undefined : { value: inherited, dynamic: false };
  };
  const unread = UNREAD_ENV.find((key) => value(key) !== undefined);
  if (unread !== undefined) return { words: [], unread: `${unread} in the compiler's environment makes it write or run what codeward does not read` };
  const words: ShellWord[] = [];
  for (const key of DEPS_FILES) {
    const found = value(key);
    if (found === undefined) continue;
    const file = found.value.trim().split(/\s+/)[0] ?? '';
    if (found.dynamic || file === '') return { words: [], unread: `${key} in the compiler's environment names a file only known at run time` };
    words.push({ text: `${key}=${found.value}`, value: file, dynamic: false, glob: false, parts: [], candidates: [file] });
  }
  return { words };
}
