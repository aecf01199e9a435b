import { describe, expect, it } from 'vitest';
import { frameAnswer, readAnswer, type WarmAnswer } from '../../../src/doors/serve/protocol.js';

// The warm engine's answer on the wire (doors/serve/protocol.ts): framed for this build's client (stdout's bytes as
// they are after a JSON line), one JSON line for an older client; the client reads both forms.
describe('warm engine answers: framed and one line', () => {
  const answers: [string, WarmAnswer][] = [
    ['output with lines, quotes and non-ASCII', { stdout: '{"ok":true,"data":"a\\nb"}\nzweite Zeile ü 🙂\n', stderr: 'warning: x\n', code: 0 }],
    ['no output', { stdout: '', stderr: 'error C210: no\n', code: 2 }],
    ['output without a final newline', { stdout: 'a\n\nb', stderr: '', code: 1 }],
    ['a fallback', { fallback: 'the call reads standard input' }],
  ];
  it.each(answers)('%s: read back equal, framed or not', (_, answer) => {
    for (const framed of [true, false]) expect(readAnswer(Buffer.from(frameAnswer(answer, framed)))).toEqual(answer);
  });

  it('framed: stdout is sent as it is, not escaped into the JSON line', () => {
    const wire = frameAnswer({ stdout: '{"ok":true}\n', stderr: '', code: 0 }, true);
    expect(wire).toBe('{"stderr":"","code":0,"framed":true}\n{"ok":true}\n');
    expect(frameAnswer({ stdout: '{"ok":true}\n', stderr: '', code: 0 }, false)).toBe('{"stdout":"{\\"ok\\":true}\\n","stderr":"","code":0}\n');
  });

  it('not an answer: throws (the client reports the call as lost)', () => {
    expect(() => readAnswer(Buffer.from('not json\n'))).toThrow();
    expect(() => readAnswer(Buffer.from('null\n'))).toThrow();
  });
});
