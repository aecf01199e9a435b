import { visibleWidth } from './style.js';

export type EditKey = 'backspace' | 'clear-line' | 'delete-word';

const lastLine = (text: string): string => text.split('\n').pop() ?? '';

// Typed text as shown at a prompt (pasted line breaks are indented under the prompt).
export function echoText(text: string): string {
  return text.replace(/\n/g, '\n  ');
}

// One editing key applied to the line being typed: the new line, and what to write to show it.
export function applyEdit(buffer: string, key: EditKey, prompt: string): { buffer: string; echo: string } {
  if (key === 'backspace') {
    const chars = [...buffer];
    const last = chars.pop();
    const width = last === undefined || last === '\n' ? 0 : visibleWidth(last);
    return { buffer: chars.join(''), echo: `${'\b'.repeat(width)}${' '.repeat(width)}${'\b'.repeat(width)}` };
  }
  const next = key === 'clear-line' ? '' : buffer.replace(/\S+\s*$/, '');
  // Only the last line of the prompt and of the text can be rewritten in place.
  const line = lastLine(prompt);
  const blank = ' '.repeat(visibleWidth(line) + visibleWidth(lastLine(buffer)));
  return { buffer: next, echo: `\r${blank}\r${line}${lastLine(next)}` };
}
