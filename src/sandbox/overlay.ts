import { execFile } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmdirSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { markAfterMkdir } from '../engine/state-dir.js';
import { processAlive } from '../engine/process-alive.js';
import { findOnPath, type ToolEnv } from './which.js';
import { keptProbe, placeOf } from './probe-kept.js';

// Staging a sandboxed command's writes (issue 27): the workspace is seen through a writable overlay
// (lower = the workspace, upper + work in codeward's state folder), so whatever the command writes
// lands in the upper folder and the workspace is untouched until the change set is judged and applied
// (src/shell/stage/). Debian 12's bubblewrap (0.8.0) has no --overlay, so the mount is made around it:
//
//   unshare -Urm /bin/sh -c 'mount -t overlay … MERGED && exec "$@"' sh OPTIONS MERGED bwrap … --bind MERGED ROOT …
//
// `unshare -Urm` gives an unprivileged user (and root alike: CI runs as root) a user and mount namespace
// of its own in which it may mount an overlay (Linux >= 5.11, `userxattr`: whiteouts and opaque folders
// are recorded as user.overlay.* attributes, trusted.* needs the initial namespace). bwrap runs inside it
// unchanged and binds the merged folder where the workspace is; every other bind of the policy keeps its
// source in the real workspace, so the real `.git` is bound over the merged one (git writes its objects,
// index and refs in place, as before; its hooks and config stay read-only) and the read-only and hidden
// paths are the real ones. The mount lives only in that namespace: it is gone with the last process.
// A normal user becomes "root" in the outer namespace; bwrap maps the user's own ids back
// (--unshare-user --uid --gid), so programs see who they were before.

export interface OverlayLayout {
  // The run's folder (removed after the change set was applied).
  readonly dir: string;
  readonly upper: string;
  readonly work: string;
  readonly merged: string;
  // The change time of a file made in the state folder just before the run, in the file system's own
  // clock: a workspace file changed at or after it was changed while the command ran (a conflict).
  readonly since: bigint;
  // The names in the workspace's top folder just before `since` (src/shell/stage/removed.ts): what the
  // person removes there while the command runs is known, not guessed.
  readonly rootNames?: ReadonlySet<string>;
  // The workspace (the lower layer) and the programs that mounted it.
  readonly root: string;
  readonly tools: OverlayTools;
}

export interface OverlayTools {
  readonly unshare: string;
  readonly mount: string;
  readonly sh: string;
}

const RUN_PREFIX = 'run-';

// The programs staging needs, or what stops it here.
function overlayTools(env: ToolEnv): OverlayTools | string {
  if (process.platform !== 'linux') return `no overlay on ${process.platform}`;
  if (env['CODEWARD_NO_OVERLAY'] === '1') return 'CODEWARD_NO_OVERLAY=1';
  const unshare = findOnPath('unshare', env);
  const mount = findOnPath('mount', env);
  if (!unshare || !mount) return 'unshare or mount (util-linux) is not installed';
  return { unshare, mount, sh: '/bin/sh' };
}

// The mount options; undefined for a path the option string cannot carry (`,` `:` `\` or a newline).
function mountOptions(root: string, layout: Pick<OverlayLayout, 'upper' | 'work'>): string | undefined {
  const paths = [root, layout.upper, layout.work];
  if (paths.some((path) => /[,:\\\n]/.test(path))) return undefined;
  // nosuid, nodev: a setuid file the command makes in the upper folder runs as nobody else inside (H2).
  return `nosuid,nodev,lowerdir=${root},upperdir=${layout.upper},workdir=${layout.work},userxattr`;
}

// The script between unshare and bwrap: mount, then become bwrap. A failed mount says so and exits 125.
// Every program a script of codeward's runs comes in as an argument, found by findOnPath outside the
// workspace: /bin/sh would look a bare `mount` up on the run's own PATH (node_modules/.bin first under npx:
// a repository's `mount` ran outside the sandbox, R41-a6). The script's other words are sh builtins.
const SCRIPT = '"$1" -t overlay codeward-stage -o "$2" "$3" || { echo "codeward: the overlay mount for staging failed; pass --no-stage to write in place" >&2; exit 125; }; shift 3; exec "$@"';

function wrap(tools: OverlayTools, options: string, merged: string, inner: readonly string[]): string[] {
  return [tools.unshare, '-Urm', tools.sh, '-c', SCRIPT, 'sh', tools.mount, options, merged, ...inner];
}

