import { describe, expect, it } from 'vitest';
import { parseResponse } from '../../../src/agent/contract/parse.js';
import { validateResponse, type Violation } from '../../../src/agent/contract/validate.js';

const TOOLS = ['@coder', '@todo'];
const R = '<reasoning>\n1. Run the tests\n</reasoning>\n';
const CALL = `<tool_call name="@coder" args='{"cmd":"exec","args":{"cmd":"npm test"}}' />`;
const check = (text: string, tools: readonly string[] = TOOLS): Violation | null => validateResponse(parseResponse(text), { tools });

// The example a correction ends with must itself pass the contract, or the model is taught a broken form.
function exampleOf(correction: string): string {
  const start = Math.min(...['<reasoning>', '<tool_call', '<agent_call'].map((tag) => correction.indexOf(tag)).filter((at) => at !== -1));
  return correction.slice(start);
}

describe('validateResponse', () => {
  it('accepts reasoning followed by calls', () => {
    expect(check(`${R}${CALL}\n<tool_call name="todo" args='list'/>`)).toBeNull();
  });

  it.each([
    ['no reasoning at all', CALL, 'no complete <reasoning>'],
    ['reasoning never closed', `<reasoning>\n1. x\n${CALL}`, 'never closed'],
    ['reasoning after the call', `${CALL}\n${R}`, 'closes after your first <tool_call>'],
    ['a call inside the reasoning', `<reasoning>1. x ${CALL}</reasoning>`, 'closes after your first <tool_call>'],
  ])('missing-reasoning: %s', (_title, text, phrase) => {
    const violation = check(text);
    expect(violation?.kind).toBe('missing-reasoning');
    expect(violation?.correction).toContain(phrase);
  });

  it('checks reasoning before tool names', () => {
    expect(check(`<tool_call name="@bash" args='ls'/>`)?.kind).toBe('missing-reasoning');
  });

  it('unknown-tool names the tool and lists the allowed ones', () => {
    const violation = check(`${R}<tool_call name="@bash" args='ls'/>`);
    expect(violation?.kind).toBe('unknown-tool');
    expect(violation?.correction).toContain('"@bash"');
    expect(violation?.correction).toContain('Allowed tools: @coder, @todo');
    expect(violation?.correction).toContain('@coder exec');
  });

  it('checks every call, not only the first', () => {
    const violation = check(`${R}${CALL}\n<tool_call name="python" args='x'/>\n<tool_call name="python" args='y'/>`);
    expect(violation?.kind).toBe('unknown-tool');
    expect(violation?.correction).toMatch(/unknown tool "python"\./);
  });

  it('says so when a call has no name', () => {
    expect(check(`${R}<tool_call args='tree'/>`)?.correction).toContain('no name attribute');
  });

  it.each([['coder'], ['@CODER'], ['Todo'], ['@@todo']])('matches %s with or without @, any case', (name) => {
    expect(check(`${R}<tool_call name="${name}" args='x'/>`)).toBeNull();
  });

  it('rejects a tool that is only a prefix of an allowed one', () => {
    expect(check(`${R}<tool_call name="@code" args='x'/>`)?.kind).toBe('unknown-tool');
    expect(check(`${R}<tool_call name="@" args='x'/>`)?.kind).toBe('unknown-tool');
  });

  it('malformed-agent-call even next to valid calls', () => {
    const violation = check(`${R}${CALL}\n<agent_call agent="file"/>\n<agent_call task="x"/>`);
    expect(violation?.kind).toBe('malformed-agent-call');
    expect(violation?.correction).toContain('2 <agent_call> tags were');
  });

  it('code-block when a fence stands in for a call', () => {
    expect(check('Run this:\n```sh\nnpm test\n```')?.kind).toBe('code-block');
  });

  it('code-block is checked before loose shell', () => {
    expect(check('$ npm test\n```\nx\n```')?.kind).toBe('code-block');
  });

  it('loose-shell quotes the line and shows the same command as a call', () => {
    const violation = check('I will now run the tests.\n$ npm test');
    expect(violation?.kind).toBe('loose-shell');
    expect(violation?.correction).toContain('"$ npm test"');
    expect(violation?.correction).toContain(`args='{"cmd":"exec","args":{"cmd":"npm test"}}'`);
  });

  it('keeps a quote in a loose command from breaking the example attribute', () => {
    const correction = check("> echo 'hi there'")?.correction ?? '';
    const [call] = parseResponse(exampleOf(correction)).toolCalls;
    expect(JSON.parse(call?.args ?? '')).toEqual({ cmd: 'exec', args: { cmd: "echo 'hi there'" } });
  });

  it.each([
    ['a heading and a list', '# Summary\n\n## Changes\n- fixed `parse()` in src/a.ts\n- 3 tests added\n\n> Note: run the suite before merging.'],
    ['reasoning and an answer', `${R}All 12 tests pass.`],
    ['a question to the user', 'Which database should I use: Postgres or SQLite?'],
    ['fences inside agent calls only', '<agent_call agent="coder" task="write ```x```"/>'],
  ])('accepts a final answer with %s', (_title, text) => {
    expect(check(text)).toBeNull();
  });

  it('leaves fences and shell lines alone when calls are present', () => {
    expect(check(`${R}\`\`\`\nx\n\`\`\`\n$ npm test\n${CALL}`)).toBeNull();
    expect(check('```\nx\n```\n<agent_call agent="file" task="read a"/>')).toBeNull();
  });
});
