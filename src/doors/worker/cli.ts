import { resolve } from 'node:path';
import type { IIIClient } from 'iii-sdk';
import { prepareContext, type WorkerContext } from './config.js';
import { loadConfigFile } from './config-source.js';
import { isCodewardError } from '../../engine/errors.js';
import { keptCode } from './call.js';
import { PayloadError, WorkerError, werr } from './errors.js';
import { invoke, sdkHandler, WORKER_FUNCTIONS } from './functions.js';
import { routeSdkConsole } from './sdk-console.js';
import { watchEngine, type PeerCheck } from './engine-guard.js';

export interface WorkerIo {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
}

export const DEFAULT_URL = 'ws://127.0.0.1:49134';

interface WorkerArgs {
  readonly url: string;
  readonly config: string;
  // --config was given: a file that cannot be read is an error, not the defaults.
  readonly configExplicit: boolean;
  readonly invoke?: string;
  readonly payload?: string;
  readonly manifest: boolean;
  // The user's permission flags, as at the CLI: rules of the highest priority, and --yes.
  readonly rules: { allow: string[]; ask: string[]; deny: string[] };
  readonly yes: boolean;
  // Serve an engine whose owner cannot be checked or is another user (engine-guard.ts).
  readonly engineTrust: boolean;
}

const VALUE_FLAGS = new Set(['--url', '--config', '--invoke', '--payload']);
const RULE_FLAGS = new Set(['--allow', '--ask', '--deny']);

export const WORKER_USAGE = `usage: codeward worker [--url ws://127.0.0.1:49134] [--config config.yaml] [--allow P ...] [--yes] [--engine-trust]
       codeward worker [--config config.yaml] --invoke <function-id> --payload '<json>'
       codeward worker --manifest
Joins an iii engine (--url, env III_URL) and registers the coder::* functions of the config's base_path.
Writes no rule allows are refused (nobody to ask): --allow '@coder create src/**' (also --ask, --deny;
repeatable) adds a rule of the highest priority, --yes approves every write that is not safety-immune.
Without --config, ./config.yaml is a project file: it can only tighten.
A local engine must run as your user (checked per connection); --engine-trust serves one that cannot be checked.`;

function parseArgs(argv: readonly string[], io: WorkerIo): WorkerArgs {
  const values = new Map<string, string>();
  const rules = { allow: [] as string[], ask: [] as string[], deny: [] as string[] };
  let manifest = false;
  let yes = false;
  let engineTrust = false;
  for (let index = 0; index < argv.length; index += 1) {
    const token = argv[index]!;
    const eq = token.indexOf('=');
    const flag = token.startsWith('--') && eq !== -1 ? token.slice(0, eq) : token;
    if (VALUE_FLAGS.has(flag) || RULE_FLAGS.has(flag)) {
      const value = eq !== -1 && flag !== token ? token.slice(eq + 1) : argv[++index];
      if (value === undefined) throw werr('C210', `${flag} needs a value`);
      if (RULE_FLAGS.has(flag)) rules[flag.slice(2) as keyof typeof rules].push(value);
      else values.set(flag, value);
    } else if (token === '--manifest') manifest = true;
    else if (token === '--yes') yes = true;
    else if (token === '--engine-trust') engineTrust = true;
    else throw werr('C210', `unknown worker option ${JSON.stringify(token)}\n${WORKER_USAGE}`);
  }
  if (values.has('--payload') && !values.has('--invoke')) throw werr('C210', '--payload needs --invoke <function-id>');
  const url = values.get('--url') ?? (io.env.III_URL || undefined) ?? DEFAULT_URL;
  const args: WorkerArgs = { url, config: resolve(io.cwd, values.get('--config') ?? 'config.yaml'), configExplicit: values.has('--config'), manifest, rules, yes, engineTrust };
  const invokeId = values.get('--invoke');
  const payload = values.get('--payload');
  return { ...args, ...(invokeId !== undefined ? { invoke: invokeId } : {}), ...(payload !== undefined ? { payload } : {}) };
}

type Permissions = Pick<WorkerArgs, 'rules' | 'yes'>;

export async function loadContext(configPath: string, io: WorkerIo, explicit = false, flags?: Permissions): Promise<WorkerContext> {
  const warnings: string[] = [];
  try {
    const { config, project } = await loadConfigFile(configPath, warnings, explicit);
    const home = io.env['HOME'];
    const options = { configFile: configPath, confined: project, warnings, ...(home ? { home } : {}), ...(flags ? { cliRules: flags.rules, yes: flags.yes } : {}) };
    return await prepareContext(config, io.cwd, options);
  } finally {
    for (const warning of warnings) io.stderr.write(`warning: ${warning}\n`);
  }
}

function manifest(): unknown {
  return {
    name: 'coder',
    functions: WORKER_FUNCTIONS.map(({ id, description, request_format, response_format }) => ({ id, description, request_format, response_format })),
  };
}

