// Issue 31: sandbox/policy.ts `within` compares normal absolute paths by prefix (it is asked thousands of
// times per sandboxed run). Its answer must be path.relative's for every spelling: a sibling sharing the
// prefix (`/ws-2` beside `/ws`), the root `/`, names starting with dots, and non-normal spellings (`//`,
// `/./`, `/../`, a trailing slash), which still go through path.relative.
import { relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { within } from '../../src/sandbox/policy.js';

// The definition the prefix comparison must agree with.
function byRelative(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !rel.startsWith(sep));
}

const NAMES = ['', '/', 'ws', 'ws-2', 'ws.bak', '.', '..', '...', '..x', '.git', 'a', 'A'];

// Every path of up to three names drawn from NAMES, joined with `/`, absolute and relative.
function spellings(): string[] {
  const paths = new Set<string>(['/', '//', '.', '..', '']);
  for (const a of NAMES) for (const b of NAMES) for (const c of NAMES) {
    const rest = [a, b, c].join('/');
    paths.add(`/${rest}`);
    paths.add(rest);
    paths.add(`/${a}/${b}`);
    paths.add(`/${a}`);
  }
  return [...paths];
}

describe('within', () => {
  it('answers as path.relative for every pair of spellings', () => {
    const paths = spellings();
    const roots = paths.filter((_, index) => index % 97 === 0).concat(['/', '/ws', '/ws/', '/ws/a', '/ws-2', '/w']);
    const wrong: string[] = [];
    for (const root of roots) for (const path of paths) if (within(path, root) !== byRelative(path, root)) wrong.push(`${path} in ${root}`);
    expect(wrong).toEqual([]);
  });

  it('keeps a sibling that shares the root as a prefix outside it', () => {
    expect(within('/work/ws-2/file', '/work/ws')).toBe(false);
    expect(within('/work/ws/file', '/work/ws')).toBe(true);
    expect(within('/work/ws', '/work/ws')).toBe(true);
    expect(within('/work/ws/../ws-2/file', '/work/ws')).toBe(false);
    expect(within('/anything', '/')).toBe(true);
  });
});
