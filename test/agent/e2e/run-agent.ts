import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { CLI, removeDir, tempDir } from '../../helpers/fixture.js';
import { startModelServer, type ModelServer } from '../../helpers/model-server.js';

export interface AgentRun {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  // stream-json lines, parsed.
  events: any[];
  // --output-format json's object.
  json: any;
}

export interface AgentRunOptions {
  cwd: string;
  env?: Record<string, string>;
  // Called once the process is running (e.g. to send it a signal later).
  onSpawn?: (kill: (signal: NodeJS.Signals) => void) => void;
  timeoutMs?: number;
}

// An isolated environment: a fake HOME (no real ~/.codeward), a private state folder, no real API keys.
export async function agentEnv(): Promise<Record<string, string>> {
  const home = await tempDir('codeward-home-');
  await mkdir(join(home, '.cache'), { recursive: true });
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !/API_KEY|^CODEWARD_/.test(key)) env[key] = value;
  }
  return { ...env, HOME: home, CODEWARD_STATE_DIR: join(home, 'state'), NO_COLOR: '1' };
}

// What an agent test sets up, undone after each test of the file: call agentScene() once at the file's top level.
export interface AgentScene {
  // The scripted model server (closed after the test).
  serve(options: Parameters<typeof startModelServer>[0]): Promise<ModelServer>;
  // A fresh temp folder (removed after the test).
  folder(prefix: string): Promise<string>;
  // agentEnv() with a placeholder OpenAI key and `extra`; its HOME is removed after the test.
  env(extra?: Record<string, string>): Promise<Record<string, string>>;
}

export function agentScene(): AgentScene {
  const servers: ModelServer[] = [];
  const made: string[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
    for (const dir of made.splice(0)) await removeDir(dir);
  });
  const keep = <T>(list: T[], item: T): T => (list.push(item), item);
  return {
    serve: async (options) => keep(servers, await startModelServer(options)),
    folder: async (prefix) => keep(made, await tempDir(prefix)),
    env: async (extra = {}) => {
      const env: Record<string, string> = { ...(await agentEnv()), OPENAI_API_KEY: 'x', ...extra };
      keep(made, env['HOME']!);
      return env;
    },
  };
}

// Runs the real binary asynchronously (the scripted model server lives in this process, so a
// synchronous spawn would deadlock).
export function runAgent(args: readonly string[], options: AgentRunOptions): Promise<AgentRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, 'agent', ...args], { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 25_000);
    options.onSpawn?.((signal) => child.kill(signal));
    child.on('error', reject);
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      const events = stdout
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => {
          try {
            return JSON.parse(line);
          } catch {
            return undefined;
          }
        })
        .filter((event) => event !== undefined);
      resolve({ status, signal, stdout, stderr, events, json: events[events.length - 1] });
    });
  });
}

// `<reasoning>` + tool calls, the way a well-behaved model answers.
export function answer(reasoning: string, ...calls: string[]): string {
  return `<reasoning>\n${reasoning}\n</reasoning>\n${calls.join('\n')}`;
}

// One @coder call with JSON args.
export function coder(cmd: string, args: Record<string, unknown>): string {
  return `<tool_call name="@coder" args='${JSON.stringify({ cmd, args })}' />`;
}

// One @coder call with the JSON in the tag's body (content with quotes or newlines).
export function coderBody(cmd: string, args: Record<string, unknown>): string {
  return `<tool_call name="@coder">${JSON.stringify({ cmd, args })}</tool_call>`;
}
