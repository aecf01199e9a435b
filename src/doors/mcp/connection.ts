import { AsyncLocalStorage } from 'node:async_hooks';
import { nodeCrypto } from '../../engine/lazy-crypto.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, RootsListChangedNotificationSchema, type RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { Engine } from '../../engine/engine.js';
import type { Envelope } from '../../engine/envelope.js';
import { toCodewardError } from '../../engine/errors.js';
import type { Registry } from '../../engine/registry.js';
import type { Approver, CliRuleFlags } from '../../permissions/index.js';
import { createEngine } from '../../setup.js';
import { VERSION } from '../../version.js';
import { elicitationApprover } from './approver.js';
import { narrowWorkspace } from './roots.js';
import type { McpTool } from './tools.js';
import { budgetArgs, toolResult } from './result.js';
import { clientLog, progressReporter } from './notify.js';
import { serveResources } from './resources.js';
import { INVALID_PARAMS, strictRequest, WireError } from './wire.js';
import type { SandboxMode } from '../../sandbox/policy.js';

// What every connection of one `codeward mcp` process shares.
export interface ServeOptions {
  // The -C workspace (real path); MCP roots may narrow it, never widen it.
  readonly workspace: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly registry: Registry;
  readonly tools: readonly McpTool[];
  readonly cliRules: CliRuleFlags;
  readonly yes: boolean;
  readonly allowUnsafe: boolean;
  readonly sandbox?: { readonly mode?: SandboxMode; readonly network?: boolean; readonly passEnv?: readonly string[] };
  readonly log: (line: string) => void;
  // Bytes one tools/call result may take on the wire (text and structuredContent together); undefined: no cap.
  readonly resultBytes?: number;
}

// One MCP client connection: its own server, its own engine (staleness and denial counts per connection).
export interface McpConnection {
  readonly server: Server;
  // Aborts calls in flight, closes the server and the engine.
  close(): Promise<void>;
  // The client can send nothing more (stdio's stdin ended): the requests it would answer (an approval form,
  // roots/list) fail now instead of waiting for an answer that cannot come; the calls in flight then finish.
  inputEnded(): void;
}

const INSTRUCTIONS =
  'codeward: safe file, search, shell and git tools jailed to one workspace. Paths are relative to the workspace root. ' +
  'Every failure is a typed C2xx error whose message says how to fix the call. structuredContent is the result envelope ' +
  '{ok, cmd, data | error {code, message}, warnings}; `omitted` lists data values left out of it (the text content carries them), ' +
  '`cut` says how a result was cut to the result budget, and `next` holds the arguments that get the rest (call the same tool with them).';

// How to send a tools/call field the SDK's schema refused.
const CALL_FIXES = {
  name: 'the tool to call, as tools/list names it',
  arguments: 'send the tool\'s keys as an object, e.g. {"name": "read", "arguments": {"file": "README.md"}}',
};

// How long a person has to answer an approval form, and the client to answer roots/list.
const ELICITATION_TIMEOUT_MS = 10 * 60_000;
const ROOTS_TIMEOUT_MS = 10_000;

