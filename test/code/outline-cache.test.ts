// One engine keeps its grammars and the outlines it made (ctx.memo): the same text is answered from the
// cache, a changed text (same size, same name) is parsed again, never served stale.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine/engine.js';
import { engineFor, removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

let root: string;
let engine: Engine;
beforeEach(async () => {
  root = await tempDir('codeward-outline-cache-');
  await writeFiles(root, { 'a.ts': 'export class Alpha {\n  run(): void {}\n}\n' });
  engine = await engineFor(root);
});
afterEach(async () => {
  await engine.close();
  await removeDir(root);
});

const outline = async (): Promise<{ namePath: string }[]> => {
  const result = await engine.run({ cmd: 'outline', args: { file: 'a.ts' } });
  expect(result.ok, JSON.stringify(result)).toBe(true);
  return (result as { data: { symbols: { namePath: string }[] } }).data.symbols;
};

describe('outline cache', () => {
  it('the same text is served from the engine cache; a same-size edit is outlined again', async () => {
    const first = await outline();
    expect(await outline()).toBe(first);
    await writeFile(join(root, 'a.ts'), 'export class Gamma {\n  run(): void {}\n}\n');
    const changed = await outline();
    expect(changed).not.toBe(first);
    expect(changed.map((symbol) => symbol.namePath)).toEqual(['Gamma']);
    // An edit through codeward (the syntax check parses with the same grammars) and the outline after it.
    expect(await engine.run({ cmd: 'patch', args: { file: 'a.ts', search: 'run(): void {}', replace: 'stop(): void {}' } })).toMatchObject({ ok: true });
    expect(JSON.stringify(await outline())).toContain('Gamma/stop');
  });
});
