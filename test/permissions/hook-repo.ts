import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { writeFiles } from '../helpers/fixture.js';
import { git } from './git-run.js';

// A real repository at base/name with an executable .git/hooks/pre-commit running `hook`; under --yes, each
// of `asks` is refused (C241) and each of `free` written (the in-process engine).
export async function checkHookRepo(base: string, home: string, name: string, hook: string, files: Record<string, string>, asks: readonly string[], free: readonly string[]): Promise<void> {
  const root = join(base, name);
  await writeFiles(root, files);
  git(root, 'init', '-q');
  await writeFile(join(root, '.git/hooks/pre-commit'), `#!/bin/sh\n${hook}\n`);
  await chmod(join(root, '.git/hooks/pre-commit'), 0o755);
  const engine = await createEngine({ workspace: root, env: { HOME: home }, permissions: { home, yes: true } });
  try {
    for (const file of asks) expect(await engine.run({ cmd: 'write', args: { file, content: 'require("fs").writeFileSync("/tmp/PWN","")\n' } }), `${hook}: ${file}`).toMatchObject({ ok: false, error: { code: 'C241' } });
    for (const file of free) expect(await engine.run({ cmd: 'write', args: { file, content: 'x = 1\n' } }), `${hook}: ${file}`).toMatchObject({ ok: true });
  } finally {
    await engine.close();
  }
}
