import type { Stats } from 'node:fs';

// What a caller wants to do with a path; decides which refusals apply.
// read: must exist, must not be non-accessible. write: may be missing, must not be non-accessible.
// delete: may be missing, must not be non-accessible. list: must exist; a non-accessible folder may be listed.
export type Access = 'read' | 'write' | 'delete' | 'list';

// 'symlink' only for access 'delete', whose last component is never followed.
export type PathKind = 'file' | 'dir' | 'symlink' | 'other' | 'missing';

// A caller's path after the jail accepted it. Handlers only ever touch `real`.
export interface ResolvedPath {
  // The string the caller sent.
  readonly input: string;
  // Absolute path to operate on: symlinks resolved; for a missing path, the real longest existing
  // ancestor joined with the (lexically normalised) missing rest.
  readonly real: string;
  // `real` relative to the workspace root, forward slashes; '.' for the root itself.
  readonly rel: string;
  // What is at `real` (resolved, so never 'symlink' except for access 'delete').
  readonly kind: PathKind;
  // The requested path itself (before resolution) is a symlink inside the workspace.
  readonly isLink: boolean;
  // The lexical, not-yet-resolved absolute path (where a symlink itself lives); equals `real` when no link is involved.
  readonly lexical: string;
  // stat of `real` taken during validation (undefined when missing); used to check an opened descriptor.
  readonly stats: Stats | undefined;
}

export interface WorkspaceOptions {
  // Globs (gitignore/globset style, matched on the workspace-relative path) whose files are listed but
  // never read, written, searched or deleted. Default: DEFAULT_NON_ACCESSIBLE_GLOBS.
  readonly nonAccessibleGlobs?: readonly string[];
  // Environment used for `$VAR` / `${VAR}` expansion (default process.env).
  readonly env?: Readonly<Record<string, string | undefined>>;
  // Home directory used for `~` expansion (default os.homedir()).
  readonly home?: string;
  // codeward's own state folders (real, absolute): computed by Workspace.open, refused like a
  // non-accessible path when they lie inside the workspace (own-state.ts).
  readonly ownState?: readonly string[];
  // Real absolute paths non-accessible in this jail and every jail rooted elsewhere with the same options
  // (the home's secrets where they really are: sandbox/home-secrets.ts), whatever the root.
  readonly hiddenPaths?: readonly string[];
  // The state folder's kept file (permissions/kept-across.ts keptFileFor: only where no sandboxed process can
  // write), where what git loads for the workspace is kept between processes (git/config-credential.ts).
  readonly keptFile?: string;
  // The folders a sandboxed run may write besides the workspace (sandboxWritable, absolute: sandbox/which.ts
  // runWritable): no program codeward starts comes from a PATH folder there (Workspace.toolAreas).
  readonly runWritable?: readonly string[];
  // The state folder's record of hidden folders a sandboxed run moved and codeward lost (engine/state-dir.ts
  // lostRecordFile, sandbox/hidden-lost.ts): while it exists, every path is resolved only after `settle` (the folder
  // back, or moved back: cleared; still lost: it throws C240). Without the file, one lstat.
  readonly lostRecord?: LostRecord;
}

export interface LostRecord {
  readonly file: string;
  readonly settle: () => Promise<void>;
}

// `.env.example`, `.env.sample`, `.env.template` and `.env.dist` stay readable: they are committed on
// purpose to document the variables, and hiding them hid git from sandboxed exec in every repository that
// tracks one (a tracked non-accessible file hides the repository's git folders). `.env.local`,
// `.env.production`, `.env.example.local` ... stay hidden.
export const DEFAULT_NON_ACCESSIBLE_GLOBS: readonly string[] = [
  '**/.env',
  '**/.env.!(example|sample|template|dist)',
  '**/*.pem',
  '**/*.key',
  '**/secrets/**',
];
