import { homeFolders } from './home-folders.js';
import { nssAccounts, nssWarning, withNss } from './home-nss.js';
import { hostHomes } from './home-shape.js';
import { JAIL_FIX, JAIL_WORDS } from './jail-words.js';
import { readablePaths, realOf, realPaths, sandboxPolicy, within, type WholeRootView } from './policy.js';
import { SecretFinder, type SecretPath } from './secret-files.js';
import { BEYOND_BUDGET, BEYOND_DEPTH, BEYOND_ROOTS, EtcSecrets } from './etc-view.js';
import { ClosedFolders } from './closed-folders.js';
import type { ObeyedScan } from './obeyed-scan.js';
import { withoutRelativePath } from '../permissions/obeyed-env.js';
import type { FolderListings } from '../workspace/listings.js';
import { DEFAULT_NON_ACCESSIBLE_GLOBS } from '../workspace/types.js';
import { withCredentialGlobs } from '../workspace/reader-hidden.js';
import { accountHomeDir, jailSecrets } from './write-jail-hidden.js';
import { writeJailProfile } from './write-jail.js';
import { jailHomes, wholeRoot } from './view-whole-root.js';

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
  // Every home of the host (home-folders.ts).
  readonly homes: readonly string[];
}

// What the default-deny view hides by not showing it and the whole root shows: the credential catalogue of EVERY home
// (home-shape.ts: /home/*, /root, each person's passwd home; $HOME and the account's own), the secrets the tools'
// variables locate elsewhere, codeward's own folders (write-jail-hidden.ts jailSecrets: sandboxReadable wins). Never a
// folder holding the workspace or a writable folder (hiding it would hide them).
export function jailHidden(input: JailHiddenInput): SecretPath[] {
  const home = input.env['HOME'];
  const realHome = home && home.startsWith('/') ? realOf(home) : undefined;
  const areas = [input.root, ...realPaths(input.writable, realHome, input.root)];
  const found = jailSecrets({ homes: [home, accountHomeDir(), ...input.homes], env: input.env, workspace: [], own: input.own, readable: realPaths(readablePaths(input.readable, realHome), realHome, input.root) });
  return found.filter((secret) => !areas.some((area) => within(area, secret.path)));
}

// The note a refused write gets, and the failure hint (shell/run-call.ts).
export function jailNote(): string {
  return `--sandbox off runs with its ${JAIL_WORDS}; ${JAIL_FIX}`;
}

// The entries of /etc hidden in the whole root: every secret of it, not only of what the default-deny view binds; as
// root, what others cannot read beyond it too (etc-view.ts Beyond, R37-a4), outside `areas`.
// `homes`: the homes the jail empties (not walked).
export function etcWhole(areas: readonly string[], homes: readonly string[]): EtcSecrets {
  return new EtcSecrets('/etc', process.getuid?.() === 0, undefined, () => true, { roots: BEYOND_ROOTS, depth: BEYOND_DEPTH, budget: BEYOND_BUDGET, areas, skip: homes });
}

export interface JailSeatbeltInput {
  // sandbox-exec.
  readonly path: string;
  readonly root: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly settings: { readonly writable?: readonly string[] | undefined; readonly readable?: readonly string[] | undefined; readonly nonAccessibleGlobs?: readonly string[] | undefined };
  // jailHidden's list.
  readonly hidden: readonly SecretPath[];
  // The write gate's walk (obeyed-scan.ts), around the run as around a jailed bwrap run.
  readonly deep: ObeyedScan;
  readonly listings: FolderListings;
}

