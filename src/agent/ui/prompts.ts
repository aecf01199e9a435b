import type { ApprovalAnswer, ApprovalPreview, ApprovalReply, ApprovalRequest, ScopedApprover } from '../../permissions/types.js';
import { renderDiff } from './render.js';
import type { LineReader } from './line-reader.js';
import type { Screen } from './screen.js';
import type { Spinner } from './spinner.js';
import { visible } from '../../text/visible.js';
import { questionWords } from './question-words.js';

const EXIT_WORDS = new Set(['exit', 'quit', 'sair']);
const FENCE = /^(?:---|```)$/;

export const WAITING = "⏳ Waiting for your response (--- for multiline, 'exit' to finish):";

interface PromptParts {
  readonly reader: LineReader;
  readonly screen: Screen;
  readonly spinner: Spinner;
}

// One message from the person: a line, or a block between `---` (or ```) lines joined with \n. An
// empty line, exit/quit/sair, Ctrl+C or end of input is null (the session ends).
export function readMessage(parts: PromptParts, intro: string | null): Promise<string | null> {
  const { reader, screen, spinner } = parts;
  const { style } = screen;
  return reader.exclusive(async () => {
    spinner.pause();
    try {
      if (intro !== null) screen.line(intro);
      else screen.line();
      const first = await reader.read(`${style.bold(style.cyan('>'))} `);
      const trimmed = first?.trim() ?? '';
      if (first === null || trimmed === '') return null;
      if (!first.includes('\n') && EXIT_WORDS.has(trimmed.toLowerCase())) return null;
      if (!FENCE.test(trimmed)) return first.includes('\n') ? first.trimEnd() : trimmed;
      const lines: string[] = [];
      for (;;) {
        const line = await reader.read(style.dim('… '));
        if (line === null) return null;
        if (FENCE.test(line.trim())) break;
        lines.push(line);
      }
      const text = lines.join('\n');
      return text.trim() === '' ? null : text;
    } finally {
      spinner.resume();
    }
  });
}

const LABELS: Readonly<Record<ApprovalAnswer, string>> = { once: '[y] once', always: '[a] always', no: '[n] no', never: '[d] never' };
const KEYS: Readonly<Record<string, ApprovalAnswer>> = { y: 'once', yes: 'once', a: 'always', always: 'always', n: 'no', no: 'no', d: 'never', never: 'never' };
const VERDICTS: Readonly<Record<ApprovalAnswer, string>> = {
  once: 'approved once',
  always: 'approved; saved as a rule',
  no: 'refused',
  never: 'refused; saved as a rule',
};

// What the approval is about. The call itself is never cut: people must see all of what they approve, and
// every character of it: control characters, escape sequences and bidi overrides are shown as escapes
// (removing them showed a different command than the one that runs).
function describe(request: ApprovalRequest, screen: Screen): string[] {
  const { style } = screen;
  const lines = [`${style.yellow(style.bold('?'))} ${style.bold('approve:')} ${visible(questionWords(request))}`];
  if (request.requester) lines.push(screen.fit(style.cyan(`  asked by: ${visible(request.requester)}`)));
  lines.push(screen.fit(style.dim(`  why: ${visible(request.reason)}`)));
  if (request.immune) lines.push(screen.fit(style.yellow(`  safety-immune (${visible(request.immune)}): this always asks, whatever the rules say`)));
  const scopes = request.scopes ?? [];
  if (request.options.includes('always') && scopes.length > 1) {
    lines.push(screen.fit(style.dim(`  [a] always, then choose: ${scopes.map((scope, index) => `[${index + 1}] ${visible(scope.label)}`).join(' · ')}`)));
  } else if (request.suggestion && request.options.includes('always')) {
    lines.push(screen.fit(style.dim(`  [a] always saves the rule: allow ${visible(request.suggestion)}`)));
  }
  if (request.suggestion && request.options.includes('never')) lines.push(screen.fit(style.dim(`  [d] never saves the rule: deny ${visible(request.suggestion)}`)));
  return lines;
}

