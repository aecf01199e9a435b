// Issue 31: yaml, smol-toml, picomatch and jsonrepair load on first use through one loader each (a
// synchronous `require` of the package, left outside the bundle by scripts/build.mjs). A module that
// imported one of them directly would put it back in its chunk, and every call loading that chunk would
// compile it again: no source file but the loader may import the package (a type-only import is erased).
// node:crypto likewise (src/engine/lazy-crypto.ts): loading it costs a cold call ~4-6 ms of CPU, and a read or a
// sandboxed exec needs none of it (text/sha256.ts, engine/unique-token.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/fixture.js';

const LOADERS: Record<string, string> = {
  yaml: 'src/engine/yaml.ts',
  'smol-toml': 'src/engine/toml.ts',
  picomatch: 'src/workspace/picomatch.ts',
  jsonrepair: 'src/args/jsonrepair.ts',
  'node:crypto': 'src/engine/lazy-crypto.ts',
  crypto: 'src/engine/lazy-crypto.ts',
};

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    return entry.isDirectory() ? sources(path) : entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('packages loaded on first use are imported through their loader only', () => {
  it('no other source imports yaml, smol-toml, picomatch, jsonrepair or node:crypto (statically or by import())', () => {
    const found: string[] = [];
    for (const file of sources(join(REPO_ROOT, 'src'))) {
      const rel = relative(REPO_ROOT, file);
      const text = readFileSync(file, 'utf8');
      for (const [name, loader] of Object.entries(LOADERS)) {
        if (rel === loader) continue;
        const quoted = `['"]${name.replace('-', '\\-')}(?:/[^'"]*)?['"]`;
        const value = new RegExp(`^\\s*import\\s+(?!type\\b)[^;]*?from\\s+${quoted}|\\bimport\\(\\s*${quoted}\\s*\\)(?![^;\\n]*\\btypeof\\b)|\\brequire\\(\\s*${quoted}\\s*\\)|^\\s*export\\s+[^;]*?from\\s+${quoted}`, 'm');
        if (value.test(text.replace(/typeof import\([^)]*\)/g, ''))) found.push(`${rel}: ${name}`);
      }
    }
    expect(found).toEqual([]);
  });
});
