import { lstatSync, type Dirent } from 'node:fs';
import { bytePath, holdsBelow, listBytes, spelled } from '../sandbox/byte-names.js';

// The walk's names are strings; a name that is not UTF-8 (issue 26, fix59) is read as `d\uFFFD`, which names nothing:
// the walk could not open such a folder, and the write gate (permissions/obeyed-repos.ts, git-nested-repos.ts) judged
// nothing of what it holds. So a folder is listed by bytes, such an entry kept aside (`unnamed`), and when it is, or
// holds, what the walk looks for (a link, a marked name: a `.git`, a git folder's shape, a config a tool loads), the
// walk is cut there (the callers fail closed: the whole tree obeyed, the repository unknown).

export interface Listed {
  readonly entries: { readonly name: string; readonly entry: Dirent<Buffer> }[];
  readonly unnamed: Buffer[];
}

// `folder`'s entries with a UTF-8 name, and the raw names of the others that are folders, links or `marked`.
export function listNamed(folder: string, marked: (name: string) => boolean): Listed {
  const entries: Listed['entries'] = [];
  const unnamed: Buffer[] = [];
  for (const entry of listBytes(folder)) {
    if (entry.faithful) entries.push({ name: entry.name, entry: entry.entry });
    else if (entry.entry.isDirectory() || entry.entry.isSymbolicLink() || marked(entry.name)) unnamed.push(entry.raw);
  }
  return { entries, unnamed };
}

// Why the walk is cut at the entry `raw` of the folder `folder` (`rel` its relative path), or undefined when it holds
// nothing the walk looks for (walked by bytes, no link followed; fails closed past holdsBelow's budget).
export function unnamedCut(folder: string, rel: string, raw: Buffer, marked: (name: string) => boolean): string | undefined {
  const path = bytePath(folder, raw);
  const at = rel === '' ? spelled(raw) : `${rel}/${spelled(raw)}`;
  const wanted = (_rel: string, bytes: Buffer, entry: Dirent<Buffer> | undefined): boolean => {
    const name = entry ? entry.name.toString('utf8') : raw.toString('utf8');
    return (entry ?? lstatSync(bytes)).isSymbolicLink() || marked(name);
  };
  return holdsBelow(path, at, wanted) ? `${at}: a name that is not UTF-8 (each byte past ASCII shown as %XX), which holds a link or a file git or a tool obeys (not looked into)` : undefined;
}
