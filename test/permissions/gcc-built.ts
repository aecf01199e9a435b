// Rows that build native programs with gcc, on Linux (native-loads-*.test.ts): `canBuild`, `built`, a test
// skipped without them, and `gccIn`, a compiler call in a folder.
import { execFileSync } from 'node:child_process';
import { it } from 'vitest';

const gcc = ((): boolean => {
  try {
    execFileSync('gcc', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
export const canBuild = gcc && process.platform === 'linux';
export const built = it.skipIf(!canBuild);
export const gccIn = (folder: string) => (...args: string[]): void => void execFileSync('gcc', args, { cwd: folder });
