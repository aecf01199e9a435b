// How cp, mv, install and ln name what they copy or link and where (GNU coreutils 9), for a script the hook writes
// and then runs (hook-fed-written.ts). Red team R28-10: `cp -R tools/. build/`, `cp -a`, `cp -rT tools build`, `cp
// --recursive`, `cp tools/*.sh build/`, `ln -sf ../tools/a.sh build/a.sh` each left tools/a.sh free while the hook ran
// build/a.sh: the reader took plain `SRC... DEST` operands only. Options are read as getopt_long reads them (short
// clusters, attached values, any unambiguous long prefix).
import { longOption } from '../shell/gnu-long.js';

export interface CopyWords {
  // The sources as written ('\u0000': only known at run time) and the destination (a folder with -t or several sources).
  readonly sources: readonly string[];
  readonly dest?: string;
  // The destination is the folder the sources go into (`-t DIR`), or names the copy itself (`-T`); else either.
  readonly into: boolean;
  readonly itself: boolean;
  // A folder source's tree is copied (cp -r/-R/-a, mv, any link: a link to a folder shows its tree).
  readonly tree: boolean;
  // ln -s without -r: the target is read from the link's own folder.
  readonly linkRelative: boolean;
}

interface Table {
  readonly valued: string;
  readonly longs: readonly string[];
  readonly valuedLongs: readonly string[];
  readonly recursive?: string;
}

const COMMON = ['backup', 'suffix', 'target-directory', 'no-target-directory', 'verbose', 'help', 'version', 'force', 'interactive', 'debug', 'context'];
const TABLES: Readonly<Record<string, Table>> = {
  cp: {
    valued: 'St',
    longs: [...COMMON, 'archive', 'attributes-only', 'copy-contents', 'dereference', 'link', 'no-clobber', 'no-dereference', 'no-preserve', 'one-file-system', 'parents', 'preserve', 'recursive', 'reflink', 'remove-destination', 'sparse', 'strip-trailing-slashes', 'symbolic-link', 'update', 'keep-directory-symlink'],
    valuedLongs: ['suffix', 'target-directory', 'no-preserve', 'sparse'],
    recursive: 'rRa',
  },
  mv: { valued: 'St', longs: [...COMMON, 'exchange', 'no-clobber', 'no-copy', 'strip-trailing-slashes', 'update'], valuedLongs: ['suffix', 'target-directory'] },
  install: { valued: 'gmoSt', longs: [...COMMON, 'compare', 'directory', 'group', 'mode', 'owner', 'preserve-timestamps', 'preserve-context', 'strip', 'strip-program'], valuedLongs: ['suffix', 'target-directory', 'group', 'mode', 'owner', 'strip-program'] },
  ln: { valued: 'St', longs: [...COMMON, 'directory', 'logical', 'no-dereference', 'physical', 'relative', 'symbolic'], valuedLongs: ['suffix', 'target-directory'] },
};

// The words of `cp`/`mv`/`install`/`ln` (values as hook-fed.ts knows them), or undefined for another program.
export function copyWords(name: string, values: readonly string[]): CopyWords | undefined {
  const table = TABLES[name];
  if (table === undefined) return undefined;
  const operands: string[] = [];
  const letters = new Set<string>();
  const longs = new Set<string>();
  let target: string | undefined;
  for (let i = 1; i < values.length; i++) {
    const value = values[i]!;
    if (value === '--') {
      operands.push(...values.slice(i + 1));
      break;
    }
    const long = longOption(value, table.longs);
    if (long !== undefined) {
      for (const each of long.names) longs.add(each);
      const valued = long.names.some((each) => table.valuedLongs.includes(each));
      const given = long.value ?? (valued ? values[++i] : undefined);
      if (long.names.includes('target-directory')) target = given;
      continue;
    }
    if (!/^-[^-]/.test(value)) {
      operands.push(value);
      continue;
    }
    for (let k = 1; k < value.length; k++) {
      const letter = value[k]!;
      letters.add(letter);
      if (!table.valued.includes(letter)) continue;
      const given = k < value.length - 1 ? value.slice(k + 1) : values[++i];
      if (letter === 't') target = given;
      break;
    }
  }
  const dest = target ?? operands.pop();
  const recursive = [...(table.recursive ?? '')].some((letter) => letters.has(letter)) || longs.has('recursive') || longs.has('archive');
  const symbolic = name === 'ln' && (letters.has('s') || longs.has('symbolic'));
  const relative = letters.has('r') || longs.has('relative');
  return {
    sources: operands,
    ...(dest === undefined ? {} : { dest }),
    into: target !== undefined,
    itself: letters.has('T') || longs.has('no-target-directory'),
    tree: recursive || name === 'mv' || name === 'ln',
    linkRelative: symbolic && !relative,
  };
}
