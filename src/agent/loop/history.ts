import { relative, resolve } from 'node:path';
import type { Engine } from '../../engine/engine.js';
import type { ToolOutcome } from '../events.js';
import { expandPath } from '../../workspace/expand.js';
import { resultsMessage } from './results.js';

// A history that stays small (issue 29): every earlier result stays in every later request, so a file read
// before it was edited, or a test run before it was run again, is paid for again and again although the
// model can no longer rely on it. Such a result is replaced by a one-line stub that says why and how to
// see it again; the call that made it stays in the model's own message.

// What a result shows and what its call changed, as keys: `file:<workspace path>` for a file's text,
// `file:<workspace path>` + a mark for its symbols and their lines, `run:<call>` for a command's output. An edit
// of the file makes both out of date; only the same kind of view replaces one (a range read is no outline).
export interface ResultView {
  readonly shows: readonly string[];
  readonly changes: readonly string[];
  // The output quotes files by `path:line` (search, symbols, references): an edit of a quoted file makes it stale.
  readonly quotes?: boolean;
}

const NOTHING: ResultView = { shows: [], changes: [] };
// Results shorter than this cost less than the stub's explanation.
const STUB_MIN_BYTES = 400;
// Commands whose whole output is a view of one file: its text, or its symbols with their line numbers.
// (A NUL cannot be in a path, so the outline's mark never meets a file's name.)
const OUTLINE = '\u0000outline';
const FILE_VIEWS: ReadonlyMap<string, string> = new Map([['read', ''], ['outline', OUTLINE]]);
const fileOf = (key: string): string => (key.endsWith(OUTLINE) ? key.slice(0, -OUTLINE.length) : key);
// Commands whose output is replaced by running them again with the same arguments.
const RERUNS = new Set(['test', 'exec', 'git-status', 'git-diff', 'tree', 'list', 'search', 'symbols', 'references']);
// Commands whose output lines start with a workspace path and a line number.
const QUOTERS = new Set(['search', 'symbols', 'references']);

// A change of a folder may have changed any file below it: undo, redo and restore declare the workspace
// (`.`, the key `file:`), rename-symbol its --dir (a live run: a read made before a redo kept showing the
// undone text, unmarked).
const covers = (change: string, file: string): boolean => change === file || change === 'file:' || file.startsWith(`${change}/`);

// The first changed file that a quoting output names at the start of a line (`src/a.ts:12:` or, in a
// search's context lines, `src/a.ts-13-`), or a file below a changed folder.
const QUOTE = /^([^\s:]+?)(?::\d+[:\s]|-\d+-)/;
function quoted(output: string, changed: ReadonlySet<string>): Stale | undefined {
  const lines = output.split('\n');
  for (const change of changed) {
    const path = change.slice(5);
    const line = lines.find((text) => (path === '' ? QUOTE.test(text) : text.startsWith(`${path}:`) || text.startsWith(`${path}-`) || text.startsWith(`${path}/`)));
    if (line === undefined) continue;
    const named = line.startsWith(`${path}:`) || line.startsWith(`${path}-`) ? path : QUOTE.exec(line)?.[1];
    return { file: named === undefined ? change : `file:${named}`, change };
  }
  return undefined;
}

interface Stale {
  readonly file: string;
  readonly change: string;
}

function staleView(files: readonly string[], changed: ReadonlySet<string>): Stale | undefined {
  for (const file of files) {
    const change = [...changed].find((key) => covers(key, file));
    if (change !== undefined) return { file, change };
  }
  return undefined;
}

function staleWhy({ file, change }: Stale, turn: number): string {
  if (file === change) return `${file.slice(5)} was changed in turn ${turn}, so this text is out of date`;
  const where = change === 'file:' ? 'the workspace' : change.slice(5);
  return `a call in turn ${turn} changed files in ${where}, so this text of ${file.slice(5)} may be out of date`;
}

