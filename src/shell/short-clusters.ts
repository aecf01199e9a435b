// One getopt-style reader of a word of short options (red team R28-4: `make -sC tools`, `make -sftools/build.mk`,
// `python3 -Bm tools.z`, `perl -wItools -Mz`, `env -Ctools node z.js` ran what `-C tools`, `-f tools/build.mk`,
// `-m tools.z`, `-I tools`, `-C tools` would, while the readers matched those words alone). A cluster is read letter
// by letter with each letter's arity from its program's table (long-options.ts): a flag, then the next letter; a
// letter taking a value takes the rest of the word, or the next word when none is left. long-canon.ts splits the
// word where a new word starts (`-sCtools` is read as `-s -C tools`), so every reader sees one option per word.

import type { LongTable } from './long-options.js';

// The word splits before `offset` (of its text without quotes); `dash`: the new word is an option letter (`-C`).
export interface Cut {
  readonly offset: number;
  readonly dash: boolean;
}

export interface Cluster {
  // Where the word splits (none: it is read as written).
  readonly cuts: readonly Cut[];
  // The next word is the value of its last option.
  readonly takesNext: boolean;
  // The program's options end with this one (python's `-m MOD`): what follows are operands.
  readonly ends: boolean;
}

const NUMBER = /^\d+(?:\.\d*)?$/;

// `value`: the word's text (`-sCtools`); `open`: the word goes on past `value` with a part only known at run time
// (`-C"$D"`: value `-C`); `next`: the next word's text, when it is known.
export function readCluster(table: LongTable, value: string, open = false, next?: string): Cluster {
  const cuts: Cut[] = [];
  const flags = table.flags;
  // A table that lists no flags: the word as written.
  if (flags === undefined) return { cuts, takesNext: !open && unsplitTakesNext(table, value, 1), ends: false };
  for (let k = 1; k < value.length; k++) {
    const letter = value[k]!;
    if (k > 1) cuts.push({ offset: k, dash: true });
    const ends = table.endShort?.includes(letter) === true;
    if (table.shortValued.includes(letter)) {
      // The rest of the word is the value, else the next word.
      if (k + 1 < value.length || open) return { cuts: [...cuts, { offset: k + 1, dash: false }], takesNext: false, ends };
      return { cuts, takesNext: true, ends };
    }
    if (table.optionalShort?.includes(letter)) return { cuts, takesNext: false, ends };
    if (table.numberShort?.includes(letter)) return { cuts, takesNext: k + 1 === value.length && !open && next !== undefined && NUMBER.test(next), ends };
    if (table.digitShort?.includes(letter)) {
      const digits = /^(?:x[\da-fA-F]*|[0-7]*)/.exec(value.slice(k + 1))![0];
      k += letter === '0' ? digits.length : /^[0-7]*/.exec(digits)![0].length;
      continue;
    }
    // A letter the table does not know (or a table that lists no flags): the word is left as written.
    if (!flags.includes(letter)) return { cuts: [], takesNext: unsplitTakesNext(table, value, k), ends: false };
  }
  // Letters only known at run time follow: nothing more is known.
  if (open) return { cuts: [], takesNext: false, ends: false };
  return { cuts, takesNext: false, ends: false };
}

// How a word the reader does not split was read before it: a valued letter last takes the next word.
function unsplitTakesNext(table: LongTable, value: string, from: number): boolean {
  for (let k = from; k < value.length; k++) {
    const letter = value[k]!;
    if (table.optionalShort?.includes(letter)) return false;
    if (table.shortValued.includes(letter)) return k === value.length - 1;
  }
  return false;
}

// The words a cut word is read as (`-sCtools` -> `-s`, `-C`, `tools`).
export function cutWords(value: string, cuts: readonly Cut[]): string[] {
  const starts = [{ offset: 0, dash: false }, ...cuts];
  return starts.map((cut, i) => (cut.dash ? '-' : '') + value.slice(cut.offset, starts[i + 1]?.offset ?? value.length));
}
