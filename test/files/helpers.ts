import { build } from 'esbuild';
import { mkdtemp, rm } from 'node:fs/promises';
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

// Small seeded PRNG (mulberry32) so property tests are reproducible without extra dependencies.
export function prng(seed: number): { next(): number; int(max: number): number; pick<T>(items: readonly T[]): T } {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number): number => Math.floor(next() * max);
  return { next, int, pick: (items) => items[int(items.length)]! };
}

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
