import { describe, expect, it } from 'vitest';
import { parseResponse } from '../../../src/agent/contract/parse.js';

const R = '<reasoning>\n1. Do it\n</reasoning>\n';
const calls = (text: string) => parseResponse(text).toolCalls.map(({ name, args }) => ({ name, args }));

describe('parseResponse: tool call tags', () => {
  it.each<[string, string, { name: string; args: string }]>([
    ['self-closing, double then single quotes', `<tool_call name="@coder" args='{"cmd":"read"}' />`, { name: '@coder', args: '{"cmd":"read"}' }],
    ['attributes in the other order', `<tool_call args='{"cmd":"tree"}' name="@coder"/>`, { name: '@coder', args: '{"cmd":"tree"}' }],
    ['double-quoted args holding single quotes', `<tool_call name='@coder' args="exec --cmd 'ls -la'"/>`, { name: '@coder', args: "exec --cmd 'ls -la'" }],
    ['> and the other quote inside a quoted value', `<tool_call name="@coder" args='{"cmd":"exec","args":{"cmd":"a > b"}}' />`, { name: '@coder', args: '{"cmd":"exec","args":{"cmd":"a > b"}}' }],
    ['upper-case tag and attribute names', `<TOOL_CALL NAME="@coder" Args='x'/>`, { name: '@coder', args: 'x' }],
    ['the short <tool> form', `<tool name="@todo" args='{"cmd":"list"}'/>`, { name: '@todo', args: '{"cmd":"list"}' }],
    ['unquoted attribute values', `<tool_call name=@todo args=list/>`, { name: '@todo', args: 'list' }],
    ['an unquoted value holding slashes', `<tool_call name=@coder args=src/a.ts/>`, { name: '@coder', args: 'src/a.ts' }],
    ['spaces around =', `<tool_call name = "@coder"   args = 'tree' />`, { name: '@coder', args: 'tree' }],
    ['no space between attributes', `<tool_call name="@coder"args='tree'/>`, { name: '@coder', args: 'tree' }],
    ['missing name', `<tool_call args='tree'/>`, { name: '', args: 'tree' }],
    ['no entity decoding', `<tool_call name="@coder" args="a &amp;&amp; b"/>`, { name: '@coder', args: 'a &amp;&amp; b' }],
    ['first of a repeated attribute wins', `<tool_call name="@coder" name="@bash" args='x'/>`, { name: '@coder', args: 'x' }],
    // Relay probes: how models escape the quote they opened with, or leave JSON unquoted.
    ["\\' inside single quotes", String.raw`<tool_call name="@coder" args='{"cmd":"write","args":{"content":"it\'s"}}' />`, { name: '@coder', args: `{"cmd":"write","args":{"content":"it's"}}` }],
    ['an even run of backslashes before the closing quote', String.raw`<tool_call name="@coder" args='read --file x\\' />`, { name: '@coder', args: String.raw`read --file x\\` }],
    ['JSON escaped whole inside double quotes', String.raw`<tool_call name="@coder" args="{\"cmd\":\"write\",\"args\":{\"content\":\"a\\\"b\\nc\"}}" />`, { name: '@coder', args: String.raw`{"cmd":"write","args":{"content":"a\"b\nc"}}` }],
    ['bare JSON holding brackets, quotes and > in strings', `<tool_call name="@coder" args={"cmd":"exec","args":{"cmd":"echo '}' > a"}} />`, { name: '@coder', args: `{"cmd":"exec","args":{"cmd":"echo '}' > a"}}` }],
  ])('%s', (_title, tag, expected) => {
    expect(calls(R + tag)).toEqual([expected]);
  });

  it('reads a paired tag body as args when there is no args attribute (multi-line, trimmed)', () => {
    const body = '{\n  "cmd": "exec",\n  "args": {"cmd": "echo <b> && cat x"}\n}';
    expect(calls(`${R}<tool_call name="@coder">\n${body}\n</tool_call>`)).toEqual([{ name: '@coder', args: body }]);
  });

  it('reads a body fenced as a code block as the JSON the fence holds', () => {
    expect(calls(`${R}<tool_call name="@coder">\n\`\`\`json\n{"cmd":"tree"}\n\`\`\`\n</tool_call>`)).toEqual([{ name: '@coder', args: '{"cmd":"tree"}' }]);
  });

  it('reports a tool tag meant as a call that cannot be read, and not a mention of the tag in prose', () => {
    const parsed = parseResponse(`${R}<tool_call name="@coder" args='{"cmd":"tree"} />\nDone with the <tool_call tag and <tool_call> too.`);
    expect(parsed.toolCalls).toEqual([]);
    expect(parsed.unreadableToolCalls).toEqual([`<tool_call name="@coder" args='{"cmd":"tree"} />`]);
  });

  it('prefers the args attribute over the body of a paired tag', () => {
    expect(calls(`${R}<tool_call name="@coder" args='tree'>ignored</tool_call>`)).toEqual([{ name: '@coder', args: 'tree' }]);
  });

  it('accepts </tool> closing a <tool_call> and vice versa', () => {
    expect(calls(`${R}<tool_call name="a">x</tool> <tool name="b">y</tool_call>`)).toEqual([
      { name: 'a', args: 'x' },
      { name: 'b', args: 'y' },
    ]);
  });

  it('keeps several calls in order with their offsets and raw text', () => {
    const first = `<tool_call name="@coder" args='read --file a'/>`;
    const second = `<tool_call name="@coder">tree</tool_call>`;
    const text = `${R}${first}\n${second}`;
    const parsed = parseResponse(text).toolCalls;
    expect(parsed.map((call) => call.raw)).toEqual([first, second]);
    expect(parsed.map((call) => call.index)).toEqual([text.indexOf(first), text.indexOf(second)]);
  });

  it('counts an unpaired opening tag with attributes (the model forgot the slash)', () => {
    const text = `${R}<tool_call name="@coder" args='tree'>\n<tool_call name="@coder" args='read --file a'>`;
    expect(calls(text)).toEqual([
      { name: '@coder', args: 'tree' },
      { name: '@coder', args: 'read --file a' },
    ]);
  });

  it('does not let an unpaired tag swallow the next call up to its closing tag', () => {
    const text = `${R}<tool_call name="a" args='1'>\n<tool_call name="b">2</tool_call>`;
    expect(calls(text)).toEqual([
      { name: 'a', args: '1' },
      { name: 'b', args: '2' },
    ]);
  });

  it.each([
    ['a bare mention without attributes or closing tag', 'Use <tool_call> tags to act.'],
    ['an unterminated quote', `<tool_call name="@coder args='tree'/>`],
    ['a tag that never ends', `<tool_call name="@coder" args='tree'`],
    ['a longer tag name', `<tool_calls name="x"/> <toolbox name="y"/>`],
    ['a closing tag alone', '</tool_call>'],
  ])('ignores %s', (_title, text) => {
    expect(parseResponse(text).toolCalls).toEqual([]);
  });

  it('counts tags nested inside the reasoning block', () => {
    const parsed = parseResponse(`<reasoning>1. read <tool_call name="@coder" args='tree'/></reasoning>`);
    expect(parsed.toolCalls.map((call) => call.args)).toEqual(['tree']);
  });

  it('keeps offsets exact after characters whose lower case is longer (İ)', () => {
    const text = `İİİ ${R}<tool_call name="@coder" args='tree'/>`;
    const [call] = parseResponse(text).toolCalls;
    expect(call?.index).toBe(text.indexOf('<tool_call'));
    expect(call?.raw).toBe(`<tool_call name="@coder" args='tree'/>`);
  });
});
