import { configFromSettings, defaultConfig } from '../../engine/config.js';
import { readUserConfig } from '../../engine/config-user.js';
import { ProcessSandbox } from '../../sandbox/sandbox.js';
import { fail, usageError } from '../../engine/errors.js';
import { suggest } from '../../text/suggest.js';
import type { Registry } from '../../engine/registry.js';
import { DenialStore, DenialTracker, answersFileFor, defaultAction, denialLimitsFromEnv, formatProblem, loadPolicy, readProjectSettings, type CliRuleFlags, type ListedRule, type Policy } from '../../permissions/index.js';
import { ShellParser } from '../../shell/parse.js';
import { Workspace } from '../../workspace/workspace.js';
import { sandboxOptions, type GlobalOptions } from '../global-options.js';
import { checkCall } from './policy-check.js';
import { parseCall, type CallInput } from '../../args/parse-call.js';
import type { SandboxHandle } from '../../engine/engine-sandbox.js';
import { stateDirFor } from '../../engine/state-dir.js';

interface PolicyIo {
  readonly stdout: { write(text: string): unknown };
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
}

function cliRules(options: GlobalOptions): CliRuleFlags {
  return { allow: options.allow, ask: options.ask, deny: options.deny };
}

const ORDER = { deny: 0, ask: 1, allow: 2 } as const;
const SHELL_COMMANDS = new Set(['exec', 'test']);

// The rules in force, then the built-in default of every command the registry has (the gate's default is by
// the command's effect, so a command added to the registry is listed without a second list to keep).
function listedRules(policy: Policy, registry: Registry): ListedRule[] {
  const own = policy.list().filter((rule) => rule.source !== 'default');
  const defaults: ListedRule[] = registry.commands.map((command) => {
    const shell = SHELL_COMMANDS.has(command.name);
    // A command whose flags can make it read-only (clean --dry-run) is judged by that effect.
    const note = shell ? 'after the read-only allowlist' : command.effectOf ? 'allow when its flags make it read-only, e.g. --dry-run' : undefined;
    return {
      pattern: `@coder ${command.name}`,
      action: shell ? 'ask' : defaultAction(command.effect, 'plain') ?? 'ask',
      source: 'default',
      ...(note ? { note } : {}),
    };
  });
  return [...own, ...defaults.sort((a, b) => ORDER[a.action] - ORDER[b.action])];
}

// How `policy check` names what decided: the rule and its source, once (the reason may already say them).
function decidedBy(reason: string, explanation: { source: string; rule?: { pattern: string; file?: string } | undefined; immune?: string | undefined }, blocked: { code: string; stage: string } | undefined): string {
  const { source, rule, immune } = explanation;
  if (blocked) return ` (${blocked.code}, ${blocked.stage === 'jail' ? 'workspace jail' : blocked.code === 'C242' ? 'danger classifier' : 'exec\'s check of the command line'})`;
  if (rule) {
    if (source === 'default') return '';
    // The gate's reason names a matched rule with its origin ("denied by rule X (deny) from --deny").
    return reason.includes(`"${rule.pattern}"`) ? '' : ` (rule "${rule.pattern}" from ${rule.file ?? source})`;
  }
  if (immune) return reason.includes(immune) ? '' : ` [${immune}]`;
  return reason.includes(source) ? '' : ` (${source})`;
}

const USAGE = 'usage: codeward policy list | codeward policy check \'@coder exec npm test\' (or a JSON call) | codeward policy forget [N | \'<pattern>\']';

// Usage errors (exit 2) before the workspace is opened: an unknown verb (with the near one), words after
// `list`, `check` without a call.
function checkUsage(verb: string | undefined, more: readonly string[]): void {
  if (verb === 'list') {
    if (more.length > 0) throw usageError(`policy list takes no arguments (got "${more.join(' ')}"); for one call's decision: codeward policy check '${more.join(' ')}'`);
    return;
  }
  if (verb === 'forget') {
    if (more.length > 1) throw usageError(`policy forget takes one answer: its number from \`codeward policy forget\` or its pattern in quotes`);
    return;
  }
  if (verb === 'check') {
    if (more.length === 0) throw usageError(`policy check needs the call to judge, e.g. codeward policy check '@coder exec npm test'`);
    return;
  }
  const [near] = verb === undefined ? [] : suggest(verb, ['list', 'check', 'forget']);
  throw usageError(`${verb === undefined ? 'policy needs list or check' : `unknown policy subcommand "${verb}"${near ? ` (did you mean ${near}?)` : ''}`}; ${USAGE}`);
}

