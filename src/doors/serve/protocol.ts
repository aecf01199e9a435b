// One call to a warm engine: a line of JSON each way over its unix socket, then the server closes. A call that asks
// for a framed answer (`framed: true`, this build's client) gets the answer's line without its stdout, marked
// `framed`, and the stdout's bytes after it as they are: a large output (a tree of 20,000 files is ~1 MB) is neither
// escaped into a JSON string by the server nor parsed out of one by the client. An older client (no `framed`) gets
// the one line; an older server's one line is read as before (frameAnswer, readAnswer).

// What the bin sends: the call as a cold process would see it.
export interface WarmCall {
  readonly argv: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly cwd: string;
  readonly umask: number;
  // The client reads a framed answer (frameAnswer).
  readonly framed?: true;
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

// The bytes the server sends back: one JSON line, or (framed) the line without stdout and then stdout as it is.
export function frameAnswer(answer: WarmAnswer, framed: boolean): string {
  if (!framed || 'fallback' in answer) return `${JSON.stringify(answer)}\n`;
  return `${JSON.stringify({ stderr: answer.stderr, code: answer.code, framed: true })}\n${answer.stdout}`;
}

// The answer in the bytes the server sent (either form); throws when they are not one.
export function readAnswer(bytes: Buffer): WarmAnswer {
  const end = bytes.indexOf(10);
  const head = JSON.parse(bytes.subarray(0, end < 0 ? bytes.length : end).toString('utf8')) as WarmAnswer & { framed?: unknown };
  if (head === null || typeof head !== 'object') throw new Error('not an answer');
  if (head.framed !== true || 'fallback' in head) return head;
  return { stdout: end < 0 ? '' : bytes.subarray(end + 1).toString('utf8'), stderr: head.stderr, code: head.code };
}
