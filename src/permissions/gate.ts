import type { EngineHooks, PreparedCall } from '../engine/engine.js';
import type { Authorization, FoundFiles } from '../engine/engine-types.js';
import { fail } from '../engine/errors.js';
import { LazyShellParser } from '../shell/lazy-parser.js';
import { FILE_LINES, TOTAL_LINES } from './approval-caps.js';
import { pinnedQuestion, pinOf, withPins } from './approval-pins.js';
import { decide, type DecideContext } from './decide.js';
import type { DenialTracker } from './denials.js';
import { describeCall, pathJudged } from './describe.js';
import { withWritten } from './gate-written.js';
import type { ObeyedContextOf } from './immune.js';
import { approvalNeededMessage, deniedMessage, userDeniedMessage } from './messages.js';
import { escapePattern } from './pattern.js';
import type { Policy } from './policy.js';
import { joinedCallRule, joinedCallText, ofRoles } from './joined-call.js';
import { scopesFor, SessionGrants } from './scopes.js';
import type { ApprovalAnswer, ApprovalPreview, ApprovalReply, ApprovalRequest, ApprovalScope, Decision, Judged, ScopedApprover, ShellParserLike } from './types.js';
import type { CallPreview } from '../engine/command.js';

export interface PermissionGateOptions {
  readonly policy: Policy;
  readonly denials: DenialTracker;
  // Asks a person; absent when no one can (non-interactive): an ask is then C241.
  readonly approver?: ScopedApprover;
  // --yes: approve every ask that is not safety-immune (and not in an escalated session).
  readonly yes: boolean;
  // Default: a ShellParser of this gate's own (the grammar loads on the first shell call).
  readonly parser?: ShellParserLike;
  // 'always' answers kept for this session only (default: the gate's own).
  readonly grants?: SessionGrants;
  // The door the calls come through ('cli', 'mcp', 'chatcli', 'agent'): a C241 says what its user can do.
  readonly door?: string;
  // The write gate's context (obeyed-context.ts), when the call's gate computed it already (gate-written.ts).
  readonly obeyed?: ObeyedContextOf;
}

type GateOptions = PermissionGateOptions & { readonly parser: ShellParserLike; readonly grants: SessionGrants };

// The rule a 'never' answer saves: the exact path for file commands, the whole command for others; none
// for shell lines (a deny rule there is written by a person, as in ChatCLI).
function denyRule(judged: Judged): string | null {
  if (judged.kind === 'shell') return null;
  if (judged.kind === 'path' && judged.subject !== undefined) return `${judged.tool} ${escapePattern(judged.subject)}`;
  return judged.tool;
}

// The rules a refusal suggests. A literal shell rule is a prefix (`@coder exec touch a.txt` also allows
// `touch a.txt ~/x`), so for a shell line each suggestion becomes the exact form the 'always' answer saves
// (`?` stands for the one space after the tool): it allows that command and nothing longer.
function exactRules(judged: Judged, decision: Decision): string[] {
  const rules = decision.suggest ?? [];
  if (judged.kind !== 'shell') return rules;
  return rules.map((rule) => (rule.startsWith(`${judged.tool} `) ? `${judged.tool}?${rule.slice(judged.tool.length + 1)}` : rule));
}

function optionsFor(judged: Judged, decision: Decision, scopes: readonly ApprovalScope[]): ApprovalAnswer[] {
  // An allow rule never approves an immune call, so 'always' would promise what it cannot keep.
  if (decision.source === 'immune') return judged.kind === 'shell' ? ['once', 'no'] : ['once', 'no', 'never'];
  const always: ApprovalAnswer[] = scopes.length > 0 ? ['always'] : [];
  return judged.kind === 'shell' ? ['once', ...always, 'no'] : ['once', ...always, 'no', 'never'];
}

