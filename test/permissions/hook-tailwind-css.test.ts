// js19 Left 4 (Tailwind part, issue 26): Tailwind CSS v4 is configured from CSS: a stylesheet holding `@import
// "tailwindcss"` names `@config "./x.js"` (a JS configuration), `@plugin "./p.js"` / `@plugin "pkg"` (modules the
// build loads) and `@import "./y.css"` (more of the same). Under `next build` and the Tailwind editor extension,
// those modules were free. Now the CSS files with a Tailwind directive, the CSS they import and what their
// directives load ask; the app's source stays free (create-next-app's layout as the control).
import { describe, expect, it } from 'vitest';
import { checkHookRow, hookVerdict, rowPlace } from './hook-check.js';

const place = rowPlace('cw-tailwind-css-');
const NEXT_APP = {
  'package.json': JSON.stringify({ name: 'w', scripts: { build: 'next build' }, dependencies: { next: '15', react: '19' }, devDependencies: { tailwindcss: '4', '@tailwindcss/postcss': '4' } }),
  'postcss.config.mjs': 'const config = { plugins: { "@tailwindcss/postcss": {} } };\nexport default config;\n',
  'app/layout.tsx': 'import "./globals.css";\nexport default function L() { return null; }\n', 'app/page.tsx': 'export default function P() { return null; }\n',
};
const build = (css: Record<string, string>, asks: string[], free: string[] = ['app/page.tsx', 'app/new/page.tsx', 'src/a.ts']): Promise<void> =>
  checkHookRow(place.next(), place.home, { hook: 'npx next build', files: { ...NEXT_APP, ...css }, asks, free, content: 'export {};\n' });

describe('Tailwind v4 CSS-first configuration (js19 Left 4)', () => {
  // css24: the entry itself loads no code, so it is judged by its new text (plain here: free).
  it('control: create-next-app\'s globals.css (@import "tailwindcss") keeps the app\'s source free', async () => {
    await build({ 'app/globals.css': '@import "tailwindcss";\n\n:root { --background: #fff; }\n' }, ['postcss.config.mjs'], ['app/page.tsx', 'app/new/page.tsx', 'src/a.ts', 'app/globals.css']);
  });

  it('@plugin "./tools/tw.js": the plug-in and what it requires ask', async () => {
    await build({ 'app/globals.css': '@import "tailwindcss";\n@plugin "./tools/tw.js";\n', 'app/tools/tw.js': 'module.exports = require("./helper.js");\n', 'app/tools/helper.js': 'module.exports = {};\n' }, ['app/tools/tw.js', 'app/tools/helper.js']);
  });

  it('@config "../tw.config.js": the JS configuration and the plug-in it requires ask', async () => {
    await build({ 'app/globals.css': '@import "tailwindcss";\n@config "../tw.config.js";\n', 'tw.config.js': 'module.exports = { plugins: [require("./tools/p.js")] };\n', 'tools/p.js': 'module.exports = {};\n' }, ['tw.config.js', 'tools/p.js']);
  });

  it('@import "./theme.css" whose @plugin names a file: both ask', async () => {
    await build({ 'app/globals.css': '@import "tailwindcss";\n@import "./theme.css";\n', 'app/theme.css': '@plugin "../plugins/p.js";\n', 'plugins/p.js': 'module.exports = {};\n' }, ['app/theme.css', 'plugins/p.js']);
  });

  it('@plugin "tw-pkg": the installed package asks', async () => {
    await build({ 'app/globals.css': '@import "tailwindcss";\n@plugin "tw-pkg";\n', 'node_modules/tw-pkg/package.json': '{"name":"tw-pkg","main":"index.js"}', 'node_modules/tw-pkg/index.js': 'module.exports = {};\n' }, ['node_modules/tw-pkg/index.js']);
  });

  it('the Tailwind editor extension recommended (no hook): a stylesheet\'s @plugin asks', async () => {
    await checkHookRow(place.next(), place.home, {
      hook: 'true',
      files: { 'package.json': JSON.stringify({ name: 'w', devDependencies: { tailwindcss: '4' } }), '.vscode/extensions.json': JSON.stringify({ recommendations: ['bradlc.vscode-tailwindcss'] }), 'styles/app.css': '@import "tailwindcss";\n@plugin "../tools/tw.mjs";\n', 'tools/tw.mjs': 'export default {};\n' },
      asks: ['tools/tw.mjs', 'styles/app.css'], free: ['src/a.ts'], content: 'export {};\n',
    });
  });

  it('a directive codeward cannot read: unmodelled', async () => {
    const verdict = await hookVerdict(place.next(), 'npx next build', { ...NEXT_APP, 'app/globals.css': '@import "tailwindcss";\n@plugin url(./x.js);\n' });
    expect(verdict.unmodeled).toMatch(/@config or @plugin/);
  });
});
