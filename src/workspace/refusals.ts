import { isAbsolute } from 'node:path';
import { fail, toCodewardError, type CodewardError } from '../engine/errors.js';
import { isSensitivePath, SENSITIVE_SYSTEM_PATHS } from './sensitive.js';

// One message for missing and non-accessible workspace paths, so a caller cannot tell them apart (a
// secret's existence stays hidden). A sensitive system path says what it is instead: it exists on every
// machine, and "no such file" would be false (issue 28).
export function notAccessible(input: string): CodewardError {
  if (isAbsolute(input) && isSensitivePath(input)) return sensitiveRefused(input);
  return fail('C211', `${input}: no such file or directory, or not accessible`);
}

export function sensitiveRefused(input: string): CodewardError {
  return fail('C211', `${input}: a protected system path (${SENSITIVE_SYSTEM_PATHS.join(', ')}); codeward refuses it in every command, whether or not it exists`);
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

// A repository config file that holds a credential (a token in a remote URL, an http extraHeader, a
// credential helper: git/config-secrets.ts) is not read raw (red team round 5, R5-9).
export function credentialRefused(input: string): CodewardError {
  return fail('C211', `${input}: a git config file holding a credential (a token in a URL, an http extraHeader, a credential helper); codeward does not show it raw. In exec, \`git remote -v\` and \`git config --list\` show it without the credential`);
}

// A file whose first line is a git credential store's (`https://user:token@host`), whatever its name (R13-17).
export function credentialStoreRefused(input: string): CodewardError {
  return fail('C211', `${input}: a git credential store (its lines are https://user:token@host); codeward does not show it. Ask the person for what you need from it, or use git itself (git fetch, git push), which reads it`);
}

// git's object store is not read raw (red team round 9, R9-8): it holds every staged file's bytes.
export function objectStoreRefused(input: string): CodewardError {
  return fail('C211', `${input}: a file of git's object store (it holds the bytes of every file ever staged, hidden ones included); codeward does not read it raw. Use git-diff, git-log or exec git show for what a commit holds`);
}
