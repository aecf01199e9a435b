import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { terminalApprover } from '../../src/doors/cli/approve.js';
import { sandbox, type Sandbox } from './helpers.js';

// newcomer26: an answer typed before the question appeared is thrown away, and the input then ended: the refusal
// said "the user refused it", which sends a person looking for a refusal they never typed. No answer is said as such.

let box: Sandbox;
beforeEach(async () => {
  box = await sandbox();
});
afterEach(() => box.cleanup());

async function refusal(line: string | null): Promise<string> {
  const input = new PassThrough();
  const approver = terminalApprover({ input, output: { write: () => undefined }, discard: () => undefined });
  const engine = await createEngine({ workspace: box.root, env: { HOME: box.home }, permissions: { home: box.home, approver: (request) => {
    const pending = approver(request);
    if (line === null) input.end();
    else input.write(line);
    return pending;
  } } });
  try {
    const result = await engine.run({ cmd: 'exec', args: { cmd: 'rm -rf build' } });
    return result.ok ? 'ran' : `${result.error.code}: ${result.error.message}`;
  } finally {
    await engine.close();
  }
}

describe('a question nobody answered', () => {
  it('end of input before an answer is "no answer", not "the user refused it"', async () => {
    const message = await refusal(null);
    expect(message).toMatch(/^C240: /);
    expect(message).toContain('no answer to the question (the input ended');
    expect(message).not.toContain('the user refused it');
  });

  it('a typed "n" is still the user refusing it', async () => {
    const message = await refusal('n\n');
    expect(message).toMatch(/^C240: .*the user refused it/);
  });
});
