// long29 (red team R27-5/6/7 as a class): every long option of every getopt_long table (src/shell/long-options.ts)
// and its shortest unambiguous prefix reach the readers the same: the shell reading's commands (names, words,
// text), the script readers' words (canonicalWords) and the hook walk's text (canonicalLongText). Old code: the
// prefix reached them as written and each reader matched full names (`env --s`, `make --di=sub`, `unshare --w`).
import { describe, expect, it } from 'vitest';
import { longOption } from '../../src/shell/gnu-long.js';
import { canonicalWords } from '../../src/shell/long-canon.js';
import { canonicalLongText } from '../../src/shell/long-canon-text.js';
import { LONG_OPTIONS, type LongTable } from '../../src/shell/long-options.js';
import { listSimpleCommands } from '../../src/shell/parse.js';
import { parser } from '../permissions/helpers.js';

// The shortest prefix getopt_long reads as `name` alone (the name itself when a longer option starts with it).
function shortest(name: string, longs: readonly string[]): string {
  for (let end = 1; end < name.length; end++) {
    const names = longOption(`--${name.slice(0, end)}`, longs)?.names ?? [];
    if (names.length === 1 && names[0] === name) return name.slice(0, end);
  }
  return name;
}

// A line running `program` with option word(s) `option`, the operands it needs, and the command it launches.
function line(program: string, table: LongTable, option: string): string {
  const operands = ' x'.repeat(table.operands ?? 0);
  return `${program} ${option}${operands} ${table.launches ? 'make --di=sub g' : 'y'}`;
}

const ROWS = Object.entries(LONG_OPTIONS).flatMap(([program, table]) => {
  const longs = Object.keys(table.longs);
  return longs.flatMap((name) => {
    const prefix = shortest(name, longs);
    const kind = table.longs[name];
    const forms: [string, string][] = kind === 'none' ? [[`--${name}`, `--${prefix}`]] : [[`--${name}=v`, `--${prefix}=v`]];
    if (kind === 'required') forms.push([`--${name} v`, `--${prefix} v`]);
    return forms.map(([full, short]) => [program, line(program, table, full), line(program, table, short)] as const);
  });
});

const commandsOf = async (text: string): Promise<unknown[]> =>
  listSimpleCommands(await parser.parseShell(text)).map((command) => ({ name: command.name, args: command.args, text: command.text, wrappers: command.wrappers }));

describe('every long option of every table and its shortest prefix are read the same', () => {
  it('the tables hold the programs the rows name', () => {
    expect(Object.keys(LONG_OPTIONS).sort()).toEqual(['chroot', 'env', 'make', 'nice', 'nohup', 'nsenter', 'runuser', 'script', 'setsid', 'stdbuf', 'su', 'sudo', 'time', 'timeout', 'unshare', 'xargs']);
    expect(ROWS.length).toBeGreaterThan(200);
  });

  it.each(ROWS)('%s: `%s` and `%s`', async (_program, full, short) => {
    expect(canonicalLongText(short)).toBe(canonicalLongText(full));
    const words = (text: string): string[] => canonicalWords(text.split(' '));
    expect(words(short)).toEqual(words(full));
    expect(await commandsOf(short)).toEqual(await commandsOf(full));
  }, 30_000);
});

describe('the canonical form', () => {
  it.each([
    // The launched command's own options are read in full too (env runs make; make moves to sub/).
    ['env --ch sub make --di=sub g', 'env --chdir sub make --directory=sub g'],
    ["env --sp='rm -r build'", "env --split-string='rm -r build'"],
    ['timeout --k=1 5 env --s x', 'timeout --kill-after=1 5 env --split-string x'],
    ['nice -n 5 unshare --w sub npm test', 'nice -n 5 unshare --wd sub npm test'],
    // A wrapper without a table of its own (parse-wrappers.ts) still reaches the command it runs.
    ['ionice -c3 env --s x', 'ionice -c3 env --split-string x'],
    ['FOO=1 make --fi=other.mk g; make --makef=b.mk', 'FOO=1 make --file=other.mk g; make --makefile=b.mk'],
    // Ambiguous (getopt refuses; the riskiest is read): make --d is debug, directory or dry-run.
    ['make --d=sub g', 'make --directory=sub g'],
    ['make --ma=x.mk', 'make --makefile=x.mk'],
    // After `--`, after env's command (its operands) and a word that is no option of the table: as written.
    ['make -- --di=sub', 'make -- --di=sub'],
    ['env npm --s x', 'env npm --s x'],
    ['env -- --s x', 'env -- --s x'],
    ['env --bogus x', 'env --bogus x'],
    // Quotes: the name's spelling replaced, the rest as written; a name spelled with quotes inside, quoted whole.
    ['env "--ch=$D" npm test', 'env "--chdir=$D" npm test'],
    ["env --c'h'=sub npm test", "env '--chdir=sub' npm test"],
    // make permutes: an option after a target is read too.
    ['make g --di=sub', 'make g --directory=sub'],
    // Controls: as written.
    ['make -j2 test', 'make -j2 test'],
    ['make --jobs=2', 'make --jobs=2'],
    ['xargs -0 rm -f', 'xargs -0 rm -f'],
    ['git push --fo origin', 'git push --fo origin'],
    // A program named as an Object member is no table.
    ['constructor --s x; toString --di=y', 'constructor --s x; toString --di=y'],
  ])('`%s` is read as `%s`', (text, expected) => {
    expect(canonicalLongText(text)).toBe(expected);
  });

  it('a word only known at run time stops a program that stops at its first operand', () => {
    expect(canonicalLongText('env "$X" --s y')).toBe('env "$X" --s y');
  });
});
