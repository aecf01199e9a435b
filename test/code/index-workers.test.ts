// The index's parse workers are replaced (issue 30, peak memory): a worker that holds too much is recycled
// between files and the fresh one answers the same; a worker its resource limit stops (a real
// ERR_WORKER_OUT_OF_MEMORY) costs the files it had one retry, each alone on a worker of its own, and the
// file it was parsing, lost again, is skipped with the reason while every other file is indexed.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { indexFiles } from '../../src/code/index/code-index.js';
import { extractBytes } from '../../src/code/index/entry.js';
import { ParsePool } from '../../src/code/index/pool.js';
import { CodeParsers } from '../../src/code/parsers.js';
import { Workspace } from '../../src/workspace/workspace.js';
import { REPO_ROOT, removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

// The built worker (npm run build), as the CLI and the library run it.
const WORKER = join(REPO_ROOT, 'dist/code-index-worker.js');

let root: string;
let state: string;
beforeEach(async () => {
  root = await tempDir('codeward-workers-');
  state = await tempDir('codeward-state-');
});
afterEach(async () => {
  await removeDir(root);
  await removeDir(state);
});

const source = (at: number): string => `export class Box${at} {\n  open(): number { return f${at}(); }\n}\nexport function f${at}(): number {\n  return ${at};\n}\n`;

describe('parse workers', () => {
  it('a worker recycled after every file is replaced by one that answers the same as this thread', async () => {
    const pool = new ParsePool(2, new CodeParsers(), { script: WORKER, recycleMb: 0 });
    const local = new CodeParsers();
    try {
      for (let at = 0; at < 6; at++) {
        const bytes = new TextEncoder().encode(source(at));
        const expected = await extractBytes(local, `m${at}.ts`, bytes);
        expect(await pool.extract(`m${at}.ts`, bytes.slice())).toEqual(expected);
      }
      // Every answer passed the threshold: each lane started a fresh worker for each file after its first.
      expect(pool.started).toBe(6);
      // Many at once, every lane being replaced: the files sent to a worker before it passed the threshold
      // are answered by it, the later ones wait for its replacement; none is lost or answered twice.
      const texts = Array.from({ length: 12 }, (_, at) => new TextEncoder().encode(source(at + 10)));
      const expected = await Promise.all(texts.map((bytes, at) => extractBytes(local, `n${at}.ts`, bytes)));
      const early = texts.slice(0, 4).map((bytes, at) => pool.extract(`n${at}.ts`, bytes.slice()));
      await early[0];
      const late = texts.slice(4).map((bytes, at) => pool.extract(`n${at + 4}.ts`, bytes.slice()));
      expect(await Promise.all([...early, ...late])).toEqual(expected);
      expect(pool.started).toBeGreaterThanOrEqual(8);
    } finally {
      await pool.close();
    }
  });

  it('a worker stopped by its memory limit costs its files one retry; the file it held is skipped with the reason', async () => {
    // The real worker, plus a listener that allocates without end on one file: V8 stops the isolate at its
    // old generation limit, as it would a runaway parse.
    const script = join(state, 'hog-worker.mjs');
    await writeFile(script, `import ${JSON.stringify(pathToFileURL(WORKER).href)};\nimport { parentPort } from 'node:worker_threads';\nparentPort.on('message', (request) => {\n  if (!request.file.includes('hog')) return;\n  const kept = [];\n  for (;;) kept.push(new Array(100000).fill({ kept }));\n});\n`);
    const files: Record<string, string> = { 'src/hog.ts': source(999) };
    for (let at = 0; at < 80; at++) files[`src/m${at}.ts`] = source(at);
    await writeFiles(root, files);
    const workspace = await Workspace.open(root);
    const result = await indexFiles({ workspace, stateDir: state, files: Object.keys(files).sort(), signal: new AbortController().signal, threads: 2, pool: { script, oldGenerationMb: 48 } });
    expect(result.threads).toBe(2);
    expect(result.parsed).toBe(81);
    expect(result.skipped).toHaveLength(1);
    expect(result.skipped[0]!.path).toBe('src/hog.ts');
    expect(result.skipped[0]!.reason).toMatch(/^the parse worker stopped \(.*\) twice while parsing it$/);
    // The files queued behind it on the same worker were parsed on their retry.
    expect(result.files.map((file) => file.path)).toEqual(Object.keys(files).filter((path) => path !== 'src/hog.ts').sort());
    for (const { path, entry } of result.files) {
      const at = /m(\d+)\.ts$/.exec(path)![1];
      expect((entry.symbols ?? []).map((symbol) => symbol.name).sort()).toEqual([`Box${at}`, `f${at}`, 'open'].sort());
    }
  });
});
