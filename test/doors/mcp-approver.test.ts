import { describe, expect, it } from 'vitest';
import { approvalForm, elicitationApprover, type ElicitForm } from '../../src/doors/mcp/approver.js';
import type { ApprovalAnswer, ApprovalRequest } from '../../src/permissions/index.js';

// The MCP door's approver without the SDK in between (the SDK may validate a form answer itself; codeward
// must not rely on that): only an accepted form whose answer is one of the offered options approves.

const request = (options: ApprovalAnswer[] = ['once', 'always', 'no', 'never'], judged = '@coder write a.txt'): ApprovalRequest => ({
  judged, tool: '@coder write', reason: 'no rule allows it', source: 'default', immune: null, options, suggestion: '@coder write a.txt',
});

async function decide(result: unknown, options?: ApprovalAnswer[]): Promise<ApprovalAnswer> {
  const logs: string[] = [];
  const approve = elicitationApprover({ elicit: async () => result as never }, (line) => logs.push(line));
  return approve(request(options));
}

describe('elicitationApprover', () => {
  it('an accepted offered answer is that answer', async () => {
    for (const answer of ['once', 'always', 'no', 'never'] as const) expect(await decide({ action: 'accept', content: { answer } })).toBe(answer);
  });

  it('accept without content, or with anything but an offered option, is "no" (it was "once" before)', async () => {
    const answers: unknown[] = [
      { action: 'accept' }, { action: 'accept', content: {} }, { action: 'accept', content: null }, { action: 'accept', content: { answer: '' } },
      { action: 'accept', content: { answer: 'yes' } }, { action: 'accept', content: { answer: 'Once' } }, { action: 'accept', content: { answer: 'once ' } },
      { action: 'accept', content: { answer: ['once'] } }, { action: 'accept', content: { answer: { toString: () => 'once' } } },
      { action: 'accept', content: { answer: 1 } }, { action: 'accept', content: { Answer: 'once' } }, { action: 'ACCEPT', content: { answer: 'once' } },
    ];
    for (const result of answers) expect(await decide(result), JSON.stringify(result)).toBe('no');
  });

  it('an option that was not offered is "no" (always on a shell line)', async () => {
    expect(await decide({ action: 'accept', content: { answer: 'always' } }, ['once', 'no'])).toBe('no');
  });

  it('decline, cancel and a failed request are "no"', async () => {
    expect(await decide({ action: 'decline' })).toBe('no');
    expect(await decide({ action: 'cancel', content: { answer: 'once' } })).toBe('no');
    const failing = elicitationApprover({ elicit: async () => Promise.reject(new Error('timeout')) }, () => undefined);
    expect(await failing(request())).toBe('no');
  });

  it('the form offers exactly the request\'s options and shows the call with its control characters escaped', () => {
    const form: ElicitForm = approvalForm(request(['once', 'no'], '@coder exec rm -f x\u001b[2K\r@coder exec ls\n why: reads'));
    expect(form.requestedSchema.properties['answer']!.enum).toEqual(['once', 'no']);
    expect(form.requestedSchema.required).toEqual(['answer']);
    expect(form.message.split('\n')[0]).toBe('codeward needs your approval: @coder exec rm -f x\\x1b[2K\\r@coder exec ls\\n why: reads');
  });
});
