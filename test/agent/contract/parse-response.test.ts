import { describe, expect, it } from 'vitest';
import { parseResponse } from '../../../src/agent/contract/parse.js';

const CALL = `<tool_call name="@coder" args='tree'/>`;

describe('parseResponse: reasoning', () => {
  it('takes the trimmed content of the first complete block, tags case-insensitive', () => {
    const parsed = parseResponse(`<Reasoning>\n  1. Read\n  2. Fix\n</REASONING>\n${CALL}\n<reasoning>second</reasoning>`);
    expect(parsed.reasoning).toBe('1. Read\n  2. Fix');
    expect(parsed.reasoningBeforeCalls).toBe(true);
  });

  it('is null and not before the calls when the block never closes', () => {
    const parsed = parseResponse(`<reasoning>\n1. Read\n${CALL}`);
    expect(parsed.reasoning).toBeNull();
    expect(parsed.reasoningBeforeCalls).toBe(false);
  });

  it('is not before the calls when it comes after the first call', () => {
    const parsed = parseResponse(`${CALL}\n<reasoning>1. Read</reasoning>\n${CALL}`);
    expect(parsed.reasoning).toBe('1. Read');
    expect(parsed.reasoningBeforeCalls).toBe(false);
  });

  it('is not before the calls when a call sits inside the block', () => {
    expect(parseResponse(`<reasoning>1. Read ${CALL}</reasoning>`).reasoningBeforeCalls).toBe(false);
  });

  it('is before the calls when there are no calls and a block exists', () => {
    expect(parseResponse('<reasoning>done</reasoning>All good.').reasoningBeforeCalls).toBe(true);
    expect(parseResponse('All good.').reasoningBeforeCalls).toBe(false);
  });

  it('ignores <reasoning> written inside the args of a call', () => {
    const parsed = parseResponse(`<tool_call name="@coder" args='write --content "<reasoning>x</reasoning>"'/>`);
    expect(parsed.reasoning).toBeNull();
    expect(parsed.reasoningBeforeCalls).toBe(false);
  });
});

describe('parseResponse: agent calls', () => {
  it('reads self-closing and paired calls, lower-cases the agent, numbers them', () => {
    const text =
      '<reasoning>1. fan out</reasoning>\n' +
      '<agent_call agent="File" task="Read a.ts"/>\n' +
      '<AGENT_CALL Task="Fix b.ts" AGENT="coder">\n  keep the API\n</agent_call>\n' +
      `<agent_call agent="search">find TODOs</agent_call>\n${CALL}`;
    const parsed = parseResponse(text);
    expect(parsed.agentCalls.map(({ id, agent, task }) => ({ id, agent, task }))).toEqual([
      { id: 'ac-1', agent: 'file', task: 'Read a.ts' },
      { id: 'ac-2', agent: 'coder', task: 'Fix b.ts\nkeep the API' },
      { id: 'ac-3', agent: 'search', task: 'find TODOs' },
    ]);
    expect(parsed.agentCalls[0]?.raw).toBe('<agent_call agent="File" task="Read a.ts"/>');
    expect(parsed.toolCalls).toHaveLength(1);
    expect(parsed.malformedAgentCalls).toBe(0);
  });

  it('drops and counts calls without agent or task, without using up ids', () => {
    const parsed = parseResponse('<agent_call agent="file"/><agent_call task="x"/><agent_call agent=" " task="y"/><agent_call agent="git" task="log"/>');
    expect(parsed.malformedAgentCalls).toBe(3);
    expect(parsed.agentCalls.map((call) => call.id)).toEqual(['ac-1']);
  });
});

describe('parseResponse: code blocks, loose shell and prose', () => {
  it('sees a fence outside calls but not inside a call', () => {
    expect(parseResponse('Here:\n```ts\nx\n```').hasCodeBlock).toBe(true);
    expect(parseResponse('<tool_call name="@coder">write --content "```"</tool_call>').hasCodeBlock).toBe(false);
    expect(parseResponse('Use `inline` code.').hasCodeBlock).toBe(false);
  });

  it('lists loose shell lines outside tags, not headings or calls', () => {
    const text = "# Summary\n$ npm test\n  > go test ./...\nrun: make\n<tool_call name=\"@coder\" args='exec --cmd \"ls\"'/>\n> Note: done.";
    expect(parseResponse(text).looseShell).toEqual(['$ npm test', '> go test ./...', 'run: make']);
  });

  it('does not fuse text on both sides of a removed call into one shell line', () => {
    expect(parseResponse(`Done.${CALL}$ npm test`).looseShell).toEqual(['$ npm test']);
  });

  it('prose is the response without reasoning, tool calls and agent calls', () => {
    const text = `<reasoning>1. x</reasoning>\n\nFirst part.\n\n${CALL}\n\n<agent_call agent="a" task="b"/>\n\n\nSecond part.  `;
    expect(parseResponse(text).prose).toBe('First part.\n\nSecond part.');
  });

  it('keeps a final answer intact as prose', () => {
    const answer = '# Summary\n\n- fixed `parse()`\n- tests pass';
    const parsed = parseResponse(answer);
    expect(parsed).toMatchObject({ prose: answer, toolCalls: [], agentCalls: [], hasCodeBlock: false, looseShell: [], reasoning: null });
  });

  it('keeps an unclosed reasoning block in the prose', () => {
    expect(parseResponse('<reasoning>1. x').prose).toBe('<reasoning>1. x');
  });
});
