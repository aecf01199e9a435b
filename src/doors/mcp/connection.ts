import { AsyncLocalStorage } from 'node:async_hooks';
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
import { toolResult, type McpTool } from './tools.js';
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
}

// One MCP client connection: its own server, its own engine (staleness and denial counts per connection).
export interface McpConnection {
  readonly server: Server;
  // Aborts calls in flight, closes the server and the engine.
  close(): Promise<void>;
}

const INSTRUCTIONS =
  'codeward: safe file, search, shell and git tools jailed to one workspace. Paths are relative to the workspace root. ' +
  'Every failure is a typed C2xx error whose message says how to fix the call; structuredContent is the result envelope {ok, cmd, data|error, warnings}.';

// How long a person has to answer an approval form, and the client to answer roots/list.
const ELICITATION_TIMEOUT_MS = 10 * 60_000;
const ROOTS_TIMEOUT_MS = 10_000;

export function createConnection(options: ServeOptions): McpConnection {
  const { registry, log } = options;
  const server = new Server({ name: 'codeward', version: VERSION }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  // The tools/call request an approval belongs to, so HTTP sends the form on that request's stream.
  const requests = new AsyncLocalStorage<RequestId>();
  let current: Promise<Engine> | undefined;
  let closed = false;

  const approver = (): Approver | undefined => {
    if (!server.getClientCapabilities()?.elicitation) return undefined;
    return elicitationApprover(
      {
        elicit: (params) => {
          const related = requests.getStore();
          return server.elicitInput(params, { timeout: ELICITATION_TIMEOUT_MS, ...(related === undefined ? {} : { relatedRequestId: related }) });
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
      allowUnsafe: options.allowUnsafe,
      ...(options.sandbox ? { sandbox: options.sandbox } : {}),
      permissions: { cliRules: options.cliRules, yes: options.yes, ...(ask ? { approver: ask } : {}) },
    });
  };

  const fromRoots = async (): Promise<Engine> => {
    let roots: readonly { uri: string }[] = [];
    try {
      roots = (await server.listRoots(undefined, { timeout: ROOTS_TIMEOUT_MS })).roots;
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
    if (!closed) replace(fromRoots());
  });

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: options.tools.map((tool) => ({ ...tool })) }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const name = request.params.name;
    let envelope: Envelope;
    try {
      const engine = await (current ??= build(options.workspace));
      // extra.signal is aborted by the client's cancellation and when the connection closes: the SDK aborts
      // every handler in flight when its transport closes (close() below closes it).
      const signal = extra.signal;
      const call = { cmd: name, args: request.params.arguments ?? {} };
      // Only an elicitation needs to know its request (ALS is not free on every await of the call).
      envelope = await (server.getClientCapabilities()?.elicitation
        ? requests.run(extra.requestId, () => engine.run(call, { signal }))
        : engine.run(call, { signal }));
    } catch (error) {
      envelope = { ok: false, cmd: name, error: toCodewardError(error).toJSON(), warnings: [] };
    }
    return toolResult(registry, envelope);
  });

  return {
    server,
    close: async () => {
      if (closed) return;
      closed = true;
      await server.close().catch(() => undefined);
      await current?.then((engine) => engine.close()).catch(() => undefined);
    },
  };
}
