import { type BigIntStats, lstatSync, type Stats, statSync } from 'node:fs';

// Stats of a path outside the workspace that may simply not be this user's to look at: a home folder of
// another account named by an inherited variable (TF_CLI_CONFIG_FILE=/root/.terraformrc for a process running
// as nobody), a system folder closed to the user. Such a path reads as absent, as a missing one does: the
// process cannot open it, and neither can anything it starts (the sandbox runs as the same user), so for
// hiding, showing or judging it is not there. Any other failure (EIO ...) is still thrown.
const ABSENT = new Set(['ENOENT', 'ENOTDIR', 'EACCES', 'EPERM', 'ELOOP', 'ENAMETOOLONG']);

const absent = (error: unknown): boolean => ABSENT.has((error as NodeJS.ErrnoException)?.code ?? '');

export function lstatQuiet(path: string): Stats | undefined;
export function lstatQuiet(path: string, bigint: true): BigIntStats | undefined;
export function lstatQuiet(path: string, bigint = false): Stats | BigIntStats | undefined {
  try {
    return lstatSync(path, { bigint, throwIfNoEntry: false });
  } catch (error) {
    if (absent(error)) return undefined;
    throw error;
  }
}

export function statQuiet(path: string): Stats | undefined;
export function statQuiet(path: string, bigint: true): BigIntStats | undefined;
export function statQuiet(path: string, bigint = false): Stats | BigIntStats | undefined {
  try {
    return statSync(path, { bigint, throwIfNoEntry: false });
  } catch (error) {
    if (absent(error)) return undefined;
    throw error;
  }
}
