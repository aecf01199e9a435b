import { homeFolders } from './home-shape.js';
import { JAIL_FIX, JAIL_WORDS } from './jail-words.js';
import { realOf, realPaths, within } from './policy.js';
import type { SecretPath } from './secret-files.js';
import { accountHomeDir, jailSecrets } from './write-jail-hidden.js';
export { writeJailProfile as jailSeatbelt } from './write-jail.js';

// What only `--sandbox off`'s write jail needs beside the sandbox's own run (sandbox.ts jailed(): the in-place
// sandboxed run with the whole root read-only, view-whole-root.ts). Loaded on demand by an `off` run: a sandboxed
// exec does not pay for it.

export interface JailHiddenInput {
  // The workspace's real path.
  readonly root: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  // sandboxWritable and sandboxReadable as the person wrote them (`~/x`, absolute, relative to the workspace).
  readonly writable: readonly string[];
  readonly readable: readonly string[];
  // codeward's own folders (state, cache, the warm engines' sockets).
  readonly own: readonly string[];
}

// What the default-deny view hides by not showing it and the whole root shows: the credential catalogue of EVERY home
// (home-shape.ts: /home/*, /root, each person's passwd home; $HOME and the account's own), the secrets the tools'
// variables locate elsewhere, codeward's own folders (write-jail-hidden.ts jailSecrets: sandboxReadable wins). Never a
// folder holding the workspace or a writable folder (hiding it would hide them).
export function jailHidden(input: JailHiddenInput): SecretPath[] {
  const home = input.env['HOME'];
  const realHome = home && home.startsWith('/') ? realOf(home) : undefined;
  const areas = [input.root, ...realPaths(input.writable, realHome, input.root)];
  const found = jailSecrets({ homes: [home, accountHomeDir(), ...homeFolders()], env: input.env, workspace: [], own: input.own, readable: realPaths(input.readable, realHome, input.root) });
  return found.filter((secret) => !areas.some((area) => within(area, secret.path)));
}

// The note a refused write gets, and the failure hint (shell/run-call.ts).
export function jailNote(): string {
  return `--sandbox off runs with its ${JAIL_WORDS}; ${JAIL_FIX}`;
}
