import type { Touch } from './command.js';
import type { FoundFiles, JailedTouch, PreparedCall } from './engine-types.js';
import type { Workspace } from '../workspace/workspace.js';

// Files a handler finds only as it runs (clean's matches, the files an undo or restore puts back, the
// other files of a rename) are judged by the person's rules before the handler acts on them (red team
// R6-1, R8-7): the call itself was judged on what it declared (`--dir .`, `undo`), never on these.
// The engine calls this from ctx.claim, ctx.intend and ctx.permitted, in the run and in its dry run.

// A file about to change, by its real path: removed (`delete`) or written.
export interface FoundChange {
  readonly real: string;
  readonly access: Touch['access'];
}

export interface Skipped {
  readonly real: string;
  readonly message: string;
}

export type Authorize = (call: PreparedCall) => unknown;

// The changes the call did not declare (by real path), as touches the gate can describe.
export function undeclared(workspace: Workspace, changes: readonly FoundChange[], declared: ReadonlySet<string>): JailedTouch[] {
  const seen = new Set(declared);
  const found: JailedTouch[] = [];
  for (const { real, access } of changes) {
    if (seen.has(real) || access === 'read' || access === 'list') continue;
    seen.add(real);
    const rel = workspace.relative(real);
    found.push({ touch: { path: rel, access }, resolved: { input: rel, real, rel, kind: 'file', isLink: false, lexical: real, stats: undefined } });
  }
  return found;
}

// Asks the gate about `found` (a deny refuses with C240 naming the rule and the file, or with `skip` is
// returned; a rule's ask asks once for all of them; a dry run asks nobody).
export async function judgeFound(authorize: Authorize, call: PreparedCall, found: readonly JailedTouch[], how: FoundFiles): Promise<readonly Skipped[]> {
  if (found.length === 0) return [];
  const answer = (await authorize({ ...call, touches: found, found: how })) as { skipped?: readonly Skipped[] } | undefined;
  return answer?.skipped ?? [];
}
