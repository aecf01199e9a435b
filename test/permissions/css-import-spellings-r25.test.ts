// Red team round 25, R25-4 (envtw26's R23-7 fix, css-import-candidates.ts: a file an existing sheet @imports is judged
// as a sheet whatever its extension): two spellings of the @import are not read as imports. `@import"./x.txt";` (no
// space: CSS needs none after an at-rule's name before a string) and an ABSOLUTE path `@import "/abs/ws/app/x.txt";`.
// Checked with tailwindcss 4.3.5 + @tailwindcss/postcss (the copy R23-7 installed in /tmp/rt23tw): postcss().process
// of app/globals.css with either line loaded tools/p.js named by `@plugin "../tools/p.js"` in app/x.txt. Today writing
// that directive into app/x.txt under --yes is written; the next `next build` (pre-commit hook) runs tools/p.js. The
// same for the directives themselves: `@plugin"../tools/p.js";` / `@config"../tools/p.js";` (checked: Tailwind ran
// tools/p.js) name no file to the reader (hook-tailwind-css.ts DIRECTIVE needs `\s+`), so writing tools/p.js is free.
import { describe, expect, it } from 'vitest';
import { tailwindWriter } from './tailwind-write.js';

const written = tailwindWriter('cw-r25-css-');

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
