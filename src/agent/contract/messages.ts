import { displayToolName, bareToolName } from './tool-names.js';

// Corrections are injected as the next user message, so they are short (at most 6 lines), say exactly what
// was wrong and end with one example the model can copy. All start with `FORMAT ERROR:` so the loop, logs and
// the model recognise them.

// JSON args for an attribute in single quotes: a `'` in the command would end the attribute early.
function execArgs(command: string): string {
  return JSON.stringify({ cmd: 'exec', args: { cmd: command } }).replace(/'/g, '\\u0027');
}

const hasCoder = (tools: readonly string[]): boolean => tools.some((tool) => bareToolName(tool) === 'coder');

// One tool call the model is allowed to make: @coder exec when @coder is allowed, else the first tool.
export function exampleCall(tools: readonly string[], command = 'npm test'): string {
  const first = tools[0];
  if (first === undefined || hasCoder(tools)) return `<tool_call name="@coder" args='${execArgs(command)}' />`;
  const args = bareToolName(first) === 'todo' ? '{"cmd":"list"}' : '{"cmd":"..."}';
  return `<tool_call name="${displayToolName(first)}" args='${args}' />`;
}

// The example's reasoning must describe the example's call, or the model learns a mismatch.
function exampleTurn(tools: readonly string[], task: string, command?: string): string {
  const first = tools[0];
  const step = first === undefined || hasCoder(tools) ? task : `Use ${displayToolName(first)} for the next step`;
  return `<reasoning>\n1. ${step}\n</reasoning>\n${exampleCall(tools, command)}`;
}

function toolList(tools: readonly string[]): string {
  return tools.length === 0 ? '(none)' : tools.map(displayToolName).join(', ');
}

const lines = (...parts: string[]): string => parts.join('\n');

export function missingReasoning(tools: readonly string[], reasoningPresent: boolean): string {
  const problem = reasoningPresent
    ? 'your <reasoning> block closes after your first <tool_call>; close </reasoning> before any tool call.'
    : 'no complete <reasoning>...</reasoning> block before your first <tool_call> (missing or never closed).';
  return lines(
    `FORMAT ERROR: ${problem}`,
    'Rewrite the response: reasoning first (2-6 lines, numbered tasks), then the calls, e.g.',
    exampleTurn(tools, 'Run the tests to see what fails'),
  );
}

export function unknownTool(tools: readonly string[], names: readonly string[]): string {
  const named = names.filter((name) => name.trim() !== '').map((name) => `"${name.trim()}"`);
  const unnamed = names.length > named.length ? ['a <tool_call> with no name attribute'] : [];
  const what = [...(named.length > 0 ? [`unknown tool ${named.join(', ')}`] : []), ...unnamed].join(' and ');
  const viaCoder = hasCoder(tools) ? ' (shell commands go through @coder exec)' : '';
  return lines(`FORMAT ERROR: ${what}. Allowed tools: ${toolList(tools)}.`, `Use one of them${viaCoder}, e.g.`, exampleCall(tools));
}

export function unreadableToolCall(tools: readonly string[], starts: readonly string[]): string {
  const calls = starts.length === 1 ? '1 <tool_call> tag' : `${starts.length} <tool_call> tags`;
  const example = hasCoder(tools) ? '<tool_call name="@coder">{"cmd":"write","args":{"file":"a.txt","content":"it\'s"}}</tool_call>' : exampleCall(tools);
  return lines(
    `FORMAT ERROR: ${calls} could not be read (an attribute never closes, or the JSON is unbalanced), so nothing in this response ran: ${starts.slice(0, 2).map((start) => `\`${start.replace(/^</, '')}\``).join(', ')}`,
    'Send the whole response again; put JSON with quotes in the tag body, e.g.',
    example,
  );
}

export function malformedAgentCall(count: number): string {
  const calls = count === 1 ? '1 <agent_call> tag was' : `${count} <agent_call> tags were`;
  return lines(
    `FORMAT ERROR: ${calls} missing the agent or the task attribute and not dispatched.`,
    'Give every agent call both, e.g.',
    '<agent_call agent="file" task="Read src/index.ts and list its exports" />',
  );
}

export function codeBlock(tools: readonly string[]): string {
  return lines(
    'FORMAT ERROR: a code block (```) and no tool call: edit files and run commands with tool calls, e.g.',
    exampleTurn(tools, 'Run the tests'),
    'If the work is done and the snippet only illustrates your summary, send the same answer again: it is accepted.',
  );
}

export function looseShell(tools: readonly string[], line: string, command: string): string {
  const how = hasCoder(tools)
    ? 'Run it through a tool call, e.g.'
    : `No allowed tool (${toolList(tools)}) runs shell commands: drop the line, or use a tool, e.g.`;
  // A pasted script can be one huge line; the quote only needs to identify it.
  const quoted = line.length > 120 ? `${line.slice(0, 119)}…` : line;
  return lines(
    `FORMAT ERROR: "${quoted}" is a shell command typed as text; it was not run. ${how}`,
    exampleTurn(tools, `Run ${command}`, command),
    'If it is advice for the person after the work is done, send the same answer again: it is accepted.',
  );
}
