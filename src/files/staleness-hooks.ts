import { nodeCrypto } from '../engine/lazy-crypto.js';
import type { EngineHooks, JailedTouch, PreparedCall } from '../engine/engine.js';
import type { ContentObservation, StalenessTracker } from './staleness.js';

// Which call a refusal warned: its command and arguments (only the same call repeated overwrites: red team
// R6-10). A batched command is checked per entry: the key is that entry (the repeat may carry it alone).
function callKey(call: PreparedCall): string {
  const path = call.command.batch && call.touches.length === 1 ? call.touches[0]!.touch.path : undefined;
  const entry = path === undefined ? undefined : Object.values(call.args).flatMap((value) => (Array.isArray(value) ? value : [])).find((each) => each === path || (typeof each === 'object' && each !== null && Object.values(each).includes(path)));
  return nodeCrypto().createHash('sha256').update(JSON.stringify([call.command.name, entry ?? call.args])).digest('hex').slice(0, 32);
}

const mutates = ({ touch }: JailedTouch): boolean => touch.access === 'write' || touch.access === 'delete';

// Entries of a batched command's `data.results` that succeeded, by the path they report (CONTRACT
// "Batched commands"); undefined when the data has no such list (the whole call succeeded).
function succeeded(data: unknown): Set<string> | undefined {
  const results = (data as { results?: unknown } | null)?.results;
  if (!Array.isArray(results)) return undefined;
  const paths = results
    .filter((entry: { success?: unknown }) => entry?.success === true)
    .map((entry: { path?: unknown }) => entry?.path)
    .filter((path): path is string => typeof path === 'string');
  return new Set(paths);
}

// The engine's staleness stages backed by one tracker: gate every written or deleted path before the
// handler; afterwards stamp what a read command read and what a mutating command wrote (a failed entry
// of a batch is left alone, so an external edit it did not overwrite is still detected).
// `kept`: the checkpoint store keeps what a call overwrites (backups are not false), said when a repeated
// call goes ahead over an external change.
export function stalenessHooks(tracker: StalenessTracker, kept = true): Pick<EngineHooks, 'checkStale' | 'afterRun'> {
  return {
    checkStale: (call: PreparedCall) =>
      tracker.assertFresh(
        call.touches.filter((jailed) => mutates(jailed) && jailed.resolved).map(({ resolved }) => ({ path: resolved!.real, label: resolved!.rel })),
        kept,
        callKey(call),
      ),
    afterRun: async (call: PreparedCall, data: unknown, observed: ReadonlyMap<string, ContentObservation> = new Map()) => {
      const ok = succeeded(data);
      const work = call.touches.map(async (jailed) => {
        const { touch, resolved } = jailed;
        if (!resolved) return;
        if (mutates(jailed)) {
          // What the checkpoint store read back and hashed after the write, when it did (no third read).
          const seen = observed.get(resolved.real);
          if (ok === undefined || ok.has(touch.path) || ok.has(resolved.rel)) await (seen ? tracker.recordContent(resolved.real, seen) : tracker.recordWrite(resolved.real));
        } else if (touch.access === 'read' && call.command.effect === 'read') {
          const seen = observed.get(resolved.real);
          await (seen ? tracker.recordContent(resolved.real, seen) : tracker.recordRead(resolved.real));
        }
      });
      await Promise.all(work);
    },
  };
}
