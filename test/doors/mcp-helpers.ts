import { spawn, type ChildProcess } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { CLI, REPO_ROOT } from '../helpers/fixture.js';

export interface ToolText {
  isError?: boolean;
  content: { type: string; text: string }[];
  structuredContent: Record<string, any>;
}

export function textOf(result: unknown): string {
  return (result as ToolText).content.map((part) => part.text).join('\n');
}

export function envFor(stateDir: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
  return { ...env, CODEWARD_STATE_DIR: stateDir, HOME: stateDir };
}

// A real SDK client connected to `codeward -C ws [serverArgs] mcp` over stdio.
export async function stdioClient(
  ws: string,
  stateDir: string,
  options: { serverArgs?: string[]; mcpArgs?: string[]; capabilities?: ClientCapabilities; setup?: (client: Client) => void } = {},
): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, '-C', ws, ...(options.serverArgs ?? []), 'mcp', ...(options.mcpArgs ?? [])],
    env: envFor(stateDir),
    cwd: REPO_ROOT,
    stderr: 'pipe',
  });
  const client = new Client({ name: 'codeward-test', version: '1.0.0' }, { capabilities: options.capabilities ?? {} });
  options.setup?.(client);
  await client.connect(transport);
  return client;
}

// Starts `codeward -C ws mcp --http 0` and resolves with the URL and the bearer token it prints on stderr.
export function startHttpServer(
  ws: string,
  stateDir: string,
  serverArgs: string[] = [],
  options: { mcpArgs?: string[]; env?: Record<string, string> } = {},
): Promise<{ child: ChildProcess; url: URL; token: string; stderr: () => string }> {
  const args = [CLI, '-C', ws, ...serverArgs, 'mcp', '--http', '0', ...(options.mcpArgs ?? [])];
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env: { ...envFor(stateDir), ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL on stderr: ${stderr}`)), 15_000);
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      stderr += chunk;
      const match = /http:\/\/127\.0\.0\.1:\d+\/mcp/.exec(stderr);
      const token = /bearer token \(new at every start\): (\S+)/.exec(stderr)?.[1] ?? (/bearer token: the one from/.test(stderr) ? '' : undefined);
      if (match && token !== undefined) {
        clearTimeout(timer);
        resolve({ child, url: new URL(match[0]), token, stderr: () => stderr });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${stderr}`));
    });
  });
}

export function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}
