// Red team round 32, R32-4 (CRITICAL by R31-2's measure: a command run with no approval, invariant 7): the ChatCLI
// plugin door drops the wrapper's --yes when ChatCLI's read-only exec allowlist may have let the call run unasked
// (doors/chatcli/approval.ts unaskedReason, chatcliName: the first word of the shell line as codeward receives it).
// But ChatCLI judges a NORMALISED string (chatcli-behaviour.md §6.2 NormalizeCoderArgs: HTML-unescape + trim, then
// JSON-ish unescape, then the words after `--cmd`), while the plugin receives the argv unchanged (§8.7). A model
// emits `exec --cmd 'l&#x73;<newline>touch x'`: ChatCLI's check reads `ls` first (allowlist: allow, nobody asked),
// codeward reads `l&#x73;` (not on the list, so "ChatCLI asked") and applies --yes; bash runs `l &` (not found,
// in the background), a comment `#x73;`, then `touch x` - the model's line, run with nobody asked.
// Held-back variants a fix must also cover: decimal and named entities (`&#108;s`, `&#x6C;s`), an entity later in
// the word (`ca&#116;`), the JSON-ish unescape of §6.2 (outer quotes, `\"`), leading blanks ChatCLI trims.
// Expected: unaskedReason returns a reason (the door refuses what would need a person, C241).
// Fix: src/doors/chatcli/approval.ts chatcliName (read the line as NormalizeCoderArgs normalises it before its
// first word is taken: the same normalisation for the allow-rule prefix match).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinCommands } from '../../src/commands/index.js';
import { unaskedReason } from '../../src/doors/chatcli/approval.js';
import { Registry } from '../../src/engine/registry.js';

const registry = new Registry(builtinCommands);
let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rt32-chatcli-html-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('R32-4 CRITICAL: a first word ChatCLI reads after HTML-unescaping is on its read-only list, codeward applies --yes', () => {
  it.each([
    'l&#x73;\ntouch x',
    'l&#115;\ntouch x',
    '&#x6C;s\ntouch x',
    'ca&#116;\ntouch x',
    'ech&#x6f;\ntouch x',
  ])('%j voids --yes', async (line) => {
    expect(await unaskedReason(['exec', '--cmd', line], root, registry)).toMatch(/without asking/);
  });
});

describe('control', () => {
  it('a first word not on the list keeps --yes', async () => {
    expect(await unaskedReason(['exec', '--cmd', 'touch x'], root, registry)).toBeUndefined();
  });
  it('an entity that decodes to a word not on the list keeps --yes', async () => {
    expect(await unaskedReason(['exec', '--cmd', 'touc&#x68; x'], root, registry)).toBeUndefined();
  });
});

describe('R32-4: a named reference in the first word (a newline to ChatCLI) voids --yes', () => {
  it('cat&NewLine;x', async () => {
    expect(await unaskedReason(['exec', '--cmd', 'cat&NewLine;x;touch y'], root, registry)).toMatch(/cannot be told/);
  });
});
