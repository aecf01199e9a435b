// Red team round 32, R32-6 (CRITICAL by invariant 2's letter, "agent definitions": a file an agent later obeys is
// planted by a sandboxed run and kept): the write gate's catalogue (permissions/obeyed.ts isObeyedLater, row
// 'codeward and ChatCLI') lists `.chatcli`, `coder_policy.json`, AGENTS.md, SOUL.md, USER.md, RULES.md, but not the
// rest of what ChatCLI reads from the project (chatcli-behaviour.md §7.4): the bootstrap file IDENTITY.md (put in
// every session's system prompt), personas `<project>/.agent/agents/*.md`, skills `<project>/.agent/skills/**`, and
// the path rules of `<workspace>/rules/` (read when the project has no `.chatcli/`). A `.agent/` folder also moves
// ChatCLI's workspace root (the first folder up from the working folder holding `.agent/` or `.git/`), so a planted
// `sub/.agent/` makes `sub/AGENTS.md` the instructions of a session started in `sub`. Checked: a sandboxed
// `sh mk.sh` writing IDENTITY.md, .agent/agents/x.md, .agent/skills/s/SKILL.md, rules/x.md, d/.agent/agents/y.md
// left all five in place (AGENTS.md, SOUL.md, RULES.md, .chatcli/rules/z.md beside them were moved aside).
// Expected: each is "obeyed later" (the sandbox moves it aside, the file tools ask).
// Fixed in src/permissions/obeyed.ts (ChatCLI's row: IDENTITY.md, `.agent`). LEFT (the lead's friction call): ChatCLI's
// `<workspace>/rules/*.md` (only at ChatCLI's workspace root and only without `.chatcli/`); the catalogue matches a
// name at any depth, and `rules/*.md` there would make every `docs/rules/x.md` ask and be moved aside.
import { describe, expect, it } from 'vitest';
import { isObeyedLater } from '../../src/permissions/obeyed.js';

describe('R32-6: ChatCLI\'s project instruction files are obeyed later', () => {
  it.each(['IDENTITY.md', '.agent/agents/x.md', '.agent/skills/s/SKILL.md', 'd/.agent/agents/y.md', '.agent'])('%s', (path) => {
    expect(isObeyedLater(path)).toBeDefined();
  });
});

describe('control (held)', () => {
  it.each(['AGENTS.md', 'SOUL.md', '.chatcli/rules/z.md'])('%s', (path) => {
    expect(isObeyedLater(path)).toBeDefined();
  });
  it.each(['src/rules.ts', 'docs/identity.txt', 'agent/main.go'])('%s is ordinary', (path) => {
    expect(isObeyedLater(path)).toBeUndefined();
  });
});
