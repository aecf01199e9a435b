import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/fixture.js';
import { sources } from './source-files.js';

// Every CODEWARD_* environment variable the source reads is in the index of docs/configuration.md, so a
// newcomer can find what changes codeward's behaviour from outside its flags and files. Variables that only
// tests set are named here.
const TEST_ONLY = new Set(['CODEWARD_TEST_STAGE_KILL_AFTER']);


function variablesIn(text: string): Set<string> {
  return new Set(text.match(/\bCODEWARD_[A-Z][A-Z0-9_]*[A-Z0-9]\b/g) ?? []);
}

describe('the environment variable index', () => {
  it('names every CODEWARD_* variable the source reads', () => {
    const used = new Set<string>();
    for (const file of sources(join(REPO_ROOT, 'src'))) for (const name of variablesIn(readFileSync(file, 'utf8'))) used.add(name);
    const docs = readFileSync(join(REPO_ROOT, 'docs/configuration.md'), 'utf8');
    const index = docs.slice(docs.indexOf('### Environment variables'), docs.indexOf('## Workspace trust'));
    const documented = variablesIn(index);
    const missing = [...used].filter((name) => !documented.has(name) && !TEST_ONLY.has(name)).sort();
    expect(used.size).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });
});
