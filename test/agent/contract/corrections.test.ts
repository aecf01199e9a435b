import { describe, expect, it } from 'vitest';
import { parseResponse } from '../../../src/agent/contract/parse.js';
import { validateResponse } from '../../../src/agent/contract/validate.js';

const BROKEN: Record<string, string> = {
  'missing-reasoning': `<tool_call name="@coder" args='tree'/>`,
  'reasoning-late': `<tool_call name="@coder" args='tree'/><reasoning>1. x</reasoning>`,
  'unknown-tool': `<reasoning>1. x</reasoning><tool_call name="@bash" args='ls'/><tool_call args='ls'/>`,
  'malformed-agent-call': '<agent_call agent="file"/>',
  'unreadable-tool-call': `<reasoning>1. x</reasoning><tool_call name="@coder" args='{"cmd":"tree"}`,
  'code-block': '```\nnpm test\n```',
  'loose-shell': '$ npm run build -- --watch',
};

describe.each([
  ['@coder and @todo', ['@coder', '@todo']],
  ['@todo only', ['@todo']],
  ['a plugin without @', ['webfetch']],
])('corrections with %s allowed', (_title, tools) => {
  it.each(Object.entries(BROKEN))('%s: short, starts with FORMAT ERROR:, and its example passes', (_kind, text) => {
    const violation = validateResponse(parseResponse(text), { tools });
    expect(violation).not.toBeNull();
    const correction = violation?.correction ?? '';
    expect(correction.startsWith('FORMAT ERROR:')).toBe(true);
    expect(correction.split('\n').length).toBeLessThanOrEqual(6);
    const start = Math.min(...['<reasoning>', '<tool_call', '<agent_call'].map((tag) => correction.indexOf(tag)).filter((at) => at > 0));
    const example = parseResponse(correction.slice(start));
    expect(example.toolCalls.length + example.agentCalls.length).toBeGreaterThan(0);
    // A lone tool-call line in an example is shown without reasoning; add it back before checking.
    const full = example.reasoning === null && example.toolCalls.length > 0 ? `<reasoning>1. x</reasoning>${correction.slice(start)}` : correction.slice(start);
    expect(validateResponse(parseResponse(full), { tools })).toBeNull();
  });
});
