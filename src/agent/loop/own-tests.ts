// What a headless refusal in sandboxed auto-edit says still runs without asking: file edits and the call that
// runs the project's tests. An agent whose command list lacks `test` is never told to use it (it would be C240).
export const EDITS_AND_OWN_TESTS = ', file edits and the project\'s tests as {"cmd":"test","args":{}} (the detected runner, no "cmd", in the OS sandbox)';
export const EDITS = ' and file edits';

export function withoutOwnTests(message: string): string {
  return message.replace(EDITS_AND_OWN_TESTS, EDITS);
}
