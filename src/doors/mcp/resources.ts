import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListResourcesRequestSchema, ListResourceTemplatesRequestSchema, ReadResourceRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Engine } from '../../engine/engine.js';
import type { Envelope } from '../../engine/envelope.js';
import { INVALID_PARAMS, strictRequest, WireError } from './wire.js';

// Workspace files as MCP resources, for clients that attach them to a conversation (Claude Code's
// `@codeward:file:///...` mentions, Claude Desktop's attach menu). Every list and read is an engine call
// (`tree`, `read`): the same jail, non-accessible globs and permission rules as the tools.

// The spec's error for a resource that does not exist (or may not be shown).
const RESOURCE_NOT_FOUND = -32002;
// resources/list names at most this many files (a template reaches every other one).
const LIST_LIMIT = 1000;

export interface ResourceOptions {
  readonly engine: () => Promise<Engine>;
  // Bytes of one resource's text (the result budget); undefined: the read command's own cap.
  readonly maxBytes?: number;
}

function dataOf(envelope: Envelope): Record<string, unknown> {
  if (!envelope.ok) throw new WireError(RESOURCE_NOT_FOUND, `error ${envelope.error.code}: ${envelope.error.message}`);
  return envelope.data as Record<string, unknown>;
}

// `file:///abs/path` → the absolute path (the engine's jail decides whether it may be read).
function pathOf(uri: string): string {
  let path: string;
  try {
    path = fileURLToPath(uri);
  } catch {
    throw new WireError(RESOURCE_NOT_FOUND, `${uri.slice(0, 200)} is not a file:// URI of a workspace file`);
  }
  return path;
}

export function serveResources(server: Server, options: ResourceOptions): void {
  server.setRequestHandler(strictRequest(ListResourcesRequestSchema), async (request, extra) => {
    if (request.params?.cursor !== undefined) throw new WireError(INVALID_PARAMS, 'invalid cursor: resources/list has one page; call it without a cursor');
    const engine = await options.engine();
    const data = dataOf(await engine.run({ cmd: 'tree', args: { dir: '.', maxEntries: LIST_LIMIT } }, { signal: extra.signal }));
    const entries = (data['entries'] as { path: string; type: string; nonAccessible?: boolean }[] | undefined) ?? [];
    const root = engine.workspace.root;
    return {
      resources: entries
        .filter((entry) => entry.type === 'file' && !entry.nonAccessible)
        .map((entry) => ({ uri: pathToFileURL(join(root, entry.path)).href, name: entry.path })),
    };
  });

  server.setRequestHandler(strictRequest(ListResourceTemplatesRequestSchema), async () => {
    const engine = await options.engine();
    return {
      resourceTemplates: [
        { uriTemplate: `${pathToFileURL(engine.workspace.root).href}/{+path}`, name: 'workspace file', description: 'a file of the workspace by its relative path' },
      ],
    };
  });

  server.setRequestHandler(strictRequest(ReadResourceRequestSchema), async (request, extra) => {
    const { uri } = request.params;
    const file = pathOf(uri);
    const engine = await options.engine();
    const limit = options.maxBytes === undefined ? {} : { maxBytes: Math.floor(options.maxBytes * 0.8) };
    let envelope = await engine.run({ cmd: 'read', args: { file, ...limit } }, { signal: extra.signal });
    if (!envelope.ok && /binary/.test(envelope.error.message)) {
      envelope = await engine.run({ cmd: 'read', args: { file, encoding: 'base64', ...(options.maxBytes === undefined ? {} : { maxBytes: Math.floor(options.maxBytes * 0.6) }) } }, { signal: extra.signal });
    }
    const data = dataOf(envelope);
    const content = String(data['content'] ?? '');
    const truncated = data['truncated'] === true;
    if (data['encoding'] === 'base64') {
      return { contents: [{ uri, mimeType: 'application/octet-stream', blob: content, ...(truncated ? { _meta: { truncated: true } } : {}) }] };
    }
    // A cut file says so in the text a model reads, and how to get the rest.
    const note = truncated ? `\n[codeward: cut to the result budget; read the rest with the read tool: {"file": ${JSON.stringify(String(data['path']))}, "start": ${Number(data['endLine'] ?? 0) + 1}}]` : '';
    return { contents: [{ uri, mimeType: 'text/plain', text: `${content}${note}` }] };
  });
}