function readReply(reply: ApprovalReply, choices: readonly ApprovalAnswer[]): { answer: ApprovalAnswer; scope: number } {
  const answer = typeof reply === 'string' ? reply : reply?.answer;
  const scope = typeof reply === 'object' && reply !== null && 'scope' in reply && Number.isInteger(reply.scope) ? reply.scope : 0;
  // Anything not offered is a refusal (ChatCLI: "invalid input — action denied for security").
  return choices.includes(answer) ? { answer, scope } : { answer: 'no', scope: 0 };
}

const unattended = (reply: ApprovalReply): boolean => typeof reply === 'object' && reply !== null && 'unattended' in reply && reply.unattended === true;

// What a refusal of a question whose diff was cut says to do (the caller is usually a model).
const SPLIT = `the diff was too long to show whole, so it could not be approved: split the change into smaller calls (at most ${FILE_LINES} diff lines per file, ${TOTAL_LINES} in all), each shown whole`;

// The preview of the call, fetched once and only when a person is asked.
type PreviewSource = () => Promise<ApprovalPreview | undefined>;

// One question for the call: a single judged part as it is, several (a two-file create, a multipatch) as
// one question listing every file, with one "always" that covers exactly those files.
interface Question {
  readonly parts: readonly { judged: Judged; decision: Decision }[];
  readonly request: ApprovalRequest;
  readonly scopes: readonly ApprovalScope[];
  // The deny rules a 'never' saves (one per file).
  readonly never: readonly string[];
}

// How the call runs, for the approver: its shell line and its effect flags as parsed.
interface CallFacts {
  readonly effect?: Readonly<Record<string, unknown>> | undefined;
}

const factsOf = (judged: Judged, facts: CallFacts): Pick<ApprovalRequest, 'line' | 'effect'> => ({
  ...(judged.kind === 'shell' && judged.subject !== undefined ? { line: judged.subject } : {}),
  ...(facts.effect ? { effect: facts.effect } : {}),
});

function singleQuestion(judged: Judged, decision: Decision, requester: string | undefined, preview: ApprovalPreview | undefined, facts: CallFacts): Question {
  const scopes = decision.source === 'immune' ? [] : scopesFor(judged, decision);
  const choices = optionsFor(judged, decision, scopes);
  const never = denyRule(judged);
  const request: ApprovalRequest = {
    judged: decision.part && decision.part !== judged.subject ? `${judged.call} (${decision.part})` : judged.call,
    tool: judged.tool,
    reason: decision.reason,
    source: decision.source,
    immune: decision.immune ?? null,
    options: choices,
    suggestion: choices.includes('always') ? (scopes[0]?.rules[0] ?? null) : choices.includes('never') ? never : null,
    ...(scopes.length > 0 ? { scopes } : {}),
    kind: judged.kind,
    ...(requester ? { requester } : {}),
    ...(preview ? { preview } : {}),
    ...factsOf(judged, facts),
  };
  return { parts: [{ judged, decision }], request, scopes, never: never === null ? [] : [never] };
}

