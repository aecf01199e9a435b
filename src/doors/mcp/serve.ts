import { resolve } from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { fail, toCodewardError } from '../../engine/errors.js';
import { Registry } from '../../engine/registry.js';
import { builtinCommands } from '../../commands/index.js';
import { checkWorkspaceRoot } from '../../sandbox/user-settings.js';
import { Workspace } from '../../workspace/workspace.js';
import type { CliIo } from '../io.js';
import { sandboxOptions, type GlobalOptions } from '../global-options.js';
import { createConnection, type ServeOptions } from './connection.js';
import { toolsOf } from './tools.js';
import { DEFAULT_RESULT_BYTES } from '../../engine/budget.js';
import { chooseToken, removeTokenFile, TOKEN_ENV, writeTokenFile, type TokenSource } from './auth.js';

interface McpArgs {
  readonly http?: number;
  readonly tokenFile?: string;
  // undefined: no budget (--max-result-bytes 0).
  readonly resultBytes?: number;
}

const USAGE = 'usage: codeward [global options] mcp [--http PORT [--token-file FILE]] [--max-result-bytes N]';
const OPTIONS = ['--http', '--token-file', '--max-result-bytes'];
// Smallest budget that still has room for a cut note and a line of text.
const MIN_RESULT_BYTES = 4096;

// `mcp [--http PORT] [--token-file FILE]` after the global options were taken out; undefined port = stdio.
function parseArgs(rest: readonly string[], cwd: string): McpArgs {
  const args = rest.slice(1);
  let http: number | undefined;
  let tokenFile: string | undefined;
  let resultBytes: number | undefined = DEFAULT_RESULT_BYTES;
  for (let index = 0; index < args.length; index += 1) {
    const token = args[index]!;
    const [flag, inline] = token.startsWith('--') && token.includes('=') ? [token.slice(0, token.indexOf('=')), token.slice(token.indexOf('=') + 1)] : [token, undefined];
    if (!OPTIONS.includes(flag)) {
      const hint = flag === '--token' ? ' (a token on the command line is visible to every local user in the process list: put it in a file for --token-file, or in $CODEWARD_MCP_TOKEN)' : '';
      throw fail('C210', `unknown option "${token}" for mcp${hint}; ${USAGE}`);
    }
    const value = inline ?? args[++index];
    if (flag === '--max-result-bytes') {
      if (value === undefined || !/^\d+$/.test(value) || (Number(value) !== 0 && Number(value) < MIN_RESULT_BYTES)) {
        throw fail('C210', `--max-result-bytes needs a byte count of at least ${MIN_RESULT_BYTES} (0: no budget), got "${value ?? ''}"`);
      }
      resultBytes = Number(value) === 0 ? undefined : Number(value);
      continue;
    }
    if (flag === '--token-file') {
      if (value === undefined || value === '') throw fail('C210', `--token-file needs the path of a file holding the bearer token; ${USAGE}`);
      tokenFile = resolve(cwd, value);
      continue;
    }
    if (value === undefined || !/^\d+$/.test(value) || Number(value) > 65535) throw fail('C210', `--http needs a port number from 0 to 65535 (0 picks a free port), got "${value ?? ''}"`);
    http = Number(value);
  }
  if (tokenFile !== undefined && http === undefined) throw fail('C210', `--token-file only applies to --http (stdio needs no token); ${USAGE}`);
  return { ...(http === undefined ? {} : { http }), ...(tokenFile === undefined ? {} : { tokenFile }), ...(resultBytes === undefined ? {} : { resultBytes }) };
}

// Resolves when one of the stop events happens; removes its listeners.
function waitForStop(extra: (stop: () => void) => () => void): Promise<void> {
  return new Promise((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      removeExtra();
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    const removeExtra = extra(stop);
  });
}

