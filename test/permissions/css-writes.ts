// A Tailwind project under a `next build` pre-commit hook, and its stylesheet writes checked with the file tool under
// --yes (css22, css24): `asks` refused (C241, left as they were), `free` written.
import { readFileSync } from 'node:fs';
import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { writeFiles } from '../helpers/fixture.js';
import { git } from './git-run.js';

export async function tailwindProject(root: string, files: Record<string, string>): Promise<string> {
  await writeFiles(root, files);
  git(root, 'init', '-q');
  await writeFile(join(root, '.git/hooks/pre-commit'), '#!/bin/sh\nnpx next build\n');
  await chmod(join(root, '.git/hooks/pre-commit'), 0o755);
  return root;
}

export async function checkStyleWrites(root: string, home: string, files: Record<string, string>, asks: readonly (readonly [string, string])[], free: readonly (readonly [string, string])[]): Promise<void> {
  await tailwindProject(root, files);
  const engine = await createEngine({ workspace: root, env: { HOME: home }, permissions: { home, yes: true } });
  try {
    for (const [file, content] of asks) {
      const before = files[file];
      expect(await engine.run({ cmd: 'write', args: { file, content } }), `${file}: ${content}`).toMatchObject({ ok: false, error: { code: 'C241' } });
      if (before !== undefined) expect(readFileSync(join(root, file), 'utf8')).toBe(before);
    }
    for (const [file, content] of free) {
      const result = await engine.run({ cmd: 'write', args: { file, content } });
      expect(result, `${file}: ${content}: ${JSON.stringify(result)}`).toMatchObject({ ok: true });
      expect(readFileSync(join(root, file), 'utf8')).toBe(content);
    }
  } finally {
    await engine.close();
  }
}
