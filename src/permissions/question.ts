import { visible } from '../text/visible.js';
import { questionWords } from './question-words.js';
import type { ApprovalRequest } from './types.js';

// The one approval question, rendered from the call that runs, for every door that asks (the agent's
// terminal UI, the CLI prompt, MCP elicitation): what it does in plain words, the call as rules spell it
// (every effect argument), what runs and where (exec, test: the resolved line and the repository's script lines it runs, the folder, inside the OS
// sandbox or not), the diff of the handler's own dry run, who asks and why, and the rules "always" and
// "never" save. One question per call. A door chooses its styling and keys, never the facts: it shows every
// line (the terminal UI leaves out `call`, whose rule syntax the `always` line names).
//
// Every text is escaped for display (control characters, bidi overrides) except `diff`, the raw unified
// diff, which each door escapes as it colours it.

export type QuestionKind = 'head' | 'call' | 'runs' | 'script' | 'where' | 'note' | 'diff' | 'asked' | 'why' | 'immune' | 'scopes' | 'always' | 'never';

export interface QuestionLine {
  readonly kind: QuestionKind;
  readonly text: string;
}

// At most this many rules named on the "always" line (the rest counted).
const SHOWN_RULES = 6;
function ruleList(rules: readonly string[]): string {
  const shown = rules.slice(0, SHOWN_RULES).map(visible).join(', allow ');
  return rules.length > SHOWN_RULES ? `${shown} (+${rules.length - SHOWN_RULES} more not shown)` : shown;
}

function answerLines(request: ApprovalRequest): QuestionLine[] {
  const lines: QuestionLine[] = [];
  const scopes = request.scopes ?? [];
  if (request.options.includes('always') && scopes.length > 1) {
    lines.push({ kind: 'scopes', text: scopes.map((scope, index) => `[${index + 1}] ${visible(scope.label)}`).join(' · ') });
  }
  if (request.suggestion && request.options.includes('always')) {
    const rules = request.saves ?? [request.suggestion];
    // A runner line's rule is keyed on its scripts (approval-pins.ts): said where the rule is named.
    const pinned = request.preview?.runs?.script && request.preview.runs.scriptPin ? ' (while the script lines shown stay the same)' : '';
    lines.push({ kind: 'always', text: `${rules.length > 1 ? 'rules' : 'rule'}: allow ${ruleList(rules)}${pinned}` });
  }
  if (request.suggestion && request.options.includes('never')) lines.push({ kind: 'never', text: `rule: deny ${visible(request.suggestion)}` });
  return lines;
}

export function questionLines(request: ApprovalRequest): QuestionLine[] {
  const lines: QuestionLine[] = [{ kind: 'head', text: visible(questionWords(request)) }, { kind: 'call', text: visible(request.judged) }];
  const preview = request.preview;
  if (preview?.runs?.command) lines.push({ kind: 'runs', text: visible(preview.runs.command) });
  // The repository's own lines that command runs (red team R16-5: `npm test` is what package.json says).
  for (const script of preview?.runs?.script ?? []) lines.push({ kind: 'script', text: visible(script) });
  if (preview?.runs) lines.push({ kind: 'where', text: visible(preview.runs.where) });
  for (const note of preview?.notes ?? []) lines.push({ kind: 'note', text: visible(note) });
  if (preview && preview.diff !== '') lines.push({ kind: 'diff', text: preview.diff });
  if (request.requester) lines.push({ kind: 'asked', text: visible(request.requester) });
  lines.push({ kind: 'why', text: visible(request.reason) });
  if (request.immune) lines.push({ kind: 'immune', text: `safety-immune (${visible(request.immune)}): this always asks, whatever the rules say` });
  return [...lines, ...answerLines(request)];
}

// The question as plain lines (the CLI prompt, an MCP elicitation message), labelled. Their "always" saves
// the narrowest scope (no choosing): the `always` line names exactly its rules, so `scopes` is not shown.
const LABELS: Readonly<Record<Exclude<QuestionKind, 'head' | 'call' | 'note' | 'diff' | 'immune' | 'scopes'>, string>> = {
  runs: 'runs: ',
  script: 'which runs: ',
  where: 'where: ',
  asked: 'asked by: ',
  why: 'why: ',
  always: '"always" adds the ',
  never: '"never" adds the ',
};

export function questionText(request: ApprovalRequest, indent = '  '): string[] {
  const out: string[] = [];
  for (const line of questionLines(request)) {
    if (line.kind === 'scopes') continue;
    if (line.kind === 'call') out.unshift(`codeward needs your approval: ${line.text}`);
    else if (line.kind === 'head') out.push(`${indent}approve: ${line.text}`);
    else if (line.kind === 'diff') out.push(...line.text.split('\n').map((each) => `${indent}${visible(each)}`));
    else if (line.kind === 'note' || line.kind === 'immune') out.push(`${indent}${line.text}`);
    else out.push(`${indent}${LABELS[line.kind]}${line.text}`);
  }
  return out;
}
