import type { CallerServices } from '../../engine/command.js';
import type { Engine } from '../../engine/engine.js';
import type { Envelope } from '../../engine/envelope.js';
import type { ToolCallTag } from '../contract/types.js';
import type { EventSink, ToolOutcome } from '../events.js';
import { runTodo } from '../tasks/todo.js';
import type { TaskTracker } from '../tasks/tracker.js';
import { DEFAULT_RESULT_BYTES, fitResult, inAgentWords, sharesByNeed } from './budget.js';
import { withoutRuns } from './own-tests.js';
import { messageInAgentWords } from './words.js';
import { diffSince, snapshotFiles } from './diffs.js';
import { previewCall } from './preview.js';
import { dependencies, footprint, sharesPath, type CallFootprint } from './schedule.js';

export interface BatchContext {
  readonly engine: Engine;
  readonly tracker: TaskTracker;
  readonly turn: number;
  readonly signal: AbortSignal;
  readonly emit: EventSink;
  readonly env: Readonly<Record<string, string | undefined>>;
  // Compute a diff of every edit for display.
  readonly diffs: boolean;
  // A dispatched agent's allowlist: other commands are refused (C240) before the engine sees them.
  readonly allowance?: CommandAllowance;
  // Lent to the commands (delegate's subagent runner).
  readonly caller?: CallerServices;
  // Announce what edits and tests will do before they run (an approval prompt shows it).
  readonly previews?: boolean;
  // Milliseconds spent so far waiting for the person (subtracted from the calls' elapsed times).
  readonly waited?: () => number;
  // Bytes the results message of one batch may carry (default DEFAULT_RESULT_BYTES); each result gets a share.
  readonly resultBytes?: number;
}

export interface CommandAllowance {
  readonly agent: string;
  readonly commands: ReadonlySet<string>;
  readonly readOnly: boolean;
  // Commands a read-only agent is refused whatever its list says.
  readonly writing: ReadonlySet<string>;
}

function refusal(allowance: CommandAllowance, cmd: string): string | undefined {
  const allowed = allowance.commands.size > 0 ? [...allowance.commands].join(', ') : 'none (this agent only reasons)';
  if (allowance.readOnly && allowance.writing.has(cmd)) return `agent "${allowance.agent}" is read-only and may not run ${cmd}; allowed: ${allowed}`;
  if (!allowance.commands.has(cmd)) return `agent "${allowance.agent}" may not run ${cmd || 'that command'}; allowed: ${allowed}`;
  return undefined;
}

const TODO_FOOTPRINT: CallFootprint = { barrier: false, reads: [], writes: ['\0@todo'] };

function toolName(tag: ToolCallTag): '@coder' | '@todo' {
  return tag.name.replace(/^@/, '').toLowerCase() === 'todo' ? '@todo' : '@coder';
}

function cmdOf(engine: Engine, tag: ToolCallTag): string {
  if (toolName(tag) === '@todo') return `todo`;
  try {
    return engine.plan(tag.args).command.name;
  } catch {
    return tag.args.trim().replace(/^\{.*?"cmd"\s*:\s*"([^"]+)".*$/s, '$1').split(/\s+/)[0] ?? '';
  }
}

// A failure's data that only repeats its message (C220's `detail`) adds nothing for the model.
function repeatsMessage(envelope: Envelope): boolean {
  if (envelope.ok || envelope.data === null || typeof envelope.data !== 'object') return false;
  const values = Object.values(envelope.data as Record<string, unknown>);
  return values.length > 0 && values.every((value) => typeof value === 'string' && envelope.error.message.includes(value));
}

