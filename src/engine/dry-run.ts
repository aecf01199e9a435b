import type { CallPreview, CommandContext, IntendedChange, RunPreview } from './command.js';
import type { IntentGuard } from './engine-types.js';
import type { FoundChange } from './found-files.js';
import { fail, toCodewardError } from './errors.js';
import type { Workspace } from '../workspace/workspace.js';

// The dry run behind an approval question (THREAT-MODEL invariant 8): the command's own handler runs with
// a context that records the changes it declares (ctx.intend) instead of making them, so the diff a person
// approves is computed by the code that writes. The run after the answer must declare the same bytes.

// Files larger than this show no "before" in the question (the change itself has no such limit).
const MAX_SHOWN_BYTES = 1024 * 1024;

const sameBytes = (a: Uint8Array | null, b: Uint8Array | null): boolean =>
  a === null || b === null ? a === b : a.length === b.length && Buffer.compare(a, b) === 0;

// The bytes a change replaces, when the handler did not say: the file as the jail opens it now (null:
// missing; undefined: a folder, a large file, or refused).
async function currentBytes(workspace: Workspace, rel: string): Promise<Uint8Array | null | undefined> {
  try {
    const resolved = await workspace.resolve(rel, 'read');
    if (resolved.kind === 'missing') return null;
    if (resolved.kind !== 'file') return undefined;
    if ((resolved.stats?.size ?? 0) > MAX_SHOWN_BYTES) return undefined;
    const handle = await workspace.openRead(resolved);
    try {
      return await handle.readFile();
    } finally {
      await handle.close();
    }
  } catch {
    return undefined;
  }
}

// The per-entry failures of a batched command's data (`results[].error`), as lines.
function entryErrors(data: unknown): string[] {
  const results = (data as { results?: unknown } | undefined)?.results;
  if (!Array.isArray(results)) return [];
  return results.flatMap((entry: { path?: string; error?: { code?: string; message?: string } }) =>
    entry?.error ? [`${entry.path ?? ''}: would fail with ${entry.error.code ?? ''} ${entry.error.message ?? ''}`.trim()] : []);
}

// Runs `run` as a dry run: every declared change is recorded and nothing is written (ctx.intend answers
// true; a commit is an internal error). `guard` checks each declared change as the real run will.
// `judge`: the person's rules on the files the call did not declare (a deny refuses as the run will).
export async function dryRunOf(context: CommandContext, run: (ctx: CommandContext) => Promise<unknown>, guard?: IntentGuard, judge?: (changes: readonly FoundChange[], skip: boolean) => Promise<unknown>): Promise<CallPreview> {
  const changes: IntendedChange[] = [];
  const warnings: string[] = [];
  const warn = (message: string): void => {
    warnings.push(message);
  };
  const dry: CommandContext = {
    ...context,
    dryRun: true,
    warn,
    intend: async (list) => {
      guard?.(list, warn);
      await judge?.(list.map(({ path, after }) => ({ real: path, access: after === null ? 'delete' : 'write' })), false);
      changes.push(...list);
      return true;
    },
    commit: async () => {
      throw fail('C216', 'internal error: a dry run reached a write without declaring it (ctx.intend)');
    },
    observe: () => undefined,
  };
  let error: CallPreview['error'];
  try {
    warnings.push(...entryErrors(await run(dry)));
  } catch (thrown) {
    const { code, message } = toCodewardError(thrown);
    error = { code, message };
  }
  const workspace = context.workspace;
  const shown = await Promise.all(changes.map(async (change) => {
    const rel = workspace.relative(change.path);
    const before = change.before !== undefined ? change.before : await currentBytes(workspace, rel);
    return { ...change, rel, ...(before === undefined ? {} : { before }) };
  }));
  return { changes: shown, warnings, ...(error ? { error } : {}) };
}

// ctx.intend for the run that follows an approval: the person saw `shown`, so a change with other bytes
// (the file changed between the question and the write) or one not shown is refused, with nothing written.
export function approvedIntent(shown: CallPreview | undefined, workspace: Workspace): (changes: readonly IntendedChange[]) => boolean {
  return (changes) => {
    if (!shown) return false;
    for (const change of changes) {
      // The same file may change more than once in one call (undo of several steps): any shown change matches.
      const match = shown.changes.some((each) => each.path === change.path && sameBytes(each.after, change.after) && (each.mode ?? null) === (change.mode ?? null));
      if (!match) {
        throw fail('C230', `${workspace.relative(change.path)} changed after the approval question showed its diff, so the call would now write other bytes than the ones approved; nothing was written to it: read it again and repeat the call`);
      }
    }
    return false;
  };
}

// The preview of a command that runs a process (CommandDefinition.runs): what it will run, and the
// warnings its choice gave (test: a pattern it could not use). Its failure is the run's: the question says so.
export async function runsPreview(context: CommandContext, runs: (ctx: CommandContext) => Promise<RunPreview>): Promise<CallPreview> {
  const warnings: string[] = [];
  const warn = (message: string): void => {
    warnings.push(message);
  };
  try {
    return { changes: [], warnings, runs: await runs({ ...context, dryRun: true, warn }) };
  } catch (error) {
    const failure = toCodewardError(error);
    return { changes: [], warnings, error: { code: failure.code, message: failure.message } };
  }
}