// A response in the original worker's shape whose every entry failed (`results: [{success: false, error}]`):
// the JSON is the same, the exit status says nothing was done (newcomer pass N14).
function nothingDone(result: unknown): boolean {
  const results = result !== null && typeof result === 'object' ? (result as { results?: unknown }).results : undefined;
  return Array.isArray(results) && results.length > 0 && results.every((entry) => entry !== null && typeof entry === 'object' && (entry as { success?: unknown }).success === false);
}

// One local invocation: prints the response JSON (exit 0; 1 when every entry of it failed) or {"code","message"} (exit 1).
async function invokeOnce(args: WorkerArgs & { invoke: string }, io: WorkerIo): Promise<number> {
  let data: unknown = {};
  if (args.payload !== undefined) {
    try {
      data = JSON.parse(args.payload);
    } catch (error) {
      throw werr('C210', `--payload is not valid JSON: ${(error as Error).message}`);
    }
  }
  const ctx = await loadContext(args.config, io, args.configExplicit, args);
  const outcome = await invoke(ctx, args.invoke, data);
  if (outcome.ok) {
    io.stdout.write(`${JSON.stringify(outcome.result)}\n`);
    return nothingDone(outcome.result) ? 1 : 0;
  }
  const error = outcome.error instanceof WorkerError ? outcome.error : werr('C210', outcome.error.message);
  io.stdout.write(`${error.toWire()}\n`);
  return 1;
}

export interface ServeOptions {
  // Resolves when the worker should stop (default: SIGTERM or SIGINT).
  readonly stopSignal?: Promise<unknown>;
  // Who owns the engine's end of a connection (default: the system's answer, engine-guard.ts).
  readonly peerCheck?: PeerCheck;
}

function processSignal(): Promise<string> {
  return new Promise((done) => {
    const stop = (signal: string): void => {
      process.off('SIGTERM', stop);
      process.off('SIGINT', stop);
      done(signal);
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  });
}

type FormatOption = NonNullable<Parameters<IIIClient['registerFunction']>[2]>['request_format'];

// Reconnection: 1 s, doubling, capped at 30 s, ±30 % jitter, never giving up (the SDK's defaults, stated).
const RECONNECT = { initialDelayMs: 1000, backoffMultiplier: 2, maxDelayMs: 30_000, jitterFactor: 0.3, maxRetries: -1 };

// Joins the engine and serves until stopped; the SDK reconnects with capped backoff, and an outage is
// reported once in one plain line (sdk-console.ts).
async function serve(args: WorkerArgs, io: WorkerIo, options: ServeOptions): Promise<number> {
  const ctx = await loadContext(args.config, io, args.configExplicit, args);
  const stop = options.stopSignal ?? processSignal();
  const { registerWorker } = await import('iii-sdk');
  const watch = args.engineTrust || ctx.config.engine_trust ? undefined : watchEngine(args.url, options.peerCheck);
  const restoreConsole = routeSdkConsole(args.url, RECONNECT.maxDelayMs, (line) => io.stderr.write(line));
  let refused: WorkerError | undefined;
  try {
    const iii = registerWorker(args.url, { workerName: 'coder', otel: { enabled: false }, enableMetricsReporting: false, reconnectionConfig: RECONNECT });
    for (const fn of WORKER_FUNCTIONS) {
      iii.registerFunction(fn.id, sdkHandler(ctx, fn), {
        description: fn.description,
        request_format: fn.request_format as FormatOption,
        response_format: fn.response_format as FormatOption,
      });
    }
    io.stderr.write(`coder worker: ${WORKER_FUNCTIONS.length} functions for ${ctx.base} via ${args.url}\n`);
    refused = await Promise.race([stop.then(() => undefined), watch?.refused ?? new Promise<never>(() => undefined)]);
    await iii.shutdown();
  } finally {
    watch?.stop();
    restoreConsole();
  }
  if (refused !== undefined) throw refused;
  io.stderr.write('coder worker: stopped\n');
  return 0;
}

// `codeward worker ...` (argv = the tokens after "worker"). Returns the exit status.
export async function workerCommand(argv: readonly string[], io: WorkerIo, options: ServeOptions = {}): Promise<number> {
  let invokeMode = argv.includes('--invoke') || argv.some((token) => token.startsWith('--invoke='));
  try {
    if (argv.includes('--help') || argv.includes('-h')) {
      io.stdout.write(`${WORKER_USAGE}\n`);
      return 0;
    }
    const args = parseArgs(argv, io);
    invokeMode = args.invoke !== undefined;
    if (args.manifest) {
      io.stdout.write(`${JSON.stringify(manifest(), null, 2)}\n`);
      return 0;
    }
    if (args.invoke !== undefined) return await invokeOnce({ ...args, invoke: args.invoke }, io);
    return await serve(args, io, options);
  } catch (error) {
    const failure = error instanceof WorkerError ? error
      : error instanceof PayloadError ? werr('C210', error.message)
        : isCodewardError(error) ? keptCode(error)
          : werr('C216', error instanceof Error ? error.message : String(error));
    if (invokeMode) io.stdout.write(`${failure.toWire()}\n`);
    else io.stderr.write(`error ${failure.code}: ${failure.message}\n`);
    return 1;
  }
}
