// Rounds 39/40's catalogue tests: an engine (--yes, sandboxed in place or not) over a fresh workspace w<n> holding
// `files`, its own home h<n> and state folder; one base folder per test file, registered like yesRuns.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { removeDir, tempDir } from './fixture.js';

export type YesEngine = Awaited<ReturnType<typeof createEngine>>;
export type WithEngine = <T>(files: Record<string, string>, sandboxed: boolean, body: (engine: YesEngine, root: string) => Promise<T>) => Promise<T>;

export function yesEngines(prefix: string): WithEngine {
  const at = { base: '', count: 0 };
  beforeAll(async () => {
    at.base = await tempDir(prefix);
  });
  afterAll(async () => removeDir(at.base));
  return async (files, sandboxed, body) => {
    const root = join(at.base, `w${++at.count}`), home = join(at.base, `h${at.count}`);
    mkdirSync(root);
    mkdirSync(home);
    for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
    const engine = await createEngine({ workspace: root, env: { HOME: home, PATH: process.env['PATH'] ?? '', CODEWARD_STATE_DIR: join(at.base, `state${at.count}`) }, sandbox: { mode: sandboxed ? 'workspace-write' : 'off' }, permissions: { home, yes: true } });
    try {
      return await body(engine, root);
    } finally {
      await engine.close();
    }
  };
}

// Of `names`, those the `write` tool writes under --yes (a catalogue name asks, C241, and is not written).
export async function writtenUnasked(withEngine: WithEngine, names: readonly string[]): Promise<string[]> {
  return withEngine({}, false, async (engine) => {
    const written: string[] = [];
    for (const file of names) if ((await engine.run({ cmd: 'write', args: { file, content: 'x\n' } })).ok) written.push(file);
    return written;
  });
}
