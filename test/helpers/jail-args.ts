import { bwrapArgs } from '../../src/sandbox/bwrap.js';
import { sandboxPolicy, type SandboxPolicy } from '../../src/sandbox/policy.js';
import { jailHomes, wholeRoot } from '../../src/sandbox/view-whole-root.js';

// `--sandbox off`'s write jail as bwrap arguments (issue 26, round 35): the sandbox's own policy and bwrapArgs with the
// whole-root view (write-jail-run.ts jailed(): $HOME its only home here), without the workspace walks a real run adds.
export function jailPolicy(root: string, home: string, writable: readonly string[] = []): SandboxPolicy {
  return { ...sandboxPolicy('workspace-write', root, { network: true, home, writable, env: {}, accountHome: null }), view: wholeRoot(jailHomes(root, [home], writable)) };
}

export function jailArgs(root: string, home: string, writable: readonly string[] = []): string[] {
  return bwrapArgs(jailPolicy(root, home, writable), root).args;
}