// `codeward policy list` and `codeward policy check '<call>'`: the effective rules, and the decision
// for one call with the rule, source or immune pattern that decided it.
export async function policyCommand(rest: readonly string[], options: GlobalOptions, io: PolicyIo, registry: Registry): Promise<number> {
  const [, verb, ...more] = rest;
  checkUsage(verb, more);
  const workspace = await Workspace.open(options.workspace ?? io.cwd);
  const home = io.env['HOME'];
  if (verb === 'forget') {
    if (!home) throw fail('C210', 'HOME is not set: the remembered answers live under ~/.codeward');
    const { forgetAnswer } = await import('./policy-forget.js');
    const done = await forgetAnswer(answersFileFor(home, workspace.root), more[0]);
    io.stdout.write(options.json ? `${JSON.stringify({ ok: true, cmd: 'policy forget', data: { rules: done.rules, ...(done.removed ? { removed: done.removed } : {}) }, warnings: [] })}\n` : `${done.text}\n`);
    return 0;
  }
  // The config as the engine reads it (the user's file as the base): its non-accessible globs hide files
  // from the jail and from exec, its sandbox decides whether a recursive search may run over them.
  const project = await readProjectSettings(workspace.root, home);
  const config = await readUserConfig(home).then((user) => configFromSettings(project, user)).then((report) => report.config, () => defaultConfig());
  const jailed = workspace.withOptions({ nonAccessibleGlobs: config.nonAccessibleGlobs });
  const policy = await loadPolicy({ workspaceRoot: workspace.root, ...(home ? { home } : {}), cliRules: cliRules(options), strict: false, nonAccessibleGlobs: jailed.nonAccessibleGlobs });
  // A project rule that names no command is a warning (rule-words.ts), shown with the problems.
  const problems = [...policy.problems.map(formatProblem), ...policy.notes];
  if (verb === 'list') {
    const rules = listedRules(policy, registry);
    if (options.json) {
      io.stdout.write(`${JSON.stringify({ ok: true, cmd: 'policy list', data: { rules, files: policy.files, problems }, warnings: [] })}\n`);
      return 0;
    }
    // A pinned "always" holds only for the script lines it was given for (red team R16-5).
    const pinned = (rule: ListedRule): string => (rule.pin ? `; only while the ${rule.pin.lines.length} script lines it was given for stay the same` : '');
    const lines = rules.map((rule) => `${rule.action.padEnd(5)} ${rule.pattern}  (${rule.source}${rule.file ? `: ${rule.file}` : ''}${rule.note ? `; ${rule.note}` : ''}${pinned(rule)})`);
    io.stdout.write(`${[...lines, ...problems.map((problem) => `problem: ${problem}`)].join('\n')}\n`);
    return 0;
  }
  if (verb === 'check' && more.length > 0) {
    // The call as the CLI would take it: one word (CLI text, JSON, a JSON array), or the words of a call.
    const input = more.length === 1 ? more[0]! : more;
    // `@coder NAME ...` of a command that does not exist is a usage error with the near name, not a guess.
    const named = typeof input === 'string' ? /^\s*@coder\s+(\S+)/i.exec(input)?.[1] : undefined;
    if (named !== undefined) registry.get(named);
    const denials = options.session === undefined
      ? new DenialTracker(denialLimitsFromEnv(io.env))
      : await (await DenialStore.open({ workspaceRoot: workspace.root, sessionId: options.session, env: io.env })).load();
    const sandbox = ProcessSandbox.forWorkspace({ ...config, nonAccessibleGlobs: [...jailed.nonAccessibleGlobs] }, sandboxOptions(options), workspace.root, io.env, stateFolder(workspace.root, io.env));
    const classify = { allowUnsafe: options.allowUnsafe, workspace: jailed, secretsHidden: async () => (await sandbox.status()).backend !== undefined, ...(home ? { home } : {}) };
    // Whether an exec/test run would be staged, as the engine decides it (shell/run-staging.ts).
    const staging = async (stage: boolean | undefined) => (await import('../../shell/run-staging.js')).runStaging(stage, config, sandbox);
    const detectShell = (await import('./policy-found.js')).shellDetector(options, io.env, workspace.root, registry);
    const checked = await checkCall(input, { registry, workspace: jailed, policy, denials, parser: new ShellParser(), classify, staging, detectShell });
    // The files the call finds as it runs, judged as the real call judges them (policy-found.ts).
    const explanation = await (await import('./policy-found.js')).withFoundFiles(checked, input, options, io.env, workspace.root, registry);
    const { decision, reason, source, rule, immune, judged, blocked, assumed } = explanation;
    // A call that starts a process: where it would run, with what network (red team R16-3); a denied or
    // blocked call runs nowhere, so it says nothing.
    const runsIn = decision === 'deny' || blocked ? undefined : await runsWhere(input, registry, sandbox);
    // What running the call now would do: an ask is approved by --yes unless immune or escalated.
    const outcome = blocked ? blocked.code : decision === 'deny' ? 'C240' : decision === 'allow' ? 'run'
      : options.yes && source !== 'immune' && !denials.escalated ? 'run (--yes)' : 'ask a person (C241 without a terminal)';
    if (options.json) {
      const data = { decision, reason, source, ...(rule ? { rule } : {}), ...(immune ? { immune } : {}), ...(blocked ? { code: blocked.code } : {}), judged, outcome, ...(runsIn ? { sandbox: runsIn } : {}), ...(assumed.length > 0 ? { assumed } : {}) };
      io.stdout.write(`${JSON.stringify({ ok: true, cmd: 'policy check', data, warnings: problems })}\n`);
      return 0;
    }
    const by = decidedBy(reason, explanation, blocked);
    io.stdout.write(`${decision}: ${judged}\n  ${reason}${by}\n  outcome: ${outcome}\n${runsIn ? `  runs: ${runsIn}\n` : ''}${assumed.map((note) => `  assumed: ${note}\n`).join('')}`);
    return 0;
  }
  throw usageError(USAGE);
}

// For a call that starts a process (exec, test): the sandbox words its approval question shows.
async function runsWhere(input: CallInput, registry: Registry, sandbox: SandboxHandle): Promise<string | undefined> {
  let runs: boolean;
  try {
    runs = parseCall(input, registry).command.runs !== undefined;
  } catch {
    runs = typeof input === 'string' && /^\s*(?:@coder\s+)?(exec|test)\b/i.test(input);
  }
  return runs ? (await (await import('../../shell/run-preview.js')).sandboxWords(sandbox)).words : undefined;
}

// The workspace's state folder (where a run would be staged), or none where it cannot be used.
function stateFolder(root: string, env: Readonly<Record<string, string | undefined>>): string | undefined {
  try {
    return stateDirFor(root, env);
  } catch {
    return undefined;
  }
}