function joinedQuestion(parts: readonly { judged: Judged; decision: Decision }[], requester: string | undefined, preview: ApprovalPreview | undefined, facts: CallFacts): Question {
  const [first] = parts;
  const immune = parts.find((part) => part.decision.source === 'immune');
  const each = parts.map((part) => (part.decision.source === 'immune' ? [] : scopesFor(part.judged, part.decision)));
  const scopes: ApprovalScope[] = [];
  const roles = ofRoles(parts.map((part) => part.judged));
  if (!immune && roles) {
    // One effect in several roles (`move a.txt b.txt`): one rule for the call as asked (joined-call.ts, R37-b4).
    scopes.push({ label: `this call (${joinedCallText(parts.map((part) => part.judged))})`, rules: [joinedCallRule(parts.map((part) => part.judged))] });
  } else if (!immune && each.every((own) => own.length > 0)) {
    const subjects = parts.map((part) => part.judged.subject ?? part.judged.call);
    // Each file's own first rule, the one a bare "always" on that file alone saves (the asked command's: red team
    // R30-5, `own[0].rules` whole saved every edit command of every file, so "always" on a two-file `update`
    // allowed a later `write a.txt` of any content); the question's "always" line names exactly these.
    scopes.push({ label: `these ${parts.length} files (${first!.judged.command} ${subjects.join(', ')})`, rules: each.flatMap((own) => own[0]!.rules.slice(0, 1)) });
    // A wider scope every file offers alike (all edits under one folder, all edits this session).
    const key = (scope: ApprovalScope): string => JSON.stringify([scope.rules, scope.session ?? null]);
    for (const scope of each[0]!.slice(1)) if (each.every((own) => own.some((other) => key(other) === key(scope)))) scopes.push(scope);
  }
  const never = parts.map((part) => denyRule(part.judged));
  const request: ApprovalRequest = {
    judged: joinedCallText(parts.map((part) => part.judged)),
    tool: first!.judged.tool,
    reason: [...new Set(parts.map((part) => `${part.judged.subject}: ${part.decision.reason}`))].join('; '),
    source: (immune ?? first!).decision.source,
    immune: immune?.decision.immune ?? null,
    options: immune ? ['once', 'no'] : [...(scopes.length > 0 ? (['once', 'always', 'no'] as const) : (['once', 'no'] as const)), ...(never.every((rule) => rule !== null) ? (['never'] as const) : [])],
    suggestion: scopes[0]?.rules[0] ?? null,
    ...(scopes.length > 0 ? { scopes, saves: scopes[0]!.rules } : {}),
    kind: first!.judged.kind,
    ...(requester ? { requester } : {}),
    ...(preview ? { preview } : {}),
    ...factsOf(first!.judged, facts),
  };
  return { parts, request, scopes, never: never.every((rule) => rule !== null) ? (never as string[]) : [] };
}

// What one call's question already covered: a file its dry run's diff showed, approved, is not asked again
// when the handler claims it as it runs (rename-symbol's other files): one question per call. Deny rules
// still refuse it (they are decided first).
interface CallMemory {
  readonly covered: (judged: Judged) => boolean;
  readonly approved: (preview: ApprovalPreview | undefined) => void;
}

async function approve(parts: readonly { judged: Judged; decision: Decision }[], options: GateOptions, requester: string | undefined, preview: PreviewSource, facts: CallFacts, memory?: CallMemory): Promise<Authorization | undefined> {
  const { policy, denials } = options;
  const [first] = parts;
  const immune = parts.some((part) => part.decision.source === 'immune');
  const record = (): void => {
    for (const tool of new Set(parts.map((part) => part.judged.tool))) denials.recordApproval(tool);
  };
  if (options.yes && !immune && !denials.escalated) {
    record();
    return undefined;
  }
  if (!options.approver) {
    const asking = parts.find((part) => part.decision.source === 'immune') ?? first!;
    throw fail('C241', approvalNeededMessage(asking.decision, options.door, parts.flatMap((part) => exactRules(part.judged, part.decision))));
  }
  const shown = await preview();
  const question = parts.length === 1 ? singleQuestion(first!.judged, first!.decision, requester, shown, facts) : joinedQuestion(parts, requester, shown, facts);
  const { scopes, never } = question;
  // A diff cut by its cap (red team R8-1, R16-4): "once" or "always" would approve lines nobody saw, whatever a
  // keyword detector found in them, so a person is offered only no and never (the preview's note says how to
  // split the change). A mode that approves without showing anyone (auto-edit, `unattended`) is not a person
  // approving unseen lines: it keeps its once.
  // A line that runs a repository's script (red team R16-5): its "always" is keyed on the script lines shown
  // (approval-pins.ts), or not offered when they could not all be read.
  const offered = shown?.capped ? question.request.options.filter((option) => option === 'no' || option === 'never') : question.request.options;
  const request: ApprovalRequest = offered.length < question.request.options.length ? { ...question.request, options: offered, scopes: undefined, saves: undefined } : pinnedQuestion(question.request, shown, policy);
  const reply = await options.approver(request);
  const { answer, scope } = readReply(reply, unattended(reply) ? question.request.options : request.options);
  if (answer === 'once' || answer === 'always') memory?.approved(shown);
  if (answer === 'once' && unattended(reply)) {
    record();
    return { unattended: true };
  }
  if (answer === 'once' || answer === 'always') {
    if (answer === 'always') {
      // A bare 'always' (an approver that knows no scopes: the CLI, MCP) saves the narrowest scope: for
      // one file the one rule it was shown, for several the rule of each; a scope not offered is that too.
      const kept = request.scopes ?? scopes;
      const chosen = typeof reply === 'object' ? (kept[scope] ?? kept[0]) : parts.length > 1 ? kept[0] : undefined;
      if (chosen?.session) options.grants.grant(chosen);
      for (const rule of chosen ? chosen.rules : [request.suggestion!]) await policy.saveAnswer(rule, 'allow', pinOf(shown));
    }
    record();
    return undefined;
  }
  let extra = shown?.capped ? `; ${SPLIT}` : '';
  if (answer === 'never' && never.length > 0) {
    for (const rule of never) await policy.saveAnswer(rule, 'deny');
    extra = `; ${never.length === 1 ? 'rule' : 'rules'} ${never.map((rule) => `"${rule}"`).join(', ')} (deny) saved to ${policy.answersFile}`;
  }
  const outcome = denials.recordDenial(first!.judged.tool);
  if (outcome === 'escalated') extra += `; the session is escalated after ${denials.total} denials (no more automatic approval)`;
  else if (outcome === 'blocked') extra += `; ${first!.judged.tool} is now blocked for this session`;
  const unanswered = typeof reply === 'object' && 'unanswered' in reply ? reply.unanswered : undefined;
  throw fail('C240', userDeniedMessage(parts.length === 1 ? first!.decision : { ...first!.decision, judged: request.judged, part: undefined }, extra, unanswered));
}

