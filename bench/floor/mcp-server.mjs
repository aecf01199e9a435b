// The floor of a search tool behind the official MCP SDK's stdio server: `node bench/floor/mcp-server.mjs
// RG_PATH CWD ARGS_JSON` serves one tool, `search`, answering with rg-lines.mjs's matches as text
// (path:line:column: text) and as structuredContent, the shape codeward's door returns. ARGS_JSON holds
// the filter flags and `--`; the call's `term` follows them. bench/mcp.mjs times it beside codeward.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { searchWithRipgrep } from './rg-lines.mjs';

const [rgPath, cwd, args] = process.argv.slice(2);
const filters = JSON.parse(args);
const server = new Server({ name: 'codeward-bench-floor', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [{ name: 'search', inputSchema: { type: 'object', properties: { term: { type: 'string' } } } }] }));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const matches = await searchWithRipgrep(rgPath, cwd, [...filters, String(request.params.arguments?.term)]);
  const text = matches.map((match) => `${match.path}:${match.line}:${match.column}: ${match.text}`).join('\n');
  return { content: [{ type: 'text', text }], structuredContent: { ok: true, cmd: 'search', data: { matches } } };
});
await server.connect(new StdioServerTransport());
