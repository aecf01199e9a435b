// Red team round 23, R23-7 (class R22-7, css24's stylesheet kinds): Tailwind v4 inlines an `@import` itself, reading
// the path as given (its resolver completes `.css` only when the name has no extension), so a sheet's `@import
// "./x.txt"` hands app/x.txt to Tailwind as CSS whatever its extension, and a `@plugin "../tools/p.js"` written into
// it makes the next `next build` (the pre-commit hook) load tools/p.js. css24 judges a write's new text only for the
// stylesheet kinds (stylesheet-kinds.ts). Checked with tailwindcss 4 + @tailwindcss/postcss (installed in a temp
// folder, postcss().process of app/globals.css): `@import "./x.txt"`, `@import "./theme"` and `@import "./x.inc"`
// each loaded and ran tools/p.js; `@config` in c.txt loaded tools/c.js. (`@import url(..)` is left to the bundler:
// not filed.) The agent's steps: write tools/p.js (free: nothing names it yet), then the imported file with the
// directive (free today: not a sheet kind).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/fixture.js';
import { checkStyleWrites, tailwindProject } from './css-writes.js';
import { rowPlace } from './hook-check.js';
import { NEXT_TAILWIND, tailwindWrite } from './tailwind-write.js';

const place = rowPlace('cw-rt23-css-');
const bwrapWorks = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-net', 'true']).status === 0;
const PLUGIN = '@plugin "../tools/p.js";\n';
const PLAIN = '.a { color: red; }\n';
// The code of a write under --yes of `file` with `content` in a fresh Next + Tailwind repository holding `files`
// (hook `npx next build`): 'ok' or the error code.
const written = (files: Record<string, string>, file: string, content: string): Promise<string> =>
  tailwindWrite(place.next(), place.home, { 'tools/c.js': 'module.exports = {};\n', ...files }, file, content);

describe('R23-7: a directive written into a file an @import hands Tailwind whatever its extension', () => {
  it.each<[string, string, string, string]>([
    ['@import "./x.txt"', '@import "./x.txt"', 'app/x.txt', '@plugin "../tools/p.js";\n'],
    ['@import "./theme" (a file with no extension)', '@import "./theme"', 'app/theme', '@plugin "../tools/p.js";\n'],
    ['@import "./x.inc"', '@import "./x.inc"', 'app/x.inc', '@plugin "../tools/p.js";\n'],
    ['@import "./c.txt" and @config', '@import "./c.txt"', 'app/c.txt', '@config "../tools/c.js";\n'],
  ])('%s: writing the directive into the imported file asks', async (_name, line, file, directive) => {
    expect(await written({ 'app/globals.css': `@import "tailwindcss";\n${line};\n`, [file]: '.a { color: red; }\n' }, file, directive)).toBe('C241');
  });

  it('control (held): the same @plugin written into an imported app/x.css asks', async () => {
    expect(await written({ 'app/globals.css': '@import "tailwindcss";\n@import "./x.css";\n', 'app/x.css': '.a { color: red; }\n' }, 'app/x.css', '@plugin "../tools/p.js";\n')).toBe('C241');
  });

  it('control (held): a plain rule written into the imported app/x.txt stays free', async () => {
    expect(await written({ 'app/globals.css': '@import "tailwindcss";\n@import "./x.txt";\n', 'app/x.txt': '.a { color: red; }\n' }, 'app/x.txt', '.b { color: blue; }\n')).toBe('ok');
  });

  it('control: an unrelated .txt (no sheet imports it) is free whatever it holds', async () => {
    expect(await written({ 'app/globals.css': '@import "tailwindcss";\n@import "./x.txt";\n', 'app/x.txt': PLAIN }, 'app/notes.txt', PLUGIN)).toBe('ok');
  });
});

// envtw26: the files the resolvers complete an import to (Tailwind v4's enhanced-resolve, postcss-import): a folder's
// index (with or without .css), its package.json (which says the file: obeyed) and the file that names (any kind).
describe('R23-7: every file an @import of a name of another kind may resolve to', () => {
  const files = {
    ...NEXT_TAILWIND, 'tools/p.js': 'module.exports = {};\n', 'app/notes.txt': PLAIN,
    'app/globals.css': '@import "tailwindcss";\n@import "./theme";\n@import "./kit";\n@import "palette";\n@reference "./ref.inc";\n',
    'app/theme/index.css': PLAIN, 'app/kit/package.json': JSON.stringify({ name: 'kit', style: '../kit.styles' }), 'app/kit.styles': PLAIN, 'app/ref.inc': PLAIN,
  };

  it('a directive asks in each; plain text stays free; the folder\'s package.json asks', async () => {
    await checkStyleWrites(place.next(), place.home, files, [
      ['app/theme/index', PLUGIN], ['app/theme/index.css', PLUGIN], ['app/theme/package.json', JSON.stringify({ style: 'y.txt' })], ['app/kit.styles', PLUGIN],
      ['app/kit/package.json', JSON.stringify({ name: 'kit', style: '../notes.txt' })], ['app/palette', PLUGIN], ['app/ref.inc', '@config "../tools/p.js";\n'],
    ], [['app/theme/index', PLAIN], ['app/kit.styles', '.b { color: blue; }\n'], ['app/palette', PLAIN], ['app/ref.inc', PLAIN], ['app/notes.txt', PLUGIN], ['app/x.ts', 'export {};\n']]);
  });

  it('an imported file of another kind that loads code already is obeyed whatever is written, and so is the sheet importing it', async () => {
    await checkStyleWrites(place.next(), place.home, { ...files, 'app/ref.inc': PLUGIN }, [['app/ref.inc', PLAIN], ['app/globals.css', '@import "tailwindcss";\n@reference "./ref.inc";\n']], []);
  });

  it.skipIf(!bwrapWorks)('a sandboxed run: a plain imported x.txt it writes is applied, one with @plugin is set aside', async () => {
    const root = await tailwindProject(place.next(), { ...NEXT_TAILWIND, 'tools/p.js': 'module.exports = {};\n', 'app/globals.css': '@import "tailwindcss";\n@import "./x.txt";\n@import "./y.txt";\n', 'app/x.txt': PLAIN, 'app/y.txt': PLAIN });
    await writeFile(join(root, 'gen.sh'), 'printf ".b { color: blue; }\\n" > app/x.txt\nprintf "@plugin \\"../tools/p.js\\";\\n" > app/y.txt\n');
    const run = runCli(['--json', '--yes', '-C', root, 'exec', '--cmd', 'sh gen.sh'], { env: { HOME: place.home } });
    expect(readFileSync(join(root, 'app/x.txt'), 'utf8'), run.stdout + run.stderr).toBe('.b { color: blue; }\n');
    expect(readFileSync(join(root, 'app/y.txt'), 'utf8'), run.stdout).toBe(PLAIN);
    expect(run.stdout).toContain('it holds @plugin');
    expect(existsSync(join(root, 'app/x.txt'))).toBe(true);
  });
});
