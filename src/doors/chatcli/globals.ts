// The ChatCLI plugin door and invariant 1: ChatCLI runs the wrapper as `<wrapper> <argv...>`, and argv is
// the model's call flattened to text (docs/chatcli-plugin.md). The wrapper's own options and the model's
// arrive in one argv and cannot be told apart, so a global option that loosens anything (an allow rule, the
// danger classifier off, the sandbox off or onto the network, another workspace) is refused in a plugin
// call wherever it stands. Options that only tighten (--deny, --ask, --sandbox read-only) and presentation
// (--json, --session) stay. A user sets the loose ones where the model cannot: ~/.codeward/config.json and
// ~/.codeward/policy.json.
import { fail } from '../../engine/errors.js';
import type { GlobalOptions } from '../global-options.js';

function loosening(options: GlobalOptions): string[] {
  const found: string[] = [];
  if (options.allow.length > 0) found.push('--allow');
  if (options.allowUnsafe) found.push('--allow-unsafe');
  if (options.sandbox !== undefined && options.sandbox !== 'read-only') found.push(`--sandbox ${options.sandbox}`);
  if (options.sandboxNetwork) found.push('--sandbox-network');
  if (options.workspace !== undefined) found.push('-C/--workspace');
  return found;
}

// Throws C210 when a plugin call carries a global option that would loosen codeward's rules.
export function refuseLooseningGlobals(options: GlobalOptions): void {
  const found = loosening(options);
  if (found.length === 0) return;
  throw fail(
    'C210',
    `${found.join(', ')} cannot be given in a @coder plugin call (ChatCLI passes the model's words as arguments, so they could come from the model); ` +
      'the workspace is ChatCLI\'s current folder, and allow rules or sandbox settings belong in ~/.codeward/policy.json and ~/.codeward/config.json',
  );
}
