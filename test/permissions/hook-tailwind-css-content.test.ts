// css22 (issue 26, stop 46 friction): under a Tailwind project every `.css` write asked, because Tailwind obeys
// `@plugin`/`@config` (JavaScript it runs) in any stylesheet it reads. Now a file tool's stylesheet write is judged
// by its new text (css-code.ts, gate-written.ts): plain CSS (rules, @apply, @theme, @import of Tailwind or of a
// plain relative .css) is free; an at-rule that names code asks, however it is spelled (case, escapes, comments,
// nested in @layer/@media), and an existing stylesheet that already holds one asks to be written at all.
import { describe, it } from 'vitest';
import { checkStyleWrites } from './css-writes.js';
import { rowPlace } from './hook-check.js';

const place = rowPlace('cw-tailwind-content-');
const PROJECT = {
  'package.json': JSON.stringify({ name: 'w', scripts: { build: 'next build' }, dependencies: { next: '15', react: '19' }, devDependencies: { tailwindcss: '4', '@tailwindcss/postcss': '4' } }),
  'postcss.config.mjs': 'const config = { plugins: { "@tailwindcss/postcss": {} } };\nexport default config;\n',
  'app/globals.css': '@import "tailwindcss";\n', 'app/layout.tsx': 'import "./globals.css";\nexport default function L() { return null; }\n',
  'app/plain.css': '.a { color: red; }\n', 'tools/p.js': 'module.exports = {};\n',
  'app/old.css': '@import "tailwindcss";\n@plugin "../tools/p.js";\n', 'app/hidden.css': '.b { color: blue; }\n@plu\\gin "../tools/p.js";\n',
};

const check = (asks: readonly (readonly [string, string])[], free: readonly (readonly [string, string])[]): Promise<void> => checkStyleWrites(place.next(), place.home, PROJECT, asks, free);

const PLAIN = '@import "tailwindcss";\n@import "./plain.css";\n@theme { --color-x: #fff; }\n.btn { @apply px-4 py-2; }\n@layer components { .c { color: red; } }\n/* @plugin in a comment is a comment */\n';

describe('Tailwind stylesheet writes judged by their text (css22)', () => {
  it('plain CSS is free: rules, @apply, @theme, @layer, @import of tailwindcss and of a plain stylesheet', async () => {
    await check([], [['app/plain.css', '.a { color: green; }\n'], ['app/x.css', PLAIN], ['app/new/deep/y.css', '.a { color: red; }\n@import "../plain.css";\n'], ['z.css', '']]);
  });

  it.each([
    ['@plugin', '@plugin "../tools/p.js";\n'],
    ['@PLUGIN (case)', '@PLUGIN "../tools/p.js";\n'],
    ['@plu\\gin (an escape)', '@plu\\gin "../tools/p.js";\n'],
    ['@\\70 lugin (a hex escape)', '@\\70 lugin "../tools/p.js";\n'],
    ['@/**/plugin (a comment)', '@/**/plugin "../tools/p.js";\n'],
    ['/* */ then @plugin', '/* "x */@plugin "../tools/p.js";\n'],
    ['inside @layer and @media', '@layer base { @media (min-width: 1px) { @plugin "../tools/p.js"; } }\n'],
    ['@config', '@config "../tools/tw.config.js";\n'],
    ['@import of a JS module', '@import "./x.js";\n'],
    ['@import of a package\'s script', '@import "some-package/x.js";\n'],
    ['@reference of a stylesheet holding @plugin', '@reference "./old.css";\n'],
    ['@import url() codeward does not read', '@import url(./x.js);\n'],
    ['a string that hides a comment opener', '.a { content: "/*"; }\n@plugin "../tools/p.js";\n/* */\n'],
  ])('%s asks', async (_name, text) => {
    await check([['app/x.css', text]], []);
  });

  it('an existing stylesheet that holds @plugin (plainly or escaped) asks to be written at all, with plain text', async () => {
    await check([['app/old.css', '.a { color: red; }\n'], ['app/hidden.css', '.a { color: red; }\n']], []);
  });
});
