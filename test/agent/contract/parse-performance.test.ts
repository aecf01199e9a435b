import { describe, expect, it } from 'vitest';
import { parseResponse } from '../../../src/agent/contract/parse.js';

const MB = 1024 * 1024;

// Repeats a fragment to about 1 MB.
const fill = (fragment: string): string => fragment.repeat(Math.ceil(MB / fragment.length));

// Best of three after a warm-up: the bound is about the algorithm (a quadratic parse takes seconds here),
// not about a busy test machine's scheduling or the JIT's first pass. The bounds are ~10x the unloaded
// times so a loaded 2-core CI machine passes; bench/ measures the speed itself.
function timed(text: string): { ms: number; calls: number } {
  let calls = parseResponse(text).toolCalls.length;
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    calls = parseResponse(text).toolCalls.length;
    best = Math.min(best, performance.now() - started);
  }
  return { ms: best, calls };
}

describe('parseResponse on hostile 1 MB input', () => {
  it.each([
    ['unclosed tags with an open double quote', '<tool_call name="@coder args=x '],
    ['unclosed tags with an open single quote', "<tool_call name='@coder args=x "],
    ['unclosed tags with unquoted values', '<tool_call name=a args=b '],
    ['bare opening tags with no closing tag', '<tool_call> text '],
    ['agent calls never closed', '<agent_call agent="x" task="y" '],
    ['paired openings without attributes', '<tool_call>{"cmd":"tree"} <agent_call>x '],
    ['reasoning never closed', '<reasoning> 1. step '],
    ['quotes of both kinds interleaved', `<tool_call a='" b="' <tool c=" `],
    ['shell-looking and quoted lines', '> make sure\n$ npm test\n> go to "x\n\n \t\n'],
    // An escaped quote does not close a value: without the shared finder each opening would scan to the end.
    ['escaped single quotes that never close', "<tool_call name=x args='\\' "],
    ['escaped double quotes that never close', '<tool_call name=x args="\\" '],
    ['bare JSON values that never close', '<tool_call name=x args={"a":[{"b":"} '],
  ])('%s parses in well under a second', (_title, fragment) => {
    const { ms } = timed(fill(fragment));
    expect(ms).toBeLessThan(1_000);
  });

});

// These responses hold tens of thousands of real calls, each an object to build: the bound is looser, and
// still far below what quadratic work on 50 000 tags would take (seconds).
describe('parseResponse on 1 MB of real calls', () => {
  it('a huge response with one open quote and many tags after it stays fast', () => {
    const { ms, calls } = timed(`<tool_call name="${fill('<tool_call name=x args=y> ')}`);
    expect(calls).toBeGreaterThan(30_000);
    expect(ms).toBeLessThan(2_000);
  });

  it('reasoning tags hidden in call args are skipped quickly', () => {
    const text = fill(`<tool_call name="x" args='<reasoning>'/></reasoning `);
    const { ms } = timed(text);
    expect(parseResponse(text).reasoning).toBeNull();
    expect(ms).toBeLessThan(2_000);
  });

  it('many complete calls in 1 MB are all found quickly', () => {
    const { ms, calls } = timed(fill(`<tool_call name="@coder" args='{"cmd":"read","args":{"file":"a"}}'/>\n`));
    expect(calls).toBeGreaterThan(10_000);
    expect(ms).toBeLessThan(2_000);
  });

  it('many open tags with attributes followed by one closing tag at the end', () => {
    const { ms, calls } = timed(`${fill('<tool_call name="a"> ')}</tool_call>`);
    expect(calls).toBeGreaterThan(10_000);
    expect(ms).toBeLessThan(2_000);
  });
});