// A failure's data goes through the command's formatter only when it is a process's output (exec, test); the
// formatters of other commands describe a success ("patched undefined: undefined replacements" from C221's
// {count, lines}), and what the data holds is in the message already.
function envelopeOutput(engine: Engine, envelope: Envelope, raw: string): Fitted {
  const command = engine.registry.find(envelope.cmd);
  let text = '';
  if (command && (envelope.ok || (command.effect === 'exec' && envelope.data !== undefined && !repeatsMessage(envelope)))) {
    try {
      text = command.format(envelope.data);
    } catch {
      text = JSON.stringify(envelope.data);
    }
  }
  const warnings = envelope.warnings.map((warning) => `warning: ${warning}`).join('\n');
  const whole = [warnings, text].filter((part) => part !== '').join('\n');
  // Measured as the model will see it: the JSON form of a suggested call is longer than the CLI's, and a
  // share sized on the CLI's text cut a result that fitted (a 193-byte test result under a 774-byte share).
  const words = inAgentWords(whole, command);
  return { bytes: Buffer.byteLength(words), fit: (share) => fitResult(words, command, raw, share) };
}

// A result before it is fitted to its share of the batch's budget (shares are known once all have run).
interface Fitted {
  readonly bytes: number;
  fit(share: number): string;
}

type CallResult = Omit<ToolOutcome, 'id' | 'tool' | 'cmd' | 'durationMs'> & { fitted?: Fitted };

async function runCoder(tag: ToolCallTag, cmd: string, context: BatchContext, share: number): Promise<CallResult> {
  const refused = context.allowance ? refusal(context.allowance, cmd) : undefined;
  if (refused) return { ok: false, code: 'C240', message: refused, output: '' };
  const before = context.diffs ? await snapshotFiles(context.engine, tag.args) : [];
  const envelope = await context.engine.run(tag.args, { signal: context.signal, ...(context.caller ? { caller: context.caller } : {}) });
  const fitted = envelopeOutput(context.engine, envelope, tag.args);
  const output = fitted.fit(share);
  if (!envelope.ok) {
    const said = messageInAgentWords(envelope.error.message, context.engine.registry.find(envelope.cmd));
    const message = context.allowance && !(context.allowance.commands.has('test') && context.allowance.commands.has('exec')) ? withoutRuns(said) : said;
    return { ok: false, code: envelope.error.code, message, output, fitted };
  }
  const diff = before.length > 0 ? await diffSince(before) : '';
  return { ok: true, output, fitted, ...(diff ? { diff } : {}) };
}

function runTodoCall(tag: ToolCallTag, context: BatchContext): Omit<ToolOutcome, 'id' | 'tool' | 'cmd' | 'durationMs'> {
  const result = runTodo(context.tracker, tag.args);
  return result.ok ? { ok: true, output: result.output } : { ok: false, code: 'C210', message: result.error, output: '' };
}

// Why a call is held back, as [the earlier call, why]. (1) An earlier change to a file it also changes
// failed (or was held back itself): it would edit a state the model did not expect. A failed read, search,
// test or shell command holds nothing back, and reads of a file whose change failed still run.
// (2) An earlier change was REFUSED (C240: the person said no, or a deny rule): the model planned the rest of
// the batch on that change, so what builds on it is cancelled too: a later call on the same file (a patch of
// it, a read it expects to show the change) and every later command run (exec, test, shell: a barrier that
// waited for the refused call and would test or use what is not there). A call on other files is not: it does
// not wait for the refused one (it may have run already), and an edit elsewhere is asked and judged on its own.
type Blocker = readonly [index: number, why: string];

function heldBack(index: number, footprints: readonly CallFootprint[], outcomes: readonly (ToolOutcome | undefined)[]): Blocker | undefined {
  const mine = footprints[index]!;
  for (let earlier = 0; earlier < index; earlier += 1) {
    const outcome = outcomes[earlier];
    if (!outcome || outcome.ok) continue;
    const theirs = footprints[earlier]!;
    if (refused(outcome) && theirs.writes.length > 0 && (mine.barrier || sharesPath([...mine.reads, ...mine.writes], theirs.writes))) {
      const what = mine.barrier ? 'it runs after that change and would use the unchanged files' : 'it names the same file and expects that change';
      return [earlier, `was refused (${outcome.code}); ${what}. Send it again if it still applies to the file as it is`];
    }
    if (mine.writes.length > 0 && sharesPath(mine.writes, theirs.writes)) {
      return [earlier, `changes the same file and ${outcome.skipped ? 'was not run either' : 'failed'}; send this change again once that file is right`];
    }
  }
  return undefined;
}

