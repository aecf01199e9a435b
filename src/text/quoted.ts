import { visible } from './visible.js';

// A line of a file quoted in a message (a script line in a refusal, red team R38-a8): control characters escaped as
// visible() does, and cut in the middle past `max` characters, so no file's size or bytes reach the model or the screen.
export function quoted(text: string, max = 240): string {
  const shown = visible(text);
  return shown.length > max ? `${shown.slice(0, max - 60)} ... ${shown.slice(-50)}` : shown;
}