function previewShown(preview: ApprovalPreview, screen: Screen): string[] {
  const { style } = screen;
  const notes = preview.notes.map((line) => screen.fit(`  ${style.yellow(visible(line))}`));
  return [...notes, ...(preview.diff === '' ? [] : renderDiff(preview.diff, style, screen.columns - 1))];
}

export interface ApprovalExtras {
  // Shown above the question: the diff an edit would make, the command a `test` would run.
  readonly preview?: (request: ApprovalRequest) => readonly string[];
  // After a refusal the person may say why; the model is told with the call's results.
  readonly onRefusal?: (request: ApprovalRequest, why: string) => void;
  // Time spent waiting for the person (excluded from the calls' elapsed times).
  readonly onWaited?: (ms: number) => void;
  readonly now?: () => number;
}

// The rules an 'always' saves, each named (a long list capped with the count of the rest).
const SHOWN_RULES = 6;
function savedRules(rules: readonly string[]): string {
  const shown = rules.slice(0, SHOWN_RULES).map((rule) => visible(rule)).join(', ');
  return rules.length > SHOWN_RULES ? `${shown} (+${rules.length - SHOWN_RULES} more not shown)` : shown;
}

// Asks one approval at a time, answered with a single key at a terminal; an answer that was not offered,
// Enter alone, Ctrl+C or end of input is "no". After a refusal one line may say why.
// After [a] with several scopes: which one, by its number (anything else: the narrowest, as 'always' alone).
async function chooseScope(request: ApprovalRequest, parts: PromptParts): Promise<{ reply: ApprovalReply; label: string }> {
  const { reader, screen } = parts;
  const { style } = screen;
  const scopes = request.scopes ?? [];
  if (scopes.length <= 1) return { reply: 'always', label: 'approved; saved as a rule' };
  const keys = scopes.map((_, index) => String(index + 1));
  screen.line(...scopes.map((scope, index) => screen.fit(`    [${index + 1}] ${visible(scope.label)}${scope.session ? '' : style.dim(`  (saves: allow ${savedRules(scope.rules)})`)}`)));
  const typed = ((await reader.readKey(`  always for which? ${keys.map((key) => `[${key}]`).join(' ')} ${style.bold('›')} `, keys)) ?? '').trim();
  const index = keys.indexOf(typed);
  const scope = index >= 0 ? index : 0;
  const chosen = scopes[scope]!;
  return { reply: { answer: 'always', scope }, label: `approved; ${chosen.session ? 'for this session' : 'saved'}: ${visible(chosen.label)}` };
}

export function createApprover(parts: PromptParts, extras: ApprovalExtras = {}): ScopedApprover {
  const { reader, screen, spinner } = parts;
  const { style } = screen;
  const now = extras.now ?? Date.now;
  return (request) =>
    reader.exclusive(async () => {
      spinner.pause();
      const started = now();
      try {
        // A call that changes files shows the diff of its own handler's dry run (the bytes it then writes);
        // others what the door knows (the command a `test` runs).
        screen.line(...(request.preview ? previewShown(request.preview, screen) : (extras.preview?.(request) ?? [])), ...describe(request, screen));
        const choices = request.options.map((option) => LABELS[option]).join(' / ');
        const keys = request.options.flatMap((option) => [LABELS[option].charAt(1)]);
        const line = await reader.readKey(`  ${choices} ${style.bold('›')} `, keys, extras.onRefusal ? ['n', 'd'] : []);
        const key = KEYS[(line ?? '').trim().toLowerCase()];
        const answer = key !== undefined && request.options.includes(key) ? key : 'no';
        if (answer === 'always') {
          const { reply, label } = await chooseScope(request, parts);
          screen.line(style.green(`  → ${label}`));
          return reply;
        }
        const verdict = `  → ${VERDICTS[answer]}`;
        screen.line(answer === 'once' ? style.green(verdict) : style.red(verdict));
        if ((answer === 'no' || answer === 'never') && line !== null && line.trim() !== '' && reader.raw && extras.onRefusal) {
          const why = (await reader.read(style.dim('  why? (told to the model; Enter to skip) › ')))?.trim() ?? '';
          if (why !== '') extras.onRefusal(request, why);
        }
        return answer as ApprovalReply;
      } finally {
        extras.onWaited?.(now() - started);
        spinner.resume();
      }
    });
}
