// The jail's side of a call: every declared or claimed path resolved inside the workspace, resolved again
// under the call's locks (a writer that held the lock first may have replaced the file), and the
// staleness check of a batched command entry by entry.
import type { AnyCommand, Touch } from './command.js';
import { fail, toCodewardError, type CodewardError } from './errors.js';
import type { Workspace } from '../workspace/workspace.js';
import type { EngineHooks, JailedTouch, PreparedCall } from './engine-types.js';

// Resolves every declared path. A refused path fails the whole call, except for batched commands,
// which get the error back from ctx.path() for that entry.
// One after the other: resolve() does its syscalls synchronously, so there is nothing to overlap.
export async function jail(workspace: Workspace, command: AnyCommand, touches: readonly Touch[]): Promise<JailedTouch[]> {
  const jailed: JailedTouch[] = [];
  for (const touch of touches) {
    try {
      jailed.push({ touch, resolved: await workspace.resolve(touch.path, touch.access) });
    } catch (error) {
      if (!command.batch) throw error;
      jailed.push({ touch, error: toCodewardError(error, touch.path) });
    }
  }
  return jailed;
}

// Jails paths a handler claims as it runs: any refusal fails the call (batched commands too).
export async function jailAll(workspace: Workspace, command: AnyCommand, touches: readonly Touch[]): Promise<JailedTouch[]> {
  const jailed = await jail(workspace, command, touches);
  const refused = jailed.find((each) => each.error);
  if (refused) throw refused.error!;
  return jailed;
}

// Batched commands are atomic per entry, so a stale file fails only its own entry (C230 from ctx.path).
// A file two entries name (`a.txt` and `./a.txt`) is refused for both: the first refusal marks the
// state as warned, which must not let the second entry overwrite the external change in the same call.
export async function checkStaleEach(hooks: EngineHooks, call: PreparedCall, touches: readonly JailedTouch[], warnings: string[]): Promise<JailedTouch[]> {
  const checked: JailedTouch[] = [];
  const refused = new Map<string, CodewardError>();
  for (const jailed of touches) {
    if (!jailed.resolved) {
      checked.push(jailed);
      continue;
    }
    const earlier = refused.get(jailed.resolved.real);
    if (earlier) {
      checked.push({ touch: jailed.touch, error: earlier });
      continue;
    }
    try {
      warnings.push(...(await hooks.checkStale({ ...call, touches: [jailed] })));
      checked.push(jailed);
    } catch (error) {
      const failure = toCodewardError(error, jailed.touch.path);
      if (failure.code !== 'C230') throw failure;
      refused.set(jailed.resolved.real, failure);
      checked.push({ touch: jailed.touch, error: failure });
    }
  }
  return checked;
}

export async function rejail(workspace: Workspace, touches: readonly JailedTouch[]): Promise<JailedTouch[]> {
  return Promise.all(
    touches.map(async (jailed): Promise<JailedTouch> => {
      const { touch, resolved } = jailed;
      if (!resolved || touch.access === 'read' || touch.access === 'list') return jailed;
      try {
        const fresh = await workspace.resolve(touch.path, touch.access);
        if (fresh.real !== resolved.real) throw fail('C215', `path changed during access: ${touch.path}`);
        return { touch, resolved: fresh };
      } catch (error) {
        return { touch, error: toCodewardError(error, touch.path) };
      }
    }),
  );
}

export const realsOf = (touches: readonly JailedTouch[]): Set<string> => new Set(touches.flatMap(({ resolved }) => (resolved ? [resolved.real] : [])));

// The real paths of the touches a call writes (its locks and staleness checks are about these).
export const writtenPaths = (touches: readonly JailedTouch[]): string[] =>
  touches.filter(({ touch, resolved }) => resolved && touch.access !== 'read' && touch.access !== 'list').map(({ resolved }) => resolved!.real);
