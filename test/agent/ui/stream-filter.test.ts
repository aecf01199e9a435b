import { describe, expect, it } from 'vitest';
import { StreamFilter, type Segment } from '../../../src/agent/ui/stream-filter.js';

// Feeds `text` in pieces of `size` characters and returns the merged segments.
function run(text: string, size: number): Segment[] {
  const filter = new StreamFilter();
  const out: Segment[] = [];
  for (let at = 0; at < text.length; at += size) out.push(...filter.push(text.slice(at, at + size)));
  out.push(...filter.flush());
  const merged: Segment[] = [];
  for (const segment of out) {
    const last = merged[merged.length - 1];
    if (last && last.kind === segment.kind) merged[merged.length - 1] = { kind: segment.kind, text: last.text + segment.text };
    else merged.push(segment);
  }
  return merged;
}

const RESPONSE = [
  '<reasoning>\n1. Read app.ts\n2. Fix it\n</reasoning>\n',
  `<tool_call name="@coder" args='{"cmd":"exec","args":{"cmd":"echo a > b"}}' />\n`,
  '<tool_call name="@coder">\n{"cmd":"write","args":{"file":"x","content":"<b> and </div>"}}\n</tool_call>\n',
  '<TOOL name="@todo" args=list/>',
  '<agent_call agent="file">look at a < b</agent_call>',
  'Done: a < b and <div> stay.',
].join('');

describe('StreamFilter', () => {
  it.each([1, 2, 3, 5, 7, 13, 1000])('hides tool and agent tags and separates reasoning, in deltas of %i characters', (size) => {
    const segments = run(RESPONSE, size);
    expect(segments[0]).toEqual({ kind: 'reasoning', text: '\n1. Read app.ts\n2. Fix it\n' });
    const text = segments.filter((segment) => segment.kind === 'text').map((segment) => segment.text).join('');
    expect(text).not.toMatch(/tool|agent_call|cmd|look at/i);
    expect(text).toContain('Done: a < b and <div> stay.');
  });

  it('holds back a possible tag start until it is decided', () => {
    const filter = new StreamFilter();
    expect(filter.push('Hello <tool')).toEqual([{ kind: 'text', text: 'Hello ' }]);
    expect(filter.push('_call name="@coder" args=\'{"x":">"}')).toEqual([]);
    expect(filter.push("'/> bye")).toEqual([{ kind: 'text', text: ' bye' }]);
  });

  it('shows an unfinished tag start as text when the answer ends', () => {
    const filter = new StreamFilter();
    expect(filter.push('compare x <too')).toEqual([{ kind: 'text', text: 'compare x ' }]);
    expect(filter.flush()).toEqual([{ kind: 'text', text: '<too' }]);
  });

  it('ends an unclosed paired tag at the next opening of its family', () => {
    const text = run(`<tool_call name="@coder" args='read a'>\n<tool_call name="@coder" args='read b'/>after`, 4)
      .map((segment) => segment.text)
      .join('');
    expect(text).toBe('after');
  });

  it('does not treat <toolbox> or <reasoningX> as tags', () => {
    expect(run('a <toolbox> b', 2)).toEqual([{ kind: 'text', text: 'a <toolbox> b' }]);
  });
});

// A model ticks the step it is asking for in the same answer; the streamed reasoning must not show it done
// before it ran (the plan box shows each step's state). Numbers and words stay; other text is untouched.
describe('StreamFilter: plan checkboxes out of the streamed reasoning', () => {
  const ticked = '<reasoning>\nThe test fails [x] here.\n1. [x] Run the tests\n[x] 2. Read lib/utils.js\n  3) [ ] Fix it\n4 - [✓] Test again\n</reasoning>\n<tool_call name="@coder" args=\'{"cmd":"read","args":{"file":"lib/utils.js"}}\' />\n1. [x] stays in prose';
  it.each([1, 2, 3, 5, 7, 13, 1000])('in deltas of %i characters', (size) => {
    const segments = run(ticked, size);
    expect(segments[0]).toEqual({ kind: 'reasoning', text: '\nThe test fails [x] here.\n1. Run the tests\n2. Read lib/utils.js\n  3) Fix it\n4 - Test again\n' });
    expect(segments.filter((segment) => segment.kind === 'text').map((segment) => segment.text).join('')).toContain('1. [x] stays in prose');
  });

  it('an unclosed reasoning is decided at the end', () => {
    expect(run('<reasoning>\n2. [x] Read', 3)).toEqual([{ kind: 'reasoning', text: '\n2. Read' }]);
  });

  it('a long reasoning line streams after its start is decided', () => {
    const filter = new StreamFilter();
    expect(filter.push('<reasoning>1. [x] Read the file a')).toEqual([{ kind: 'reasoning', text: '1. Read the file a' }]);
    expect(filter.push('nd more')).toEqual([{ kind: 'reasoning', text: 'nd more' }]);
  });
});