// Whether a run folder holds the journal of an apply (src/shell/stage/journal.ts): an interrupted one is
// finished by the next call (recover.ts), never swept.
export const journaled = (dir: string): boolean => {
  try {
    return readdirSync(dir).some((name) => name.startsWith('journal-'));
  } catch {
    return false;
  }
};

// Removes the run folders of codeward processes that are gone (killed mid-run), but journaled ones.
function sweep(stageDir: string): void {
  let names: string[];
  try {
    names = readdirSync(stageDir);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(/^(?:run|probe)-(\d+)-/.exec(name)?.[1]);
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && !processAlive(pid) && !journaled(join(stageDir, name))) removeLayout(join(stageDir, name));
  }
}

// A fresh run folder under `stageDir` (in the state folder, outside the workspace, hidden from the sandbox).
function createLayout(stageDir: string, root: string, tools: OverlayTools, prefix = RUN_PREFIX): OverlayLayout {
  markAfterMkdir(mkdirSync(stageDir, { recursive: true, mode: 0o700 }), dirname(stageDir));
  sweep(stageDir);
  const dir = mkdtempSync(join(stageDir, `${prefix}${process.pid}-`));
  const layout = { dir, upper: join(dir, 'upper'), work: join(dir, 'work'), merged: join(dir, 'merged') };
  for (const path of [layout.upper, layout.work, layout.merged]) mkdirSync(path, { mode: 0o700 });
  const rootNames = new Set(readdirSync(root));
  const marker = join(dir, 'since');
  writeFileSync(marker, '');
  return { ...layout, since: lstatSync(marker, { bigint: true }).ctimeNs, rootNames, root, tools };
}

// The folders of a run folder, deepest first (what a run that left nothing in its upper folder has).
const RUN_FOLDERS = ['upper', 'work/work', 'work', 'merged'];

// Whether the run left its upper folder empty (it wrote nothing through the overlay); false when unreadable.
export function upperEmpty(layout: Pick<OverlayLayout, 'upper'>): boolean {
  try {
    return readdirSync(layout.upper).length === 0;
  } catch {
    return false;
  }
}

export function removeLayout(dir: string): void {
  // The usual run folder (its upper folder emptied by the apply, or never written): a few unlinks, no
  // walk (bench/stage.mjs: a recursive removal was a third of a staged `exec true`'s own cost).
  try {
    unlinkSync(join(dir, 'since'));
    for (const name of RUN_FOLDERS) rmdirSync(join(dir, name));
    rmdirSync(dir);
    return;
  } catch {
    // something more is there (kept files, folders the command made, a journal): the walk below
  }
  try {
    // overlay makes its work/work folder without permissions (a normal user could not list it)
    chmodSync(join(dir, 'work', 'work'), 0o700);
  } catch {
    // not there
  }
  try {
    rmSync(dir, { recursive: true, force: true });
  } catch {
    // left for the next sweep
  }
}

// bwrap's arguments with the workspace bind (`--bind ROOT ROOT`) taking the merged folder as its source;
// undefined when the policy binds no writable workspace (read-only: nothing to stage).
export function swapWorkspaceBind(args: readonly string[], root: string, merged: string): string[] | undefined {
  for (let index = 0; index + 2 < args.length; index += 1) {
    if (args[index] === '--' ) return undefined;
    if (args[index] === '--bind' && args[index + 1] === root && args[index + 2] === root) {
      return [...args.slice(0, index + 1), merged, ...args.slice(index + 2)];
    }
  }
  return undefined;
}

// The whole wrapper of a staged run: unshare, the mount, bwrap (mapping the user's ids back) with the
// workspace bound from the merged folder. undefined when this workspace cannot be staged.
function stagedWrapper(tools: OverlayTools, bwrap: string, args: readonly string[], root: string, layout: OverlayLayout): string[] | undefined {
  const options = mountOptions(root, layout);
  const swapped = swapWorkspaceBind(args, root, layout.merged);
  if (options === undefined || swapped === undefined) return undefined;
  const uid = process.getuid?.() ?? 0;
  const ids = uid === 0 ? [] : ['--unshare-user', '--uid', String(uid), '--gid', String(process.getgid?.() ?? uid)];
  return wrap(tools, options, layout.merged, [bwrap, ...ids, ...swapped]);
}

