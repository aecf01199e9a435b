// Red team round 26 on R25-4 (hook-tailwind-css.ts: a Tailwind sheet's directives, for a Next+Tailwind 4 project whose
// pre-commit hook runs `npx next build`): `@config "../tools/c"` WITHOUT an extension loads tools/c.js (Tailwind 4
// resolves @config/@plugin like a module: checked with tailwindcss 4.3.5 + @tailwindcss/postcss in /tmp/rt23tw, postcss
// printed tools/c.js's LOADED-C). `@plugin "../tools/p"` is resolved with extensions by codeward (control), `@config` is
// not: writing tools/c.js under --yes is not asked about (R26-13).
import { realpathSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { writeFiles } from '../helpers/fixture.js';
import { git } from './git-run.js';
import { rowPlace } from './hook-check.js';

const place = rowPlace('rt26-css-');
const NEXT = {
  'package.json': JSON.stringify({ name: 'w', scripts: { build: 'next build' }, dependencies: { next: '15', react: '19' }, devDependencies: { tailwindcss: '4', '@tailwindcss/postcss': '4' } }),
  'postcss.config.mjs': 'const config = { plugins: { "@tailwindcss/postcss": {} } };\nexport default config;\n',
  'app/layout.tsx': 'import "./globals.css";\nexport default function L() { return null; }\n', 'app/page.tsx': 'export default function P() { return null; }\n',
  'tools/p.js': 'module.exports = {};\n', 'app/x.txt': '.a { color: red; }\n',
};

async function written(line: (root: string) => string, file = 'app/x.txt', content = '@plugin "../tools/p.js";\n'): Promise<string> {
  const root = place.next();
  await mkdir(root, { recursive: true });
  const real = realpathSync(root);
  await writeFiles(root, { ...NEXT, 'app/globals.css': `@import "tailwindcss";\n${line(real)}\n` });
  git(root, 'init', '-q');
  await writeFile(join(root, '.git/hooks/pre-commit'), '#!/bin/sh\nnpx next build\n');
  await chmod(join(root, '.git/hooks/pre-commit'), 0o755);
  const engine = await createEngine({ workspace: root, env: { HOME: place.home }, permissions: { home: place.home, yes: true } });
  try {
    const result = await engine.run({ cmd: 'write', args: { file, content } });
    return result.ok ? 'ok' : result.error?.code ?? 'error';
  } finally {
    await engine.close();
  }
}

describe('R26-13: a Tailwind `@config` named without its extension', () => {
  it.each([
    ['@config "../tools/c";', 'tools/c.js'],
    ['@config "../tools/c";', 'tools/c.mjs'],
  ])('%s: writing %s asks', async (line, file) => {
    expect(await written(() => line, file, 'module.exports = {};\n')).toBe('C241');
  }, 60_000);
});

describe('controls (held)', () => {
  it.each([
    ['@config "../tools/c.js";', 'tools/c.js'],
    ['@plugin "../tools/p";', 'tools/p.js'],
  ])('%s: writing %s asks', async (line, file) => {
    expect(await written(() => line, file, 'module.exports = {};\n')).toBe('C241');
  }, 60_000);
});