export function createConnection(options: ServeOptions): McpConnection {
  const { registry } = options;
  const server = new Server({ name: 'codeward', version: VERSION }, { capabilities: { tools: {}, logging: {}, resources: {} }, instructions: INSTRUCTIONS });
  // Lines go to stderr and, at the level the client chose (logging/setLevel), to the client.
  const logger = clientLog(server, options.log);
  const log = logger.info;
  const budget = options.resultBytes === undefined ? {} : { maxBytes: options.resultBytes };
  // This connection's session (an MCP session over HTTP, the client's process over stdio): undo and redo take
  // back its own changes, never another client's, the agent's or the CLI's (`allSessions` reaches them).
  const session = `mcp-${nodeCrypto().randomBytes(4).toString('hex')}`;
  // The tools' own maxBytes defaults (tools/list advertises what this door injects in their place).
  const defaults = new Map(registry.commands.map((command) => [command.name, registry.flags(command).find((flag) => flag.name === 'maxBytes')?.default]));
  // The tools/call request an approval belongs to, so HTTP sends the form on that request's stream.
  const requests = new AsyncLocalStorage<RequestId>();
  let current: Promise<Engine> | undefined;
  let closed = false;
  const input = new AbortController();
  // roots/list is asked once; again on roots/list_changed only if the client answered before (a client that
  // declares roots but never answers, like MCP Inspector's proxy, is not asked again and again).
  let rootsAnswered = false;

  const approver = (): Approver | undefined => {
    if (!server.getClientCapabilities()?.elicitation) return undefined;
    return elicitationApprover(
      {
        elicit: (params) => {
          const related = requests.getStore();
          return server.elicitInput(params, { timeout: ELICITATION_TIMEOUT_MS, signal: input.signal, ...(related === undefined ? {} : { relatedRequestId: related }) });
        },
      },
      log,
    );
  };

  const build = (workspace: string): Promise<Engine> => {
    const ask = approver();
    return createEngine({
      workspace,
      env: options.env,
      registry,
      crossProcessLocks: true,
      door: { name: 'mcp', session },
      allowUnsafe: options.allowUnsafe,
      ...(options.sandbox ? { sandbox: options.sandbox } : {}),
      permissions: { cliRules: options.cliRules, yes: options.yes, ...(ask ? { approver: ask } : {}) },
    });
  };

  const fromRoots = async (): Promise<Engine> => {
    let roots: readonly { uri: string }[] = [];
    try {
      roots = (await server.listRoots(undefined, { timeout: ROOTS_TIMEOUT_MS, signal: input.signal })).roots;
      rootsAnswered = true;
    } catch (error) {
      log(`roots/list failed, serving the whole workspace: ${toCodewardError(error).message}`);
    }
    const workspace = await narrowWorkspace(options.workspace, roots, log);
    if (workspace !== options.workspace) log(`workspace narrowed by the client's roots to ${workspace}`);
    return build(workspace);
  };

  const replace = (next: Promise<Engine>): void => {
    const previous = current;
    current = next;
    // Calls already running keep their engine; it holds nothing that needs closing beyond its session work.
    void previous?.then((engine) => engine.close()).catch(() => undefined);
  };

  server.oninitialized = () => {
    if (server.getClientCapabilities()?.roots) replace(fromRoots());
    else current ??= build(options.workspace);
  };
  server.setNotificationHandler(RootsListChangedNotificationSchema, () => {
    if (!closed && rootsAnswered && server.getClientCapabilities()?.roots) replace(fromRoots());
  });

  server.setRequestHandler(strictRequest(ListToolsRequestSchema), (request) => {
    // Every tool is on one page: any cursor is one this server never gave out.
    if (request.params?.cursor !== undefined) {
      throw new WireError(INVALID_PARAMS, 'invalid cursor: codeward lists every tool on one page; call tools/list without a cursor');
    }
    return { tools: options.tools.map((tool) => ({ ...tool })) };
  });

  serveResources(server, { engine: () => (current ??= build(options.workspace)), ...budget });

  server.setRequestHandler(strictRequest(CallToolRequestSchema, CALL_FIXES), async (request, extra) => {
    const name = request.params.name;
    const command = registry.find(name);
    // The 2025-11-25 spec: an unknown tool is a protocol error, -32602 (not a tool result).
    // The name is the caller's: cut, and its control characters escaped (a client shows this line).
    if (!command) throw new WireError(INVALID_PARAMS, `Unknown tool: ${JSON.stringify(name.slice(0, 100)).slice(1, -1)}; the tools are ${registry.names().join(', ')}`);
    const raw = request.params.arguments ?? {};
    const started = Date.now();
    const progress = progressReporter(request.params._meta?.progressToken, name, extra.sendNotification);
    let envelope: Envelope;
    try {
      const engine = await (current ??= build(options.workspace));
      // extra.signal is aborted by the client's cancellation and when the connection closes: the SDK aborts
      // every handler in flight when its transport closes (close() below closes it).
      const signal = extra.signal;
      const call = { cmd: name, args: budgetArgs(command, raw, budget, defaults.get(command.name) as number | undefined) };
      // Only an elicitation needs to know its request (ALS is not free on every await of the call).
      envelope = await (server.getClientCapabilities()?.elicitation
        ? requests.run(extra.requestId, () => engine.run(call, { signal }))
        : engine.run(call, { signal }));
    } catch (error) {
      envelope = { ok: false, cmd: name, error: toCodewardError(error).toJSON(), warnings: [] };
    } finally {
      progress.stop();
    }
    logger.debug(`${name}: ${envelope.ok ? 'ok' : envelope.error.code} in ${Date.now() - started} ms`);
    return toolResult(registry, envelope, raw, budget);
  });

  return {
    server,
    inputEnded: () => input.abort(new Error('the client closed its input: no answer can come')),
    close: async () => {
      if (closed) return;
      closed = true;
      await server.close().catch(() => undefined);
      await current?.then((engine) => engine.close()).catch(() => undefined);
    },
  };
}
