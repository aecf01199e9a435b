import { randomUUID } from 'node:crypto';
import type { AnyCommand, CallerServices, CallPreview, CommandContext, DoorInfo, IntendedChange, Touch } from './command.js';
import { judgeFound, undeclared, type FoundChange, type Skipped } from './found-files.js';
import { approvedIntent, dryRunOf, runsPreview } from './dry-run.js';
import type { Config } from './config.js';
import type { Envelope } from './envelope.js';
import { fail, toCodewardError, type CodewardError } from './errors.js';
import { CallLocks } from './call-locks.js';
import { KeyedLocks } from './locks.js';
import type { Registry } from './registry.js';
import { validateArgs } from './validate.js';
import { parseCall, type CallInput } from '../args/parse-call.js';
import { guessName } from './guess-name.js';
import type { Workspace } from '../workspace/workspace.js';
import type { Committer, ContentObservation } from './file-contract.js';
import { stateDirFor } from './state-dir.js';
import type { SandboxHandle } from './engine-sandbox.js';
import type { EngineHooks, EngineOptions, FileLocker, IntentGuard, JailedTouch, PreparedCall, RunOptions } from './engine-types.js';

export type { EngineHooks, EngineOptions, FileLocker, IntentGuard, JailedTouch, PreparedCall, RunOptions } from './engine-types.js';

const PASS_THROUGH: EngineHooks = {
  guardIntent: () => undefined,
  classify: () => undefined,
  authorize: () => undefined,
  checkStale: () => [],
  afterRun: () => undefined,
};

// An engine built without a committer (a test double) refuses multi-file commits plainly.
const noCommitter: Committer = async () => {
  throw fail('C216', 'internal error: this engine has no committer for multi-file changes (createEngine plugs one in)');
};


// The only way to run a command: parse → validate → jail → classify → authorize → staleness → locks → handler.
export class Engine {
  readonly registry: Registry;
  readonly workspace: Workspace;
  readonly config: Config;
  readonly stateDir: string;
  private readonly hooks: EngineHooks;
  private readonly locks = new KeyedLocks();
  private readonly fileLocks: FileLocker | undefined;
  private readonly onClose: (() => Promise<void>) | undefined;
  // The OS sandbox exec and test run in (its status() names the backend).
  readonly sandbox: SandboxHandle | undefined;
  // The classifier's and the gate's shell parser (createEngine), when the engine has one.
  readonly shellParser: EngineOptions['shellParser'];
  private readonly commit: Committer;
  private readonly memos: Map<string, unknown>;
  // The door and its session; a door that names its session later (the agent's transcript is created
  // after the engine) sets it with withSession.
  private door: DoorInfo | undefined;

  constructor(options: EngineOptions) {
    this.registry = options.registry;
    this.workspace = options.workspace;
    this.config = options.config;
    this.hooks = { ...PASS_THROUGH, ...options.hooks };
    this.stateDir = options.stateDir ?? stateDirFor(options.workspace.root);
    this.fileLocks = options.fileLocks;
    this.onClose = options.onClose;
    this.sandbox = options.sandbox;
    this.shellParser = options.shellParser;
    this.commit = options.commit ?? noCommitter;
    this.memos = options.memo ?? new Map();
    this.door = options.door;
  }

  // Names the session the door's calls belong to (recorded with every checkpoint from now on).
  withSession(session: string): void {
    this.door = { name: this.door?.name ?? 'library', session };
  }

  // Names the agent's current turn (recorded with every checkpoint from now on; see DoorInfo.turn).
  withTurn(turn: string): void {
    this.door = { name: this.door?.name ?? 'library', ...(this.door?.session === undefined ? {} : { session: this.door.session }), turn };
  }

  // Lets the engine finish its session work (saving stamps); call once when the door is done.
  async close(): Promise<void> {
    await this.onClose?.();
  }

