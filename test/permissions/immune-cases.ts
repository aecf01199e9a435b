import { afterAll, beforeAll, expect, test } from 'vitest';
import { writeFiles } from '../helpers/fixture.js';
import { explain, policyWith, sandbox, type Sandbox } from './helpers.js';

// One sandbox for a test file, holding `files`: made before its tests, removed after them.
export function immunityBox(files: Readonly<Record<string, string>>): () => Sandbox {
  let box: Sandbox | undefined;
  beforeAll(async () => {
    box = await sandbox();
    await writeFiles(box.root, files);
  });
  afterAll(async () => {
    await box?.cleanup();
  });
  return () => box!;
}

// Lines that ask a person under `allow @coder *` and `allow *` (each with the immune class expected), and
// look-alikes left ordinary: one test per line.
export function immunityCases(box: () => Sandbox, immune: readonly (readonly [string, string])[], ordinary: readonly string[]): void {
  test.each(immune)('%s: %s', async (name, line) => {
    const policy = await policyWith(box(), ['allow @coder *', 'allow *']);
    const result = await explain(policy, `@coder exec ${line}`);
    expect({ decision: result.decision, source: result.source, immune: result.immune }).toEqual({ decision: 'ask', source: 'immune', immune: name });
  });

  test.each(ordinary)('not immune: %s', async (line) => {
    const policy = await policyWith(box(), ['allow @coder *', 'allow *']);
    const result = await explain(policy, `@coder exec ${line}`);
    expect(result.immune).toBeUndefined();
  });
}
