import { chmodSync, lstatSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { PathRules } from '../../engine/command.js';
import type { ObeyedContext } from '../../permissions/obeyed.js';
import { fsLookup, stagedLookup } from '../../permissions/git-shape.js';
import { listBytes, type ByteEntry } from '../../sandbox/byte-names.js';
import { clearedMessage, riskyBits, riskyWhat, runsAsOwner, SPECIAL_FILE } from '../../sandbox/modes.js';
import type { Workspace } from '../../workspace/workspace.js';
import { inspect, sameFile, type Found } from './plan-found.js';
import { StageGate } from './plan-gate.js';
import type { StagePlan, Write } from './plan-types.js';
import { userXattrs } from './xattrs.js';
import type { UpperEntry } from './upper.js';

// A staged run's change set judged against the workspace as it is now, before anything is applied:
// - the write gate: what a program later runs or obeys (immunePath, the same predicate as the file
//   tools' and undo's) and what is non-accessible is never written or removed: it is set aside;
// - conflicts: a workspace entry changed while the command ran (its change time is at or after the
//   run's start, in the file system's own clock) is left as the person or another writer made it; the
//   command's version is set aside;
// - no-ops: a file copied up but left as it was (same bytes, mode and user.* attributes) is no change.

export type { Aside, Change, StagePlan, Write } from './plan-types.js';

const REMOVED_MEANWHILE = 'not in the workspace now, in a folder that changed while the command ran (removed or renamed meanwhile?): not made again, the command\'s version set aside';

export class Planner {
  private readonly plan: StagePlan = { writes: [], deletes: [], folders: [], removedFolders: [], aside: [], cleared: [] };
  // Folders not made (protected, a file stands there, removed meanwhile): why, for everything the
  // command wrote below.
  private readonly notMade = new Map<string, { readonly reason: string; readonly conflict?: true }>();
  // Folders the plan makes (missing in the workspace): what is below them is missing too, not looked up.
  private readonly made = new Set<string>();
  // Files copied up with the same bytes and mode: no change, unless their user.* attributes changed.
  private readonly sameBytes: Write[] = [];

  constructor(
    private readonly workspace: Workspace,
    private readonly since: bigint,
    // The write gate (plan-gate.ts).
    private readonly gate: StageGate,
    // Entries whose workspace path someone may have emptied while the command ran (removed.ts).
    private readonly removedMeanwhile: ReadonlySet<string> = new Set(),
  ) {}

  private changedMeanwhile(found: Found): boolean {
    return found.kind === 'unreachable' || ('stats' in found && found.stats.ctimeNs >= this.since);
  }

  // Removes the workspace entry `rel` (a folder with everything below it), each file judged alone.
  private remove(rel: string, found: Found): void {
    const real = join(this.workspace.root, rel);
    if (found.kind === 'missing') return;
    if (found.kind !== 'dir') {
      const blocked = this.gate.judge(rel, false, 'delete');
      if (blocked) this.plan.aside.push({ rel, reason: `${blocked}; not removed` });
      else if (this.changedMeanwhile(found)) this.plan.aside.push({ rel, reason: 'changed in the workspace while the command ran; not removed', conflict: true });
      else if (found.kind === 'other') this.plan.aside.push({ rel, reason: 'not a file or link; not removed' });
      else this.plan.deletes.push({ rel, real });
      return;
    }
    let names: ByteEntry[];
    try {
      names = this.workspace.jail.atSync(real, (at) => listBytes(at));
    } catch {
      this.plan.aside.push({ rel, reason: 'could not be listed; not removed', conflict: true });
      return;
    }
    this.removeNames(rel, real, names, '');
    this.plan.removedFolders.push({ real, mode: Number(found.stats.mode) & 0o7777 });
  }

  // Removes the workspace entries `names` (by bytes) of the folder `rel`: a name that is not UTF-8 cannot be named,
  // and is never removed (said; red team R42-a1): its folder stays.
  private removeNames(rel: string, real: string, names: readonly ByteEntry[], why: string): void {
    for (const listed of names) {
      if (listed.faithful) this.remove(`${rel}/${listed.name}`, inspect(this.workspace, join(real, listed.name)));
      else this.plan.aside.push({ rel: `${rel}/${listed.name}`, reason: `its name is not UTF-8 (bytes ${listed.raw.toString('hex')}), which codeward cannot name: not removed${why}` });
    }
  }

  // The workspace entry at `rel` (an entry below a folder the plan makes is missing, unlooked).
  private look(rel: string, real: string): Found {
    const parent = rel.lastIndexOf('/');
    return parent > 0 && this.made.has(rel.slice(0, parent)) ? { kind: 'missing' } : inspect(this.workspace, real);
  }

  private write(entry: Extract<UpperEntry, { kind: 'file' | 'symlink' }>): void {
    const real = join(this.workspace.root, entry.rel);
    const found = this.look(entry.rel, real);
    const blocked = entry.kind === 'symlink' ? this.gate.judgeLink(entry.rel, entry.target) : this.gate.judge(entry.rel, false, 'write', entry.source, Number(entry.stats.mode));
    if (blocked) return void this.plan.aside.push({ rel: entry.rel, reason: `${blocked}; not applied`, source: entry.source });
    if (entry.kind === 'file' && !this.safeMode(entry)) return;
    if (found.kind === 'dir' || found.kind === 'other') return void this.plan.aside.push({ rel: entry.rel, reason: `replaces a ${found.kind === 'dir' ? 'folder' : 'special file'}; not applied`, source: entry.source });
    if (found.kind === 'missing' && this.removedMeanwhile.has(entry.rel)) return void this.plan.aside.push({ rel: entry.rel, reason: REMOVED_MEANWHILE, source: entry.source, conflict: true });
    if (found.kind !== 'missing' && this.changedMeanwhile(found)) return void this.plan.aside.push({ rel: entry.rel, reason: 'changed in the workspace while the command ran: kept as it is, the command\'s version set aside', source: entry.source, conflict: true });
    if (found.kind === 'file' && entry.kind === 'file' && sameFile(this.workspace, real, found.stats, entry)) return void this.sameBytes.push({ rel: entry.rel, real, entry, change: 'changed' });
    if (found.kind === 'symlink' && entry.kind === 'symlink' && this.workspace.jail.atSync(real, (at) => lstatSync(at).isSymbolicLink()) && entry.target === this.linkTarget(real)) return;
    this.plan.writes.push({ rel: entry.rel, real, entry, change: found.kind === 'missing' ? 'created' : 'changed' });
  }

  // H2 (sandbox/modes.ts): a setuid or setgid file is set aside (its bits cleared in the kept copy); a
  // world-writable one is applied without that bit. False: set aside.
  private safeMode(entry: Extract<UpperEntry, { kind: 'file' }>): boolean {
    const bits = riskyBits(entry.stats.mode, false);
    if (bits === 0) return true;
    chmodSync(entry.source, entry.stats.mode & 0o7777 & ~bits);
    if (runsAsOwner(bits)) {
      this.plan.aside.push({ rel: entry.rel, reason: `${riskyWhat(bits)}: outside the sandbox it would run as its owner for any user; not applied (the kept copy has the bits cleared)`, source: entry.source });
      return false;
    }
    this.plan.cleared.push(clearedMessage(entry.rel, bits));
    return true;
  }

  private linkTarget(real: string): string | undefined {
    try {
      return this.workspace.jail.atSync(real, (at) => readlinkSync(at));
    } catch {
      return undefined;
    }
  }

  private folder(entry: Extract<UpperEntry, { kind: 'dir' }>): void {
    const real = join(this.workspace.root, entry.rel);
    const found = this.look(entry.rel, real);
    const blocked = this.gate.judge(entry.rel);
    const refused = blocked ? `${blocked}; not applied` : found.kind !== 'dir' && found.kind !== 'missing' ? 'replaces a file or link with a folder; not applied' : undefined;
    if (refused) {
      this.notMade.set(entry.rel, { reason: refused });
      return void this.plan.aside.push({ rel: entry.rel, reason: refused });
    }
    if (found.kind === 'missing' && this.removedMeanwhile.has(entry.rel)) {
      this.notMade.set(entry.rel, { reason: REMOVED_MEANWHILE, conflict: true });
      return void this.plan.aside.push({ rel: entry.rel, reason: REMOVED_MEANWHILE, conflict: true });
    }
    const bits = riskyBits(entry.mode, true);
    if (bits !== 0) {
      this.plan.cleared.push(clearedMessage(entry.rel, bits));
      return this.folder({ ...entry, mode: entry.mode & ~bits });
    }
    if (found.kind === 'dir') {
      const before = Number(found.stats.mode) & 0o7777;
      if (before !== entry.mode) this.plan.folders.push({ rel: entry.rel, real, mode: entry.mode, before });
      if (entry.opaque || entry.unsure !== undefined) this.emptied(entry, real);
      return;
    }
    this.plan.folders.push({ rel: entry.rel, real, mode: entry.mode, before: null });
    this.made.add(entry.rel);
  }

  // A folder the command emptied and made again (opaque): what the workspace has below it and the command did not
  // write is removed. Both sides by bytes (red team R42-a1): a name that is not UTF-8 is never removed (said), and a
  // folder the overlay's mark could not be read for (`unsure`) removes nothing (said when it would have).
  private emptied(entry: Extract<UpperEntry, { kind: 'dir' }>, real: string): void {
    let names: ByteEntry[];
    try {
      const staged = new Set(listBytes(entry.source).map((listed) => listed.raw.toString('latin1')));
      names = this.workspace.jail.atSync(real, (at) => listBytes(at)).filter((listed) => !staged.has(listed.raw.toString('latin1')));
    } catch {
      return void this.plan.aside.push({ rel: entry.rel, reason: 'emptied and made again by the command, but it could not be listed: nothing of the workspace\'s below it was removed', conflict: true });
    }
    if (names.length === 0) return;
    if (entry.unsure !== undefined) return void this.plan.aside.push({ rel: entry.rel, reason: `whether the command emptied it could not be told (${entry.unsure}): the ${names.length} names it may have removed there were kept` });
    this.removeNames(entry.rel, real, names, ' (the command emptied its folder)');
  }

  // The folder above `rel` that was not made, and why.
  private under(rel: string): { readonly reason: string; readonly conflict?: true } | undefined {
    for (let cut = rel.lastIndexOf('/'); cut > 0; cut = rel.lastIndexOf('/', cut - 1)) {
      const why = this.notMade.get(rel.slice(0, cut));
      if (why !== undefined) return why;
    }
    return undefined;
  }

  add(entry: UpperEntry): void {
    const above = this.under(entry.rel);
    if (above !== undefined) {
      if (entry.kind === 'dir') this.notMade.set(entry.rel, above);
      if (entry.kind !== 'whiteout') this.plan.aside.push({ rel: entry.rel, ...above, ...(entry.kind === 'file' || entry.kind === 'symlink' ? { source: entry.source } : {}) });
      return;
    }
    switch (entry.kind) {
      case 'file':
      case 'symlink':
        return this.write(entry);
      case 'whiteout':
        return this.remove(entry.rel, this.look(entry.rel, join(this.workspace.root, entry.rel)));
      case 'dir':
        return this.folder(entry);
      case 'other':
        return void this.plan.aside.push({ rel: entry.rel, reason: entry.reason ?? SPECIAL_FILE });
    }
  }

  result(): StagePlan {
    // One tar for every such file and its workspace version (xattrs.ts); tar unable to say: no change.
    const attributes = userXattrs(this.sameBytes.flatMap((write) => [write.entry.source, write.real]));
    for (const write of this.sameBytes) if (attributes !== undefined && attributes.get(write.entry.source) !== attributes.get(write.real)) this.plan.writes.push(write);
    return this.plan;
  }
}

// A folder the run makes a git directory by its shape (HEAD, objects/, refs/ made in one run, or the piece
// that completes one) is judged by the workspace as it will be after the apply (git-shape.ts).
// `rules`: the person's path rules (plan-gate.ts).
export function planChanges(workspace: Workspace, since: bigint, entries: readonly UpperEntry[], obeyed: ObeyedContext = { gitPaths: [] }, removedMeanwhile?: ReadonlySet<string>, rules?: PathRules): StagePlan {
  const after = { ...obeyed, lookup: stagedLookup(obeyed.lookup ?? fsLookup([workspace.root]), entries) };
  const planner = new Planner(workspace, since, new StageGate(workspace, after, rules), removedMeanwhile);
  for (const entry of entries) planner.add(entry);
  return planner.result();
}
