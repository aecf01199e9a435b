import { closeSync, constants, openSync } from 'node:fs';

type Folder = { path: string; rel: string; id?: string };
type Walk = (stack: Folder[], deep: Folder[]) => Promise<void>;

// The folders of an after-run walk (modes.ts clearRiskyModes) whose paths grew past its ANCHOR: each opened (no link
// followed) and walked as /proc/self/fd/N, so no path passes PATH_MAX (red team R38-a1: a setuid file and a FIFO put
// deeper than the walk went stayed). The descriptor is held while its subtree is walked: one per ANCHOR characters of
// depth. Below it, messages name the folder by the last part of its path. Returns a warning for each folder that could not be opened.
export async function walkDeep(deep: Folder[], walk: Walk): Promise<string[]> {
  const warnings: string[] = [];
  for (let top = deep.pop(); top !== undefined; top = deep.pop()) {
    let fd: number;
    try {
      fd = openSync(top.path, constants.O_DIRECTORY | constants.O_NOFOLLOW);
    } catch (error) {
      warnings.push(`${shown(top.rel)}: not checked for what the run left (${(error as Error).message})`);
      continue;
    }
    try {
      const deeper: Folder[] = [];
      await walk([{ path: `/proc/self/fd/${fd}`, rel: shown(top.rel), id: top.id }], deeper);
      warnings.push(...(await walkDeep(deeper, walk)));
    } finally {
      closeSync(fd);
    }
  }
  return warnings;
}

const shown = (rel: string): string => (rel.length > 300 ? `...${rel.slice(-240)}` : rel);
