// Red team round 5 R5-5: the headless agent's answer (the model's text) reached a person's terminal raw, so a
// prompt-injected model could set the clipboard (OSC 52) or hide text (ESC[8m). At a terminal the answer shows
// control characters as escapes; piped (a script reading the answer), it stays byte-exact.
import { describe, expect, it } from 'vitest';
import { headlessOutput } from '../../src/doors/agent/output.js';

const ANSWER = 'done\x1b]52;c;ZWNobyBwd25lZA==\x07 and \x1b[8mhidden\x1b[0m\n';
const outcome = { ok: true, result: ANSWER, turns: 1, usage: { input: 1, output: 1 } } as const;

function shown(terminal: boolean): string {
  let out = '';
  const output = headlessOutput('text', { stdout: { write: (text: string) => (out += text) }, stderr: { write: () => true } }, false, terminal);
  output.finish(outcome as never);
  return out;
}

describe('the headless answer at a terminal', () => {
  it('escapes OSC 52 and concealed text at a terminal', () => {
    const out = shown(true);
    expect(out).not.toContain('\x1b');
    expect(out).not.toContain('\x07');
    expect(out).toBe('done\\x1b]52;c;ZWNobyBwd25lZA==\\x07 and \\x1b[8mhidden\\x1b[0m\n');
  });

  it('stays byte-exact when piped', () => {
    expect(shown(false)).toBe(ANSWER);
  });
});
