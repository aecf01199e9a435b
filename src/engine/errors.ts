// The one error table every door renders (ARCHITECTURE.md "Error codes").
export const ERROR_CODES = {
  C210: 'bad input',
  C211: 'not found or not accessible',
  C213: 'over a size limit',
  C215: 'path escapes the workspace',
  C216: 'I/O error',
  C217: 'file exists and overwrite is false',
  C220: 'search text not found',
  C221: 'search text matches more than once',
  C222: 'diff does not apply',
  C223: 'transaction aborted',
  C224: 'no backup to restore',
  C225: 'the edit would break the syntax of a file that parsed cleanly',
  C230: 'file changed on disk since it was read',
  C240: 'denied by the permission policy',
  C241: 'approval required and no one can approve',
  C242: 'blocked: destructive shell command',
  C250: 'timed out',
  C251: 'git failed',
  C252: 'no test framework detected',
  C253: 'process exited non-zero',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_CODES, code);
}

export interface ErrorInfo {
  code: ErrorCode;
  message: string;
}

// A failure the caller (a person or a model) can act on. Recognised by its brand, not instanceof,
// so errors that crossed a module or realm boundary are still ours.
export class CodewardError extends Error {
  readonly code: ErrorCode;
  readonly data: unknown;
  // A usage error: the call's arguments are wrong, found before anything ran (the CLI exits 2).
  readonly usage: boolean;
  readonly codewardError = true as const;

  constructor(code: ErrorCode, message: string, options: { data?: unknown; cause?: unknown; usage?: boolean } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'CodewardError';
    this.code = code;
    this.data = options.data;
    this.usage = options.usage === true;
  }

  toJSON(): ErrorInfo {
    return { code: this.code, message: this.message };
  }
}

export function isCodewardError(value: unknown): value is CodewardError {
  return typeof value === 'object' && value !== null && (value as { codewardError?: unknown }).codewardError === true;
}

// Shorthand for `throw fail('C210', '...')`.
export function fail(code: ErrorCode, message: string, data?: unknown): CodewardError {
  return new CodewardError(code, message, data === undefined ? {} : { data });
}

// Shorthand for a usage error (C210): wrong arguments, found before the call touched anything. Doors that
// have exit codes give it theirs (the CLI: 2, CONTRACT "Exit status").
export function usageError(message: string): CodewardError {
  return new CodewardError('C210', message, { usage: true });
}

// Whether an error is a usage error; a CodewardError from another realm without the field is not.
export function isUsageError(value: unknown): boolean {
  return isCodewardError(value) && (value as { usage?: unknown }).usage === true;
}

const ERRNO_CODES: Readonly<Record<string, ErrorCode>> = {
  ENOENT: 'C211',
  ENOTDIR: 'C211',
  ELOOP: 'C215',
  EISDIR: 'C210',
  EFBIG: 'C213',
};

// Maps any thrown value to a CodewardError; Node errno errors keep their OS text, other bugs say so.
export function toCodewardError(error: unknown, subject?: string): CodewardError {
  if (isCodewardError(error)) return error;
  const errno = error as NodeJS.ErrnoException;
  const prefix = subject === undefined ? '' : `${subject}: `;
  if (typeof errno?.code === 'string') {
    const code = ERRNO_CODES[errno.code] ?? 'C216';
    const reason = errno.code === 'EACCES' || errno.code === 'EPERM' || errno.code === 'EROFS'
      ? 'permission denied by the operating system (check the file mode or owner)'
      : errno.code === 'ENOSPC' ? 'no space left on device' : errno.message;
    return new CodewardError(code, `${prefix}${reason}`, { cause: error });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new CodewardError('C216', `${prefix}internal error: ${message}`, { cause: error });
}
