import { nodeCrypto } from '../../engine/lazy-crypto.js';
import type { CallerServices } from '../../engine/command.js';
import type { Engine } from '../../engine/engine.js';
import { fail, toCodewardError } from '../../engine/errors.js';
import type { AgentCallTag } from '../contract/types.js';
import { fingerprint } from '../contract/validate.js';
import type { EventSink, ToolOutcome } from '../events.js';
import type { ChatMessage, ModelClient, TokenUsage } from '../model/client.js';
import { TaskTracker } from '../tasks/tracker.js';
import { DEFAULT_RESULT_BYTES } from './budget.js';
import { executeBatch, type CommandAllowance } from './execute.js';
import { estimateTokens, ResultLedger, viewOf } from './history.js';
import { isCancellation, respond } from './respond.js';
import { resultsMessage } from './results.js';

export interface AgentLoopOptions {
  readonly engine: Engine;
  // The person's own agent (not a sub-agent sharing its engine): names each turn on the engine (/undo).
  readonly marksTurns?: boolean;
  readonly model: ModelClient;
  readonly system: string;
  readonly emit: EventSink;
  readonly maxTurns: number;
  readonly env: Readonly<Record<string, string | undefined>>;
  // Compute a diff of every edit (for displays).
  readonly diffs?: boolean;
  // Interactive runs: the person's next message after an answer or a question (null: the session ends).
  readonly askUser?: (answer: string, question: boolean) => Promise<string | null>;
  // A resumed conversation.
  readonly history?: readonly ChatMessage[];
  // Called for every message that enters the history (the transcript).
  readonly onMessage?: (message: ChatMessage) => void;
  // Runs <agent_call> dispatches; without it the model is told agent calls are not enabled.
  readonly dispatchAgents?: (calls: readonly AgentCallTag[], signal: AbortSignal) => Promise<AgentDispatch>;
  readonly tools?: readonly string[];
  // A dispatched agent: the commands it may run.
  readonly allowance?: CommandAllowance;
  // Lent to the commands the model calls (delegate's subagent runner).
  readonly caller?: CallerServices;
  // Stops the whole run (a parent's cancellation, an agent's timeout); its reason is the error reported.
  readonly signal?: AbortSignal;
  // The token counter to add to (a team shares one, so the run's total includes its agents).
  readonly usage?: TokenUsage;
  readonly maxAttempts?: number;
  readonly stagnationLimit?: number;
  // Interactive runs: announce what edits and tests will do before they run (for approvals).
  readonly previews?: boolean;
  // Milliseconds spent waiting for the person so far (kept out of the calls' elapsed times).
  readonly waited?: () => number;
  // What the person said when refusing calls, told to the model with the results (then cleared).
  readonly personNotes?: () => readonly string[];
  // Bytes one batch's results message may carry (the result budget, default DEFAULT_RESULT_BYTES).
  readonly resultBytes?: number;
  // Estimated prompt tokens past which older results are compacted (default COMPACT_AT_TOKENS).
  readonly compactAtTokens?: number;
}

// Past this many prompt tokens (estimated) the results of all but the last KEEP_RESULTS batches become stubs.
export const COMPACT_AT_TOKENS = 60_000;
const KEEP_RESULTS = 5;

// What a dispatch of <agent_call>s reports: the message for the model, and each agent's failure (if any)
// for the task tracker.
export interface AgentDispatch {
  readonly message: string;
  readonly results: readonly { readonly ok: boolean; readonly error?: string }[];
}

export interface AgentOutcome {
  readonly ok: boolean;
  readonly result: string;
  readonly question: boolean;
  readonly turns: number;
  readonly usage: TokenUsage;
  readonly error?: { readonly code: string; readonly message: string };
  readonly cancelled?: boolean;
}

// A test run that ran and reported failing tests (not one that could not run, timed out or was refused).
function observedFailure(outcome: ToolOutcome, args: string): boolean {
  if (outcome.ok || outcome.code !== 'C253') return false;
  if (outcome.cmd === 'test') return true;
  return outcome.cmd === 'exec' && /\b(?:test|tests|pytest|jest|vitest|mocha|spec)\b/i.test(args);
}

// A question for the person: the answer's last paragraph asks something.
function asksQuestion(prose: string): boolean {
  const last = prose.trim().split(/\n\s*\n/).pop() ?? '';
  return /\?\s*$/.test(last) || /\?\s*\n/.test(last);
}

// Coder mode's ReAct loop (seed 001): ask the model, enforce the output contract, run the tool calls
// through the engine (with its permission gate), feed the results back, until an answer, a question,
// the turn limit, or an error.
export class AgentLoop {
  readonly history: ChatMessage[];
  readonly tracker = new TaskTracker();
  private readonly usage: TokenUsage;
  // The results messages in the history, so a later batch can drop the results it made stale.
  private readonly ledger = new ResultLedger();
  private turnController: AbortController | undefined;
  // A change to the files succeeded during the current request (a final answer may then quote code).
  private workDone = false;

  constructor(private readonly options: AgentLoopOptions) {
    this.history = [...(options.history ?? [])];
    this.usage = options.usage ?? { input: 0, output: 0 };
  }

