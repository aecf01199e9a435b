import type { AgentActivity, AgentEvent } from '../events.js';
import { describeCall } from './call-summary.js';
import type { ApprovalRequest } from '../../permissions/types.js';
import { planKey, renderCall, renderDiff, renderPlan, renderResult, type PlanSnapshot } from './render.js';
import type { Screen } from './screen.js';
import type { Spinner } from './spinner.js';
import { StreamFilter, type Segment } from './stream-filter.js';
import { visible } from '../../text/visible.js';
import { inPersonWords } from './error-words.js';
import { compactNumber, sanitize } from './style.js';

// Turns the run's events into terminal output. One instance per session; all state lives here.

// Events that do not print the held plan: a new request, the model's streamed text and its turn summary
// come before the turn's work, so the plan of that turn is printed once, just before its first call
// (or with the final answer, a question or an approval), never once after the results and again when
// the next step starts.
const PLAN_HELD: ReadonlySet<string> = new Set(['task', 'request', 'text', 'turn']);

export class EventRenderer {
  private readonly filter = new StreamFilter();
  private readonly running = new Map<string, string>();
  private readonly usage = { input: 0, output: 0 };
  // The latest model request's tokens, and how many requests the session made.
  private last = { input: 0, output: 0 };
  private requests = 0;
  // Characters streamed in the current request (a live estimate of its output tokens).
  private liveChars = 0;
  private sawText = false;
  private shown = false;
  private lastCall: string | null = null;
  private lastPlan = '';
  private lastError = '';
  private pendingPlan: PlanSnapshot | null = null;
  // Previews of calls not finished yet (shown at their approval), and the calls whose diff was shown.
  private readonly previews = new Map<string, { cmd: string; diff?: string; lines?: readonly string[]; command?: string; where?: string }>();
  private readonly diffShown = new Set<string>();

  constructor(
    private readonly screen: Screen,
    private readonly spinner: Spinner,
  ) {}

  // The status line's tokens (↑ prompt, ↓ completion): `↑12.3k ↓456 tokens` after one request; after
  // more, the latest request's then the session's: `request ↑9.1k ↓120 · session ↑12.3k ↓456 tokens`.
  status(): string {
    const output = this.usage.output + Math.round(this.liveChars / 4);
    if (this.usage.input + output === 0) return '';
    const session = `↑${compactNumber(this.usage.input)} ↓${compactNumber(output)}`;
    if (this.requests < 2) return `${session} tokens`;
    return `request ↑${compactNumber(this.last.input)} ↓${compactNumber(this.last.output)} · session ${session} tokens`;
  }

  handle(event: AgentEvent): void {
    if (!PLAN_HELD.has(event.type)) this.flushPlan();
    const { screen, spinner } = this;
    const { style } = screen;
    const width = screen.columns - 1;
    switch (event.type) {
      case 'request':
        this.writeSegments(this.filter.flush(), false);
        this.liveChars = 0;
        this.sawText = false;
        this.shown = false;
        spinner.start(event.attempt > 1 ? `thinking (attempt ${event.attempt})` : 'thinking');
        return;
      case 'text':
        this.sawText = true;
        this.liveChars += event.delta.length;
        this.writeSegments(this.filter.push(event.delta), false);
        return;
      case 'turn':
        if (!this.sawText) this.writeSegments(this.filter.push(event.text), false);
        this.writeSegments(this.filter.flush(), true);
        this.usage.input += event.usage.input;
        this.usage.output += event.usage.output;
        this.last = { ...event.usage };
        this.requests += 1;
        this.liveChars = 0;
        spinner.stop();
        if (event.violation) screen.line(screen.fit(style.dim(`format corrected: ${sanitize(event.violation)}, retrying`)));
        return;
      case 'tool_call': {
        const label = sanitize(describeCall(event.cmd, event.args, event.tool)).replace(/\n/g, ' ');
        screen.line(renderCall(label, style, width));
        this.running.set(event.id, label);
        this.lastCall = event.id;
        spinner.start(this.runningLabel(), this.running.size === 1);
        return;
      }
      case 'preview':
        this.previews.set(event.id, { cmd: event.cmd, ...(event.diff ? { diff: event.diff } : {}), ...(event.lines ? { lines: event.lines } : {}), ...(event.command ? { command: event.command } : {}), ...(event.where ? { where: event.where } : {}) });
        return;
      case 'tool_result': {
        const label = this.running.get(event.id) ?? event.cmd;
        const shownBefore = this.diffShown.delete(event.id) && event.diff === this.previews.get(event.id)?.diff;
        this.previews.delete(event.id);
        const { diff, ...withoutDiff } = event;
        screen.line(...renderResult(shownBefore || diff === undefined ? withoutDiff : event, this.lastCall === event.id ? null : label, style, width));
        this.running.delete(event.id);
        this.lastCall = null;
        if (this.running.size === 0) spinner.stop();
        else spinner.start(this.runningLabel(), false);
        return;
      }
      case 'agent':
        this.agent(event);
        return;
      case 'task':
        // Held until the turn's work shows (PLAN_HELD): the updates of one turn (the last turn's results,
        // the model's plan, the step it starts) are printed once, in their last state.
        this.pendingPlan = event.plan.tasks.length > 0 ? event.plan : this.pendingPlan;
        return;
      case 'notice':
        screen.line(screen.fit(style.yellow(`! ${sanitize(event.message)}`)));
        return;
      case 'final':
        this.finish();
        // A failed run's result is the error just shown.
        if (!event.ok) {
          if (event.result !== this.lastError) screen.line(style.red(`✗ ${sanitize(event.result)}`));
        } else if (!this.shown) this.writeSegments([...new StreamFilter().push(event.result), ...this.filter.flush()], true);
        if (event.ok && !event.question) {
          const tokens = this.status();
          screen.line(screen.fit(style.dim(`${style.green('✓')} done · ${event.turns} turn${event.turns === 1 ? '' : 's'}${tokens ? ` · ${tokens}` : ''}`)));
        }
        return;
      case 'error':
        this.finish();
        this.lastError = event.message;
        screen.line(style.red(`✗ ${inPersonWords(event.code, sanitize(event.message))}`));
        return;
    }
  }