  async run(input: CallInput, options: RunOptions = {}): Promise<Envelope> {
    let prepared: { command: AnyCommand; args: Record<string, unknown>; warnings: string[] };
    try {
      prepared = this.prepare(input);
    } catch (error) {
      const info = toCodewardError(error).toJSON();
      return { ok: false, cmd: guessName(input, this.registry), error: info, warnings: [], usage: true };
    }
    const { command, args, warnings } = prepared;
    try {
      const data = await this.execute(command, args, warnings, options.signal ?? new AbortController().signal, options.caller);
      // The same warning twice in one envelope (two entries naming one stale file) is said once.
      return { ok: true, cmd: command.name, data, warnings: [...new Set(warnings)] };
    } catch (error) {
      const failure = await withHint(command, args, toCodewardError(error), this.workspace);
      return {
        ok: false,
        cmd: command.name,
        error: failure.toJSON(),
        ...(failure.data === undefined ? {} : { data: failure.data }),
        warnings: [...new Set(warnings)],
        ...(failure.usage ? { usage: true } : {}),
      };
    }
  }

  // What a call would do, without doing it: the command, its validated args and the paths it declares
  // (as the caller wrote them). Lets a client schedule calls (the agent runs calls on different files
  // in parallel). Throws the argument error the call itself would fail with.
  plan(input: CallInput): { command: AnyCommand; args: Record<string, unknown>; touches: Touch[] } {
    const { command, args } = this.prepare(input);
    return { command, args, touches: command.touches(args) };
  }

  // The handler's dry run of a call, with the person's rules judged on every file it finds (a deny refuses
  // it in `error`, clean's kept files are in `warnings`), asking nobody: `policy check` answers with it.
  // Undefined for a command that cannot run dry.
  async preview(input: CallInput): Promise<CallPreview | undefined> {
    const { command, args } = this.prepare(input);
    if (!command.dryRun) return undefined;
    const touches = await this.jail(command, command.touches(args));
    const guard = await this.hooks.guardIntent({ command, args, touches });
    const call: PreparedCall = { command, args, touches };
    const judge: Judge = (changes, skip) => judgeFound(this.hooks.authorize, call, undeclared(this.workspace, changes, realsOf(touches)), { skip, dry: true });
    const signal = new AbortController().signal;
    return dryRunOf(this.context(touches, [], signal, new Map(), undefined, undefined, undefined, (more) => this.jailAll(command, more), judge), (ctx) => command.run(args, ctx), guard, judge);
  }

  private prepare(input: CallInput): { command: AnyCommand; args: Record<string, unknown>; warnings: string[] } {
    const parsed = parseCall(input, this.registry);
    const warnings = parsed.recovered ? [`arguments were malformed JSON and were recovered (${parsed.recovered})`] : [];
    return { command: parsed.command, args: validateArgs(parsed.command, parsed.args), warnings };
  }

