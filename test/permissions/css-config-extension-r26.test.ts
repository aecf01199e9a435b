// Red team round 26 on R25-4 (hook-tailwind-css.ts: a Tailwind sheet's directives, for a Next+Tailwind 4 project whose
// pre-commit hook runs `npx next build`): `@config "../tools/c"` WITHOUT an extension loads tools/c.js (Tailwind 4
// resolves @config/@plugin like a module: checked with tailwindcss 4.3.5 + @tailwindcss/postcss in /tmp/rt23tw, postcss
// printed tools/c.js's LOADED-C). `@plugin "../tools/p"` is resolved with extensions by codeward (control), `@config` is
// not: writing tools/c.js under --yes is not asked about (R26-13).
import { describe, expect, it } from 'vitest';
import { tailwindWriter } from './tailwind-write.js';

const written = tailwindWriter('rt26-css-');

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
