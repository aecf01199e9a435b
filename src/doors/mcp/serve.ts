import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { fail, toCodewardError } from '../../engine/errors.js';
import { Registry } from '../../engine/registry.js';
import { builtinCommands } from '../../commands/index.js';
import { checkWorkspaceRoot } from '../../sandbox/user-settings.js';
import { Workspace } from '../../workspace/workspace.js';
import type { CliIo } from '../cli/main.js';
import { sandboxOptions, type GlobalOptions } from '../cli/global-options.js';
import { createConnection, type ServeOptions } from './connection.js';
import { toolsOf } from './tools.js';

// `mcp [--http PORT]` after the global options were taken out; undefined port = stdio.
function parseArgs(rest: readonly string[]): { http?: number } {
  const args = rest.slice(1);
  let http: number | undefined;
  for (let index = 0; index < args.length; index += 1) {
    const token = args[index]!;
    let value: string | undefined;
    if (token === '--http') value = args[++index];
    else if (token.startsWith('--http=')) value = token.slice('--http='.length);
    else throw fail('C210', `unknown option "${token}" for mcp; usage: codeward [global options] mcp [--http PORT]`);
    if (value === undefined || !/^\d+$/.test(value) || Number(value) > 65535) throw fail('C210', `--http needs a port number from 0 to 65535 (0 picks a free port), got "${value ?? ''}"`);
    http = Number(value);
  }
  return http === undefined ? {} : { http };
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
  let mode: { http?: number };
  let serve: ServeOptions;
  try {
    mode = parseArgs(rest);
    // A workspace that does not exist fails now, not on the first call.
    const workspace = await Workspace.open(options.workspace ?? io.cwd, { env: io.env });
    // -C / is refused at start (createEngine refuses it too, for workspaces an MCP client names later).
    checkWorkspaceRoot(workspace.root, undefined);
    const registry = new Registry(builtinCommands);
    serve = {
      workspace: workspace.root,
      env: io.env,
      registry,
      tools: toolsOf(registry),
      cliRules: { allow: options.allow, ask: options.ask, deny: options.deny },
      yes: options.yes,
      allowUnsafe: options.allowUnsafe,
      sandbox: sandboxOptions(options),
      log,
    };
  } catch (error) {
    const failure = toCodewardError(error);
    io.stderr.write(`error ${failure.code}: ${failure.message}\n`);
    return failure.code === 'C210' ? 2 : 1;
  }

  if (mode.http !== undefined) {
    let server;
    try {
      // Loaded only for --http: the Streamable HTTP transport pulls in Hono and Node's fetch classes,
      // ~25 ms of a stdio server's start.
      const { serveHttp } = await import('./http.js');
      server = await serveHttp(mode.http, serve);
    } catch (error) {
      io.stderr.write(`error C216: cannot listen on 127.0.0.1:${mode.http}: ${error instanceof Error ? error.message : String(error)}\n`);
      return 1;
    }
    log(`serving ${serve.workspace} at ${server.url}`);
    await waitForStop(() => () => undefined);
    await server.close();
    return 0;
  }

  const connection = createConnection(serve);
  const transport = new StdioServerTransport(process.stdin, process.stdout);
  await connection.server.connect(transport);
  await waitForStop((stop) => {
    connection.server.onclose = stop;
    process.stdin.on('end', stop);
    process.stdin.on('close', stop);
    return () => {
      process.stdin.off('end', stop);
      process.stdin.off('close', stop);
    };
  });
  await connection.close();
  return 0;
}
