// One call to a warm engine: a line of JSON each way over its unix socket, then the server closes.

// What the bin sends: the call as a cold process would see it.
export interface WarmCall {
  readonly argv: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly cwd: string;
  readonly umask: number;
}

// What comes back: the process's output and exit status, or `fallback` when this call must run in the
// calling process (it reads stdin, starts a long-running door, or its folder is gone).
export type WarmAnswer = { readonly stdout: string; readonly stderr: string; readonly code: number } | { readonly fallback: string };

export function isWarmCall(value: unknown): value is WarmCall {
  const call = value as WarmCall;
  return (
    typeof call === 'object' && call !== null &&
    Array.isArray(call.argv) && call.argv.every((token) => typeof token === 'string') &&
    typeof call.env === 'object' && call.env !== null && Object.values(call.env).every((entry) => typeof entry === 'string') &&
    typeof call.cwd === 'string' && Number.isInteger(call.umask)
  );
}
