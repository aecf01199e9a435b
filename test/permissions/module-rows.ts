// The setup the module-resolution tests share (module-resolution, module-reach, module-pointers): one temp
// folder per file with a HOME, a fresh repository per row, and a package.json writer.
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { checkHookRow, type Row } from './hook-check.js';

export interface ModuleRows {
  // One row in a fresh repository (hook-check.ts).
  readonly check: (row: Row) => Promise<void>;
  // The file's temp folder and HOME (set once beforeAll ran).
  readonly base: () => string;
  readonly home: () => string;
  // A fresh folder for a row checked some other way.
  readonly next: () => string;
  // One row with the process environment's NODE_OPTIONS set to `value` (restored after).
  readonly withEnv: (value: string, row: Row) => Promise<void>;
}

export function moduleRows(prefix: string): ModuleRows {
  let base = '';
  let count = 0;
  beforeAll(async () => {
    base = await tempDir(prefix);
    await writeFiles(join(base, 'home'), { '.keep': '' });
  });
  afterAll(async () => removeDir(base));
  const next = (): string => join(base, `r${++count}`);
  const check = async (row: Row): Promise<void> => checkHookRow(next(), join(base, 'home'), row);
  const withEnv = async (value: string, row: Row): Promise<void> => {
    const before = process.env['NODE_OPTIONS'];
    process.env['NODE_OPTIONS'] = value;
    try {
      await check(row);
    } finally {
      if (before === undefined) delete process.env['NODE_OPTIONS'];
      else process.env['NODE_OPTIONS'] = before;
    }
  };
  return { check, base: () => base, home: () => join(base, 'home'), next, withEnv };
}

// node_modules/<name>/package.json of an installed package (`fields`: more of its manifest: `main` ...).
export const pkg = (name: string, dependencies: Record<string, string> = {}, fields: Record<string, unknown> = {}): Record<string, string> => ({ [`node_modules/${name}/package.json`]: JSON.stringify({ name, main: 'index.js', dependencies, ...fields }) });
