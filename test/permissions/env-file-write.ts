// One write under --yes in a fresh workspace holding a project env file (`.envrc`, mise.toml): the in-process
// engine's answer, `ok` or the error code (C241: the file is obeyed, a person decides).
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { createEngine } from '../../src/index.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

let count = 0;

// The temp folder of one file of env-file tests (`path`, removed after the file); the HOME each write stubs is
// restored after each test. Call at the file's top level (it registers the hooks).
export function envBase(prefix: string): { readonly path: string } {
  const place = { path: '' };
  beforeAll(async () => {
    place.path = await tempDir(prefix);
  });
  afterAll(async () => removeDir(place.path));
  afterEach(() => vi.unstubAllEnvs());
  return place;
}

export async function writtenIn(base: string, files: Record<string, string>, file: string): Promise<string> {
  return (await writeAnswer(base, files, file)).code;
}

// The same write's code and message (the question names what is not understood).
export async function writeAnswer(base: string, files: Record<string, string>, file: string): Promise<{ code: string; message: string }> {
  const root = join(base, `r${++count}`), home = join(base, 'home');
  await writeFiles(root, { 'src/a.ts': '1\n', ...files });
  await writeFiles(home, { '.keep': '' });
  vi.stubEnv('HOME', home);
  const engine = await createEngine({ workspace: root, env: { HOME: home }, permissions: { home, yes: true } });
  try {
    const result = await engine.run({ cmd: 'write', args: { file, content: '#!/bin/sh\ntouch /tmp/pwn\n' } });
    return result.ok ? { code: 'ok', message: '' } : { code: result.error.code, message: result.error.message };
  } finally {
    await engine.close();
  }
}
