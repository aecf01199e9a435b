// The one test of "a git folder by its shape" (red team R44-a6), for read (config-secrets.ts, by lstat) and for the
// view (sandbox/walked-configs.ts, by a listing's entry kinds): HEAD, and objects or a linked worktree's commondir.
// git's own test (setup.c is_git_directory) follows links: a git folder whose `objects` is a link (Android `repo`'s
// projects, shared object stores) or whose HEAD is one (core.preferSymlinkRefs) is a repository to git, so a link
// by any of these names counts as the entry it names, wherever it leads (fail closed: its config is then filtered).
export type ShapeKind = 'file' | 'dir' | 'link' | undefined;

export function gitFolderShaped(kind: (name: 'HEAD' | 'objects' | 'commondir') => ShapeKind): boolean {
  const head = kind('HEAD');
  if (head !== 'file' && head !== 'link') return false;
  const objects = kind('objects');
  if (objects === 'dir' || objects === 'link') return true;
  const common = kind('commondir');
  return common === 'file' || common === 'link';
}

// A kind from anything shaped like fs.Stats or a Dirent (undefined: missing).
export const shapeKind = (entry: { isFile(): boolean; isDirectory(): boolean; isSymbolicLink(): boolean } | undefined): ShapeKind =>
  entry === undefined ? undefined : entry.isSymbolicLink() ? 'link' : entry.isDirectory() ? 'dir' : entry.isFile() ? 'file' : undefined;
