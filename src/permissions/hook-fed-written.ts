// A script the hook writes itself and then runs (red team R26-10: `cat tools/*.sh > build/all.sh; sh build/all.sh`,
// `>>`, `cat tools/*.sh | tee build/all.sh`, `cp tools/x.sh build/y.sh`): what runs is what the writer put there.
// A writer codeward reads (cat/head/tail/sort/tee of static words or globs, cp/mv/install of static operands) hands
// the file its sources, followed as the script's own text (their globs: every file they match, present or made
// later); any other writer (`echo "$X" > f`, a here-document, a program, `ln`) is only known at run time, and so is a
// script written outside the work tree (`/tmp/x`: codeward does not carry it from line to line). A Makefile's built
// file (`cat $< > $@`) is the make model's (hook-make-lines.ts): its recipe words are not these.
import { basename, join, normalize } from 'node:path';
import type { Fed, Written } from './hook-fed-words.js';
import type { Piped } from './hook-fed-pipes.js';

export type { Written } from './hook-fed-words.js';

// The record of `file` written with what `printed` says the writer prints.
export function writtenWith(file: string, printed: Piped | undefined): Written {
  const plain = printed !== undefined && printed.opaque !== true && printed.words === undefined && printed.text === undefined && printed.here === undefined && printed.files.length > 0;
  return plain ? { file, from: [...printed.files], ...(printed.fileGlobs === undefined ? {} : { globs: printed.fileGlobs }) } : { file, from: null };
}

const COPIERS = new Set(['cp', 'mv', 'install']);
// Options of cp/mv/install taking a value (`install -m 755`), their target folder (`-t DIR`) apart.
const VALUED = /^-[mogS]$|^--(?:mode|owner|group|suffix)$/;

// What `cp A B` / `mv A B DIR` / `install -m 755 A B` write (each destination, and DIR/name for a folder), or undefined
// for another program. An operand only known at run time: every destination is written by an unread writer.
export function copied(name: string, values: readonly string[]): Written[] | undefined {
  if (!COPIERS.has(name)) return undefined;
  const operands: string[] = [];
  let target: string | undefined;
  for (let i = 1; i < values.length; i++) {
    const value = values[i]!;
    if (value === '-t' || value === '--target-directory') target = values[++i];
    else if (value.startsWith('--target-directory=')) target = value.slice(19);
    else if (VALUED.test(value)) i++;
    else if (!value.startsWith('-') || value === '\u0000') operands.push(value);
  }
  const dest = target ?? operands.pop();
  if (dest === undefined || operands.length === 0) return [];
  const known = dest !== '\u0000' && operands.every((value) => value !== '\u0000');
  return [{ file: dest, from: known ? operands : null }, ...operands.map((source) => ({ file: join(dest, basename(source)), from: known ? [source] : null }))];
}

// A script run by the hook that the hook writes itself: its sources are followed as scripts, or the walk is unmodeled.
export function selfWritten(fed: Fed, script: string): void {
  for (const written of fed.wrote ?? []) {
    if (normalize(written.file) !== normalize(script)) continue;
    if (script.startsWith('/')) fed.unknown ??= `\`${script}\` (a script the hook writes itself)`;
    else if (written.from === null) fed.unknown ??= `\`${script}\` (a script the hook writes with a writer codeward does not read)`;
    else {
      fed.scripts.push(...written.from);
      if (written.globs !== undefined) (fed.globs ??= []).push(...written.globs);
    }
  }
}
