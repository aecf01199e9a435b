import { fail, toCodewardError, type CodewardError } from '../engine/errors.js';

// One message for missing, non-accessible and sensitive paths, so a caller cannot tell them apart.
export function notAccessible(input: string): CodewardError {
  return fail('C211', `${input}: no such file or directory, or not accessible`);
}

export function escapes(input: string): CodewardError {
  return fail('C215', `path escapes the workspace: ${input}`);
}

export function changed(input: string): CodewardError {
  return fail('C215', `path changed during access: ${input}`);
}

// ENOENT/ENOTDIR → C211 (same message), ELOOP → C215, anything else → C216 with the OS reason.
export function fsRefusal(error: unknown, input: string): CodewardError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return notAccessible(input);
  if (code === 'ELOOP') return fail('C215', `too many levels of symbolic links in path: ${input}`);
  const mapped = toCodewardError(error, input);
  return mapped.code === 'C216' ? mapped : fail('C216', mapped.message);
}

export function errno(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}