  private async execute(command: AnyCommand, args: Record<string, unknown>, warnings: string[], signal: AbortSignal, caller: CallerServices | undefined): Promise<unknown> {
    const touches = await this.jail(command, command.touches(args));
    // What every declared change passes first (the syntax check of edits), the same in the dry run.
    const guard = await this.hooks.guardIntent({ command, args, touches, ...(caller ? { caller } : {}) });
    // The handler's own dry run, once, if the gate asks for it to show a person (before any lock: it reads).
    let preview: Promise<CallPreview | undefined> | undefined;
    const dry = (): Promise<CallPreview | undefined> =>
      (preview ??= command.dryRun
        ? dryRunOf(this.context(touches, [], signal, new Map(), caller, undefined, undefined, (more) => this.jailAll(command, more), judgeDry), (ctx) => command.run(args, ctx), guard, judgeDry)
        : command.runs ? runsPreview(this.context(touches, [], signal, new Map(), caller, undefined, undefined, (more) => this.jailAll(command, more), judgeDry), (ctx) => command.runs!(args, ctx)) : Promise.resolve(undefined));
    // The dry run judges found files too (a deny refuses or skips them as the run will), asking nobody.
    const judgeDry: Judge = (changes, skip) => judgeFound(this.hooks.authorize, call, undeclared(this.workspace, changes, realsOf(touches)), { skip, dry: true });
    const call: PreparedCall = { command, args, touches, ...(caller ? { caller } : {}), preview: dry };
    await this.hooks.classify(call);
    const authorization = await this.hooks.authorize(call);
    // A run's preview (what it will run) holds no changes the run must match.
    const shown = preview === undefined || !command.dryRun ? undefined : await preview;
    // Locks come before the staleness check, so no other writer can slip in between check and write.
    const held = new CallLocks(this.locks, this.fileLocks);
    const claimed: JailedTouch[] = [];
    try {
      await held.take(writtenPaths(touches));
      // A writer that held the lock before us replaced the file (a rename gives it a new identity):
      // resolve the written paths again under the lock, so the handler sees the file as it is now.
      const rejailed = writtenPaths(touches).length > 0 ? await this.rejail(touches) : touches;
      const current = command.batch ? await this.checkStaleEach(call, rejailed, warnings) : rejailed;
      if (!command.batch) warnings.push(...(await this.hooks.checkStale({ ...call, touches: current })));
      // Paths the handler finds as it runs pass the same jail, locks and staleness check, and are stamped after.
      const claim = async (more: readonly Touch[]): Promise<JailedTouch[]> => {
        const jailed = await this.jailAll(command, more);
        // A file it will write that the call did not declare passes the permission gate as well, as if the
        // call had named it: a deny rule on it refuses, an ask rule asks (red team R6-1: rename-symbol's
        // other files were judged by the jail and the write gate's catalogue, never by the user's rules).
        const declared = realsOf([...current, ...claimed]);
        const found = jailed.filter((each) => each.resolved !== undefined && !declared.has(each.resolved.real) && each.touch.access !== 'read' && each.touch.access !== 'list');
        await judgeFound(this.hooks.authorize, call, found, { skip: false, dry: false });
        await held.take(writtenPaths(jailed));
        const fresh = await this.rejail(jailed);
        const refused = fresh.find((each) => each.error);
        if (refused) throw refused.error!;
        warnings.push(...(await this.hooks.checkStale({ ...call, touches: fresh })));
        claimed.push(...fresh);
        return fresh;
      };
      const observed = new Map<string, ContentObservation>();
      // What ctx.intend and ctx.permitted declare beyond the call's own paths passes the same gate.
      const judge: Judge = (changes, skip) => judgeFound(this.hooks.authorize, call, undeclared(this.workspace, changes, realsOf([...current, ...claimed])), { skip, dry: skip });
      const context = this.context(current, warnings, signal, observed, caller, shown, guard, claim, judge, authorization?.unattended === true);
      const data = await command.run(args, context);
      await this.hooks.afterRun({ ...call, touches: [...current, ...claimed] }, data, observed);
      return data;
    } finally {
      await held.release();
    }
  }

  // Jails paths a handler claims as it runs: any refusal fails the call (batched commands too).
  private async jailAll(command: AnyCommand, touches: readonly Touch[]): Promise<JailedTouch[]> {
    const jailed = await this.jail(command, touches);
    const refused = jailed.find((each) => each.error);
    if (refused) throw refused.error!;
    return jailed;
  }

  // Resolves every declared path. A refused path fails the whole call, except for batched commands,
  // which get the error back from ctx.path() for that entry.
  // One after the other: resolve() does its syscalls synchronously, so there is nothing to overlap.
  private async jail(command: AnyCommand, touches: readonly Touch[]): Promise<JailedTouch[]> {
    const jailed: JailedTouch[] = [];
    for (const touch of touches) {
      try {
        jailed.push({ touch, resolved: await this.workspace.resolve(touch.path, touch.access) });
      } catch (error) {
        if (!command.batch) throw error;
        jailed.push({ touch, error: toCodewardError(error, touch.path) });
      }
    }
    return jailed;
  }

