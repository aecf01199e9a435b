import { relative, sep } from 'node:path';
import { immunePath } from '../permissions/immune-paths.js';
import type { ObeyedContext } from '../permissions/obeyed.js';
import { compileNonAccessible } from '../workspace/globs.js';
import { bytePath, listBytes } from './byte-names.js';

// Red team R45-a3: a lost-folder record (hidden-lost.ts) makes codeward move a folder, found by its identity, to the
// place the record names: outside the sandbox, past the write gate. A forged record (a state folder a run reached)
// named .git/hooks and a folder of hook scripts the run made. A record is sealed by its writer now; and whatever
// wrote it, a folder is moved back only to a place where the write gate would let the move go unasked and where it
// holds what the hidden-files globs hide (the only reason a folder is ever recorded): refused (the caller's C240) when
// the place, or any path the folder's entries would have there, is one the write gate protects (.git, .codeward,
// .chatcli, a file a program obeys: permissions/immune-paths.ts with the workspace's obeyed context), or nothing it
// holds would be hidden there. The folder's entries are read up to LIMIT (past it: refused).
const LIMIT = 20_000;

// Why the folder at `at` (bytes: a held descriptor's path may stand for it) must not be moved to `place`; undefined
// when it may.
export function lostPlaceRefusal(root: string, place: string, at: Buffer, globs: readonly string[], ctx: ObeyedContext | undefined): string | undefined {
  const rel = relative(root, place).split(sep).join('/');
  const protectedAt = (path: string): string | undefined => {
    const found = immunePath(path, true, [], ctx);
    return found === undefined ? undefined : `${path} is ${found.description}`;
  };
  const itself = protectedAt(rel);
  if (itself !== undefined) return itself;
  const hidden = compileNonAccessible(globs);
  let hides = false;
  let seen = 0;
  const stack: { dir: Buffer; rel: string }[] = [{ dir: at, rel }];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    let entries;
    try {
      entries = listBytes(top.dir);
    } catch {
      return `codeward cannot read all of what the folder holds (${top.rel})`;
    }
    seen += entries.length;
    if (seen > LIMIT) return `the folder holds more than ${LIMIT} entries`;
    for (const { raw, name, entry } of entries) {
      const path = `${top.rel}/${name}`;
      const refusal = protectedAt(path);
      if (refusal !== undefined) return refusal;
      hides ||= hidden(path);
      if (entry.isDirectory()) stack.push({ dir: bytePath(top.dir, raw), rel: path });
    }
  }
  return hides ? undefined : `nothing the folder holds would be hidden there by the hidden-files globs`;
}
