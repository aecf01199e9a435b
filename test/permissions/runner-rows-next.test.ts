// Issue 26, red team F3 (FRICTION): a pre-commit hook running `npx next build` (or `npm run build` -> `next build`)
// made EVERY source write ask under --yes (next was a runner codeward did not model). It has a row now
// (src/permissions/hook-runner-next.ts): the app's code (app/**, components/**, middleware, instrumentation) is
// written unasked: the build compiles and runs it (static generation), which is the README's documented limit for
// a project's source, like a test runner's test files. What the build loads beyond it asks (C241): next.config.*
// and what it imports or names as a loader, postcss/tailwind/babel configurations and the plug-ins they name by
// path, eslint's configuration (the build lints). `next lint --resolve-plugins-relative-to`, `next dev`, an option outside the row or a
// configuration value it cannot read obeys the whole tree.
import { describe, it } from 'vitest';
import { checkHookRow, rowPlace } from './hook-check.js';

const rows = rowPlace('cw-next-row-');

const APP = {
  'package.json': JSON.stringify({ name: 'web', private: true, scripts: { build: 'next build', dev: 'next dev' }, dependencies: { next: '15.0.0', react: '19.0.0' }, devDependencies: { tailwindcss: '3.4.0', postcss: '8.0.0', autoprefixer: '10.0.0' } }),
  'next.config.mjs': '/** @type {import("next").NextConfig} */\nconst nextConfig = { reactStrictMode: true, images: { remotePatterns: [{ hostname: "example.com" }] } };\nexport default nextConfig;\n',
  'postcss.config.mjs': 'const config = { plugins: { tailwindcss: {}, autoprefixer: {} } };\nexport default config;\n',
  'tailwind.config.ts': 'import type { Config } from "tailwindcss";\nexport default { content: ["./app/**/*.{ts,tsx}", "./components/**/*.{ts,tsx}"], theme: { extend: {} }, plugins: [] } satisfies Config;\n',
  'app/page.tsx': 'export default function Page() { return null; }\n',
  'components/Button.tsx': 'export const Button = () => null;\n',
};
// app/globals.css is judged by its new text (css22): in a project that uses Tailwind a stylesheet that names code (`@config`
// in v3, `@plugin` in v4, in any CSS the build imports: js20 Left 1, hook-tailwind-css-later.test.ts).
const FREE = ['app/page.tsx', 'app/layout.tsx', 'components/Button.tsx', 'components/new/Card.tsx', 'middleware.ts', 'instrumentation.ts', 'lib/db.ts'];

describe('an ordinary Next.js app: its code is written unasked, the build configuration asks', () => {
  it.each(['npx next build', 'npm run build', 'next build --no-lint', 'npx --no-install next build .'])('%s', async (hook) => {
    await checkHookRow(rows.next(), rows.home, { hook, files: APP, asks: ['next.config.mjs', 'next.config.ts', 'postcss.config.mjs', 'tailwind.config.ts', '.babelrc', 'package.json'], free: FREE, content: '// ok\n' });
  });
});

describe('what the build loads beyond the app asks', () => {
  it.each([
    ['next.config imports a module', { 'next.config.mjs': 'import extra from "./tools/cfg.mjs";\nexport default { ...extra };\n' }, ['tools/cfg.mjs']],
    ['a webpack loader named by path', { 'next.config.js': 'module.exports = { webpack: (config) => { config.module.rules.push({ test: /\\.md$/, loader: "./tools/md-loader.js" }); return config; } };\n', 'next.config.mjs': '' }, ['tools/md-loader.js']],
    ['a postcss plug-in by path', { 'postcss.config.mjs': 'export default { plugins: { "./tools/pc.js": {}, autoprefixer: {} } };\n' }, ['tools/pc.js']],
    ['a tailwind plug-in required', { 'tailwind.config.ts': 'export default { content: [], plugins: [require("./tools/tw")] };\n' }, ['tools/tw.js']],
    ['a babel plug-in by path', { '.babelrc': '{ "presets": ["next/babel"], "plugins": ["./tools/bp.js"] }\n' }, ['tools/bp.js']],
    ['eslint (the build lints)', { '.eslintrc.json': '{ "extends": "next/core-web-vitals", "plugins": ["./tools/rule.js"] }\n' }, ['.eslintrc.json', 'tools/rule.js']],
  ])('%s', async (_name, files, asks) => {
    await checkHookRow(rows.next(), rows.home, { hook: 'npx next build', files: { ...APP, ...files }, asks, free: ['app/page.tsx', 'components/Button.tsx'], content: '// ok\n' });
  });
});

describe('fail closed: what the row cannot read obeys the whole tree', () => {
  it.each([
    // `next lint` has its own row (runner-rows-py-js18.test.ts); an option outside it still fails closed.
    ['npx next lint --resolve-plugins-relative-to tools', {}],
    ['npx next dev', {}],
    ['npx next build --experimental-turbo-root x', {}],
    ['npx next build', { 'next.config.mjs': 'const dir = process.env.D;\nexport default { cacheHandler: dir + "/cache.js" };\n' }],
  ])('%s %j', async (hook, files) => {
    await checkHookRow(rows.next(), rows.home, { hook, files: { ...APP, ...files }, asks: ['app/page.tsx', 'components/Button.tsx'], free: ['data/a.csv'] });
  });
});
