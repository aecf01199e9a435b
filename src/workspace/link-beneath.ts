import { readlinkSync } from 'node:fs';
import { Beneath } from './beneath.js';

// The text of the symbolic link `abs` below `root`, read through its parent folder's handle (no link on the way);
// undefined when it is no link, missing, or lies under a link. Apart from own-read-sync.ts, which every cold call
// loads (test/bin/lazy-start.test.ts): only the workspace packages' reader follows a link (red team R38-b7).
export function readLinkBeneath(root: string, abs: string): string | undefined {
  try {
    return new Beneath(root).atSync(abs, (path) => readlinkSync(path));
  } catch {
    return undefined;
  }
}