export function viewOf(engine: Engine, args: string, env: Readonly<Record<string, string | undefined>>): ResultView {
  let planned;
  try {
    planned = engine.plan(args);
  } catch {
    return NOTHING;
  }
  const { command, touches } = planned;
  // Workspace-relative, as every other path the model sees (the stub names it).
  const full = (path: string): string => `file:${relative(engine.workspace.root, resolve(engine.workspace.root, expandPath(path, { env })))}`;
  const changes = touches.filter((touch) => touch.access !== 'read' && touch.access !== 'list').map((touch) => full(touch.path));
  const view = FILE_VIEWS.get(command.name);
  const shows = view !== undefined
    ? touches.filter((touch) => touch.access === 'read').map((touch) => `${full(touch.path)}${view}`)
    : RERUNS.has(command.name) ? [`run:${command.name}:${JSON.stringify(planned.args)}`] : [];
  return { shows, changes, ...(QUOTERS.has(command.name) ? { quotes: true } : {}) };
}

interface Entry {
  readonly index: number;
  readonly outcomes: ToolOutcome[];
  readonly views: readonly ResultView[];
  readonly notes: readonly string[];
  readonly budget: number;
}

function stub(why: string): string {
  return `[this result was dropped from the history: ${why}; call it again to see it now]`;
}

// The results messages in the history, with what each result shows; `supersede` stubs the ones a new
// batch made stale and returns the messages to put in their place.
export class ResultLedger {
  private readonly entries: Entry[] = [];

  record(index: number, outcomes: readonly ToolOutcome[], views: readonly ResultView[], notes: readonly string[], budget: number): void {
    this.entries.push({ index, outcomes: [...outcomes], views, notes, budget });
  }

  supersede(views: readonly ResultView[], outcomes: readonly ToolOutcome[], turn: number): { index: number; content: string }[] {
    const changed = new Set<string>();
    const shown = new Set<string>();
    views.forEach((view, at) => {
      if (!outcomes[at]?.ok) return;
      for (const key of view.changes) changed.add(key);
      for (const key of view.shows) shown.add(key);
    });
    if (changed.size === 0 && shown.size === 0) return [];
    const updates: { index: number; content: string }[] = [];
    for (const entry of this.entries) {
      let touched = false;
      entry.outcomes.forEach((outcome, at) => {
        if (Buffer.byteLength(outcome.output) < STUB_MIN_BYTES) return;
        const keys = entry.views[at]?.shows ?? [];
        const edited = staleView(keys.map(fileOf), changed) ?? (entry.views[at]?.quotes ? quoted(outcome.output, changed) : undefined);
        const again = keys.find((key) => shown.has(key));
        if (!edited && !again) return;
        const why = edited ? staleWhy(edited, turn) : `the same call was made again in turn ${turn}`;
        entry.outcomes[at] = { ...outcome, output: stub(why) };
        touched = true;
      });
      if (touched) updates.push({ index: entry.index, content: resultsMessage(entry.outcomes, entry.notes, entry.budget) });
    }
    return updates;
  }

  // Near the model's budget: every result but those of the last `keep` batches becomes a stub (SWE-agent kept
  // the last 5 observations and solved more). The calls stay in the model's messages, so it knows what to redo.
  compact(keep: number, why: string): { index: number; content: string }[] {
    const updates: { index: number; content: string }[] = [];
    for (const entry of this.entries.slice(0, Math.max(0, this.entries.length - keep))) {
      let touched = false;
      entry.outcomes.forEach((outcome, at) => {
        if (Buffer.byteLength(outcome.output) < STUB_MIN_BYTES) return;
        entry.outcomes[at] = { ...outcome, output: stub(why) };
        touched = true;
      });
      if (touched) updates.push({ index: entry.index, content: resultsMessage(entry.outcomes, entry.notes, entry.budget) });
    }
    return updates;
  }
}

// About 4 bytes a token for code and English; the model's own count is not known before the request.
export function estimateTokens(texts: readonly string[]): number {
  return Math.ceil(texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0) / 4);
}
