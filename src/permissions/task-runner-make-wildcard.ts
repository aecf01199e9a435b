import { isAbsolute, join, relative } from 'node:path';
import picomatch from '../workspace/picomatch.js';
import { Beneath } from '../workspace/beneath.js';
import { listBeneath } from '../workspace/own-read-sync.js';

// make's `$(wildcard PATTERN...)` (R25-12 LEFT): the existing paths each pattern names, from make's folder, read
// through the workspace jail (glob(3) as make uses it: `*`, `?`, `[...]` within one path part, a leading dot
// matched only by a dot; sorted, as GNU make 4.3 gives them). Fail closed (unknown) past a bound, for a pattern
// leaving the workspace or crossing a link, and for a name with anything but plain path characters: make pastes
// the names into recipe lines as text the shell reads again.

const MAX_MATCHES = 256;
const MAX_ENTRIES = 4096;
const MAX_FOLDERS = 64;
const GLOB = /[*?[]/;
const PLAIN = /^[\w./+@,=~-]+$/;

export type Globbed = { readonly text: string } | { readonly unknown: string };

// The matches of the space-separated `patterns` from `dir` (absolute, inside `root`).
export function makeWildcard(root: string, dir: string, patterns: string): Globbed {
  const found: string[] = [];
  for (const pattern of patterns.split(/\s+/).filter(Boolean)) {
    const one = matches(root, dir, pattern);
    if ('unknown' in one) return { unknown: `$(wildcard ${pattern}): ${one.unknown}` };
    found.push(...one.paths);
    if (found.length > MAX_MATCHES) return { unknown: `$(wildcard ${patterns}) matches more than ${MAX_MATCHES} paths` };
  }
  const bad = found.find((path) => !PLAIN.test(path));
  if (bad !== undefined) return { unknown: `$(wildcard ${patterns}) matches ${JSON.stringify(bad)}, a name make would paste into the shell line as is` };
  return { text: found.join(' ') };
}

function matches(root: string, dir: string, pattern: string): { paths: string[] } | { unknown: string } {
  if (isAbsolute(pattern) || pattern.startsWith('~') || pattern.includes('\\')) return { unknown: 'a place outside the run folder' };
  const jail = new Beneath(root);
  // Each candidate: the path as make spells it (the pattern's own prefix kept) and where it is.
  let candidates = [{ spelled: '', abs: dir }];
  const parts = pattern.split('/');
  let listed = 0;
  for (const [at, part] of parts.entries()) {
    const last = at === parts.length - 1;
    const next: { spelled: string; abs: string }[] = [];
    for (const candidate of candidates) {
      // placed: a name listed in a folder the walk reached.
      const join1 = (name: string): { spelled: string; abs: string } => ({ spelled: candidate.spelled === '' ? name : `${candidate.spelled}/${name}`, abs: join(candidate.abs, name) });
      if (part === '' || !GLOB.test(part)) {
        const each = join1(part);
        if (part !== '' && !inside(root, each.abs)) return { unknown: 'a place outside the workspace' };
        next.push(each);
        continue;
      }
      if (++listed > MAX_FOLDERS) return { unknown: `more than ${MAX_FOLDERS} folders to list` };
      const listing = listBeneath(root, candidate.abs, MAX_ENTRIES);
      if (listing === 'link') return { unknown: `${candidate.spelled || '.'} is a link or lies under one` };
      if (listing === undefined) continue;
      if (listing.over) return { unknown: `${candidate.spelled || '.'} holds more than ${MAX_ENTRIES} entries` };
      const match = picomatch(part, { dot: part.startsWith('.') });
      for (const entry of listing.entries) {
        if (!match(entry.name)) continue;
        // A link glob(3) follows: where it leads is not read here.
        if (entry.kind === 'link') return { unknown: `${join1(entry.name).spelled} is a link` };
        if (last || entry.kind === 'folder') next.push(join1(entry.name));
      }
    }
    candidates = next;
  }
  // A literal path (or the literal parts after a glob) names what exists only; one under a link is not read here.
  const paths: string[] = [];
  for (const candidate of candidates) {
    const there = exists(jail, candidate.abs);
    if (there === 'link') return { unknown: `${candidate.spelled} lies under a link` };
    if (there) paths.push(candidate.spelled);
  }
  return { paths: [...new Set(paths)].sort() };
}

const inside = (root: string, abs: string): boolean => {
  const rel = relative(root, abs);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

function exists(jail: Beneath, abs: string): boolean | 'link' {
  try {
    return jail.lstat(abs) !== undefined;
  } catch {
    return 'link';
  }
}