// Decides every judged part; any deny refuses the call (C240) before anyone is asked; then what still
// asks is approved by --yes, by the approver in ONE question for the whole call (with the diff of the
// handler's dry run, `preview`), or refused (C241 when no one can approve). Files found at run time
// (`found`, FoundFiles) ask again only where a rule or the immune list asks; `memory`: the files a person
// already saw in this call's approved question are not asked again.
export async function authorizeJudged(judged: readonly Judged[], gateOptions: PermissionGateOptions, requester?: string, preview?: () => Promise<CallPreview | undefined>, effect?: Readonly<Record<string, unknown>>, found?: FoundFiles, memory?: CallMemory): Promise<Authorization | undefined> {
  const options: GateOptions = { ...gateOptions, parser: gateOptions.parser ?? new LazyShellParser(), grants: gateOptions.grants ?? new SessionGrants() };
  const ctx: DecideContext = { policy: options.policy, denials: options.denials, ...(options.obeyed ? { obeyed: options.obeyed } : {}) };
  const decisions = await Promise.all(judged.map((entry) => decide(entry, ctx, options.parser)));
  const skipped: { real: string; message: string }[] = [];
  for (let i = 0; i < judged.length; i++) {
    const decision = decisions[i]!;
    if (decision.decision !== 'deny') continue;
    if (!found?.skip || judged[i]!.real === undefined) throw fail('C240', deniedMessage(decision));
    skipped.push({ real: judged[i]!.real!, message: deniedMessage(decision) });
  }
  const asking: { judged: Judged; decision: Decision }[] = [];
  for (let i = 0; i < judged.length; i++) {
    const decision = decisions[i]!;
    if (decision.decision !== 'ask' || (found && !asksAgain(decision))) continue;
    if (options.grants.covers(judged[i]!, decision) || memory?.covered(judged[i]!)) {
      options.denials.recordApproval(judged[i]!.tool);
      continue;
    }
    asking.push({ judged: judged[i]!, decision });
  }
  const left = skipped.length > 0 ? { skipped } : undefined;
  if (asking.length === 0 || found?.dry) return left;
  // A call of roles approved "always" before: its one rule, matched against the whole call's text (joined-call.ts).
  const [first] = asking;
  if (first !== undefined && asking.length > 1 && ofRoles(asking.map((part) => part.judged)) && asking.every((part) => part.decision.source !== 'immune') && options.policy.match({ canonical: { text: joinedCallText(asking.map((part) => part.judged)), command: first.judged.command, qualified: true }, others: [] })?.action === 'allow') {
    for (const part of asking) options.denials.recordApproval(part.judged.tool);
    return left;
  }
  let rendered: Promise<ApprovalPreview | undefined> | undefined;
  // A deny the handler's dry run met on a file it found (ctx.intend) refuses before anyone is asked.
  const shown: PreviewSource = () => (rendered ??= (preview?.() ?? Promise.resolve(undefined)).then(async (dry) => {
    if (dry?.error?.code === 'C240') throw fail('C240', dry.error.message);
    // The diff renderer (the diff package) loads when someone is asked, not with every call's gate.
    return dry ? (await import('./approval-preview.js')).approvalPreview(dry) : undefined;
  }));
  const approved = await approve(asking, options, requester, shown, { effect }, memory);
  return left === undefined ? approved : { ...approved, ...left };
}

