import { codeBlock, looseShell, malformedAgentCall, missingReasoning, unknownTool, unreadableToolCall } from './messages.js';
import { commandOf } from './shell.js';
import { isAllowedTool } from './tool-names.js';
import type { ParsedResponse } from './types.js';

export { fingerprint } from './fingerprint.js';

export type ViolationKind = 'missing-reasoning' | 'unreadable-tool-call' | 'unknown-tool' | 'code-block' | 'loose-shell' | 'malformed-agent-call';

export interface Violation {
  kind: ViolationKind;
  // The exact message the loop injects as the next user message.
  correction: string;
}

export interface ValidateOptions {
  // Allowed tool names, e.g. ['@coder', '@todo']; matched with or without `@`, case-insensitively.
  tools: readonly string[];
}

// Checks one parsed response against the /coder output contract and reports the first violation, in the
// order a model should fix them. Unlike the original, which checked only the first call's tool name, every
// call is checked: a batch with one bad call would otherwise run its good calls and then fail mid-way.
export function validateResponse(parsed: ParsedResponse, options: ValidateOptions): Violation | null {
  const { tools } = options;
  const hasToolCalls = parsed.toolCalls.length > 0;
  if (hasToolCalls && !parsed.reasoningBeforeCalls) {
    return { kind: 'missing-reasoning', correction: missingReasoning(tools, parsed.reasoning !== null) };
  }
  // A call the model meant but that could not be read is never dropped while the rest runs (the results
  // would be numbered differently from the model's calls), nor taken as a final answer when it was alone.
  if (parsed.unreadableToolCalls.length > 0) {
    return { kind: 'unreadable-tool-call', correction: unreadableToolCall(tools, parsed.unreadableToolCalls) };
  }
  const unknown = [...new Set(parsed.toolCalls.map((call) => call.name).filter((name) => !isAllowedTool(name, tools)))];
  if (unknown.length > 0) return { kind: 'unknown-tool', correction: unknownTool(tools, unknown) };
  if (parsed.malformedAgentCalls > 0) {
    return { kind: 'malformed-agent-call', correction: malformedAgentCall(parsed.malformedAgentCalls) };
  }
  // Fences and typed commands only matter when nothing was called: then they stand in for a call that never ran.
  if (hasToolCalls || parsed.agentCalls.length > 0) return null;
  if (parsed.hasCodeBlock) return { kind: 'code-block', correction: codeBlock(tools) };
  const line = parsed.looseShell[0];
  if (line !== undefined) return { kind: 'loose-shell', correction: looseShell(tools, line, commandOf(line)) };
  return null;
}
