// What a headless refusal in auto-edit says still runs without asking: file edits and, where the OS sandbox
// stages their writes with no network, exec and test. An agent whose command list lacks exec or test is
// never told to use them (it would be C240).
export const EDITS_AND_RUNS = ', file edits, and exec and test calls (inside the OS sandbox, no network, their writes staged: undo takes them back)';
export const EDITS = ' and file edits';

export function withoutRuns(message: string): string {
  return message.replace(EDITS_AND_RUNS, EDITS);
}
