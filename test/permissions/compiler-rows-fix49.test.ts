// fix49 (re-landing fix48's R39-b13/b14 rows): the compiler rows and make's built-in rules without the false
// positive that reverted them (make-wildcard-r25: `test: $(addprefix ./,$(SRC))` read `./src/a.c`, which the folder
// check took for a file that stands there, so make's RCS rule `%: %,v` chained `a.c,v,v,…` to 256 rules and
// asked). make names `./x` and `x` as one file and uses no built-in rule twice in a chain. fix48's LEFT rows: -Xclang
// -load, -specs=./x, GCC_EXEC_PREFIX, yacc/lex built-ins, versioned and target-prefixed drivers (program-aliases.ts),
// `cargo rustc -- WORDS` (rustc's words), a `@FILE` response file (asks: its options are not read), and a target
// whose explicit rule has no recipe (`prog: m.h`: make's built-in `prog: prog.c` builds it).
// Judged as the common deny rule reads them (`deny git push*` + `allow *`): a program given as `git,push,…` or
// a Makefile's `CC = git push origin main` is refused, a folder or file of programs codeward cannot read asks.
import { describe, expect, it } from 'vitest';
import { decideTask as decide } from './task-runner-decide.js';

const PUSH = 'git push origin main';
const C = { 'm.c': 'int main(void) { return 0; }\n', 'm.h': '', 'm.rs': 'fn main() {}\n', 'x.so': '', x: '' };
const PLAIN_C = { ...C, 'util.c': '', Makefile: 'CC = gcc\nCFLAGS = -O2 -Wall\nall: prog\nprog: m.o util.o\nm.o: m.h\nclean:\n\trm -f prog *.o\n' };

describe('fix49: compiler lines and make recipes that stay free', { timeout: 120_000 }, () => {
  it.each<[string, Record<string, string>, string]>([
    ['a pattern recipe `cc $(CFLAGS) -c $< -o $@`', { ...C, Makefile: 'CFLAGS = -O2\nall: m.o\n%.o: %.c\n\tcc $(CFLAGS) -c $< -o $@\n' }, 'make'],
    ['a link recipe `$(CC) $(LDFLAGS) $^ $(LDLIBS) -o $@`', { ...C, 'util.c': '', Makefile: 'LDLIBS = -lm\nprog: m.o util.o\n\t$(CC) $(LDFLAGS) $^ $(LDLIBS) -o $@\n' }, 'make'],
    ['a plain C Makefile of built-in rules (CC=gcc)', PLAIN_C, 'make'],
    ['the same, `make -j4 all`', PLAIN_C, 'make -j4 all'],
    ['a built-in rule for a goal no rule names', C, 'make m'],
    ['the wildcard row: `cc $(SRC) $^` with `./` prerequisites', { 'src/a.c': '', 'src/b.c': '', Makefile: 'SRC := $(wildcard src/*.c)\ntest: $(addprefix ./,$(SRC))\n\tcc $(SRC) $^ -o t\n' }, 'make test'],
    ['cargo build --release', C, 'cargo build --release'],
    ['RUSTFLAGS=-C target-cpu=native', C, "RUSTFLAGS='-C target-cpu=native' cargo build"],
    ['cargo rustc with rustc words that run nothing', C, 'cargo rustc --release -- -C opt-level=3'],
    ['go build ./...', C, 'go build ./...'],
    ['go vet ./...', C, 'go vet ./...'],
    ['clang -fsanitize=address -g', C, 'clang -fsanitize=address -g m.c'],
    ['a versioned driver with ordinary options', C, 'gcc-12 -O2 -Wall -c m.c -o m.o'],
    ['a cross driver with a system -B', C, 'x86_64-linux-gnu-gcc -B/usr/lib/gcc -c m.c'],
  ])('%s: allowed', async (_what, files, line) => {
    expect(await decide(files, line)).toBe('allow');
  });
});

describe('fix49: compiler and make lines that run a program the line names', { timeout: 120_000 }, () => {
  it.each<[string, Record<string, string>, string]>([
    ['YACC through the built-in `%.c: %.y`', { ...C, 'p.y': '', Makefile: `YACC = ${PUSH}\n` }, 'make p.c'],
    ['LEX through the built-in `%.c: %.l`', { ...C, 'l.l': '', Makefile: `LEX = ${PUSH}\n` }, 'make l.c'],
    ['a recipe-less explicit rule built by `%: %.c`', { ...C, 'prog.c': '', Makefile: `CC = ${PUSH}\nprog: m.h\n` }, 'make prog'],
    ['a goal spelled `./m`', { ...C, Makefile: `CC = ${PUSH}\n` }, 'make ./m'],
    ['a versioned driver\'s -wrapper', C, `clang-17 -wrapper ${PUSH.replaceAll(' ', ',')} m.c`],
  ])('%s: refused', async (_what, files, line) => {
    expect(await decide(files, line)).toBe('deny');
  });

  it.each<[string, string]>([
    ['-Xclang -load', 'gcc -Xclang -load -Xclang ./x.so m.c'],
    ['-specs=./x', 'gcc -specs=./x m.c'],
    ['GCC_EXEC_PREFIX', 'GCC_EXEC_PREFIX=./ gcc m.c'],
    ['gcc-12 -B.', 'gcc-12 -B. m.c'],
    ['x86_64-linux-gnu-gcc -B.', 'x86_64-linux-gnu-gcc -B. m.c'],
    ['cargo rustc -- -C link-arg=-B.', 'cargo rustc -- -C link-arg=-B.'],
    ['cargo rustc -- -C linker=$L', 'cargo rustc -- -C linker=$L'],
    ['rustc -C linker=$L', 'rustc -C linker=$L m.rs'],
    ['a response file', 'gcc @opts m.c'],
    ['an actual -B$(X)', 'cc -B$(cat d) m.c'],
    ['an actual -wrapper $X', 'cc -wrapper "$X" m.c'],
    // fix66: a bare spec file name is read from the run folder when the driver's folders have none; a sysroot or a
    // plugin folder of the workspace holds what the driver runs or loads.
    ['-specs=x (bare)', 'gcc -specs=x m.c'],
    ['--specs x (bare)', 'gcc --specs x m.c'],
    ['--sysroot=.', 'gcc --sysroot=. m.c'],
    ['--sysroot ./sr', 'clang --sysroot ./sr m.c'],
    ['-iplugindir=.', 'gcc -iplugindir=. -fplugin=p m.c'],
  ])('%s: asks', async (_what, line) => {
    expect(await decide({ ...C, opts: '-B.\n' }, line)).toBe('ask');
  });
});