  // Ctrl+C: stops the model request and the tool calls of the current turn. False when none is running.
  cancelTurn(): boolean {
    if (!this.turnController || this.turnController.signal.aborted) return false;
    this.turnController.abort(fail('C250', 'cancelled by the user (Ctrl+C)'));
    return true;
  }

  async run(task: string): Promise<AgentOutcome> {
    let message: string | null = task;
    for (;;) {
      // Every change of the model's answer to this message is one turn, which /undo takes back whole.
      if (this.options.marksTurns === true) this.options.engine.withTurn(nodeCrypto().randomUUID());
      const outcome = await this.request(message);
      const ask = this.options.askUser;
      if (!ask) return this.finish(outcome);
      // Interactive: nothing ends the session but the person; errors are shown and the conversation goes on.
      const { emit } = this.options;
      if (outcome.cancelled) emit({ type: 'notice', message: 'turn cancelled' });
      else if (outcome.error) emit({ type: 'error', ...outcome.error });
      else emit({ type: 'final', ok: true, result: outcome.result, question: outcome.question, turns: outcome.turns, usage: { ...this.usage } });
      message = await ask(outcome.result, outcome.question);
      if (message === null) return { ...outcome, usage: { ...this.usage } };
    }
  }

  private finish(outcome: AgentOutcome): AgentOutcome {
    if (outcome.error) this.options.emit({ type: 'error', ...outcome.error });
    this.options.emit({ type: 'final', ok: outcome.ok, result: outcome.result, question: outcome.question, turns: outcome.turns, usage: { ...this.usage } });
    return outcome;
  }

  // Returns whether the message stands on its own (false: it joined the message before it).
  private push(message: ChatMessage): boolean {
    const last = this.history[this.history.length - 1];
    // A cancelled turn leaves a user message unanswered: the next one joins it (roles must alternate).
    const joins = last !== undefined && last.role === 'user' && message.role === 'user';
    if (joins) this.history[this.history.length - 1] = { role: 'user', content: `${last.content}\n\n${message.content}` };
    else this.history.push(message);
    this.options.onMessage?.(message);
    return !joins;
  }

  private async request(message: string): Promise<AgentOutcome> {
    this.push({ role: 'user', content: message });
    this.workDone = false;
    const fingerprints: string[] = [];
    for (let turn = 1; ; turn += 1) {
      if (turn > this.options.maxTurns) return this.failed('C250', `the run stopped at the turn limit (${this.options.maxTurns}); raise --max-turns or narrow the task`, turn - 1);
      const stop = this.options.signal;
      if (stop?.aborted) return { ...this.stopped(stop.reason, turn - 1), cancelled: true };
      const controller = new AbortController();
      this.turnController = controller;
      const forward = (): void => controller.abort(stop?.reason);
      stop?.addEventListener('abort', forward, { once: true });
      try {
        const outcome = await this.turn(turn, controller.signal, fingerprints);
        if (outcome) return outcome;
      } catch (error) {
        if (stop?.aborted) return { ...this.stopped(stop.reason, turn), cancelled: true };
        if (isCancellation(error, controller.signal)) return { ...this.failed('C250', 'cancelled by the user (Ctrl+C)', turn), cancelled: true };
        const failure = toCodewardError(error);
        return this.failed(failure.code, failure.message, turn);
      } finally {
        stop?.removeEventListener('abort', forward);
        this.turnController = undefined;
      }
    }
  }

  private stopped(reason: unknown, turns: number): AgentOutcome {
    const failure = toCodewardError(reason ?? fail('C250', 'the run was stopped'));
    return this.failed(failure.code, failure.message, turns);
  }

  private failed(code: string, message: string, turns: number): AgentOutcome {
    return { ok: false, result: message, question: false, turns, usage: { ...this.usage }, error: { code, message } };
  }

