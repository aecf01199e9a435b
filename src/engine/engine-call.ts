// One call through the gate, after its arguments were validated: jail → intent guard → classify →
// authorize → locks → staleness → handler (with the paths it finds on the way through the same gates);
// and the handler's dry run of a call, asking nobody.
import type { AnyCommand, CallerServices, CallPreview, Touch } from './command.js';
import { judgeFound, undeclared } from './found-files.js';
import { dryRunOf, runsPreview } from './dry-run.js';
import { CallLocks } from './call-locks.js';
import type { KeyedLocks } from './locks.js';
import type { ContentObservation } from './file-contract.js';
import { callContext, type ContextBase, type Judge } from './engine-context.js';
import { checkStaleEach, jail, jailAll, realsOf, rejail, writtenPaths } from './engine-jail.js';
import type { FileLocker, JailedTouch, PreparedCall } from './engine-types.js';
import { callStaging } from '../shell/run-staging.js';

// What a call takes from the engine beyond its context: the locks writers hold in this process and across processes.
export interface CallBase extends ContextBase {
  readonly locks: KeyedLocks;
  readonly fileLocks: FileLocker | undefined;
}

// The dry run behind Engine.preview (policy check): found files judged by the person's rules, nobody asked.
export async function previewCall(base: CallBase, command: AnyCommand, args: Record<string, unknown>): Promise<CallPreview | undefined> {
  if (!command.dryRun) return undefined;
  const touches = await jail(base.workspace, command, command.touches(args));
  const guard = await base.hooks.guardIntent({ command, args, touches });
  const staging = await callStaging(command.stage, args, base.config, base.sandbox);
  const call: PreparedCall = { command, args, touches, ...(staging ? { staging } : {}) };
  const judge: Judge = (changes, skip) => judgeFound(base.hooks.authorize, call, undeclared(base.workspace, changes, realsOf(touches)), { skip, dry: true });
  const signal = new AbortController().signal;
  return dryRunOf(callContext(base, touches, [], signal, new Map(), undefined, undefined, undefined, (more) => jailAll(base.workspace, command, more), judge), (ctx) => command.run(args, ctx), guard, judge);
}

export async function executeCall(base: CallBase, command: AnyCommand, args: Record<string, unknown>, warnings: string[], signal: AbortSignal, caller: CallerServices | undefined): Promise<unknown> {
  const touches = await jail(base.workspace, command, command.touches(args));
  // What every declared change passes first (the syntax check of edits), the same in the dry run.
  const guard = await base.hooks.guardIntent({ command, args, touches, ...(caller ? { caller } : {}) });
  // The handler's own dry run, once, if the gate asks for it to show a person (before any lock: it reads).
  let preview: Promise<CallPreview | undefined> | undefined;
  const dry = (): Promise<CallPreview | undefined> =>
    (preview ??= command.dryRun
      ? dryRunOf(callContext(base, touches, [], signal, new Map(), caller, undefined, undefined, (more) => jailAll(base.workspace, command, more), judgeDry), (ctx) => command.run(args, ctx), guard, judgeDry)
      : command.runs ? runsPreview(callContext(base, touches, [], signal, new Map(), caller, undefined, undefined, (more) => jailAll(base.workspace, command, more), judgeDry, facts), (ctx) => command.runs!(args, ctx)) : Promise.resolve(undefined));
  // The dry run judges found files too (a deny refuses or skips them as the run will), asking nobody.
  const judgeDry: Judge = (changes, skip) => judgeFound(base.hooks.authorize, call, undeclared(base.workspace, changes, realsOf(touches)), { skip, dry: true });
  // Whether its run will be staged, decided once: the gate judges by it, the run stages exactly then.
  const staging = await callStaging(command.stage, args, base.config, base.sandbox);
  // The line a command finds itself (test's runner), found once: the gate judges it, the run starts it.
  const shell = command.detectShell && command.shell?.(args) === undefined ? await command.detectShell(args, callContext(base, touches, warnings, signal, new Map(), caller, undefined, undefined, (more) => jailAll(base.workspace, command, more), judgeDry, staging ? { staging } : {})) : undefined;
  const facts = { ...(staging ? { staging } : {}), ...(shell ? { shell } : {}) };
  const call: PreparedCall = { command, args, touches, ...(caller ? { caller } : {}), ...facts, preview: dry };
  await base.hooks.classify(call);
  const authorization = await base.hooks.authorize(call);
  // A run's preview (what it will run) holds no changes the run must match.
  const shown = preview === undefined || !command.dryRun ? undefined : await preview;
  // Locks come before the staleness check, so no other writer can slip in between check and write.
  const held = new CallLocks(base.locks, base.fileLocks);
  const claimed: JailedTouch[] = [];
  try {
    await held.take(writtenPaths(touches));
    // A writer that held the lock before us replaced the file (a rename gives it a new identity):
    // resolve the written paths again under the lock, so the handler sees the file as it is now.
    const rejailed = writtenPaths(touches).length > 0 ? await rejail(base.workspace, touches) : touches;
    const current = command.batch ? await checkStaleEach(base.hooks, call, rejailed, warnings) : rejailed;
    if (!command.batch) warnings.push(...(await base.hooks.checkStale({ ...call, touches: current })));
    // Paths the handler finds as it runs pass the same jail, locks and staleness check, and are stamped after.
    const claim = async (more: readonly Touch[]): Promise<JailedTouch[]> => {
      const jailed = await jailAll(base.workspace, command, more);
      // A file it will write that the call did not declare passes the permission gate as well, as if the
      // call had named it: a deny rule on it refuses, an ask rule asks (red team R6-1: rename-symbol's
      // other files were judged by the jail and the write gate's catalogue, never by the user's rules).
      const declared = realsOf([...current, ...claimed]);
      const found = jailed.filter((each) => each.resolved !== undefined && !declared.has(each.resolved.real) && each.touch.access !== 'read' && each.touch.access !== 'list');
      await judgeFound(base.hooks.authorize, call, found, { skip: false, dry: false });
      await held.take(writtenPaths(jailed));
      const fresh = await rejail(base.workspace, jailed);
      const refused = fresh.find((each) => each.error);
      if (refused) throw refused.error!;
      warnings.push(...(await base.hooks.checkStale({ ...call, touches: fresh })));
      claimed.push(...fresh);
      return fresh;
    };
    const observed = new Map<string, ContentObservation>();
    // What ctx.intend and ctx.permitted declare beyond the call's own paths passes the same gate.
    const judge: Judge = (changes, skip) => judgeFound(base.hooks.authorize, call, undeclared(base.workspace, changes, realsOf([...current, ...claimed])), { skip, dry: skip });
    const context = callContext(base, current, warnings, signal, observed, caller, shown, guard, claim, judge, { unattended: authorization?.unattended === true, ...facts });
    const data = await command.run(args, context);
    await base.hooks.afterRun({ ...call, touches: [...current, ...claimed] }, data, observed);
    return data;
  } finally {
    await held.release();
  }
}
