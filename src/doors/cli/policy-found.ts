import type { CallInput } from '../../args/parse-call.js';
import type { ShellRun } from '../../engine/command.js';
import type { Registry } from '../../engine/registry.js';
import { createEngine } from '../../setup.js';
import { sandboxOptions, type GlobalOptions } from '../global-options.js';
import type { CheckResult } from './policy-check.js';

// `policy check` of a call that finds its files as it runs (clean's matches, the files an undo puts back):
// the call's own words name none of them, so the answer comes from the engine's dry run of the handler
// with the person's rules judged on each file, as the real call does (red team R8-7: `policy check
// '@coder clean --dir . --pattern prod.conf'` said "ask" under `--deny '@coder * prod.conf'`). A deny
// there refuses the call (C240); a file clean would keep is named.
// The line a call runs that its command finds itself (`test`'s detected runner), as the real call finds it before the
// gate (engine.detectShell): `policy check '@coder test'` judges that line as the gate does (R31; fix30b's detectShell).
export function shellDetector(options: GlobalOptions, env: Readonly<Record<string, string | undefined>>, workspace: string, registry: Registry): (input: CallInput) => Promise<ShellRun | undefined> {
  return async (input) => {
    const engine = await createEngine({ workspace, env, registry, allowUnsafe: options.allowUnsafe, sandbox: sandboxOptions(options), permissions: { yes: false }, hooks: { checkStale: () => [], afterRun: () => undefined } });
    try {
      return await engine.detectShell(input);
    } finally {
      await engine.close();
    }
  };
}

export async function withFoundFiles(result: CheckResult, input: CallInput, options: GlobalOptions, env: Readonly<Record<string, string | undefined>>, workspace: string, registry: Registry): Promise<CheckResult> {
  if (result.blocked || result.decision === 'deny' || result.assumed.length > 0) return result;
  const engine = await createEngine({
    workspace,
    env,
    registry,
    allowUnsafe: options.allowUnsafe,
    sandbox: sandboxOptions(options),
    permissions: { cliRules: { allow: options.allow, ask: options.ask, deny: options.deny }, yes: false },
    hooks: { checkStale: () => [], afterRun: () => undefined },
  });
  try {
    const preview = await engine.preview(input).catch(() => undefined);
    if (preview?.error?.code === 'C240') {
      // The call's own rule (the ask of `@coder undo`) did not decide: the reason names the rule that did.
      const { rule: _rule, ...rest } = result;
      return { ...rest, decision: 'deny', reason: preview.error.message };
    }
    const kept = (preview?.warnings ?? []).filter((line) => line.startsWith('kept ') && line.includes(': denied: '));
    return kept.length === 0 ? result : { ...result, assumed: [...result.assumed, ...kept.map((line) => `found as it runs: ${line}`)] };
  } finally {
    await engine.close();
  }
}
