import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { terminalApprover } from '../../src/doors/cli/approve.js';
import type { ApprovalAnswer, ApprovalReply, ApprovalRequest } from '../../src/permissions/index.js';

// Every line a person (or a stray keystroke) can send to the terminal prompt: only an offered choice approves.
// ChatCLI reads an empty line as "yes, once" (chatcli-behaviour.md §6.6e); codeward deliberately does not.

const request = (options: ApprovalAnswer[], judged = '@coder write a.txt'): ApprovalRequest => ({
  judged,
  tool: '@coder write',
  reason: 'no rule allows it',
  source: 'default',
  immune: null,
  options,
  suggestion: '@coder write a.txt',
});

async function answer(line: string | null, options: ApprovalAnswer[] = ['once', 'always', 'no', 'never'], judged?: string): Promise<{ answer: ApprovalReply; shown: string }> {
  const input = new PassThrough();
  let shown = '';
  const approve = terminalApprover({ input, output: { write: (text: string) => (shown += text) } });
  const pending = approve(request(options, judged));
  if (line === null) input.end();
  else input.write(line);
  return { answer: await pending, shown };
}

describe('the terminal approver', () => {
  it('maps the offered keys and words, trimmed and in any case', async () => {
    expect((await answer('y\n')).answer).toBe('once');
    expect((await answer(' YES \n')).answer).toBe('once');
    expect((await answer('a\n')).answer).toBe('always');
    expect((await answer('n\n')).answer).toBe('no');
    expect((await answer('d\n')).answer).toBe('never');
  });

  it('an empty line, an unknown word, a control sequence or end of input is "no"', async () => {
    for (const line of ['\n', '\r\n', '   \n', 'sure\n', 'yy\n', 'y es\n', 'ok\n', 'sim\n', '1\n', 'y\u001b[A\n', '\u0000y\n']) {
      expect((await answer(line)).answer, JSON.stringify(line)).toBe('no');
    }
    // End of input is a "no" the refusal names as no answer (newcomer26: not "the user refused it").
    expect((await answer(null)).answer).toEqual({ answer: 'no', unanswered: expect.stringContaining('the input ended') });
  });

  it('a choice that was not offered is "no" ("always"/"never" for a shell line)', async () => {
    expect((await answer('a\n', ['once', 'no'])).answer).toBe('no');
    expect((await answer('always\n', ['once', 'no'])).answer).toBe('no');
    expect((await answer('d\n', ['once', 'no'])).answer).toBe('no');
  });

  it('shows only the offered choices', async () => {
    expect((await answer('n\n', ['once', 'no'])).shown).toContain('[y] once / [n] no ?');
  });
});

describe('what the prompt shows is the call, not what the call draws', () => {
  it('escape sequences, carriage returns, line breaks and bidi overrides in the call are shown escaped', async () => {
    // "rm -rf ~/work" erased from the line and replaced by a harmless-looking "ls", a fake "why:" line, Trojan Source.
    const judged = '@coder exec rm -f ~/work \u001b[2K\r@coder exec ls\n  why: only reads\u202e';
    const { shown } = await answer('n\n', ['once', 'no'], judged);
    const prompt = shown.split('\n')[0]!;
    expect(prompt).toContain('rm -f ~/work \\x1b[2K\\r@coder exec ls\\n  why: only reads\\u{202e}');
    // eslint-disable-next-line no-control-regex
    expect(shown).not.toMatch(/[\u001b\r\u202e]/);
    // The fake `why:` stays inside the escaped call (on the prompt line and the approve line); one real why line.
    expect(shown.split('\n').filter((line) => /^\s*why:/.test(line))).toHaveLength(1);
    expect(shown.split('\n').filter((line) => line.includes('why: only reads') && !line.includes('\\n  why: only reads'))).toHaveLength(0);
  });
});

describe('typeahead', () => {
  it('a line already waiting when the question is asked is dropped; the answer after it counts', async () => {
    const input = new PassThrough();
    input.write('y\n');
    const approve = terminalApprover({ input, output: { write: () => undefined } });
    const pending = approve(request(['once', 'always', 'no', 'never']));
    input.write('n\n');
    expect(await pending).toBe('no');
  });
});
