import { findCallToken } from '../global-options.js';
import type { CliMain } from './server.js';
import type { WarmAnswer, WarmCall } from './protocol.js';

// Entry points that run on in the caller's process: long-running doors, and trust (a person's decision).
const COLD_ONLY: ReadonlySet<string> = new Set(['serve', 'mcp', 'agent', 'worker', 'trust']);

// Why a call must run in the calling process after all: undefined when the warm engine can answer it.
export function handOffRefusal(call: WarmCall): WarmAnswer | undefined {
  const token = findCallToken(call.argv);
  if (token !== undefined && COLD_ONLY.has(token)) return { fallback: `${token} runs in its own process` };
  // `codeward -` reads the call from stdin, which stays with the caller; so do `--content -` and the
  // `--content=-` spelling (red team round 3, L2).
  if (call.argv.some((arg) => arg === '-' || /^--[\w-]+=-$/.test(arg))) return { fallback: 'the call reads standard input' };
  return undefined;
}

// Runs one call as the process that sent it would: its argv, environment, current folder and umask for
// the length of the call (calls run one at a time), output collected; the main of the CLI door builds the
// engine afresh, so each call reads the policy, trust and config files as they are now. `lasting`: the server's
// caches (CliIo.lasting), each checked against its files' identity at every use.
export async function runAsProcess(call: WarmCall, main: CliMain, lasting?: Map<string, unknown>): Promise<WarmAnswer> {
  const saved = { env: { ...process.env }, cwd: process.cwd(), umask: process.umask() };
  try {
    process.chdir(call.cwd);
  } catch {
    return { fallback: `the call's folder ${call.cwd} cannot be entered` };
  }
  replaceEnv(call.env);
  process.umask(call.umask);
  let stdout = '';
  let stderr = '';
  try {
    const code = await main(call.argv, {
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
      env: call.env,
      cwd: call.cwd,
      ...(lasting ? { lasting } : {}),
    });
    return { stdout, stderr, code };
  } finally {
    replaceEnv(saved.env);
    process.umask(saved.umask);
    process.chdir(saved.cwd);
  }
}

// Modules that read process.env (the environment exec's processes inherit) see the caller's.
function replaceEnv(env: Readonly<Record<string, string | undefined>>): void {
  for (const name of Object.keys(process.env)) if (!Object.hasOwn(env, name)) delete process.env[name];
  for (const [name, value] of Object.entries(env)) if (value !== undefined) process.env[name] = value;
}
