import { lstatSync, readdirSync, readlinkSync } from 'node:fs';
import { riskyBits } from '../../sandbox/modes.js';
import { isAbsolute, join, posix, relative } from 'node:path';
import { obeyedContext } from '../../permissions/obeyed-context.js';
import { withoutRelativePath } from '../../permissions/obeyed-env.js';
import type { Workspace } from '../../workspace/workspace.js';
import type { StageOps } from './journal.js';
import type { PathRules } from '../../engine/command.js';
import { StageGate } from './plan-gate.js';

// A journal found in the state folder is data, never an order (red team round 3, H3: with `-C ~` the
// state folders of OTHER workspaces lie inside the workspace, and a planted journal moved ~/.ssh/id_ed25519
// into another workspace and wrote its .git/hooks/pre-commit). Before an interrupted apply is finished,
// every operation is judged again as the apply itself judged it:
// - a path is a plain relative path inside the workspace (no `..`, no absolute path, no empty segment);
// - a file's source is a regular file with one name, directly in this run's own upper folder: never a
//   file elsewhere on the machine, a symlink, or a hard link to one;
// - the target passes the stage plan's write gate now (protected, obeyed, non-accessible, the person's
//   path rules: plan-gate.ts).
// What fails is dropped from the operations and named; the rest is finished.

export interface CheckedOps {
  readonly ops: StageOps;
  readonly refused: readonly string[];
}

function plainRel(rel: unknown): rel is string {
  return typeof rel === 'string' && rel !== '' && !isAbsolute(rel) && !rel.includes('\0') && posix.normalize(rel) === rel && rel !== '.' && !rel.startsWith('../') && !rel.endsWith('/');
}

function ownSource(upper: string, source: unknown): boolean {
  if (typeof source !== 'string' || !isAbsolute(source)) return false;
  const rel = relative(upper, source);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return false;
  const stats = lstatSync(source, { throwIfNoEntry: false });
  // Gone: moved by the apply before it was interrupted (act() skips it).
  return stats === undefined || (stats.isFile() && stats.nlink === 1);
}

// Why the tree `rel` (a folder the command created, moved whole) may not be moved: its source is not
// its own folder in this run's upper folder, or an entry below it fails the checks above (a special file,
// a file with another name or risky mode bits, a protected or non-accessible path). Gone: moved already.
function treeRefusal(planner: StageGate, upper: string, rel: string, source: unknown): string | undefined {
  if (source !== join(upper, rel)) return `its source ${String(source)} is not its folder in this run's upper folder`;
  const top = lstatSync(source, { throwIfNoEntry: false });
  if (top === undefined) return undefined;
  if (!top.isDirectory()) return 'its source is not a folder';
  const walk = (dir: string, at: string): string | undefined => {
    const blocked = planner.judge(at);
    if (blocked) return `${at}: ${blocked}`;
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const stats = lstatSync(path);
      const why = stats.isDirectory() ? walk(path, `${at}/${name}`)
        : stats.isSymbolicLink() ? planner.judgeLink(`${at}/${name}`, readlinkSync(path))
        : !stats.isFile() || stats.nlink !== 1 || riskyBits(stats.mode, false) !== 0 ? 'not a plain file of its own' : planner.judge(`${at}/${name}`, false, 'write', undefined, stats.mode);
      if (why) return why.startsWith(at) ? why : `${at}/${name}: ${why}`;
    }
    return undefined;
  };
  return walk(source, rel);
}

// `rules`: the person's path rules, as the apply judged them (plan-gate.ts).
export function checkJournalOps(workspace: Workspace, runDir: string, ops: StageOps, rules?: PathRules): CheckedOps {
  const planner = new StageGate(workspace, withoutRelativePath(obeyedContext(workspace.root)), rules);
  const upper = join(runDir, 'upper');
  const refused: string[] = [];
  const keep = (rel: unknown, why: () => string | undefined): boolean => {
    const reason = plainRel(rel) ? why() : 'not a relative path inside the workspace';
    if (reason !== undefined) refused.push(`${String(rel)}: ${reason}`);
    return reason === undefined;
  };
  const gate = (rel: string, verb: 'write' | 'delete' = 'write') => () => planner.judge(rel, false, verb);
  const list = <T>(value: readonly T[] | undefined): readonly T[] => (Array.isArray(value) ? value : []);
  return {
    refused,
    ops: {
      ...ops,
      deletes: list(ops.deletes).filter((rel) => keep(rel, gate(rel, 'delete'))),
      removedFolders: list(ops.removedFolders).filter((rel) => keep(rel, gate(rel, 'delete'))),
      folders: list(ops.folders).filter((folder) => keep(folder?.rel, gate(folder?.rel)) && Number.isInteger(folder.mode)),
      writes: list(ops.writes).filter((write) =>
        keep(write?.rel, () => {
          if (write.link !== undefined) return typeof write.link === 'string' ? planner.judgeLink(write.rel, write.link) : 'a link without a target';
          if (!ownSource(upper, write.source)) return `its source ${String(write.source)} is not a file of this run's upper folder`;
          return planner.judge(write.rel);
        }),
      ),
      trees: list(ops.trees).filter((tree) => keep(tree?.rel, () => treeRefusal(planner, upper, tree.rel, tree.source))),
    },
  };
}
