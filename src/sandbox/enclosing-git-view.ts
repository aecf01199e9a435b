// What the sandbox shows of the repository enclosing a subfolder workspace (enclosing-git.ts builds it;
// policy.ts carries it): a leaf, so the two import no circle.
export interface EnclosingGit {
  // Shown read-only, in this order (a `.git` file, then the folders).
  readonly shown: readonly string[];
  // The real index and the copy bound over it (absent: the repository has no index yet).
  readonly index?: readonly [string, string];
  // Hidden inside what is shown: the hooks folders (dir) and credential stores (file).
  readonly hidden: readonly { readonly path: string; readonly kind: 'dir' | 'file' }[];
  // What git inside needs: discovery crosses from the workspace's mount to the view's root.
  readonly env: Readonly<Record<string, string>>;
  // What a git that fails to write there is told.
  readonly hint: string;
}