// A call the permission gate refused (a person's no, a deny rule, an agent's allowlist): not a failure of
// the call's own, and the batch's later calls were written on the assumption it would run.
const refused = (outcome: ToolOutcome): boolean => outcome.code === 'C240';

// Runs one response's tool calls: calls on different files (and reads) in parallel, calls that share a
// file in the order the model wrote them, shell commands one at a time. A failed change to a file holds
// back the later changes to that file, a refused one also what builds on it (heldBack); calls are named
// as the model numbered them ([2]).
export async function executeBatch(tags: readonly ToolCallTag[], context: BatchContext): Promise<ToolOutcome[]> {
  const footprints = tags.map((tag) => (toolName(tag) === '@todo' ? TODO_FOOTPRINT : footprint(context.engine, tag.args, context.env)));
  const deps = dependencies(footprints);
  const budget = context.resultBytes ?? DEFAULT_RESULT_BYTES;
  // Each result is shown as it arrives fitted to the whole budget; the model's copy is fitted by need below.
  const share = sharesByNeed([Number.MAX_SAFE_INTEGER], budget)[0]!;
  const fits: (Fitted | undefined)[] = [];
  const outcomes: Promise<ToolOutcome>[] = [];
  const settledOutcomes: (ToolOutcome | undefined)[] = [];
  tags.forEach((tag, index) => {
    const id = `t${context.turn}-${index + 1}`;
    const tool = toolName(tag);
    const cmd = cmdOf(context.engine, tag);
    outcomes.push(
      (async (): Promise<ToolOutcome> => {
        await Promise.all(deps[index]!.map((dep) => outcomes[dep]!));
        const blocker = heldBack(index, footprints, settledOutcomes);
        if (blocker !== undefined) {
          const [earlier, why] = blocker;
          const message = `call [${earlier + 1}] (${settledOutcomes[earlier]!.cmd}) ${why}`;
          const outcome: ToolOutcome = { id, tool, cmd, ok: false, skipped: true, message, output: '', durationMs: 0 };
          settledOutcomes[index] = outcome;
          context.emit({ type: 'tool_result', turn: context.turn, ...outcome });
          return outcome;
        }
        context.emit({ type: 'tool_call', turn: context.turn, id, tool, cmd, args: tag.args });
        if (context.previews && tool === '@coder' && (cmd === 'test' || cmd === 'exec')) {
          const preview = await previewCall(context.engine, tag.args);
          if (preview) context.emit({ type: 'preview', turn: context.turn, id, cmd, ...preview });
        }
        const started = performance.now();
        const waitedBefore = context.waited?.() ?? 0;
        const { fitted, ...result }: CallResult = tool === '@todo' ? runTodoCall(tag, context) : await runCoder(tag, cmd, context, share);
        fits[index] = fitted;
        const waiting = (context.waited?.() ?? 0) - waitedBefore;
        const outcome: ToolOutcome = { id, tool, cmd, ...result, durationMs: Math.max(0, Math.round(performance.now() - started - waiting)) };
        settledOutcomes[index] = outcome;
        context.emit({ type: 'tool_result', turn: context.turn, ...outcome });
        return outcome;
      })(),
    );
  });
  const settled = await Promise.all(outcomes);
  const shares = sharesByNeed(settled.map((outcome, index) => fits[index]?.bytes ?? Buffer.byteLength(outcome.output)), budget);
  return settled.map((outcome, index) => (fits[index] ? { ...outcome, output: fits[index]!.fit(shares[index]!) } : outcome));
}
