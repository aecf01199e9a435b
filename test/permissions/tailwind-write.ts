// One row of the Tailwind sheet tests (R25-4, R26-13): a Next+Tailwind 4 project whose pre-commit hook runs `npx next
// build`, app/globals.css = `@import "tailwindcss";` + the row's line; the in-process engine under --yes writes one
// file and answers 'ok' or the error code. Call `tailwindWriter` at the file's top level (rowPlace's beforeAll/afterAll).
import { realpathSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
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
    await writeFiles(root, { ...NEXT_TAILWIND, 'app/globals.css': `@import "tailwindcss";\n${line(realpathSync(root))}\n` });
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
  };
}
