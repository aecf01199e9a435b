// Red team round 22, R22-7 (class css22, Tailwind stylesheets obey @plugin/@config): only `*.css` files are looked at
// (hook-tailwind-css.ts lists `.css`, gate-written.ts judges `.css`). But the build hands other stylesheets to
// Tailwind too: Next.js runs its PostCSS (here @tailwindcss/postcss) on Sass output (`.scss`/`.sass`, and Sass keeps
// an unknown at-rule like `@plugin` as it is), and @tailwindcss/vite transforms `.scss/.sass/.less/.styl/.pcss/
// .postcss` files. A `@plugin "../tools/p.js"` there makes the next `next build` / `vite build` (the pre-commit hook)
// load tools/p.js. Under next build the stylesheet and the plug-in it names are written unasked under --yes (under
// vite build they ask: the controls).
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const place = rowPlace('cw-css24-sheets-');
const NEXT = {
  'package.json': JSON.stringify({ name: 'w', scripts: { build: 'next build' }, dependencies: { next: '15', react: '19' }, devDependencies: { tailwindcss: '4', '@tailwindcss/postcss': '4', sass: '1' } }),
  'postcss.config.mjs': 'const config = { plugins: { "@tailwindcss/postcss": {} } };\nexport default config;\n',
  'app/globals.css': '@import "tailwindcss";\n', 'app/layout.tsx': 'import "./globals.css";\nimport "./x.scss";\nexport default function L() { return null; }\n',
  'app/page.tsx': 'export default function P() { return null; }\n',
};
const VITE = {
  'package.json': JSON.stringify({ name: 'w', scripts: { build: 'vite build' }, devDependencies: { vite: '6', tailwindcss: '4', '@tailwindcss/vite': '4', sass: '1' } }),
  'vite.config.js': 'import tailwindcss from "@tailwindcss/vite";\nexport default { plugins: [tailwindcss()] };\n',
  'index.html': '<script type="module" src="/src/main.js"></script>\n', 'src/main.js': 'import "./style.css";\nimport "./x.pcss";\n', 'src/style.css': '@import "tailwindcss";\n',
};
const PLUGIN = '@plugin "../tools/p.js";\n';

describe('R22-7: a Tailwind @plugin in a stylesheet that is not `.css`', () => {
  it.each<[string, Record<string, string>, string, string]>([
    ['Next, app/x.scss holds @plugin', NEXT, 'app/x.scss', 'npx next build'],
    ['Next, app/x.sass holds @plugin', { ...NEXT, 'app/layout.tsx': 'import "./globals.css";\nimport "./x.sass";\nexport default function L() { return null; }\n' }, 'app/x.sass', 'npx next build'],
  ])('%s: writing the plug-in and the sheet asks', async (_name, project, sheet, hook) => {
    await checkHookRow(place.next(), place.home, { hook, files: { ...project, [sheet]: PLUGIN, 'tools/p.js': 'module.exports = {};\n' }, asks: ['tools/p.js', sheet], free: [] });
  });

  it.each<[string, Record<string, string>, string]>([
    ['src/x.pcss', VITE, 'src/x.pcss'],
    ['src/x.scss', { ...VITE, 'src/main.js': 'import "./style.css";\nimport "./x.scss";\n' }, 'src/x.scss'],
  ])('control (held): under vite build, %s holding @plugin asks', async (_name, project, sheet) => {
    await checkHookRow(place.next(), place.home, { hook: 'npx vite build', files: { ...project, [sheet]: PLUGIN, 'tools/p.js': 'module.exports = {};\n' }, asks: ['tools/p.js', sheet], free: [] });
  });

  it('control (held): the same @plugin in app/x.css asks', async () => {
    await checkHookRow(place.next(), place.home, { hook: 'npx next build', files: { ...NEXT, 'app/x.css': PLUGIN, 'tools/p.js': 'module.exports = {};\n' }, asks: ['tools/p.js', 'app/x.css'], free: [] });
  });
});
