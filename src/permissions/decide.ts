import type { DecideContext } from './decide-common.js';
import { decidePath } from './decide-path.js';
import { judgesWrite } from './immune.js';
import { withInPlace } from './path-rules.js';
import type { Decision, Judged, ShellParserLike } from './types.js';

export type { DecideContext } from './decide-common.js';

// The decision flow (seed 004 "Decision Flow"): a deny rule (or the denial tracker's block) denies;
// then safety immunity asks; then an escalated session asks; then the highest-priority source with a
// matching rule decides; then the read-only allowlist (shell lines); then the default.
// A shell line's decision (decide-shell.ts, with the immune classes, option tables and danger rules) is
// loaded when the first shell call is decided, never for a file command's call (issue 31).

export async function decide(judged: Judged, ctx: DecideContext, parser: ShellParserLike): Promise<Decision> {
  // An in-place run (--no-stage) under the person's per-file rules: the stricter of the two (path-rules.ts).
  return withInPlace(judged, ctx.policy, judged.detected ? await decideDetected(judged, ctx, parser) : await decideOwn(judged, ctx, parser));
}

// A line the command found itself (test's detected runner, describe.ts; red team R30-6), judged as exec judges it:
// a deny or a rule's ask the line meets, and what its scripts and tasks meet (decide-scripts.ts: a deny, an ask
// rule, the immune list of an unstaged run, lines not read). The line's own text is codeward's (the runner and a
// quoted pattern): the call's own part asks the rest.
async function decideDetected(judged: Judged, ctx: DecideContext, parser: ShellParserLike): Promise<Decision> {
  const [{ decideShell, withPlainSettings }, { scriptRulesMet }, { withObeyedOnDemand }, parse] = await Promise.all([import('./decide-shell.js'), import('./decide-scripts.js'), import('./obeyed-on-demand.js'), parser.parse(judged.subject ?? '')]);
  const own = await withObeyedOnDemand(ctx, (on) => decideShell(judged, on, parse));
  if (own.decision === 'deny' || (own.decision === 'ask' && own.rule?.action === 'ask')) return own;
  const script = await withObeyedOnDemand(ctx, (on) => scriptRulesMet(judged, on, withPlainSettings(judged, on, parse), parser, decideShell));
  return script ?? { decision: 'allow', reason: 'the line the call runs and its scripts meet no deny or ask rule and no immune class; the call itself is judged apart', source: 'default', judged: judged.call };
}

async function decideOwn(judged: Judged, ctx: DecideContext, parser: ShellParserLike): Promise<Decision> {
  // A write's immunity needs the workspace's obeyed context (hooks, git configuration, home links): its
  // analysis loads for a write only, never for a read (issue 31).
  if (judged.kind !== 'shell') return decidePath(judged, judgesWrite(judged) && !ctx.obeyed ? { ...ctx, obeyed: (await import('./obeyed-context.js')).obeyedContext } : ctx);
  const [{ decideShell, withPlainSettings }, { withObeyedOnDemand }, parse] = await Promise.all([import('./decide-shell.js'), import('./obeyed-on-demand.js'), parser.parse(judged.subject ?? '')]);
  // The obeyed context loads only when a written path of the line is judged, LineWrites only when a command file is
  // read (obeyed-on-demand.ts, loaded with the shell decision: a file command's call never needs it).
  const decision = await withObeyedOnDemand(ctx, (on) => decideShell(judged, on, parse));
  if (decision.decision === 'deny') return decision;
  // The package scripts a runner of the line runs are judged as the lines they are (decide-scripts.ts).
  // Loaded only for a line that may start a package manager's script runner (a plain line never needs it).
  if (!MAY_RUN_SCRIPTS.test(judged.subject ?? '')) return decision;
  const { scriptRulesMet } = await import('./decide-scripts.js');
  // Its scripts are read on the line without the plain settings files' placeholders (decide-shell.ts).
  const script = await withObeyedOnDemand(ctx, (on) => scriptRulesMet(judged, on, withPlainSettings(judged, on, parse), parser, decideShell));
  // Both ask: the line's own question, unless only the script's is one --yes cannot answer (the immune list).
  return script === undefined || (script.decision === 'ask' && decision.decision === 'ask' && (decision.source === 'immune' || script.source !== 'immune')) ? decision : script;
}

// The words of a line that may reach a package script runner or a task runner (decide-scripts.ts and task-runners.ts
// read the line itself: this only spares a line with none of them the load; a runner named through a variable or a
// path still holds one). A shell run on a script file (`sh x.sh`, `bash x`, `source x`, `. ./x`) and a program given by
// a path (`./x.sh`, `tools/x.sh`) are runners too (task-runner-shell.ts, red team R34-6), and so is a native library
// loaded into a program (`LD_PRELOAD=x.so`, `enable -f x.so`: task-runner-library.ts, R38-b9; GCONV_PATH, openssl's and git's
// program folders: R39-b5, R39-b12).
const MAY_RUN_SCRIPTS = /npm|pnpm|yarn|bun|lerna|npx|corepack|node|run-[sp]|concurrently|\$|`|deno|turbo|nx|just|task|mise|composer|pipenv|pdm|hatch|poe|rake|invoke|inv|make|makers|sh|source|\.\/|\/|LD_|enable|GCONV|OPENSSL|openssl|PATH|exec-path/;

