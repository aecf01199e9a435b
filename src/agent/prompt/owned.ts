import { lstat } from 'node:fs/promises';

// Red team H5 of issue 26: above the workspace, a folder is anyone's. In a shared folder (/tmp, 1777)
// another user made an empty `.git` and an AGENTS.md, and `codeward -C /tmp/shared/proj agent` took
// their AGENTS.md into the system prompt. Like git's safe.directory, an ancestor repository, and each
// context file read above the workspace, counts only when the current user owns it (git requires the
// current user too; root's files are not trusted for another user). No uid (Windows): owned.
export async function ownedByMe(path: string): Promise<boolean> {
  const uid = process.getuid?.();
  if (uid === undefined) return true;
  const stats = await lstat(path).catch(() => undefined);
  return stats === undefined || stats.uid === uid;
}

export const notOwned = (what: string, path: string): string => `${what} ${path} not used: it belongs to another user (only the current user's files above the workspace count, as git's safe.directory)`;
