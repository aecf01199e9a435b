import { closeSync, constants, openSync } from 'node:fs';
import { metadataText } from '../git/config-read.js';
import { withoutSecrets } from '../git/config-secrets.js';
import { bytePath, gone, listBytes } from './byte-names.js';

// A git folder below `.git/modules` or `.git/worktrees` whose name is not UTF-8 (issue 26, fix59): no bind can name
// its config, so repo-configs.ts hides the folder holding it whole when a config at or below it (a submodule's own
// modules/, at any depth: red team R43-a2) holds a credential. Walked by bytes; fails closed: a folder that cannot be
// listed, a config that cannot be read, or more than `budget` entries is taken as holding one.

const CONFIGS = new Set(['config', 'config.worktree']);

// Whether the config at `path` (bytes; links followed, as git follows them) holds a credential or cannot be read.
export function configHoldsCredential(path: Buffer): boolean {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    return !gone(error);
  }
  try {
    const { text, unread } = metadataText(`/proc/self/fd/${fd}`, 1024 * 1024);
    return unread !== undefined || (text !== undefined && withoutSecrets(text) !== undefined);
  } finally {
    closeSync(fd);
  }
}

export function unnamedConfigHolds(folder: Buffer, budget = 10_000): boolean {
  let left = budget;
  const stack: { path: Buffer }[] = [{ path: folder }];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    let entries;
    try {
      entries = listBytes(top.path);
    } catch (error) {
      if (gone(error)) continue;
      return true;
    }
    left -= entries.length;
    if (left < 0) return true;
    // A git folder (a HEAD file): its configs, and its own submodules under modules/; any other folder: all below.
    const repository = entries.some((entry) => entry.name === 'HEAD' && (entry.entry.isFile() || entry.entry.isSymbolicLink()));
    for (const entry of entries) {
      const path = bytePath(top.path, entry.raw);
      if (repository && CONFIGS.has(entry.name) && !entry.entry.isDirectory() && configHoldsCredential(path)) return true;
      if (entry.entry.isDirectory() && (!repository || entry.name === 'modules' || entry.name === 'worktrees')) stack.push({ path });
    }
  }
  return false;
}