// `codeward mcp` (stdio) and `codeward mcp --http PORT` (Streamable HTTP on 127.0.0.1): every command as a tool.
export async function mcpCommand(rest: readonly string[], options: GlobalOptions, io: CliIo): Promise<number> {
  const log = (line: string): void => {
    io.stderr.write(`codeward mcp: ${line}\n`);
  };
  let mode: McpArgs;
  let serve: ServeOptions;
  let token: TokenSource | undefined;
  try {
    mode = parseArgs(rest, io.cwd);
    if (mode.http !== undefined) token = await chooseToken(mode.tokenFile, io.env);
    // A workspace that does not exist fails now, not on the first call.
    const workspace = await Workspace.open(options.workspace ?? io.cwd, { env: io.env });
    // -C / is refused at start (createEngine refuses it too, for workspaces an MCP client names later).
    checkWorkspaceRoot(workspace.root, undefined);
    const registry = new Registry(builtinCommands);
    serve = {
      workspace: workspace.root,
      env: io.env,
      registry,
      tools: toolsOf(registry, mode.resultBytes === undefined ? {} : { maxBytes: mode.resultBytes }),
      cliRules: { allow: options.allow, ask: options.ask, deny: options.deny },
      yes: options.yes,
      allowUnsafe: options.allowUnsafe,
      sandbox: sandboxOptions(options),
      log,
      ...(mode.resultBytes === undefined ? {} : { resultBytes: mode.resultBytes }),
    };
  } catch (error) {
    const failure = toCodewardError(error);
    io.stderr.write(`error ${failure.code}: ${failure.message}\n`);
    return failure.code === 'C210' ? 2 : 1;
  }

  if (mode.http !== undefined && token !== undefined) {
    let server;
    try {
      // Loaded only for --http: the Streamable HTTP transport pulls in Hono and Node's fetch classes,
      // ~25 ms of a stdio server's start.
      const { serveHttp } = await import('./http.js');
      server = await serveHttp(mode.http, serve, token.token);
    } catch (error) {
      io.stderr.write(`error C216: cannot listen on 127.0.0.1:${mode.http}: ${error instanceof Error ? error.message : String(error)}\n`);
      return 1;
    }
    let tokenFile: string | undefined;
    if (token.origin === 'generated') {
      try {
        tokenFile = await writeTokenFile(token.token, server.port, io.env, serve.workspace);
      } catch (error) {
        log(`the token file could not be written (${toCodewardError(error).message}); the token is only shown below`);
      }
    }
    log(`serving ${serve.workspace} at ${server.url}`);
    if (token.warning !== undefined) log(`warning: ${token.warning}`);
    if (token.origin === 'generated') {
      // Shown once: clients send it as "Authorization: Bearer <token>".
      log(`bearer token (new at every start): ${token.token}`);
      if (tokenFile !== undefined) log(`token file (mode 0600, removed at stop): ${tokenFile}`);
    } else log(`bearer token: the one from ${token.origin === 'file' ? `--token-file ${mode.tokenFile ?? ''}` : `$${TOKEN_ENV}`}`);
    await waitForStop(() => () => undefined);
    await server.close();
    if (tokenFile !== undefined) await removeTokenFile(tokenFile).catch(() => undefined);
    return 0;
  }

  const connection = createConnection(serve);
  const transport = answering(new StdioServerTransport(process.stdin, process.stdout));
  await connection.server.connect(transport);
  await waitForStop((stop) => {
    connection.server.onclose = stop;
    // stdin's end is the client's last word, not a cancel: the requests it sent are answered first (a signal
    // still stops at once).
    const ended = (): void => {
      connection.inputEnded();
      void transport.answered().then(stop);
    };
    process.stdin.on('end', ended);
    process.stdin.on('close', ended);
    return () => {
      process.stdin.off('end', ended);
      process.stdin.off('close', ended);
    };
  });
  await connection.close();
  return 0;
}

// `inner` with the ids of the requests it received and has not answered yet: answered() resolves once there are none.
function answering(inner: Transport): Transport & { answered(): Promise<void> } {
  const open = new Set<string | number>();
  let idle: (() => void)[] = [];
  const settle = (): void => {
    if (open.size > 0) return;
    for (const resolve of idle) resolve();
    idle = [];
  };
  const outer: Transport & { answered(): Promise<void> } = {
    start: () => {
      inner.onclose = () => outer.onclose?.();
      inner.onerror = (error) => outer.onerror?.(error);
      inner.onmessage = (message, extra) => {
        if ('method' in message && 'id' in message) open.add(message.id);
        outer.onmessage?.(message, extra);
      };
      return inner.start();
    },
    send: async (message, options) => {
      await inner.send(message, options);
      if (!('method' in message) && 'id' in message && message.id !== undefined) {
        open.delete(message.id);
        settle();
      }
    },
    close: () => inner.close(),
    answered: () => new Promise((resolve) => {
      idle.push(resolve);
      settle();
    }),
  };
  return outer;
}