// Whether an overlay can be mounted here, tried once with a real mount (user namespaces off, a kernel
// without overlay in namespaces, a state folder on a file system overlay cannot use as upper layer).
async function probeOverlay(tools: OverlayTools, stageDir: string, root: string): Promise<string | undefined> {
  let layout: OverlayLayout;
  try {
    layout = createLayout(stageDir, root, tools, 'probe-');
  } catch (error) {
    return `the state folder cannot hold a staging area (${(error as Error).message})`;
  }
  try {
    const options = mountOptions(root, layout);
    if (options === undefined) return 'the workspace or state folder path holds a character an overlay mount cannot take (, : \\)';
    if (!statSync(root).isDirectory()) return 'the workspace is not a folder';
    const failed = await new Promise<string | undefined>((resolve) =>
      execFile(tools.unshare, ['-Urm', tools.mount, '-t', 'overlay', 'codeward-probe', '-o', options, layout.merged], { timeout: 5_000 }, (error, _stdout, stderr) =>
        resolve(error === null ? undefined : (stderr.trim().split('\n').at(-1) ?? error.message))),
    );
    return failed === undefined ? undefined : `an overlay cannot be mounted here (${failed})`;
  } finally {
    removeLayout(layout.dir);
  }
}

// probeOverlay's answer, a positive one kept across processes in the state folder (probe-kept.ts) under the
// programs' identities, the workspace's and state folder's file systems, and the kernel's: a stale one makes
// the staged run's own mount fail (SCRIPT exits 125), so nothing runs.
async function overlayKept(tools: OverlayTools, stateDir: string, root: string): Promise<string | undefined> {
  let reason: string | undefined;
  const place = [tools.mount, placeOf(tools.mount), tools.sh, root, placeOf(root), stateDir, placeOf(stateDir)];
  const works = await keptProbe(join(stateDir, 'overlay-works'), tools.unshare, place, async () => (reason = await probeOverlay(tools, join(stateDir, 'stage'), root)) === undefined);
  return works ? undefined : reason;
}

export interface StagedRun {
  readonly wrapper?: string[];
  readonly layout?: OverlayLayout;
  // Why the run writes in place instead (no overlay here, nothing writable to stage).
  readonly note?: string;
  // Why THIS run cannot be staged although staging works here (its run folder could not be made): it
  // must not run at all, since whoever let it run was told "staged" (issue 29).
  readonly failed?: string;
}

// The staging of one engine's sandbox: whether an overlay works here is tried once (on first use).
export class OverlayStager {
  private tools: Promise<OverlayTools | string> | undefined;

  constructor(
    private readonly stateDir: string | undefined,
    private readonly env: ToolEnv,
  ) {}

  // The programs an overlay of `root` is mounted with, or why none can be here (tried once).
  private usable(stateDir: string, root: string): Promise<OverlayTools | string> {
    this.tools ??= (async () => {
      const tools = overlayTools(this.env);
      return typeof tools === 'string' ? tools : ((await overlayKept(tools, stateDir, root)) ?? tools);
    })();
    return this.tools;
  }

  // Why a run over an overlay of `root` cannot be staged here; undefined when it can (the agent's
  // auto-edit runs a staged command without asking, and must know before it runs).
  async unavailable(root: string): Promise<string | undefined> {
    if (!this.stateDir) return 'no state folder to stage in';
    const tools = await this.usable(this.stateDir, root);
    return typeof tools === 'string' ? tools : undefined;
  }

  // The wrapper that runs `bwrap args` over an overlay of `root`, or why this run writes in place.
  async wrap(bwrap: string, args: readonly string[], root: string): Promise<StagedRun> {
    if (!this.stateDir) return { note: 'no state folder to stage in' };
    const stageDir = join(this.stateDir, 'stage');
    const tools = await this.usable(this.stateDir, root);
    if (typeof tools === 'string') return { note: tools };
    let layout: OverlayLayout;
    try {
      layout = createLayout(stageDir, root, tools);
    } catch (error) {
      return { failed: `its staging folder could not be made in the state folder (${(error as Error).message})` };
    }
    const wrapper = stagedWrapper(tools, bwrap, args, root, layout);
    if (wrapper) return { wrapper, layout };
    removeLayout(layout.dir);
    return { note: 'the sandbox binds no writable workspace that could be staged' };
  }
}
