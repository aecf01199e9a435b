// One row of the hook-runner tests (R10-1, R11-6): a real repository with an executable .git/hooks/pre-commit
// running `hook`; the in-process engine under --yes refuses every `asks` file (C241, bytes unchanged) and
// writes every `free` one.
import { readFileSync } from 'node:fs';
import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { hookReached } from '../../src/permissions/obeyed-hooks.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { git } from './git-run.js';

export interface Row {
  readonly hook: string;
  readonly files: Record<string, string>;
  // Written under --yes: refused (C241), left as they were.
  readonly asks: readonly string[];
  // Written under --yes: written.
  readonly free: readonly string[];
  // What the free files are written with (a source file must parse: a comment).
  readonly content?: string;
}

// The folders of one file of rows: a temp `base` (removed after the file), a HOME inside it, and `next()`, a fresh
// folder per row. Call at the file's top level (it registers the file's beforeAll and afterAll).
export interface RowPlace {
  readonly base: string;
  readonly home: string;
  next(): string;
}

export function rowPlace(prefix: string): RowPlace {
  let count = 0;
  const place = { base: '', home: '', next: (): string => join(place.base, `r${++count}`) };
  beforeAll(async () => {
    place.base = await tempDir(prefix);
    place.home = join(place.base, 'home');
    await writeFiles(place.home, { '.keep': '' });
  });
  afterAll(async () => removeDir(place.base));
  return place;
}

// `root`: a fresh folder for this row; `home`: the HOME the engine runs with.
export async function checkHookRow(root: string, home: string, { hook, files, asks, free, content = 'ok\n' }: Row): Promise<void> {
  await writeFiles(root, files);
  git(root, 'init', '-q');
  await writeFile(join(root, '.git/hooks/pre-commit'), `#!/bin/sh\n${hook}\n`);
  await chmod(join(root, '.git/hooks/pre-commit'), 0o755);
  const engine = await createEngine({ workspace: root, env: { HOME: home }, permissions: { home, yes: true } });
  try {
    for (const file of asks) {
      const before = files[file];
      expect(await engine.run({ cmd: 'write', args: { file, content: 'require("fs").writeFileSync("/tmp/PWN","")\n' } }), `${hook}: ${file}`).toMatchObject({ ok: false, error: { code: 'C241' } });
      if (before !== undefined) expect(readFileSync(join(root, file), 'utf8')).toBe(before);
    }
    for (const file of free) {
      const result = await engine.run({ cmd: 'write', args: { file, content } });
      expect(result, `${hook}: ${file}: ${JSON.stringify(result)}`).toMatchObject({ ok: true });
    }
  } finally {
    await engine.close();
  }
}

// The hook walk's verdict (no engine) for a fresh repository `root` holding `files` and an executable pre-commit
// hook running `hook`: why it is unmodeled, the files it obeys.
export async function hookVerdict(root: string, hook: string, files: Record<string, string | Uint8Array>): Promise<{ unmodeled?: string | undefined; files: string[]; root: string }> {
  await writeFiles(root, { ...files, 'README.csv': '' });
  git(root, 'init', '-q');
  await writeFiles(root, { '.git/hooks/pre-commit': `#!/bin/sh\n${hook}\n` });
  await chmod(join(root, '.git/hooks/pre-commit'), 0o755);
  return { ...hookReached([join(root, '.git/hooks')], root, ['pre-commit'], join(root, '.git')), root };
}
