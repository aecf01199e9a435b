// Issue 19 "The house": the engine's kernel sits below the file layer. files/ implements what the
// engine declares (engine/file-contract.ts) and may import the engine; the engine never imports files/.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

async function importsOf(dir: string): Promise<{ file: string; from: string }[]> {
  const found: { file: string; from: string }[] = [];
  for (const name of await readdir(join(SRC, dir), { recursive: true })) {
    if (!name.endsWith('.ts')) continue;
    const text = await readFile(join(SRC, dir, name), 'utf8');
    for (const match of text.matchAll(/^(?:import|export)[^'"]*from\s+['"]([^'"]+)['"]/gm)) found.push({ file: `${dir}/${name}`, from: match[1]! });
  }
  return found;
}

describe('layering', () => {
  it('src/engine imports nothing from src/files (types it needs live in engine/file-contract.ts)', async () => {
    const upward = (await importsOf('engine')).filter(({ from }) => /(^|\/)files\//.test(from));
    expect(upward).toEqual([]);
  });

  it('the staleness hooks and the transaction implement the engine\'s contract (the arrow points down)', async () => {
    const files = await importsOf('files');
    expect(files.some(({ file, from }) => file === 'files/transaction.ts' && from === '../engine/file-contract.js')).toBe(true);
    expect(files.some(({ file, from }) => file === 'files/staleness.ts' && from === '../engine/file-contract.js')).toBe(true);
  });
});
