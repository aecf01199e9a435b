// One row of the Tailwind sheet tests (R25-4, R26-13): a Next+Tailwind 4 project whose pre-commit hook runs `npx next
// build`, app/globals.css = `@import "tailwindcss";` + the row's line; the in-process engine under --yes writes one
// file and answers 'ok' or the error code. Call `tailwindWriter` at the file's top level (rowPlace's beforeAll/afterAll).
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { writeFiles } from '../helpers/fixture.js';
import { git } from './git-run.js';
import { rowPlace } from './hook-check.js';

export const NEXT_TAILWIND: Readonly<Record<string, string>> = {
  'package.json': JSON.stringify({ name: 'w', scripts: { build: 'next build' }, dependencies: { next: '15', react: '19' }, devDependencies: { tailwindcss: '4', '@tailwindcss/postcss': '4' } }),
  'postcss.config.mjs': 'const config = { plugins: { "@tailwindcss/postcss": {} } };\nexport default config;\n',
  'app/layout.tsx': 'import "./globals.css";\nexport default function L() { return null; }\n', 'app/page.tsx': 'export default function P() { return null; }\n',
  'tools/p.js': 'module.exports = {};\n', 'app/x.txt': '.a { color: red; }\n',
};

// `line(root)`: the sheet's line (root: the real workspace path); writes `content` into `file` (default: @plugin into app/x.txt).
export type TailwindWrite = (line: (root: string) => string, file?: string, content?: string) => Promise<string>;

export function tailwindWriter(prefix: string): TailwindWrite {
  const place = rowPlace(prefix);
  return async (line, file = 'app/x.txt', content = '@plugin "../tools/p.js";\n') => {
    const root = place.next();
    await mkdir(root, { recursive: true });
    return tailwindWrite(root, place.home, { 'app/globals.css': `@import "tailwindcss";\n${line(realpathSync(root))}\n` }, file, content);
  };
}

// A write under --yes of `file` with `content` in a fresh Next + Tailwind project at `root` holding `files` over
// NEXT_TAILWIND (hook `npx next build`), HOME `home`: 'ok' or the error code; a refused write leaves the file as it was.
export async function tailwindWrite(root: string, home: string, files: Record<string, string>, file: string, content: string): Promise<string> {
  const all = { ...NEXT_TAILWIND, ...files };
  await writeFiles(root, all);
  git(root, 'init', '-q');
  await writeFile(join(root, '.git/hooks/pre-commit'), '#!/bin/sh\nnpx next build\n');
  await chmod(join(root, '.git/hooks/pre-commit'), 0o755);
  const engine = await createEngine({ workspace: root, env: { HOME: home }, permissions: { home, yes: true } });
  try {
    const result = await engine.run({ cmd: 'write', args: { file, content } });
    if (!result.ok) expect(existsSync(join(root, file)) ? readFileSync(join(root, file), 'utf8') : undefined).toBe(all[file]);
    return result.ok ? 'ok' : result.error?.code ?? 'error';
  } finally {
    await engine.close();
  }
}
