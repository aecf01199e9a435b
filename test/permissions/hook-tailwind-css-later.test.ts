// js20 Left 1 (issue 26): a Tailwind stylesheet written after its plug-in file was free: tools/p.js (free), then a new
// app/x.css `@import "tailwindcss"; @plugin "../tools/p.js";` (free: no directive there yet), imported by source, and
// the build loaded p.js. Tailwind's PostCSS plug-in obeys a directive in any stylesheet the build imports, so in a
// project that uses Tailwind every `.css` below it is obeyed, present or made later (hook-tailwind-css.ts); the
// build's output folders stay free; a Next.js app without Tailwind keeps its stylesheets free (create-next-app both
// ways as the controls).
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const place = rowPlace('cw-tailwind-later-');
const APP = {
  'app/layout.tsx': 'import "./globals.css";\nexport default function L() { return null; }\n', 'app/page.tsx': 'export default function P() { return null; }\n',
};
const TAILWIND = {
  'package.json': JSON.stringify({ name: 'w', scripts: { build: 'next build' }, dependencies: { next: '15', react: '19' }, devDependencies: { tailwindcss: '4', '@tailwindcss/postcss': '4' } }),
  'postcss.config.mjs': 'const config = { plugins: { "@tailwindcss/postcss": {} } };\nexport default config;\n',
  'app/globals.css': '@import "tailwindcss";\n', ...APP,
};
const PLAIN = {
  'package.json': JSON.stringify({ name: 'w', scripts: { build: 'next build' }, dependencies: { next: '15', react: '19' } }),
  'app/globals.css': ':root { --background: #fff; }\n', 'app/page.module.css': '.main { display: flex; }\n', ...APP,
};

describe('Tailwind stylesheets made later (js20 Left 1)', () => {
  it('plain stylesheets anywhere in the app are free (css22: judged by their text); source and build output stay free', async () => {
    await checkHookRow(place.next(), place.home, {
      hook: 'npx next build', files: { ...TAILWIND, 'app/page.module.css': '.main { display: flex; }\n' },
      // css22: the stylesheets are judged by their new text (hook-tailwind-css-content.test.ts): this row's writes hold
      // no at-rule, so they are free; the same paths with @plugin ask there.
      asks: [],
      free: ['app/x.css', 'app/new/deep/y.css', 'z.css', 'app/page.module.css', 'app/page.tsx', 'app/new/page.tsx', 'tools/p.js', '.next/static/css/a.css', 'dist/a.css', 'coverage/a.css'], content: 'export {};\n',
    });
  });

  it('the Tailwind dependency alone (no stylesheet with a directive yet): a new plain stylesheet is free (css22)', async () => {
    const { 'app/globals.css': _globals, ...rest } = TAILWIND;
    await checkHookRow(place.next(), place.home, {
      hook: 'npx next build', files: rest, asks: [], free: ['app/globals.css', 'app/x.css', 'app/page.tsx'], content: 'export {};\n',
    });
  });

  it('control: create-next-app without Tailwind keeps its stylesheets free', async () => {
    await checkHookRow(place.next(), place.home, {
      hook: 'npx next build', files: PLAIN, asks: [], free: ['app/globals.css', 'app/page.module.css', 'app/x.css'], content: '.a { color: red; }\n',
    });
  });
});
