// left25 (css24 LEFT): an `.html` page's `<style>` blocks are handed to the CSS pipeline too (Vite's HTML entries):
// one that loads code (@plugin/@config) asks like a `.css` sheet; an ordinary page stays free to write.
import { describe, it } from 'vitest';
import { checkStyleWrites } from './css-writes.js';
import { rowPlace } from './hook-check.js';

const place = rowPlace('cw-left25-html-');
const PROJECT = {
  'package.json': JSON.stringify({ name: 'w', scripts: { build: 'next build' }, dependencies: { next: '15', react: '19' }, devDependencies: { tailwindcss: '4', '@tailwindcss/postcss': '4' } }),
  'postcss.config.mjs': 'const config = { plugins: { "@tailwindcss/postcss": {} } };\nexport default config;\n',
  'app/globals.css': '@import "tailwindcss";\n', 'app/layout.tsx': 'import "./globals.css";\nexport default function L() { return null; }\n', 'tools/p.js': 'module.exports = {};\n',
};
const check = (asks: readonly (readonly [string, string])[], free: readonly (readonly [string, string])[]): Promise<void> => checkStyleWrites(place.next(), place.home, PROJECT, asks, free);

describe('an .html page in the Tailwind walk', () => {
  it.each([
    ['app/index.html', '<!doctype html>\n<html><head><style>\n@plugin "../tools/p.js";\n</style></head><body></body></html>\n'],
    ['app/page.html', '<html><head><STYLE type="text/tailwindcss">@config "../tools/p.js";</STYLE></head></html>\n'],
  ])('%s with a code-loading <style> asks', async (file, content) => {
    await check([[file, content]], []);
  });

  it('an ordinary page (a plain <style>, a script, a stylesheet link) is free', async () => {
    await check([], [['app/index.html', '<!doctype html>\n<html><head><link rel="stylesheet" href="./globals.css"><style>.a { color: red; }</style></head><body><script type="module" src="./main.js"></script></body></html>\n']]);
  });
});