  // Batched commands are atomic per entry, so a stale file fails only its own entry (C230 from ctx.path).
  // A file two entries name (`a.txt` and `./a.txt`) is refused for both: the first refusal marks the
  // state as warned, which must not let the second entry overwrite the external change in the same call.
  private async checkStaleEach(call: PreparedCall, touches: readonly JailedTouch[], warnings: string[]): Promise<JailedTouch[]> {
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
        warnings.push(...(await this.hooks.checkStale({ ...call, touches: [jailed] })));
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

  private async rejail(touches: readonly JailedTouch[]): Promise<JailedTouch[]> {
    return Promise.all(
      touches.map(async (jailed): Promise<JailedTouch> => {
        const { touch, resolved } = jailed;
        if (!resolved || touch.access === 'read' || touch.access === 'list') return jailed;
        try {
          const fresh = await this.workspace.resolve(touch.path, touch.access);
          if (fresh.real !== resolved.real) throw fail('C215', `path changed during access: ${touch.path}`);
          return { touch, resolved: fresh };
        } catch (error) {
          return { touch, error: toCodewardError(error, touch.path) };
        }
      }),
    );
  }

  // `shown`: the dry run a person approved (the handler must then declare the same bytes); `guard`: what
  // every declared change passes first; `claim`: how paths found at run time are taken (a dry run only jails);
  // `judge`: the person's rules on files the call did not declare; `unattended`: no person approved the call.
  private context(touches: readonly JailedTouch[], warnings: string[], signal: AbortSignal, observed: Map<string, ContentObservation>, caller: CallerServices | undefined, shown: CallPreview | undefined, guard: IntentGuard | undefined, claim: (more: readonly Touch[]) => Promise<JailedTouch[]>, judge: Judge, unattended = false): CommandContext {
    const byInput = new Map(touches.map((jailed) => [jailed.touch.path, jailed]));
    const approved = approvedIntent(shown, this.workspace);
    const warn = (message: string): void => {
      warnings.push(message);
    };
    return {
      workspace: this.workspace,
      config: this.config,
      call: randomUUID(),
      signal,
      stateDir: this.stateDir,
      ...(this.sandbox ? { sandbox: this.sandbox } : {}),
      ...(caller ? { caller } : {}),
      ...(this.door ? { door: this.door } : {}),
      ...(unattended ? { unattended } : {}),
      path: (input) => {
        const jailed = byInput.get(input);
        if (!jailed) throw fail('C216', `internal error: path "${input}" was not declared by the command`);
        if (jailed.error) throw jailed.error;
        return jailed.resolved!;
      },
      warn,
      ...(this.hooks.pathRules ? { pathRules: async () => this.hooks.pathRules!() } : {}),
      claim: async (more) => {
        const taken = await claim(more);
        for (const jailed of taken) byInput.set(jailed.touch.path, jailed);
        return taken.map((jailed) => jailed.resolved!);
      },
      commit: this.commit,
      memo: <T>(key: string, create: () => T): T => {
        if (!this.memos.has(key)) this.memos.set(key, create());
        return this.memos.get(key) as T;
      },
      intend: async (changes) => {
        guard?.(changes, warn);
        await judge(changes.map(changeOf), false);
        return approved(changes);
      },
      permitted: async (paths, access) => {
        const denied = await judge(paths.map((real) => ({ real, access })), true);
        const refused = new Set(denied.map((each) => each.real));
        return { allowed: paths.filter((real) => !refused.has(real)), denied };
      },
      observe: (real, observation) => {
        observed.set(real, observation);
      },
    };
  }
}

// Judges files a call did not declare (found-files.ts); `skip`: a deny leaves the file out instead of refusing.
type Judge = (changes: readonly FoundChange[], skip: boolean) => Promise<readonly Skipped[]>;

const realsOf = (touches: readonly JailedTouch[]): Set<string> => new Set(touches.flatMap(({ resolved }) => (resolved ? [resolved.real] : [])));

const changeOf = (change: IntendedChange): FoundChange => ({ real: change.path, access: change.after === null ? 'delete' : 'write' });

// The real paths of the touches a call writes (its locks and staleness checks are about these).
const writtenPaths = (touches: readonly JailedTouch[]): string[] =>
  touches.filter(({ touch, resolved }) => resolved && touch.access !== 'read' && touch.access !== 'list').map(({ resolved }) => resolved!.real);

// A path not found (in the jail or by the handler) with what the command says the caller probably meant
// (CommandDefinition.notFoundHint). The path is the declared one the message starts with.
async function withHint(command: AnyCommand, args: Record<string, unknown>, failure: CodewardError, workspace: Workspace): Promise<CodewardError> {
  if (failure.code !== 'C211' || !command.notFoundHint || command.batch) return failure;
  const touch = command.touches(args).find(({ path }) => failure.message.startsWith(`${path}: no such file or directory`));
  const hint = touch === undefined ? undefined : await command.notFoundHint(touch.path, workspace);
  return hint === undefined ? failure : fail('C211', `${failure.message}; ${hint}`, failure.data === undefined ? {} : { data: failure.data });
}
