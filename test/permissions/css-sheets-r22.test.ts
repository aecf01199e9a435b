// css24 (R22-7 and css22's LEFT): every stylesheet a CSS pipeline hands to Tailwind is judged like a `.css` one
// (stylesheet-kinds.ts): Sass, Less, Stylus, PostCSS files and a Vue/Svelte/Astro component's `<style>` blocks. A
// plain one is free to write (file tools, and a sandboxed run's change judged by the text it left); one that loads
// code asks: @plugin/@config, a preprocessor's compile-time code, an import of a sheet that loads code (however deep,
// a Sass partial by its stem). A package import (`tw-animate-css`) is free: node_modules is protected already.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/fixture.js';
import { checkStyleWrites, tailwindProject } from './css-writes.js';
import { rowPlace } from './hook-check.js';

const place = rowPlace('cw-css24-sheets-');
const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;
const PROJECT = {
  'package.json': JSON.stringify({ name: 'w', scripts: { build: 'next build' }, dependencies: { next: '15', react: '19' }, devDependencies: { tailwindcss: '4', '@tailwindcss/postcss': '4', sass: '1' } }),
  'postcss.config.mjs': 'const config = { plugins: { "@tailwindcss/postcss": {} } };\nexport default config;\n',
  'app/globals.css': '@import "tailwindcss";\n@import "./plain.css";\n', 'app/layout.tsx': 'import "./globals.css";\nexport default function L() { return null; }\n',
  'app/plain.css': '.a { color: red; }\n', 'tools/p.js': 'module.exports = {};\n', 'app/_vars.scss': '$c: red;\n',
  'app/_evil.scss': '@plugin "../tools/p.js";\n', 'app/chain-a.css': '@import "./chain-b.css";\n', 'app/chain-b.css': '@plugin "../tools/p.js";\n',
  'app/old.scss': '.x { color: blue; }\n@plugin "../tools/p.js";\n',
};


const check = (asks: readonly (readonly [string, string])[], free: readonly (readonly [string, string])[]): Promise<void> => checkStyleWrites(place.next(), place.home, PROJECT, asks, free);

const PLUGIN = '@plugin "../tools/p.js";\n';

describe('css24: every stylesheet kind a CSS pipeline reads', () => {
  it('plain sheets of every kind are free (Sass with variables and @use, a component\'s style, package imports)', async () => {
    await check([], [
      ['app/x.scss', '@use "sass:math";\n@use "./vars";\n$pad: 4px;\n.a { padding: math.div($pad, 2); color: $c; }\n'],
      ['app/x.sass', '.a\n  color: red\n'], ['app/x.less', '@c: red;\n.a { color: @c; }\n'], ['app/x.pcss', '.a { @apply px-4; }\n'],
      ['app/C.vue', '<template><div class="a"/></template>\n<script setup>import x from "./x.js";</script>\n<style scoped>.a { color: red; }</style>\n'],
      ['app/C.svelte', '<script>let a = 1;</script>\n<div>{a}</div>\n<style>div { color: red; }</style>\n'],
      ['app/x.css', '@import "tailwindcss";\n@import "tw-animate-css";\n@import "some-pkg/dist/x.css";\n.a { background: url("img.png"); }\n'],
      ['app/plain.css', '.a { color: green; }\n'], ['app/globals.css', '@import "tailwindcss";\n@import "./plain.css";\n:root { --b: #fff; }\n'],
    ]);
  });

  it.each([
    ['app/n.scss', PLUGIN], ['app/n.sass', PLUGIN], ['app/n.less', PLUGIN], ['app/n.styl', PLUGIN], ['app/n.pcss', PLUGIN], ['app/n.postcss', PLUGIN],
    ['app/C.vue', `<template><div/></template>\n<style>${PLUGIN}</style>\n`], ['app/C.svelte', `<style lang="postcss">${PLUGIN}</style>\n`],
    ['app/C.astro', `---\n---\n<STYLE is:global>\n@config "../tools/p.js";\n</STYLE>\n`], ['app/C.vue', `<style>\n${PLUGIN}`],
    ['app/n.scss', '@#{"plu" + "gin"} "../tools/p.js";\n'], ['app/n.scss', '@use "sass:meta";\n@include meta.load-css("x");\n'],
    ['app/n.scss', '@use "./evil";\n'], ['app/n.scss', '@import "evil";\n'], ['app/n.scss', '@use "./vars";\n@forward "evil";\n'],
    ['app/n.css', '@import "./chain-a.css";\n'], ['app/n.css', '@import "./x.js";\n'], ['app/n.css', '@import "./extensionless";\n'],
    ['app/n.css', '@import "@/styles/x.css";\n'], ['app/n.css', '@import "~/x.css";\n'], ['app/n.css', '@import "#x";\n'],
    ['app/n.styl', 'use("../tools/p.js")\n'], ['app/n.less', '@import (reference) "./x.js";\n'], ['app/n.less', '@a: `1 + 1`;\n'],
    ['app/old.scss', '.x { color: blue; }\n'],
  ])('%s with %j asks', async (file, content) => {
    await check([[file, content]], []);
  });

  it.skipIf(!bwrapWorks)('a sandboxed run: a plain stylesheet it writes is applied, one with @plugin is set aside', async () => {
    const root = await tailwindProject(place.next(), PROJECT);
    // A script codeward does not read: the run is staged, its changes judged after it by what they hold.
    await writeFile(join(root, 'gen.sh'), 'printf ".a { color: red; }\\n" > app/y.css\nprintf "\\$c: 1;\\n" > app/z.scss\nprintf "@plugin \\"../tools/p.js\\";\\n" > app/w.scss\n');
    const run = runCli(['--json', '--yes', '-C', root, 'exec', '--cmd', 'sh gen.sh'], { env: { HOME: place.home } });
    expect(readFileSync(join(root, 'app/y.css'), 'utf8'), run.stdout + run.stderr).toBe('.a { color: red; }\n');
    expect(readFileSync(join(root, 'app/z.scss'), 'utf8'), run.stdout).toBe('$c: 1;\n');
    expect(existsSync(join(root, 'app/w.scss')), run.stdout).toBe(false);
    expect(run.stdout).toContain('it holds @plugin');
  });
});
