import { build } from 'esbuild';
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// A fresh directory under the OS temp dir; remove it with cleanup().
export async function makeTempDir(prefix = 'cw-files-'): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

export async function cleanup(dir: string | undefined): Promise<void> {
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
}

export { prng } from '../helpers/random.js';

export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  return new Uint8Array(Buffer.concat(parts));
}

// Bundles src/files/atomic-write.ts into `dir` so a plain `node` child process can import it.
// (Own bundle instead of dist/, which parallel test runs rebuild.)
export async function bundleAtomicWrite(dir: string): Promise<string> {
  const outfile = join(dir, 'atomic-write.mjs');
  await build({
    entryPoints: [fileURLToPath(new URL('../../src/files/atomic-write.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outfile,
    logLevel: 'warning',
  });
  return outfile;
}

export const PAST = new Date('2025-01-02T03:04:05.500Z');
export const LATER = new Date('2025-01-02T03:09:00.250Z');

// A file with a settled mtime in the past, so its staleness stamp is trusted by the fast path.
export async function settledFile(dir: string, name: string, content: string, when = PAST): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, content);
  await utimes(path, when, when);
  return path;
}
