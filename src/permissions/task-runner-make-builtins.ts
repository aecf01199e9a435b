// GNU make's built-in implicit rules (`make -p`'s catalogue, the ones that run a program of a variable): a target no
// rule of the Makefile makes is built by one whose source stands in the folder (red team R39-b14: `CC=./s.sh make m`
// with m.c there runs `$(CC) … m.c -o m`). Read by the one make reader (task-runner-make.ts) as the recipe of the
// rule it is; `-r` / `--no-builtin-rules` turns them off (an empty `.SUFFIXES:` only some: read as on).

// [target pattern, source pattern, recipe]; `%` is the stem.
const RULES: readonly (readonly [string, string, string])[] = [
  ['%', '%.c', '$(CC) $(CFLAGS) $(CPPFLAGS) $(LDFLAGS) $(TARGET_ARCH) $^ $(LOADLIBES) $(LDLIBS) -o $@'],
  ['%', '%.cc', '$(CXX) $(CXXFLAGS) $(CPPFLAGS) $(LDFLAGS) $(TARGET_ARCH) $^ $(LOADLIBES) $(LDLIBS) -o $@'],
  ['%', '%.cpp', '$(CXX) $(CXXFLAGS) $(CPPFLAGS) $(LDFLAGS) $(TARGET_ARCH) $^ $(LOADLIBES) $(LDLIBS) -o $@'],
  ['%', '%.C', '$(CXX) $(CXXFLAGS) $(CPPFLAGS) $(LDFLAGS) $(TARGET_ARCH) $^ $(LOADLIBES) $(LDLIBS) -o $@'],
  ['%', '%.o', '$(CC) $(LDFLAGS) $(TARGET_ARCH) $^ $(LOADLIBES) $(LDLIBS) -o $@'],
  ['%', '%.s', '$(CC) $(ASFLAGS) $(LDFLAGS) $(TARGET_ARCH) $^ $(LOADLIBES) $(LDLIBS) -o $@'],
  ['%', '%.S', '$(CC) $(ASFLAGS) $(CPPFLAGS) $(LDFLAGS) $(TARGET_ARCH) $^ $(LOADLIBES) $(LDLIBS) -o $@'],
  ['%', '%.f', '$(FC) $(FFLAGS) $(LDFLAGS) $(TARGET_ARCH) $^ $(LOADLIBES) $(LDLIBS) -o $@'],
  ['%', '%.p', '$(PC) $(PFLAGS) $(LDFLAGS) $(TARGET_ARCH) $^ $(LOADLIBES) $(LDLIBS) -o $@'],
  ['%.o', '%.c', '$(CC) $(CFLAGS) $(CPPFLAGS) $(TARGET_ARCH) -c -o $@ $<'],
  ['%.o', '%.cc', '$(CXX) $(CXXFLAGS) $(CPPFLAGS) $(TARGET_ARCH) -c -o $@ $<'],
  ['%.o', '%.cpp', '$(CXX) $(CXXFLAGS) $(CPPFLAGS) $(TARGET_ARCH) -c -o $@ $<'],
  ['%.o', '%.C', '$(CXX) $(CXXFLAGS) $(CPPFLAGS) $(TARGET_ARCH) -c -o $@ $<'],
  ['%.o', '%.s', '$(AS) $(ASFLAGS) $(TARGET_MACH) -o $@ $<'],
  ['%.o', '%.S', '$(CC) $(ASFLAGS) $(CPPFLAGS) $(TARGET_MACH) -c -o $@ $<'],
  ['%.o', '%.f', '$(FC) $(FFLAGS) $(TARGET_ARCH) -c -o $@ $<'],
  ['%.o', '%.p', '$(PC) $(PFLAGS) $(CPPFLAGS) $(TARGET_ARCH) -c -o $@ $<'],
  ['%.c', '%.y', '$(YACC) $(YFLAGS) $< && mv -f y.tab.c $@'],
  ['%.c', '%.l', '$(LEX) $(LFLAGS) -t $< > $@'],
  ['%.s', '%.S', '$(CPP) $(CPPFLAGS) $< > $@'],
  ['%', '%,v', '$(CO) $(COFLAGS) $< $@'],
  ['%', 'RCS/%,v', '$(CO) $(COFLAGS) $< $@'],
  ['%', 's.%', '$(GET) $(GFLAGS) $(SCCS_OUTPUT_OPTION) $<'],
  ['%', 'SCCS/s.%', '$(GET) $(GFLAGS) $(SCCS_OUTPUT_OPTION) $<'],
];

// The terminal rules' sources (`%:: %,v`).
const TERMINAL = /,v$|(?:^|\/)s\.%$/;

// The programs these recipes name, as make sets them by default (task-runner-make.ts fills the rest of its BUILTIN).
export const BUILTIN_PROGRAMS: Readonly<Record<string, string>> = { FC: 'f77', PC: 'pc', YACC: 'yacc', LEX: 'lex', CO: 'co', GET: 'get' };

export interface BuiltinStep {
  readonly source: string;
  readonly stem: string;
  readonly recipe: string;
  // The rules of the chain that reached the source (with this one): make uses no built-in rule twice in one chain,
  // and the RCS/SCCS ones are terminal (their source is made by no rule).
  readonly chain: readonly number[];
}

// make's name of a file: `./src/a.c` and `src/a.c` are the one file (make drops a leading `./`).
export const makeName = (file: string): string => file.replace(/^(?:\.\/+)+(?=.)/, '');

// The built-in rules that make `target` (a file name relative to make's folder) from a source `exists` finds, no rule
// of `chain` again (a chain of `%: %,v` would otherwise read `a,v,v,v…`).
export function builtinSteps(target: string, exists: (file: string) => boolean, chain: readonly number[] = []): BuiltinStep[] {
  if (chain.some((at) => TERMINAL.test(RULES[at]![1]))) return [];
  return RULES.flatMap(([goal, from, recipe], at) => {
    if (chain.includes(at)) return [];
    const slash = target.lastIndexOf('/');
    const [dir, name] = [target.slice(0, slash + 1), target.slice(slash + 1)];
    const suffix = goal.slice(1);
    if (!name.endsWith(suffix) || name.length === suffix.length) return [];
    const stem = name.slice(0, name.length - suffix.length);
    const source = dir + from.replace('%', stem);
    return source !== target && exists(source) ? [{ source, stem: dir + stem, recipe, chain: [...chain, at] }] : [];
  });
}

// Whether make's words or the Makefile turn the built-in rules off.
export const builtinsOff = (rest: readonly string[]): boolean => rest.some((word) => word === '--no-builtin-rules' || /^-[A-Za-z]*r[A-Za-z]*$/.test(word));
