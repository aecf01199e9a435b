import { describe, expect, it } from 'vitest';
import { parseCall } from '../../src/args/parse-call.js';
import { builtinCommands } from '../../src/commands/index.js';
import { Registry } from '../../src/engine/registry.js';
import { isCodewardError } from '../../src/engine/errors.js';

const registry = new Registry(builtinCommands);
const args = (input: Record<string, unknown>): Record<string, unknown> => parseCall({ cmd: 'read', args: input }, registry).args;

// Claude Code's and Gemini CLI's read tools take a line window as offset + limit; a model used to them
// writes it so. limit alone stays the first lines (--head); the canonical start + head stays a clash.
describe('read: offset and limit as a line window', () => {
  it('offset + limit is limit lines from the offset line', () => {
    expect(args({ file: 'a.txt', offset: 10, limit: 5 })).toEqual({ file: 'a.txt', start: 10, end: 14 });
    expect(args({ file: 'a.txt', start: 40, limit: 1 })).toEqual({ file: 'a.txt', start: 40, end: 40 });
  });

  it('limit alone is the first lines; with an explicit end there is no window (the read then refuses the clash)', () => {
    expect(args({ file: 'a.txt', limit: 5 })).toEqual({ file: 'a.txt', head: 5 });
    expect(args({ file: 'a.txt', offset: 3, end: 9, limit: 2 })).toEqual({ file: 'a.txt', start: 3, end: 9, head: 2 });
  });

  it('the canonical start + head is still refused when the read runs (the model said two things)', () => {
    expect(args({ file: 'a.txt', start: 10, head: 3 })).toEqual({ file: 'a.txt', start: 10, head: 3 });
    try {
      registry.find('read')!.check?.({ file: 'a.txt', start: 10, head: 3 } as never);
      expect.unreachable('start + head must be refused');
    } catch (error) {
      expect(isCodewardError(error) && error.message).toBe('use either --start/--end or --head/--tail, not both');
    }
  });
});
