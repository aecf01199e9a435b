// A warm server (`codeward serve`) builds one engine per call and keeps `lasting` between them: the code
// commands keep their grammars and compiled queries, outlines, index store, stamps and repo-map graph there
// (src/code/lasting-memo.ts), so a served call does not load and compile the grammar again (the TypeScript
// tags query took 150-360 ms per served call) nor reload the graph; the answers stay a fresh engine's.
import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Language } from 'web-tree-sitter';
import { createEngine } from '../../src/index.js';
import { CodeParsers } from '../../src/code/parsers.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

let root: string;
let state: string;
beforeEach(async () => {
  root = await tempDir('codeward-lasting-');
  state = await tempDir('codeward-state-');
  const files: Record<string, string> = { 'src/core.ts': 'export function core(): number { return 1; }\n' };
  for (let at = 0; at < 6; at++) files[`src/m${at}.ts`] = `export function many${at}(): number { return core() + ${at}; }\n`;
  await writeFiles(root, files);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await removeDir(root);
  await removeDir(state);
});

async function call(lasting: Map<string, unknown> | undefined, cmd: string, args: Record<string, unknown>, dir = state): Promise<Record<string, unknown>> {
  const engine = await createEngine({ workspace: root, env: { ...process.env, CODEWARD_STATE_DIR: dir }, ...(lasting === undefined ? {} : { lasting }) });
  try {
    const result = await engine.run({ cmd, args });
    expect(result.ok, JSON.stringify(result)).toBe(true);
    return (result as unknown as { data: Record<string, unknown> }).data;
  } finally {
    await engine.close();
  }
}

describe('code commands across the engines of a warm server', () => {
  it('load a grammar once, answer an outline without a parse, and map as a fresh engine after a change', async () => {
    const lasting = new Map<string, unknown>();
    const loads = vi.spyOn(Language, 'load');
    const parses = vi.spyOn(CodeParsers.prototype, 'parse');
    await call(lasting, 'repo-map', { budget: 300 });
    await call(lasting, 'outline', { file: 'src/core.ts' });
    expect(loads).toHaveBeenCalledTimes(1);
    loads.mockClear();
    parses.mockClear();
    // Another engine, the same server: the outline is the kept one, the grammar is not loaded again.
    const outline = await call(lasting, 'outline', { file: 'src/core.ts' });
    expect(parses).not.toHaveBeenCalled();
    await appendFile(join(root, 'src/m3.ts'), 'export function added(): number { return many2(); }\n');
    const changed = await call(lasting, 'repo-map', { budget: 300 });
    expect(loads).not.toHaveBeenCalled();
    expect(changed.parsed).toBe(1);
    const other = await tempDir('codeward-state-');
    try {
      const fresh = await call(undefined, 'repo-map', { budget: 300 }, other);
      expect(changed.map).toBe(fresh.map);
      expect(outline).toEqual(await call(undefined, 'outline', { file: 'src/core.ts' }, other));
    } finally {
      await removeDir(other);
    }
  });
});
