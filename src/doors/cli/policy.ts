import { configFromSettings } from '../../engine/config.js';
import { usageError } from '../../engine/errors.js';
import type { Registry } from '../../engine/registry.js';
import { DenialStore, DenialTracker, denialLimitsFromEnv, formatProblem, loadPolicy, readProjectSettings, type CliRuleFlags } from '../../permissions/index.js';
import { ShellParser } from '../../shell/parse.js';
import { Workspace } from '../../workspace/workspace.js';
import type { GlobalOptions } from '../global-options.js';
import { checkCall } from './policy-check.js';

interface PolicyIo {
  readonly stdout: { write(text: string): unknown };
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
}

function cliRules(options: GlobalOptions): CliRuleFlags {
  return { allow: options.allow, ask: options.ask, deny: options.deny };
}

// `codeward policy list` and `codeward policy check '<call>'`: the effective rules, and the decision
// for one call with the rule, source or immune pattern that decided it.
export async function policyCommand(rest: readonly string[], options: GlobalOptions, io: PolicyIo, registry: Registry): Promise<number> {
  const [, verb, ...more] = rest;
  const workspace = await Workspace.open(options.workspace ?? io.cwd);
  const home = io.env['HOME'];
  // The config's non-accessible globs, as exec is judged with them (a broken config: the defaults).
  const project = await readProjectSettings(workspace.root, home);
  const globs = await configFromSettings(project).then(({ config }) => ({ nonAccessibleGlobs: config.nonAccessibleGlobs }), () => ({}));
  const policy = await loadPolicy({ workspaceRoot: workspace.root, ...(home ? { home } : {}), cliRules: cliRules(options), strict: false, ...globs });
  const problems = policy.problems.map(formatProblem);
  if (verb === 'list') {
    const rules = policy.list();
    if (options.json) {
      io.stdout.write(`${JSON.stringify({ ok: true, cmd: 'policy list', data: { rules, files: policy.files, problems }, warnings: [] })}\n`);
      return 0;
    }
    const lines = rules.map((rule) => `${rule.action.padEnd(5)} ${rule.pattern}  (${rule.source}${rule.file ? `: ${rule.file}` : ''}${rule.note ? `; ${rule.note}` : ''})`);
    io.stdout.write(`${[...lines, ...problems.map((problem) => `problem: ${problem}`)].join('\n')}\n`);
    return 0;
  }
  if (verb === 'check' && more.length > 0) {
    // The call as the CLI would take it: one word (CLI text, JSON, a JSON array), or the words of a call.
    const input = more.length === 1 ? more[0]! : more;
    const denials = options.session === undefined
      ? new DenialTracker(denialLimitsFromEnv(io.env))
      : await (await DenialStore.open({ workspaceRoot: workspace.root, sessionId: options.session, env: io.env })).load();
    const explanation = await checkCall(input, { registry, workspace, policy, denials, parser: new ShellParser(), allowUnsafe: options.allowUnsafe, home });
    const { decision, reason, source, rule, immune, judged, blocked } = explanation;
    // What running the call now would do: an ask is approved by --yes unless immune or escalated.
    const outcome = blocked ? blocked.code : decision === 'deny' ? 'C240' : decision === 'allow' ? 'run'
      : options.yes && source !== 'immune' && !denials.escalated ? 'run (--yes)' : 'ask a person (C241 without a terminal)';
    if (options.json) {
      io.stdout.write(`${JSON.stringify({ decision, reason, source: blocked ? 'danger' : source, ...(rule ? { rule } : {}), ...(immune ? { immune } : {}), ...(blocked ? { code: blocked.code } : {}), judged, outcome })}\n`);
      return 0;
    }
    const by = blocked ? ` (${blocked.code}, danger classifier)` : rule ? ` (rule "${rule.pattern}" from ${rule.file ?? source})` : immune ? ` (safety-immune: ${immune})` : ` (${source})`;
    io.stdout.write(`${decision}: ${judged}\n  ${reason}${by}\n  outcome: ${outcome}\n`);
    return 0;
  }
  throw usageError('usage: codeward policy list | codeward policy check \'@coder exec npm test\' (or a JSON call)');
}
