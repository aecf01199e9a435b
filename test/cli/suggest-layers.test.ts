import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { didYouMean, editDistance, suggest } from '../../src/text/suggest.js';
import { REPO_ROOT } from '../helpers/fixture.js';

describe('suggest (did you mean)', () => {
  it('counts an adjacent transposition as one edit (Damerau-Levenshtein, optimal string alignment)', () => {
    expect(editDistance('raed', 'read')).toBe(1);
    expect(editDistance('fil', 'file')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('ca', 'abc')).toBe(3); // OSA, not unrestricted Damerau (which says 2)
  });

  it('suggests within a threshold that grows with the length, best first, case and _ folded', () => {
    const flags = ['file', 'start', 'end', 'head', 'tail', 'max-bytes', 'encoding'];
    expect(suggest('fil', flags)).toEqual(['file']);
    expect(suggest('max_bytse', flags)).toEqual(['max-bytes']);
    expect(suggest('ENCODNG', flags)).toEqual(['encoding']);
    expect(suggest('hed', flags, 3)).toEqual(['head']); // end is 2 edits away, over the threshold of 1
    expect(suggest('stat', ['start', 'stats', 'state'], 3)).toEqual(['start', 'state', 'stats']);
    expect(suggest('zzzz', flags)).toEqual([]);
    // Too short to guess from: a two-letter typo is as close to many names.
    expect(suggest('ed', flags)).toEqual([]);
    // An exact name is no typo; a unique prefix of 3+ characters is taken.
    expect(suggest('file', flags)).toEqual([]);
    expect(suggest('max', flags)).toEqual(['max-bytes']);
    expect(suggest('x'.repeat(500), flags)).toEqual([]);
    expect(didYouMean('raed', ['read', 'write'])).toBe(' (did you mean read?)');
    expect(didYouMean('fil', ['file'], '--')).toBe(' (did you mean --file?)');
    expect(didYouMean('qqq', ['file'])).toBe('');
  });
});

async function sources(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.ts')).map((entry) => join(entry.parentPath, entry.name));
}

describe('layers: the doors do not import the CLI door', () => {
  it('no file of src/doors outside src/doors/cli imports from it (the CLI starts the other doors, not the reverse)', async () => {
    const doors = join(REPO_ROOT, 'src', 'doors');
    const offenders: string[] = [];
    for (const file of await sources(doors)) {
      const rel = relative(doors, file);
      if (rel.startsWith('cli/')) continue;
      const text = await readFile(file, 'utf8');
      for (const match of text.matchAll(/from '([^']+)'|import\('([^']+)'\)/g)) {
        const target = match[1] ?? match[2]!;
        if (/(^|\/)cli\//.test(target) && target.startsWith('.')) offenders.push(`${rel} -> ${target}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
