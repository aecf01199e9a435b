// Red team round 25, R25-4 (envtw26's R23-7 fix, css-import-candidates.ts: a file an existing sheet @imports is judged
// as a sheet whatever its extension): two spellings of the @import are not read as imports. `@import"./x.txt";` (no
// space: CSS needs none after an at-rule's name before a string) and an ABSOLUTE path `@import "/abs/ws/app/x.txt";`.
// Checked with tailwindcss 4.3.5 + @tailwindcss/postcss (the copy R23-7 installed in /tmp/rt23tw): postcss().process
// of app/globals.css with either line loaded tools/p.js named by `@plugin "../tools/p.js"` in app/x.txt. Today writing
// that directive into app/x.txt under --yes is written; the next `next build` (pre-commit hook) runs tools/p.js. The
// same for the directives themselves: `@plugin"../tools/p.js";` / `@config"../tools/p.js";` (checked: Tailwind ran
// tools/p.js) name no file to the reader (hook-tailwind-css.ts DIRECTIVE needs `\s+`), so writing tools/p.js is free.
import { realpathSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { writeFiles } from '../helpers/fixture.js';
import { git } from './git-run.js';
import { rowPlace } from './hook-check.js';

const place = rowPlace('cw-r25-css-');
const NEXT = {
  'package.json': JSON.stringify({ name: 'w', scripts: { build: 'next build' }, dependencies: { next: '15', react: '19' }, devDependencies: { tailwindcss: '4', '@tailwindcss/postcss': '4' } }),
  'postcss.config.mjs': 'const config = { plugins: { "@tailwindcss/postcss": {} } };\nexport default config;\n',
  'app/layout.tsx': 'import "./globals.css";\nexport default function L() { return null; }\n', 'app/page.tsx': 'export default function P() { return null; }\n',
  'tools/p.js': 'module.exports = {};\n', 'app/x.txt': '.a { color: red; }\n',
};

// Writing `@plugin` into app/x.txt under --yes, app/globals.css importing it by `line(root)`: 'ok' or the code.
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

describe('R25-4: @import spellings Tailwind inlines that the candidates miss', () => {
  it('`@import"./x.txt";` (no space): writing @plugin into app/x.txt asks', async () => {
    expect(await written(() => '@import"./x.txt";')).toBe('C241');
  });
  it('`@import "/abs/ws/app/x.txt";` (absolute): writing @plugin into app/x.txt asks', async () => {
    expect(await written((root) => `@import "${root}/app/x.txt";`)).toBe('C241');
  });
  it('`@plugin"../tools/p.js";` (no space) in the entry sheet: writing tools/p.js asks', async () => {
    expect(await written(() => '@plugin"../tools/p.js";', 'tools/p.js', 'require("child_process").execSync("touch /tmp/pwn");\n')).toBe('C241');
  });
  it('`@config"../tools/p.js";` (no space) in the entry sheet: writing tools/p.js asks', async () => {
    expect(await written(() => '@config"../tools/p.js";', 'tools/p.js', 'require("child_process").execSync("touch /tmp/pwn");\n')).toBe('C241');
  });
  it('control (held): `@plugin "../tools/p.js";` in the entry sheet: writing tools/p.js asks', async () => {
    expect(await written(() => '@plugin "../tools/p.js";', 'tools/p.js', 'require("child_process").execSync("touch /tmp/pwn");\n')).toBe('C241');
  });
  it.each(['@import "./x.txt";', '@import /* c */ "./x.txt";', '@import "./x.txt" layer(base);', '@IMPORT "./x.txt";'])('control (held): `%s` asks', async (line) => {
    expect(await written(() => line)).toBe('C241');
  });
});

describe('R25-4, held-back spellings: url() with and without quotes, a file: URL', () => {
  it.each([
    ['@import url(./x.txt);', () => '@import url(./x.txt);'],
    ['@import url("./x.txt");', () => '@import url("./x.txt");'],
    ['@import url( "./x.txt" );', () => '@import url( "./x.txt" );'],
    ['@import"file:///ws/app/x.txt"', (root: string) => `@import"file://${root}/app/x.txt";`],
  ])('`%s`: writing @plugin into app/x.txt asks', async (_, line) => {
    expect(await written(line)).toBe('C241');
  });
});
