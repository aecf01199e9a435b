import { dirname, join } from 'node:path';
import { JAIL_FIX, JAIL_WORDS } from './jail-words.js';
import { realOf, realPaths, within } from './policy.js';
import { emptyFileIn, type SecretFinder } from './secret-files.js';
import { jailWritable, writeJailArgs, writeJailProfile, type WriteJail } from './write-jail.js';
import { accountHomeDir, jailSecrets } from './write-jail-hidden.js';

// An `off` run in the write jail (write-jail.ts): bwrap (or seatbelt) with the root read-only. Loaded only by an
// `off` run (sandbox.ts imports it on demand: a sandboxed exec does not pay for it).
// The jailed run's wrapper and the note a refused write gets (sandbox.ts PreparedRun's fields; its types are not
// imported: no circle of imports, type ones included).
export interface JailedRun {
  readonly wrapper: string[];
  readonly writeJail: string;
}

export interface JailedRunInput {
  readonly backend: { readonly kind: 'bwrap' | 'seatbelt'; readonly path: string };
  readonly cwd: string;
  readonly root: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly stateDir: string | undefined;
  readonly writable: readonly string[];
  readonly readable: readonly string[];
  // codeward's own folders (state, cache).
  readonly ownFolders: readonly string[];
  // What the write gate protects that exists now (obeyed-scan.ts start): read-only in the jail.
  readonly readOnly: readonly string[];
  // The engine's one finder of the workspace's secrets, made with `cacheFile` on first use.
  readonly finder: (cacheFile: string | undefined) => SecretFinder;
}

export function jailedRun(input: JailedRunInput): JailedRun {
  const home = input.env['HOME'];
  const realHome = home && home.startsWith('/') ? realOf(home) : undefined;
  const base: WriteJail = { root: input.root, home, writable: realPaths(input.writable, realHome, input.root), ownFolders: input.ownFolders, env: input.env };
  // Reads stay unconfined except the secrets the sandbox hides (write-jail-hidden.ts, R34-1/R34-2); the workspace's
  // walk is kept in the state folder only where the jailed run cannot write.
  const cacheFile = input.stateDir ? join(input.stateDir, 'secret-scan.json') : undefined;
  const safeCache = cacheFile && !jailWritable(base).some((area) => within(realOf(dirname(cacheFile)), area)) ? cacheFile : undefined;
  const hidden = jailSecrets({ homes: [home, accountHomeDir()], env: input.env, workspace: input.finder(safeCache).find(), own: base.ownFolders, readable: realPaths(input.readable, realHome, input.root) });
  const jail: WriteJail = { ...base, hidden, readOnly: input.readOnly, empty: emptyFileIn(input.stateDir) };
  const writeJail = `--sandbox off runs with its ${JAIL_WORDS}; ${JAIL_FIX}`;
  if (input.backend.kind === 'seatbelt') return { wrapper: [input.backend.path, '-p', writeJailProfile(jail)], writeJail };
  return { wrapper: [input.backend.path, ...writeJailArgs(jail, input.cwd)], writeJail };
}