  // For an approval prompt: the diff the edit will make or the command the test will run (the call
  // whose command and path match the request; else the latest of that command).
  previewFor(request: ApprovalRequest): string[] {
    const { style } = this.screen;
    const width = this.screen.columns - 1;
    const candidates = [...this.previews.entries()].filter(([, preview]) => request.tool === `@coder ${preview.cmd}`);
    const names = (preview: { diff?: string; lines?: readonly string[] }, part: string): boolean =>
      part !== '' && (preview.diff?.includes(`b/${part}`) === true || preview.diff?.includes(`a/${part}`) === true || preview.lines?.some((line) => line.includes(part)) === true);
    const named = candidates.filter(([, preview]) => request.judged.split(' ').slice(2).some((part) => names(preview, part)));
    const [id, preview] = (named.length > 0 ? named : candidates).at(-1) ?? [];
    if (!id || !preview) return [];
    if (preview.command || preview.where) {
      // What runs, where, and whether inside the sandbox, in plain words above the question.
      const runs = preview.command ? [this.screen.fit(`  ${style.bold('runs:')} ${visible(preview.command)}`)] : [];
      return [...runs, ...(preview.where ? [this.screen.fit(`  ${style.bold('where:')} ${visible(preview.where)}`)] : [])];
    }
    if (!preview.diff && !preview.lines) return [];
    // A call that changes several files asks once per file: its whole diff is shown at the first question.
    if (this.diffShown.has(id)) return [this.screen.fit(style.dim('  (the diff of this call is shown above)'))];
    this.diffShown.add(id);
    const lines = (preview.lines ?? []).map((line) => this.screen.fit(`  ${style.yellow(visible(line))}`));
    return [...lines, ...(preview.diff ? renderDiff(preview.diff, style, width) : [])];
  }

  // Prints a held plan update, unless it shows the same as the plan last printed.
  flushPlan(): void {
    const plan = this.pendingPlan;
    this.pendingPlan = null;
    if (!plan || planKey(plan) === this.lastPlan) return;
    this.lastPlan = planKey(plan);
    this.lastCall = null;
    this.screen.line(...renderPlan(plan, this.screen.style, this.screen.columns - 1));
  }

  // A dispatched agent or subagent: one line when it starts, one per tool result, one when it ends.
  private agent(event: AgentActivity): void {
    const { screen, spinner } = this;
    const { style } = screen;
    const name = `${sanitize(event.agent)} agent ${event.id}`;
    this.lastCall = null;
    if (event.phase === 'start') {
      screen.line(screen.fit(`${style.cyan('⇉')} ${style.bold(name)}: ${sanitize(event.task).replace(/\s+/g, ' ')}`));
      this.running.set(event.id, name);
      spinner.start(this.runningLabel(), this.running.size === 1);
      return;
    }
    if (event.phase === 'step') {
      const verdict = event.ok ? style.green('✓') : style.red(`✗ ${inPersonWords(event.code, sanitize(event.message ?? ''))}`.trim());
      screen.line(screen.fit(style.dim(`  ${name} · ${sanitize(event.cmd)} `) + verdict));
      return;
    }
    const facts = `${(event.durationMs / 1000).toFixed(1)}s · ${event.turns} turn${event.turns === 1 ? '' : 's'} · ${event.toolCalls} tool call${event.toolCalls === 1 ? '' : 's'}`;
    const head = event.ok ? `${style.green('✓')} ${name} done` : `${style.red('✗')} ${name} failed: ${sanitize(event.error ? inPersonWords(event.error.code, event.error.message) : 'no answer')}`;
    screen.line(screen.fit(`${head} ${style.dim(`· ${facts}`)}`));
    this.running.delete(event.id);
    if (this.running.size === 0) spinner.stop();
    else spinner.start(this.runningLabel(), false);
  }

  private finish(): void {
    this.writeSegments(this.filter.flush(), true);
    this.running.clear();
    this.spinner.stop();
  }

  private runningLabel(): string {
    const [only] = this.running.values();
    return this.running.size === 1 ? `running ${only}` : `running ${this.running.size} in parallel`;
  }

  private writeSegments(segments: readonly Segment[], end: boolean): void {
    const { style } = this.screen;
    for (const segment of segments) {
      const text = sanitize(segment.text);
      if (text.trim() !== '') {
        this.shown = true;
        this.lastCall = null;
      }
      this.screen.stream(text, segment.kind === 'reasoning' ? style.dim : undefined);
    }
    if (end) this.screen.endStream();
  }
}
