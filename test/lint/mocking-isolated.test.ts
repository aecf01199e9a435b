import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MOCKING } from '../../vitest.config.js';
import { REPO_ROOT } from '../helpers/fixture.js';

// Test files share their worker's loaded modules (vitest.config.ts, isolate: false), so a vi.mock in a file
// outside the config's MOCKING list would replace nothing (the real module was loaded by an earlier file) and
// its test would check the real thing by accident. Every file that mocks a module is on the list, and every file
// on the list still mocks one.
const MOCK = /\bvi\.(?:mock|doMock|unmock|doUnmock)\(/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') ? [relative(REPO_ROOT, path)] : [];
  });
}

describe('files that mock a module', () => {
  it('run isolated, and only they do', () => {
    const mocking = testFiles(join(REPO_ROOT, 'test')).filter((file) => MOCK.test(readFileSync(join(REPO_ROOT, file), 'utf8')));
    expect(mocking.sort()).toEqual([...MOCKING].sort());
  });
});
