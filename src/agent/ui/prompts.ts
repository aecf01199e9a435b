import type { ApprovalAnswer, ApprovalReply, ApprovalRequest, ScopedApprover } from '../../permissions/types.js';
import { renderApprovalDiff } from './render.js';
import type { LineReader } from './line-reader.js';
import type { Screen } from './screen.js';
import type { Spinner } from './spinner.js';
import { visible } from '../../text/visible.js';
import { questionLines } from '../../permissions/question.js';

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

// The one question every door asks (permissions/question.ts) in the terminal's styling: what the call
// changes or runs first (its diff, notes, the line and where it runs), then the question in plain words, who
// asks, why, and what the answers save. The call itself is never cut: people must see all of what they
// approve, and every character of it (escaped by questionLines). The rule syntax (`call`) is left to the
// "always" line, which names the rule it saves.
function questionShown(request: ApprovalRequest, screen: Screen, fallback: readonly string[]): { above: string[]; below: string[] } {
  const { style } = screen;
  const lines = questionLines(request);
  const scoped = lines.some((line) => line.kind === 'scopes');
  const above: string[] = request.preview ? [] : [...fallback];
  const below: string[] = [];
  for (const { kind, text } of lines) {
    if (kind === 'runs' || kind === 'where') above.push(screen.fit(`  ${style.bold(`${kind}:`)} ${text}`));
    else if (kind === 'script') above.push(screen.fit(`  ${style.bold('which runs:')} ${text}`));
    else if (kind === 'note') above.push(screen.fit(`  ${style.yellow(text)}`));
    else if (kind === 'diff') above.push(...renderApprovalDiff(text, style, screen.columns - 1));
    else if (kind === 'head') below.push(`${style.yellow(style.bold('?'))} ${style.bold('approve:')} ${text}`);
    else if (kind === 'asked') below.push(screen.fit(style.cyan(`  asked by: ${text}`)));
    else if (kind === 'why') below.push(screen.fit(style.dim(`  why: ${text}`)));
    else if (kind === 'immune') below.push(screen.fit(style.yellow(`  ${text}`)));
    else if (kind === 'scopes') below.push(screen.fit(style.dim(`  [a] always, then choose: ${text}`)));
    else if (kind === 'always' && !scoped) below.push(screen.fit(style.dim(`  [a] always saves the ${text}`)));
    else if (kind === 'never') below.push(screen.fit(style.dim(`  [d] never saves the ${text}`)));
  }
  return { above, below };
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
        // The diff of the call's own dry run (the bytes it then writes), or what it runs and where; a
        // request without a preview shows what the door knows (extras.preview).
        const { above, below } = questionShown(request, screen, request.preview ? [] : (extras.preview?.(request) ?? []));
        screen.line(...above, ...below);
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
