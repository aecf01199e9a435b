import { userInfo } from 'node:os';
import { join } from 'node:path';
import { homeSecretPaths } from './home-secrets.js';
import { HOME_SECRETS } from './lists.js';
import { realOf, targetKindOf, within } from './paths.js';
import type { SecretPath } from './secret-files.js';

// What the write jail of `--sandbox off` (write-jail.ts) hides, though it leaves every other read unconfined
// (red team R34-1/R34-2: with the parse as the only guard of reads, `cd "$D" && cat id_rsa`, `cat "$(cat d.txt)/
// key"`, `grep -r x ~` printed the person's keys under --sandbox off --yes; a path only known at run time cannot be
// judged by a parse). The same secrets the sandbox's view hides, wherever they really are: the home's credential
// catalogue (HOME_SECRETS, and the links below it resolved: home-secrets.ts), the secrets the tools' own variables
// locate elsewhere (AWS_SHARED_CREDENTIALS_FILE ...), the workspace's non-accessible files (the caller's
// SecretFinder), and codeward's own folders (journals, checkpoints). What the person names in sandboxReadable
// stays readable, as in the sandbox.

export interface JailSecretsInput {
  // $HOME and the account's own home (real or not: resolved here).
  readonly homes: readonly (string | undefined)[];
  readonly env: Readonly<Record<string, string | undefined>>;
  // The workspace's non-accessible entries (SecretFinder.find()).
  readonly workspace: readonly SecretPath[];
  // codeward's state and cache folders.
  readonly own: readonly string[];
  // sandboxReadable, absolute (`~/x` already expanded).
  readonly readable: readonly string[];
}

export function jailSecrets(input: JailSecretsInput): SecretPath[] {
  const homes = input.homes.filter((home): home is string => home !== undefined && home.startsWith('/') && home !== '/');
  const listed = homes.flatMap((home) => HOME_SECRETS.map((rel) => join(home, rel)));
  const paths = [...listed, ...homeSecretPaths(homes, input.env), ...input.own];
  const shown = input.readable.map((path) => realOf(path));
  const found = new Map<string, SecretPath>();
  for (const path of paths) {
    const kind = targetKindOf(path);
    if (kind === 'missing') continue;
    const real = realOf(path);
    if (real === '/' || shown.some((area) => within(real, area))) continue;
    found.set(real, { path: real, kind });
  }
  for (const secret of input.workspace) found.set(secret.path, secret);
  // Outermost first; nothing inside a folder already hidden (bwrap could not make a mount point in it).
  const all = [...found.values()].sort((a, b) => a.path.length - b.path.length);
  return all.filter((secret) => !all.some((other) => other !== secret && other.kind === 'dir' && within(secret.path, other.path)));
}

// bubblewrap arguments hiding each path: an empty read-only folder or an empty read-only file in its place
// (after the writable binds: a later mount covers an earlier one).
export function hideArgs(secrets: readonly SecretPath[], empty: string): string[] {
  return secrets.flatMap(({ path, kind }) => (kind === 'dir' ? ['--tmpfs', path, '--remount-ro', path] : ['--ro-bind', empty, path]));
}

// The account's own home (the password file's), when $HOME names another folder.
export function accountHomeDir(): string | undefined {
  try {
    return userInfo().homedir;
  } catch {
    return undefined;
  }
}
