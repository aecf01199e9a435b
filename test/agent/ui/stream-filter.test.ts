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
