// The shapes the /coder output contract is parsed into. Kept apart from the parser so the validator,
// the loop and tests can depend on the data without pulling in the scanner.

export interface ToolCallTag {
  name: string;
  args: string;
  // The exact source text of the tag (with body and closing tag when paired), for echoing back to the model.
  raw: string;
  // Character offset of the tag's `<` in the response: orders calls against the reasoning block.
  index: number;
}

export interface AgentCallTag {
  // 'ac-1', 'ac-2', ... in response order, counting well-formed calls only.
  id: string;
  agent: string;
  task: string;
  raw: string;
}

export interface ParsedResponse {
  reasoning: string | null;
  reasoningBeforeCalls: boolean;
  toolCalls: ToolCallTag[];
  agentCalls: AgentCallTag[];
  malformedAgentCalls: number;
  // The start of each tool tag meant as a call that could not be read (never run, never taken as prose).
  unreadableToolCalls: string[];
  hasCodeBlock: boolean;
  looseShell: string[];
  prose: string;
}