// A found file's ask that is asked although the call was approved: one a rule or the immune list makes
// (the built-in default ask of a write was the call's own question).
const asksAgain = (decision: Decision): boolean => decision.source !== 'default' && decision.source !== 'allowlist';

// The call's effect flags as parsed (those given; CommandDefinition.effectArgs).
function effectOf(call: PreparedCall): Readonly<Record<string, unknown>> | undefined {
  const flags = Array.isArray(call.command.effectArgs) ? (call.command.effectArgs as readonly string[]) : [];
  const given = flags.filter((flag) => call.args[flag] !== undefined);
  return given.length === 0 ? undefined : Object.fromEntries(given.map((flag) => [flag, call.args[flag]]));
}

// A found file a call removes (clean's matches, an undo of a create) is a delete as well: the person's
// `@coder delete prod.conf` names it too (red team R8-7 variant).
const asRemoval = (judged: readonly Judged[]): Judged[] => judged.flatMap((entry) => (entry.access === 'delete' && entry.command !== 'delete' && entry.subject !== undefined
  ? [entry, pathJudged('delete', 'destructive', entry.subject, 'delete', entry.aliases ?? [], entry.real)]
  : [entry]));

// The engine's permission stage (ARCHITECTURE.md: after the danger classifier, before staleness).
// Found files are asked about without the handler's dry run: the run that found them holds the locks that
// dry run would wait for (an undo's checkpoint store); the question names each file.
export function permissionGate(options: PermissionGateOptions): Pick<EngineHooks, 'authorize'> {
  const withParser: GateOptions = { ...options, parser: options.parser ?? new LazyShellParser(), grants: options.grants ?? new SessionGrants() };
  // Per call (its preview function, the same for the files it finds later): the files a person approved.
  const shownFiles = new WeakMap<object, ReadonlySet<string>>();
  return {
    authorize: (call: PreparedCall) => {
      const key = call.preview;
      const memory: CallMemory | undefined = key && {
        covered: (judged) => judged.kind === 'path' && judged.subject !== undefined && shownFiles.get(key)?.has(judged.subject) === true,
        approved: (shown) => {
          if (shown) shownFiles.set(key, new Set([...(shownFiles.get(key) ?? []), ...shown.files]));
        },
      };
      const judged = call.found ? asRemoval(describeCall(call)) : describeCall(call);
      // A pinned "always" is matched against the scripts the call runs now (approval-pins.ts).
      // The write gate's context withWritten computed (if any) serves the call's decisions too.
      return withPins(call, judged, options.policy).then((pinned) => withWritten(call, pinned, options.policy)).then(({ judged: pinned, obeyed }) => authorizeJudged(pinned, obeyed ? { ...withParser, obeyed } : withParser, call.caller?.label, call.found ? undefined : call.preview, effectOf(call), call.found, memory));
    },
  };
}
