// js22 row 3 (no module-level mutable state): what a hook walk learns about installed packages (their files read,
// each package's reach, the node scripts followed) lives on the Walk (walk.packages), as walk.environments does
// for hook-python-sites.ts, not in module-level WeakMaps keyed by walks (hook-packages.ts had three).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newWalk } from '../../src/permissions/hook-walk.js';

const SRC = join(import.meta.dirname, '../../src');
const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : []));

describe('state of a hook walk', () => {
  it('no module of src keeps a WeakMap or WeakSet at its top (a cache keyed by walks or calls is module-level state)', () => {
    const found = files(SRC).flatMap((file) => readFileSync(file, 'utf8').split('\n').flatMap((line, at) => (/^(?:export )?(?:const|let|var) [\w$]+(?:: [^=]+)? = new Weak(?:Map|Set)\b/.test(line) ? [`${file.slice(SRC.length + 1)}:${at + 1}`] : [])));
    expect(found).toEqual([]);
  });

  it('each walk has its own package memory', () => {
    const one = newWalk('/tmp/a', undefined, []);
    const two = newWalk('/tmp/a', undefined, []);
    one.packages.texts.set('/tmp/a/node_modules/x/index.js', 'x');
    one.packages.followed.add('/tmp/a/t.js');
    expect(two.packages.texts.size + two.packages.followed.size + two.packages.reaches.size).toBe(0);
  });
});
