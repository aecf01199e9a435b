// The iii SDK talks on the console: `[OTel] OpenTelemetry is disabled ...` at start-up (even when codeward
// turned it off on purpose), and for every failed connection attempt a multi-line error object plus a
// `[iii] Reconnecting in Nms (attempt k)` line. While a worker serves, those lines go through here: the
// OTel notice is dropped, and each outage is said once, plainly, when the SDK schedules its first retry
// (the SDK counts attempts from 1 again after every successful connection). Other SDK lines pass unchanged.

type ConsoleMethod = (...args: unknown[]) => void;

// `connect ECONNREFUSED 127.0.0.1:1` → `connection refused`.
export function connectionProblem(error: unknown): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  switch (code) {
    case 'ECONNREFUSED': return 'connection refused (is the engine running?)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN': return 'host not found';
    case 'ETIMEDOUT': return 'connection timed out';
    case 'ECONNRESET': return 'connection reset';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH': return 'host unreachable';
    default: return error instanceof Error ? error.message : 'connection failed';
  }
}

function seconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}

// Routes the SDK's console lines while a worker runs; returns the function that puts the console back.
// `target` is the console the SDK writes to (the process's own).
export function routeSdkConsole(url: string, maxDelayMs: number, write: (line: string) => void, target: Console = globalThis.console): () => void {
  const original = { debug: target.debug, error: target.error, warn: target.warn, log: target.log };
  let problem: string | undefined;
  // Whether an SDK line is handled here (true) or goes to the console as it was (false).
  const handled = (args: readonly unknown[]): boolean => {
    const [first, second] = args;
    if (typeof first !== 'string') return false;
    if (first.startsWith('[OTel] OpenTelemetry is disabled')) return true;
    if (first === '[iii] WebSocket error') {
      problem = connectionProblem(second);
      return true;
    }
    const retry = /^\[iii\] Reconnecting in (\d+)ms \(attempt (\d+)\)/.exec(first);
    if (retry === null) return false;
    if (retry[2] === '1') {
      write(`coder worker: cannot reach the iii engine at ${url}: ${problem ?? 'connection closed'}; retrying in ${seconds(Number(retry[1]))}, then with backoff up to ${seconds(maxDelayMs)} (quietly, until it connects)\n`);
    }
    problem = undefined;
    return true;
  };
  const wrap = (method: ConsoleMethod): ConsoleMethod => (...args: unknown[]) => {
    if (!handled(args)) method.apply(target, args);
  };
  target.debug = wrap(original.debug);
  target.error = wrap(original.error);
  target.warn = wrap(original.warn);
  target.log = wrap(original.log);
  return () => {
    target.debug = original.debug;
    target.error = original.error;
    target.warn = original.warn;
    target.log = original.log;
  };
}
