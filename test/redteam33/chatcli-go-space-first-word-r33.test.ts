// Red team round 33, R33-6 (CRITICAL by R31-2/R32-4's measure: a command run with no approval, invariant 7): the
// ChatCLI plugin door drops the wrapper's --yes when ChatCLI's read-only allowlist may have let the call run unasked
// (doors/chatcli/approval.ts chatcliNames: the first word of the line). ChatCLI splits the checked line with Go's
// strings.TrimSpace/strings.Fields (unicode.IsSpace: U+0085 NEXT LINE is a space), codeward with JavaScript's
// trim/`\s` (U+0085 is NOT a space there). A JSON call `{"cmd":"exec","args":{"cmd":"ls\u0085x || touch y"}}`
// reaches the plugin as argv `exec --cmd 'ls<NEL>x || touch y'`: ChatCLI's first field is `ls` (allowlisted; the
// `||` chain is not checked: nobody asked), codeward reads `ls<NEL>x` (not on the list, so "ChatCLI asked") and
// applies --yes; bash reads `ls<NEL>x` as one command name (not found), then runs `touch y`. A leading U+0085
// (`<NEL>ls || touch y`) is trimmed by Go and kept by JavaScript: the same.
// Held-back variants a fix must also cover: the other direction (U+FEFF is a space to JavaScript, not to Go: safe
// side today), every Go-space in the first word (U+0085 is the only one JavaScript lacks), a NEL after an entity.
// Expected: unaskedReason returns a reason (the door refuses what would need a person, C241).
// Fix: src/doors/chatcli/approval.ts chatcliNames: split and trim as Go does (unicode.IsSpace's set), ONE helper
// used for the first word and the allow-rule prefix match.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinCommands } from '../../src/commands/index.js';
import { unaskedReason } from '../../src/doors/chatcli/approval.js';
import { Registry } from '../../src/engine/registry.js';
import { goFields, goTrim } from '../../src/doors/chatcli/go-space.js';

const registry = new Registry(builtinCommands);
let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rt33-chatcli-nel-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('R33-6 CRITICAL: a first word ChatCLI splits at U+0085 is on its read-only list, codeward applies --yes', () => {
  it.each([
    'ls\u0085x || touch y',
    '\u0085ls || touch y',
    'cat\u0085x || touch y',
    'l&#x73;\u0085x || touch y',
  ])('%j voids --yes', async (line) => {
    expect(await unaskedReason(['exec', '--cmd', line], root, registry)).toBeDefined();
  });
});

describe('control', () => {
  it('ls || touch y voids --yes', async () => {
    expect(await unaskedReason(['exec', '--cmd', 'ls || touch y'], root, registry)).toBeDefined();
  });
  it('touch y keeps --yes', async () => {
    expect(await unaskedReason(['exec', '--cmd', 'touch y'], root, registry)).toBeUndefined();
  });
});

// fix33b: ONE whitespace set for the way ChatCLI reads a line (src/doors/chatcli/go-space.ts), Go's unicode.IsSpace.
const GO_SPACES = [0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0x85, 0xa0, 0x1680, ...Array.from({ length: 11 }, (_, i) => 0x2000 + i), 0x2028, 0x2029, 0x202f, 0x205f, 0x3000];
describe('every code point Go splits at, and none other', () => {
  it.each(GO_SPACES.map((code) => [code.toString(16), String.fromCodePoint(code)] as const))('U+%s: the first word is ls, so --yes is void', async (_, space) => {
    expect(goFields(`ls${space}x`)).toEqual(['ls', 'x']);
    expect(await unaskedReason(['exec', '--cmd', `ls${space}x || touch y`], root, registry)).toBeDefined();
    expect(await unaskedReason(['exec', '--cmd', `${space}ls || touch y`], root, registry)).toBeDefined();
  });
  it('U+FEFF is a space to JavaScript, not to Go: `ls<BOM>x` is no read-only name to ChatCLI (it asked), --yes holds', async () => {
    expect(goFields('ls\ufeffx')).toEqual(['ls\ufeffx']);
    expect(goTrim('\ufeffls\ufeff')).toBe('\ufeffls\ufeff');
    expect(await unaskedReason(['exec', '--cmd', 'ls\ufeffx || touch y'], root, registry)).toBeUndefined();
  });
  it('no other code point below U+10000 splits', () => {
    const spaces = new Set(GO_SPACES);
    for (let code = 0; code < 0x10000; code++) {
      if (spaces.has(code) || (code >= 0xd800 && code < 0xe000)) continue;
      expect(goFields(`a${String.fromCharCode(code)}b`).length, code.toString(16)).toBe(1);
    }
  });
});
