import { describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '../../src/permissions/types.js';
import { createEngine } from '../../src/setup.js';
import { tempDir } from '../helpers/fixture.js';

// The caller's label (a dispatched agent) reaches the person who approves.
describe('approval requests name the caller', () => {
  it('carries RunOptions.caller.label as requester, and nothing for a plain call', async () => {
    const root = await tempDir();
    const home = await tempDir();
    const seen: ApprovalRequest[] = [];
    const engine = await createEngine({
      workspace: root,
      env: { HOME: home, CODEWARD_STATE_DIR: home },
      permissions: { home, approver: async (request) => (seen.push(request), 'once') },
    });
    const call = { cmd: 'write', args: { file: 'a.txt', content: 'x' } };
    expect((await engine.run(call, { caller: { label: 'coder agent ac-2' } })).ok).toBe(true);
    expect((await engine.run({ cmd: 'write', args: { file: 'b.txt', content: 'y' } })).ok).toBe(true);
    expect(seen.map((request) => request.requester)).toEqual(['coder agent ac-2', undefined]);
    await engine.close();
  });
});
