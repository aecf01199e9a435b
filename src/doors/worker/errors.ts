// Errors of the iii worker door, in the wire shape of seed 003: {"code":"C2xx","message":"..."}.

export type WorkerCode = 'C210' | 'C211' | 'C213' | 'C215' | 'C216' | 'C217' | 'C230' | 'C240' | 'C241';

export class WorkerError extends Error {
  readonly code: WorkerCode;
  constructor(code: WorkerCode, message: string) {
    super(message);
    this.code = code;
    this.name = 'WorkerError';
  }

  // Key order code, then message, as the original's serde tag/content.
  toJSON(): { code: WorkerCode; message: string } {
    return { code: this.code, message: this.message };
  }

  // The text of a per-entry `error` (a JSON string) and of a thrown top-level error.
  toWire(): string {
    return JSON.stringify(this.toJSON());
  }
}

export function werr(code: WorkerCode, message: string): WorkerError {
  return new WorkerError(code, message);
}

// A payload that does not deserialize: the original's SDK reported the serde message, never a C2xx code.
export class PayloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PayloadError';
  }
}

const OS_TEXT: Readonly<Record<string, [string, number]>> = {
  ENOENT: ['No such file or directory', 2],
  EPERM: ['Operation not permitted', 1],
  EACCES: ['Permission denied', 13],
  EEXIST: ['File exists', 17],
  ENOTDIR: ['Not a directory', 20],
  EISDIR: ['Is a directory', 21],
  EINVAL: ['Invalid argument', 22],
  ENOSPC: ['No space left on device', 28],
  EROFS: ['Read-only file system', 30],
  ENAMETOOLONG: ['File name too long', 36],
  ENOTEMPTY: ['Directory not empty', 39],
  ELOOP: ['Too many levels of symbolic links', 40],
};

export function errnoOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

// The OS error as Rust's io::Error displays it ("No such file or directory (os error 2)").
export function osText(error: unknown): string {
  const known = OS_TEXT[errnoOf(error) ?? ''];
  if (known) return `${known[0]} (os error ${known[1]})`;
  return error instanceof Error ? error.message : String(error);
}
