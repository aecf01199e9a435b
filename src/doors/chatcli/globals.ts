// The ChatCLI plugin door and invariant 1: ChatCLI runs the wrapper as `<wrapper> <argv...>`, and argv is
// the model's call flattened to text (docs/chatcli-plugin.md). The wrapper's own options and the model's
// arrive in one argv and cannot be told apart, so a global option that loosens anything (an allow rule, the
// danger classifier off, the sandbox off or onto the network, another workspace) is refused in a plugin
// call wherever it stands. Options that only tighten (--deny, --sandbox read-only; not --ask: a command-line ask outranks the user's deny) and presentation
// (--json, --session) stay; which option loosens is said on its spec (global-options.ts SPECS), so a new
// global is placed when it is written (--pass-env was missing from a hand list: red team R6-5). A user sets
// the loose ones where the model cannot: ~/.codeward/config.json and ~/.codeward/policy.json.
import { fail } from '../../engine/errors.js';
import { looseningGlobals, type GlobalOptions } from '../global-options.js';

// Throws C210 when a plugin call carries a global option that would loosen codeward's rules.
export function refuseLooseningGlobals(options: GlobalOptions): void {
  const found = looseningGlobals(options);
  if (found.length === 0) return;
  throw fail(
    'C210',
    `${found.join(', ')} cannot be given in a @coder plugin call (ChatCLI passes the model's words as arguments, so they could come from the model); ` +
      'the workspace is ChatCLI\'s current folder, and allow rules or sandbox settings belong in ~/.codeward/policy.json and ~/.codeward/config.json',
  );
}
