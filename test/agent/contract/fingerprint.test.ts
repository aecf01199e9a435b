import { describe, expect, it } from 'vitest';
import type { ToolCallTag } from '../../../src/agent/contract/types.js';
import { fingerprint } from '../../../src/agent/contract/validate.js';

const call = (name: string, args: string): ToolCallTag => ({ name, args, raw: '', index: 0 });

describe('fingerprint', () => {
  it('ignores whitespace between JSON tokens and key order', () => {
    const a = fingerprint([call('@coder', '{"cmd":"read","args":{"file":"a.ts","head":5}}')]);
    const b = fingerprint([call('@coder', '{ "args" : {\n  "head": 5, "file": "a.ts" },\n "cmd": "read" }')]);
    expect(a).toBe(b);
  });

  it('ignores whitespace runs in CLI-style args', () => {
    expect(fingerprint([call('@coder', 'read  --file\ta.ts ')])).toBe(fingerprint([call('@coder', 'read --file a.ts')]));
  });

  it('treats @coder, coder and @Coder as the same tool', () => {
    expect(fingerprint([call('coder', 'tree')])).toBe(fingerprint([call('@Coder', 'tree')]));
  });

  it('tells apart different args, different tools and different order', () => {
    const read = call('@coder', '{"cmd":"read","args":{"file":"a"}}');
    const other = call('@coder', '{"cmd":"read","args":{"file":"b"}}');
    expect(fingerprint([read])).not.toBe(fingerprint([other]));
    expect(fingerprint([call('@todo', 'list')])).not.toBe(fingerprint([call('@coder', 'list')]));
    expect(fingerprint([read, other])).not.toBe(fingerprint([other, read]));
    expect(fingerprint([read])).not.toBe(fingerprint([read, read]));
  });

  it('keeps whitespace inside JSON strings significant', () => {
    expect(fingerprint([call('@coder', '{"cmd":"exec","args":{"cmd":"echo  a"}}')])).not.toBe(
      fingerprint([call('@coder', '{"cmd":"exec","args":{"cmd":"echo a"}}')]),
    );
  });

  it('cannot be fooled by a separator inside args', () => {
    expect(fingerprint([call('a', 'b","c')])).not.toBe(fingerprint([call('a', 'b'), call('c', '')]));
  });

  it('is the same for an empty batch every time', () => {
    expect(fingerprint([])).toBe(fingerprint([]));
  });
});