  // One turn; returns the outcome when the run (for this request) ends.
  private async turn(turn: number, signal: AbortSignal, fingerprints: string[]): Promise<AgentOutcome | undefined> {
    const { emit } = this.options;
    const { text, parsed } = await respond({
      model: this.options.model,
      system: this.options.system,
      history: this.history,
      tools: this.options.tools ?? ['@coder', '@todo'],
      turn,
      workDone: this.workDone,
      maxAttempts: this.options.maxAttempts ?? 3,
      signal,
      emit,
      addUsage: (usage) => {
        this.usage.input += usage.input;
        this.usage.output += usage.output;
        return { ...this.usage };
      },
    });
    this.push({ role: 'assistant', content: text });
    // @todo calls manage the plan themselves; only the work calls (and agents) of a turn move it on, and
    // the steps the model ticks beside them are done once they succeed.
    const working = parsed.agentCalls.length > 0 || parsed.toolCalls.some((call) => !/^@?todo$/i.test(call.name.trim()));
    if (parsed.reasoning && this.tracker.updateFromReasoning(parsed.reasoning, working) !== 'none') this.emitPlan();
    if (parsed.toolCalls.length === 0 && parsed.agentCalls.length === 0) {
      const result = parsed.prose || text.trim();
      const question = asksQuestion(result);
      if (!question && turn > 1 && this.tracker.finish()) this.emitPlan();
      return { ok: true, result, question, turns: turn, usage: { ...this.usage } };
    }
    fingerprints.push(fingerprint(parsed.toolCalls) + JSON.stringify(parsed.agentCalls.map((call) => [call.agent, call.task])));
    const limit = this.options.stagnationLimit ?? 3;
    if (fingerprints.length >= limit && fingerprints.slice(-limit).every((print) => print === fingerprints[fingerprints.length - 1])) {
      return this.failed('C210', `stagnation: the model sent the same tool calls ${limit} turns in a row; the run stopped`, turn);
    }
    if (working) {
      this.tracker.beginTurn();
      this.emitPlan();
    }
    const { engine, env, allowance, caller, previews, waited, resultBytes = DEFAULT_RESULT_BYTES } = this.options;
    const batch = { engine, tracker: this.tracker, turn, signal, emit, env, diffs: this.options.diffs ?? false, resultBytes, ...(allowance ? { allowance } : {}), ...(caller ? { caller } : {}), ...(previews ? { previews } : {}), ...(waited ? { waited } : {}) };
    const outcomes = await executeBatch(parsed.toolCalls, batch);
    // Work is a change to the files (running `ls` or the tests is not): then a summary may quote code.
    if (outcomes.some((outcome) => outcome.ok && outcome.tool === '@coder' && ['write', 'destructive'].includes(engine.registry.find(outcome.cmd)?.effect ?? ''))) this.workDone = true;
    const notes: string[] = [];
    const agentResults: { ok: boolean; error?: string }[] = [];
    if (parsed.agentCalls.length > 0) {
      if (this.options.dispatchAgents) {
        const dispatch = await this.options.dispatchAgents(parsed.agentCalls, signal);
        notes.push(dispatch.message);
        agentResults.push(...dispatch.results);
      } else {
        notes.push('<agent_call> is not enabled in this run: do the work yourself with @coder tool calls.');
        agentResults.push({ ok: false, error: 'agent calls are not enabled' });
      }
    }
    if (signal.aborted) throw signal.reason;
    if (working) {
      const results = outcomes.flatMap((outcome, index) => {
        // A call refused because nobody can approve it (C241) did not fail the step: the model was told to
        // go on with what runs, and counting it would mark the step failed and push it toward a replan.
        if (outcome.tool === '@todo' || outcome.code === 'C241') return [];
        const observed = observedFailure(outcome, parsed.toolCalls[index]?.args ?? '');
        return [{ ok: outcome.ok, ...(outcome.ok ? {} : { error: `${outcome.code ?? ''} ${outcome.message ?? ''}`.trim() }), ...(observed ? { observed: true } : {}) }];
      });
      this.tracker.endTurn([...results, ...agentResults]);
    }
    this.emitPlan();
    if (this.tracker.needsReplan) {
      notes.push(this.tracker.replanMessage);
      emit({ type: 'notice', message: 'three turns failed in a row: the model was asked for a new plan' });
    }
    notes.push(...(this.options.personNotes?.() ?? []));
    const views = parsed.toolCalls.map((call) => viewOf(engine, call.args, env));
    for (const update of this.ledger.supersede(views, outcomes, turn)) this.history[update.index] = { role: 'user', content: update.content };
    if (this.push({ role: 'user', content: resultsMessage(outcomes, notes, resultBytes) })) this.ledger.record(this.history.length - 1, outcomes, views, notes, resultBytes);
    this.compactIfLarge();
    return undefined;
  }

  // Past the limit, results older than the last KEEP_RESULTS batches become stubs; while the estimate is still
  // over it, fewer batches are kept, down to the last one (a live run at a small budget: five batches of a
  // short task held 8.8 k tokens, so keeping five compacted nothing and every request stayed over the budget).
  private compactIfLarge(): void {
    const limit = this.options.compactAtTokens ?? COMPACT_AT_TOKENS;
    const estimate = (): number => estimateTokens([this.options.system, ...this.history.map((message) => message.content)]);
    const tokens = estimate();
    if (tokens <= limit) return;
    const compacted = new Set<number>();
    let kept = KEEP_RESULTS;
    for (; kept >= 1; kept -= 1) {
      const updates = this.ledger.compact(kept, `the conversation reached about ${tokens} tokens, so results older than the last ${kept === 1 ? 'batch' : `${kept} batches`} were compacted`);
      for (const update of updates) {
        this.history[update.index] = { role: 'user', content: update.content };
        compacted.add(update.index);
      }
      if (estimate() <= limit) break;
    }
    if (compacted.size > 0) this.options.emit({ type: 'notice', message: `history compacted: ${compacted.size} older results messages replaced by stubs, the last ${Math.max(1, kept)} kept (about ${tokens} -> ${estimate()} tokens)` });
  }

  private emitPlan(): void {
    const plan = this.tracker.snapshot();
    if (plan.tasks.length > 0) this.options.emit({ type: 'task', plan, text: this.tracker.format() });
  }
}
