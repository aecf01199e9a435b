import type { AnyCommand, CallPreview, DoorInfo, ShellRun, Touch } from './command.js';
import type { Config } from './config.js';
import type { Envelope } from './envelope.js';
import { fail, toCodewardError, type CodewardError } from './errors.js';
import { KeyedLocks } from './locks.js';
import type { Registry } from './registry.js';
import { validateArgs } from './validate.js';
import { parseCall, type CallInput } from '../args/parse-call.js';
import { guessName } from './guess-name.js';
import type { Workspace } from '../workspace/workspace.js';
import type { Committer } from './file-contract.js';
import { stateDirFor } from './state-dir.js';
import type { SandboxHandle } from './engine-sandbox.js';
import { executeCall, previewCall, type CallBase } from './engine-call.js';
import type { EngineHooks, EngineOptions, RunOptions } from './engine-types.js';

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
  private readonly onClose: (() => Promise<void>) | undefined;
  // The OS sandbox exec and test run in (its status() names the backend).
  readonly sandbox: SandboxHandle | undefined;
  // The classifier's and the gate's shell parser (createEngine), when the engine has one.
  readonly shellParser: EngineOptions['shellParser'];
  // What each call takes from the engine (engine-call.ts, engine-context.ts).
  private readonly base: CallBase;
  // The door and its session; a door that names its session later (the agent's transcript is created
  // after the engine) sets it with withSession.
  private door: DoorInfo | undefined;

  constructor(options: EngineOptions) {
    this.registry = options.registry;
    this.workspace = options.workspace;
    this.config = options.config;
    this.stateDir = options.stateDir ?? stateDirFor(options.workspace.root);
    this.onClose = options.onClose;
    this.sandbox = options.sandbox;
    this.shellParser = options.shellParser;
    this.door = options.door;
    // The config as the engine has it at each call (a door or test may replace engine.config later).
    const config = (): Config => this.config;
    this.base = {
      workspace: this.workspace,
      get config() {
        return config();
      },
      stateDir: this.stateDir,
      sandbox: this.sandbox,
      hooks: { ...PASS_THROUGH, ...options.hooks },
      commit: options.commit ?? noCommitter,
      memos: options.memo ?? new Map(),
      lasting: options.lasting,
      clock: options.clock,
      locks: new KeyedLocks(),
      fileLocks: options.fileLocks,
      door: () => this.door,
    };
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
      const data = await executeCall(this.base, command, args, warnings, options.signal ?? new AbortController().signal, options.caller);
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
    return previewCall(this.base, command, args);
  }

  // The line the call runs that its command finds itself (test's runner), as the real call finds it before the
  // gate: `policy check` judges it (undefined: the call names its line, or its command finds none).
  async detectShell(input: CallInput): Promise<ShellRun | undefined> {
    const { command, args } = this.prepare(input);
    return (await import('./engine-detect.js')).detectedShell(this.base, command, args);
  }

  private prepare(input: CallInput): { command: AnyCommand; args: Record<string, unknown>; warnings: string[] } {
    const parsed = parseCall(input, this.registry);
    const warnings = parsed.recovered ? [`arguments were malformed JSON and were recovered (${parsed.recovered})`] : [];
    return { command: parsed.command, args: validateArgs(parsed.command, parsed.args), warnings };
  }

}


// A path not found (in the jail or by the handler) with what the command says the caller probably meant
// (CommandDefinition.notFoundHint). The path is the declared one the message starts with.
async function withHint(command: AnyCommand, args: Record<string, unknown>, failure: CodewardError, workspace: Workspace): Promise<CodewardError> {
  if (failure.code !== 'C211' || !command.notFoundHint || command.batch) return failure;
  const touch = command.touches(args).find(({ path }) => failure.message.startsWith(`${path}: no such file or directory`));
  const hint = touch === undefined ? undefined : await command.notFoundHint(touch.path, workspace);
  return hint === undefined ? failure : fail('C211', `${failure.message}; ${hint}`, failure.data === undefined ? {} : { data: failure.data });
}