// The macOS jail (sandbox-exec): the profile of the same policy the Linux jail's bwrap arguments come from, what the
// write gate protects that exists now read-only (obeyed-scan.ts start), the walk's finish after the run.
export async function jailedSeatbelt(input: JailSeatbeltInput): Promise<{ wrapper: string[]; after: () => Promise<string[]> }> {
  const { obeyedContext } = await import('../permissions/obeyed-context.js');
  const walked = input.deep.start(withoutRelativePath(obeyedContext(input.root, input.env['HOME'], input.listings)), false);
  const secrets = new SecretFinder(input.root, withCredentialGlobs(input.settings.nonAccessibleGlobs ?? DEFAULT_NON_ACCESSIBLE_GLOBS), undefined).find();
  const policy = sandboxPolicy('workspace-write', input.root, { network: true, home: input.env['HOME'], writable: input.settings.writable ?? [], readable: input.settings.readable ?? [], env: input.env });
  const profile = writeJailProfile({ ...policy, viewSecrets: input.hidden, workspaceSecrets: secrets }, walked.readOnly);
  return { wrapper: [input.path, '-p', profile], after: async () => input.deep.finish(walked) };
}

// What of the engine's ProcessSandbox the jail uses (sandbox.ts; declared here: no import circle, type ones included).
export interface JailHost {
  readonly root: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly settings: JailSeatbeltInput['settings'];
  readonly folderListings: FolderListings;
  // The write gate's walk of the workspace (one per engine).
  walk(): ObeyedScan;
  sandboxed(run: { backend: { kind: 'bwrap' | 'seatbelt'; path: string }; mode: 'workspace-write'; network: true; jail: { hidden: readonly SecretPath[]; view: WholeRootView; etc: EtcSecrets; folders: () => ClosedFolders } }, cwd: string, options: { stage: false }): Promise<JailedRun>;
}

// The prepared run's fields the jail sets (sandbox.ts PreparedRun).
export interface JailedRun {
  readonly wrapper: readonly string[];
  readonly writeJail?: string;
  readonly warning?: string;
  readonly after?: () => Promise<string[]>;
}

// An `off` run where a jail primitive runs: the in-place sandboxed run (workspace-write, the network on behind the
// seccomp filter of local sockets, never staged) with the whole root read-only as its view (view-whole-root.ts) and
// what the default-deny view hides by not showing it hidden explicitly. `own`: codeward's own folders.
export async function jailed<Options extends object>(host: JailHost, backend: { kind: 'bwrap' | 'seatbelt'; path: string }, cwd: string, options: Options, own: readonly string[]): Promise<JailedRun> {
  // The host's homes, NSS's accounts' too (one `getent passwd`, bounded: home-nss.ts).
  const homeHost = withNss(hostHomes(), nssAccounts());
  const homes = homeFolders(homeHost);
  const hidden = jailHidden({ root: host.root, env: host.env, writable: host.settings.writable ?? [], readable: host.settings.readable ?? [], own, homes });
  // Every home as the default-deny view shows one (view-whole-root.ts, red team R37-a1).
  const home = host.env['HOME'];
  const realHome = home && home.startsWith('/') ? realOf(home) : undefined;
  const writable = realPaths(host.settings.writable ?? [], realHome, host.root);
  const view = wholeRoot(jailHomes(host.root, [home, accountHomeDir(), ...homes], [...writable, ...realPaths(readablePaths(host.settings.readable ?? [], realHome), realHome, host.root)]));
  // macOS: a profile from the same policy (write-jail.ts), the write gate's walk around it.
  const run = backend.kind === 'seatbelt' ? await jailedSeatbelt({ path: backend.path, root: host.root, env: host.env, settings: host.settings, hidden, deep: host.walk(), listings: host.folderListings }) : await host.sandboxed({ backend, mode: 'workspace-write', network: true, jail: { hidden, view, etc: etcWhole([host.root, ...writable], view.homes), folders: () => new ClosedFolders() } }, cwd, { ...options, stage: false });
  const warning = ['warning' in run ? run.warning : undefined, homeHost.nssProblem === undefined ? undefined : nssWarning(homeHost.nssProblem)].filter((line) => line !== undefined).join('; ');
  return { ...run, writeJail: jailNote(), ...(warning ? { warning } : {}) };
}
