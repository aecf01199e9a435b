import type { ApprovalAnswer, ApprovalRequest, Approver } from '../../permissions/types.js';
import type { LineReader } from './line-reader.js';
import type { Screen } from './screen.js';
import type { Spinner } from './spinner.js';
import { sanitize } from './style.js';

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

// What the approval is about. The call itself is never cut: people must see all of what they approve.
function describe(request: ApprovalRequest, screen: Screen): string[] {
  const { style } = screen;
  const lines = [`${style.yellow(style.bold('?'))} ${style.bold('approve')} ${sanitize(request.judged)}`];
  if (request.requester) lines.push(screen.fit(style.cyan(`  asked by: ${sanitize(request.requester)}`)));
  lines.push(screen.fit(style.dim(`  why: ${sanitize(request.reason)}`)));
  if (request.immune) lines.push(screen.fit(style.yellow(`  safety-immune (${sanitize(request.immune)}): this always asks, whatever the rules say`)));
  if (request.suggestion && request.options.includes('always')) lines.push(screen.fit(style.dim(`  [a] always saves the rule: allow ${sanitize(request.suggestion)}`)));
  if (request.suggestion && request.options.includes('never')) lines.push(screen.fit(style.dim(`  [d] never saves the rule: deny ${sanitize(request.suggestion)}`)));
  return lines;
}

// Asks one approval at a time; an answer that was not offered, Ctrl+C or end of input is "no".
export function createApprover(parts: PromptParts): Approver {
  const { reader, screen, spinner } = parts;
  const { style } = screen;
  return (request) =>
    reader.exclusive(async () => {
      spinner.pause();
      try {
        screen.line(...describe(request, screen));
        const choices = request.options.map((option) => LABELS[option]).join(' / ');
        const line = await reader.read(`  ${choices} ${style.bold('›')} `);
        const key = KEYS[(line ?? '').trim().toLowerCase()];
        const answer = key !== undefined && request.options.includes(key) ? key : 'no';
        const verdict = `  → ${VERDICTS[answer]}`;
        screen.line(answer === 'once' || answer === 'always' ? style.green(verdict) : style.red(verdict));
        return answer;
      } finally {
        spinner.resume();
      }
    });
}
