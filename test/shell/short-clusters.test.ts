// opts30 (red team R28-4/R28-5 as a class): a cluster of short options and a value attached to its letter reach every
// reader one option a word, from the program's table (short-clusters.ts), in the three places long-canon.ts serves:
// the hook walk's text (canonicalLongText), the script readers' words (canonicalWords) and the shell reading's
// commands (canonicalPreviews, through the parser). npm's words as nopt reads them (npm-long.ts). Old code: the
// words reached the readers as written (`make -sCtools`, `npm --prefi tools`).
import { describe, expect, it } from 'vitest';
import { canonicalWords } from '../../src/shell/long-canon.js';
import { canonicalLongText } from '../../src/shell/long-canon-text.js';
import { listSimpleCommands } from '../../src/shell/parse.js';
import { parser } from '../permissions/helpers.js';

// [as written, as every reader reads it]
const ROWS: [string, string][] = [
  ['make -sC tools', 'make -s -C tools'],
  ['make -sCtools all', 'make -s -C tools all'],
  ['make -kCtools', 'make -k -C tools'],
  ['make -sftools/build.mk', 'make -s -f tools/build.mk'],
  ['make -sItools', 'make -s -I tools'],
  ['make -j4 -sC x', 'make -j4 -s -C x'],
  ['make -j 4 -sC x', 'make -j 4 -s -C x'],
  ['python3 -Bm tools.z', 'python3 -B -m tools.z'],
  ['python3 -OOm tools.z -sC', 'python3 -O -O -m tools.z -sC'],
  ['python3.12 -Bmtools.z', 'python3.12 -B -m tools.z'],
  ['python3 -W error -Bm tools.z', 'python3 -W error -B -m tools.z'],
  ['perl -wItools -Mz -e 1', 'perl -w -I tools -Mz -e 1'],
  ['perl -wMlib=tools -e 1', 'perl -w -Mlib=tools -e 1'],
  ['perl -lne "print" x', 'perl -l -n -e "print" x'],
  ['perl -0777 -wItools x', 'perl -0777 -w -I tools x'],
  ['ruby -wCtools z.rb', 'ruby -w -C tools z.rb'],
  ['env -Ctools node z.js', 'env -C tools node z.js'],
  ['env -iCtools node z.js', 'env -i -C tools node z.js'],
  ['timeout -sKILL 9 env -Ctools make -sCx', 'timeout -s KILL 9 env -C tools make -s -C x'],
  ['sudo -EHu me make -sCtools', 'sudo -E -H -u me make -s -C tools'],
  ['xargs -0r make -sCtools', 'xargs -0 -r make -s -C tools'],
  ['nice -n5 make -sC t', 'nice -n 5 make -s -C t'],
  ['npm --prefi tools run x', 'npm --prefix tools run x'],
  ['npm -prefi tools run x', 'npm --prefix tools run x'],
  ['npm --prefi=tools run x', 'npm --prefix=tools run x'],
  ['npm --C tools run x', 'npm --prefix tools run x'],
  ['npm -gC tools run x', 'npm -g -C tools run x'],
  ['npm run x -- --prefi', 'npm run x -- --prefi'],
];

// Left as written: an unknown letter, a number option's value, nice's `-10`, a value (`-c`'s code), after `--`.
const KEPT = ['make -Zq x', 'nice -10 make x', 'python3 -c "x" -sC', 'env -- -Ctools', 'npm --pre tools run x', 'npm -C tools run x', 'make -- -sCx'];

const commandsOf = async (text: string): Promise<unknown[]> =>
  listSimpleCommands(await parser.parseShell(text)).map((command) => ({ name: command.name, args: command.args, wrappers: command.wrappers }));

describe('a cluster of short options is read one option a word', () => {
  it.each(ROWS)('`%s` is read as `%s`', async (written, read) => {
    expect(canonicalLongText(written)).toBe(read);
    expect(canonicalWords(shellSplit(written))).toEqual(canonicalWords(shellSplit(read)));
    expect(await commandsOf(written)).toEqual(await commandsOf(read));
  });

  it.each(KEPT)('`%s` is left as written', (written) => {
    expect(canonicalLongText(written)).toBe(written);
  });

  it('a quoted cluster and a run-time value', async () => {
    expect(canonicalLongText("make '-sC' tools")).toBe("make '-s' '-C' tools");
    expect(canonicalLongText('env -C"$D" node z.js')).toBe('env -C "$D" node z.js');
    expect(await commandsOf('env -iC"$D" make -sCx')).toEqual(await commandsOf('env -i -C "$D" make -s -C x'));
  });
});

// Words of a line without quotes (the rows quote only whole words).
const shellSplit = (line: string): string[] => line.match(/"[^"]*"|\S+/g)!.map((word) => word.replace(/^"(.*)"$/, '$1'));
