import { nodeCrypto } from '../../engine/lazy-crypto.js';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { authenticate, tokenDigest } from './auth.js';
import { createConnection, type McpConnection, type ServeOptions } from './connection.js';

const MAX_BODY_BYTES = 64 * 1024 * 1024;

// A session no request has touched for this long (and with no stream open) is closed: clients that vanish
// without DELETE must not keep an engine alive forever.
const IDLE_SESSION_MS = 30 * 60_000;
const SWEEP_INTERVAL_MS = 60_000;

interface Session {
  readonly transport: StreamableHTTPServerTransport;
  readonly connection: McpConnection;
  // Requests (and SSE streams) still open, and when the last one ended.
  open: number;
  lastSeen: number;
}

export interface HttpServer {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

function rpcError(res: ServerResponse, status: number, code: number, message: string): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

// 401 with the challenge RFC 6750 asks for; the message names the fix, never the token.
function unauthorized(res: ServerResponse, result: 'missing' | 'invalid'): void {
  const challenge = result === 'missing' ? 'Bearer realm="codeward"' : 'Bearer realm="codeward", error="invalid_token"';
  const message = result === 'missing'
    ? 'unauthorized: send the header "Authorization: Bearer <token>" (codeward printed the token on stderr at start and wrote it to the token file it named)'
    : 'unauthorized: the bearer token is not this server\'s (it changes at every start unless --token-file or CODEWARD_MCP_TOKEN sets it)';
  res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': challenge })
    .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message }, id: null }));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('request body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

// Streamable HTTP on 127.0.0.1 only: one transport, server and engine per MCP session, at /mcp. Every
// request must carry `Authorization: Bearer <token>`; Host and Origin must name this local server.
export async function serveHttp(port: number, options: ServeOptions, token: string): Promise<HttpServer> {
  const expected = tokenDigest(token);
  const sessions = new Map<string, Session>();
  let allowedHosts: ReadonlySet<string> = new Set();

  // A browser page on another origin (DNS rebinding) must not reach the workspace: the Host must be this
  // server, and an Origin (browsers send one) must be exactly http://127.0.0.1:PORT or http://localhost:PORT.
  const trusted = (req: IncomingMessage): boolean => {
    const host = req.headers.host ?? '';
    if (!allowedHosts.has(host)) return false;
    const origin = req.headers.origin;
    return origin === undefined || (origin.startsWith('http://') && allowedHosts.has(origin.slice('http://'.length)));
  };

  const open = async (): Promise<StreamableHTTPServerTransport> => {
    const connection = createConnection(options);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => nodeCrypto().randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, connection, open: 0, lastSeen: Date.now() });
      },
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
      void connection.close();
    };
    await connection.server.connect(transport);
    return transport;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (!trusted(req)) return rpcError(res, 403, -32000, 'forbidden: host or origin is not this local server');
    const auth = authenticate(req, expected);
    if (auth !== 'ok') return unauthorized(res, auth);
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (path !== '/mcp') return rpcError(res, 404, -32000, 'not found: the MCP endpoint is /mcp');
    let body: unknown;
    if (req.method === 'POST') {
      try {
        body = JSON.parse(await readBody(req));
      } catch (error) {
        return rpcError(res, 400, -32700, `parse error: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    const header = req.headers['mcp-session-id'];
    const sessionId = Array.isArray(header) ? header[0] : header;
    if (sessionId !== undefined) {
      const session = sessions.get(sessionId);
      if (!session) return rpcError(res, 404, -32001, 'session not found');
      session.open += 1;
      res.once('close', () => {
        session.open -= 1;
        session.lastSeen = Date.now();
      });
      return session.transport.handleRequest(req, res, body);
    }
    if (req.method === 'POST' && isInitializeRequest(body)) {
      const transport = await open();
      return transport.handleRequest(req, res, body);
    }
    return rpcError(res, 400, -32000, 'bad request: no valid mcp-session-id (initialize first)');
  };

  const http = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      options.log(`http request failed: ${error instanceof Error ? error.message : String(error)}`);
      rpcError(res, 500, -32603, 'internal error');
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, '127.0.0.1', () => {
      http.off('error', reject);
      resolve();
    });
  });
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [id, session] of sessions) {
      if (session.open > 0 || now - session.lastSeen < IDLE_SESSION_MS) continue;
      sessions.delete(id);
      options.log(`session ${id} closed after ${IDLE_SESSION_MS / 60_000} idle minutes`);
      void session.connection.close().then(() => session.transport.close()).catch(() => undefined);
    }
  }, SWEEP_INTERVAL_MS);
  sweep.unref();
  const actual = (http.address() as AddressInfo).port;
  allowedHosts = new Set([`127.0.0.1:${actual}`, `localhost:${actual}`]);
  return {
    url: `http://127.0.0.1:${actual}/mcp`,
    port: actual,
    close: async () => {
      clearInterval(sweep);
      const open = [...sessions.values()];
      sessions.clear();
      await Promise.all(open.map(async ({ transport, connection }) => {
        await connection.close();
        await transport.close().catch(() => undefined);
      }));
      await new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      });
    },
  };
}
