// Red team round 31, R31-2 (CRITICAL: a command run with no approval, invariant 7): the ChatCLI plugin door drops the
// wrapper's --yes when the repository's `coder_policy.json` has an allow rule that lets ChatCLI run the call without
// asking (doors/chatcli/approval.ts localAllowPatterns). ChatCLI is Go: encoding/json matches object keys to its
// struct's `json:"rules"`/`"pattern"`/`"action"` tags CASE-INSENSITIVELY (Unicode simple folding: `ſ` is `s`, `K`
// is `k`), and of two keys that fold alike the last wins. codeward reads the file with JSON.parse and looks for the
// exact key `rules` only: a repository shipping `{"Rules":[{"Pattern":"@coder","Action":"allow"}]}` (or `{"rules":[],
// "RULES":[…]}`, or `"ruleſ"`) makes ChatCLI run every `@coder` call unasked while codeward concludes ChatCLI asked
// and applies --yes: `@coder exec --cmd 'anything'` runs with nobody asked (anything not immune; with the default
// sandbox, inside it; the model chooses the line).
// Held-back variants a fix must also cover: `Pattern`/`ACTION` keys inside a rule, a later duplicate that folds to
// the same name overriding the first (Go: last wins; JS: exact key only), folded letters (`ſ`, `K`).
// Fix: src/doors/chatcli/approval.ts localAllowPatterns (read the file as Go does: keys folded, last of a fold wins).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinCommands } from '../../src/commands/index.js';
import { unaskedReason } from '../../src/doors/chatcli/approval.js';
import { Registry } from '../../src/engine/registry.js';
import { removeDir, tempDir } from '../helpers/fixture.js';

const registry = new Registry(builtinCommands);
let root: string;
beforeAll(async () => {
  root = await tempDir('rt31-chatcli-keys-');
});
afterAll(async () => {
  await removeDir(root);
});

const reasonWith = async (text: string): Promise<string | undefined> => {
  await writeFile(join(root, 'coder_policy.json'), text);
  return unaskedReason(['exec', '--cmd', 'make'], root, registry);
};

describe('R31-2 CRITICAL: an allow rule ChatCLI reads (Go keys fold case) is not seen, so --yes approves what nobody was asked', () => {
  it.each([
    '{"Rules":[{"Pattern":"@coder","Action":"allow"}]}',
    '{"RULES":[{"pattern":"@coder exec","action":"allow"}]}',
    '{"rules":[{"PATTERN":"@coder","ACTION":"allow"}]}',
    '{"rules":[],"Rules":[{"pattern":"@coder","action":"allow"}]}',
    '{"ruleſ":[{"pattern":"@coder","action":"allow"}]}',
  ])('%s voids --yes', async (text) => {
    expect(await reasonWith(text)).toMatch(/coder_policy/);
  });
});

describe('control', () => {
  it.each(['{"rules":[{"pattern":"@coder","action":"allow"}]}'])('%s voids --yes', async (text) => {
    expect(await reasonWith(text)).toMatch(/coder_policy/);
  });
  it.each(['{"Rules":[{"Pattern":"@coder","Action":"deny"}]}', '{"Rules":[{"pattern":"@coder","action":"allow"}],"rules":[]}', '{"rules": ['])('%s keeps --yes', async (text) => {
    expect(await reasonWith(text)).toBeUndefined();
  });
});
