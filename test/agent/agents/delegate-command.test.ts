import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELEGATE_EDIT_TOOLS, DELEGATE_READ_TOOLS, delegateServices, type DelegateBase } from '../../../src/agent/agents/delegate.js';
import { TEAM_DEFAULTS } from '../../../src/agent/agents/settings.js';
import { delegateCommand } from '../../../src/commands/delegate.js';
import { builtinCommands } from '../../../src/commands/index.js';
import type { CallerServices, DelegateReport, DelegateRequest } from '../../../src/engine/command.js';
import type { Engine } from '../../../src/engine/engine.js';
import { isCodewardError } from '../../../src/engine/errors.js';
import { Registry } from '../../../src/engine/registry.js';
import { createEngine } from '../../../src/setup.js';
import { removeDir, tempDir } from '../../helpers/fixture.js';

const DONE: DelegateReport = { ok: true, output: 'done', depth: 1, turns: 2, toolCalls: 3, failedCalls: 0, durationMs: 1200 };

// A caller that records every request and answers with `answer`.
function recorder(answer: DelegateReport = DONE): { caller: CallerServices; requests: DelegateRequest[] } {
  const requests: DelegateRequest[] = [];
  return { requests, caller: { delegate: async (request) => (requests.push(request), answer) } };
}

let root: string;
let engine: Engine;

beforeAll(async () => {
  root = await tempDir();
  // No `permissions`: the engine allows every call, as a library embedding it would.
  engine = await createEngine({ workspace: root, env: { HOME: root }, registry: new Registry([...builtinCommands, delegateCommand]) });
});

afterAll(async () => {
  await engine.close();
  await removeDir(root);
});

describe('the delegate command', () => {
  it('refuses to run without a caller that lends a model', async () => {
    const envelope = await engine.run({ cmd: 'delegate', args: { prompt: 'x' } });
    expect(envelope.ok).toBe(false);
    if (envelope.ok) return;
    expect(envelope.error.code).toBe('C210');
    expect(envelope.error.message).toContain('`codeward agent`');
  });

  it('passes the request to the caller with the defaults (read-only, 15 turns, no tools)', async () => {
    const { caller, requests } = recorder();
    const envelope = await engine.run({ cmd: 'delegate', args: { prompt: 'Find where tokens are checked\nand report' } }, { caller });
    expect(envelope.ok).toBe(true);
    expect(requests).toEqual([{ description: 'Find where tokens are checked', prompt: 'Find where tokens are checked\nand report', tools: [], readOnly: true, maxTurns: 15 }]);
    expect(envelope.ok && envelope.data).toEqual({ description: 'Find where tokens are checked', ...DONE });
  });

  it('splits tools from a CLI string and from a JSON array, and reads the other flags', async () => {
    const { caller, requests } = recorder();
    expect((await engine.run('delegate --prompt "x" --tools read,search', { caller })).ok).toBe(true);
    expect(requests[0]).toMatchObject({ prompt: 'x', tools: ['read', 'search'], readOnly: true, maxTurns: 15 });
    const json = { cmd: 'delegate', args: { prompt: 'y', tools: ['read', ' tree, search '], readOnly: false, maxTurns: 3, description: ' label ' } };
    expect((await engine.run(json, { caller })).ok).toBe(true);
    expect(requests[1]).toEqual({ description: 'label', prompt: 'y', tools: ['read', 'tree', 'search'], readOnly: false, maxTurns: 3 });
    expect((await engine.run('delegate "z" --read-only false', { caller })).ok).toBe(true);
    expect(requests[2]).toMatchObject({ prompt: 'z', readOnly: false });
  });

  it('rejects an empty prompt and a turn limit over 50 before calling the caller', async () => {
    const { caller, requests } = recorder();
    const empty = await engine.run({ cmd: 'delegate', args: { prompt: '   ' } }, { caller });
    expect(!empty.ok && empty.error.code).toBe('C210');
    const many = await engine.run({ cmd: 'delegate', args: { prompt: 'x', maxTurns: 51 } }, { caller });
    expect(!many.ok && many.error.code).toBe('C210');
    expect(requests).toEqual([]);
  });

  it('turns a failed report into an error envelope that keeps the report', async () => {
    const failed: DelegateReport = { ok: false, output: '', depth: 1, turns: 15, toolCalls: 9, failedCalls: 2, durationMs: 5000, error: { code: 'C250', message: 'ran past its timeout' } };
    const envelope = await engine.run({ cmd: 'delegate', args: { prompt: 'x', description: 'slow' } }, { caller: recorder(failed).caller });
    expect(envelope.ok).toBe(false);
    if (envelope.ok) return;
    expect(envelope.error).toEqual({ code: 'C250', message: 'subagent "slow" failed: ran past its timeout' });
    expect(envelope.data).toEqual({ description: 'slow', ...failed });
    // An error code outside the table becomes C250.
    const odd = await engine.run({ cmd: 'delegate', args: { prompt: 'x' } }, { caller: recorder({ ...failed, error: { code: 'E_MODEL', message: 'boom' } }).caller });
    expect(!odd.ok && odd.error.code).toBe('C250');
  });

  it('formats the report with a one-line header, then the output', async () => {
    const envelope = await engine.run({ cmd: 'delegate', args: { prompt: 'x', description: 'scan' } }, { caller: recorder().caller });
    expect(envelope.ok).toBe(true);
    const text = delegateCommand.format(envelope.ok ? (envelope.data as Parameters<typeof delegateCommand.format>[0]) : { description: '', ...DONE });
    expect(text.startsWith('[subagent result — description=')).toBe(true);
    expect(text).toBe('[subagent result — description="scan", depth=1, turns=2, tool_calls=3, failed=0, elapsed=1.2s]\ndone');
    expect(delegateCommand.format({ description: 'q', ...DONE, output: '  ' })).toContain('[subagent produced no output]');
  });
});

describe('delegateServices refusals (before any model runs)', () => {
  const known = [...builtinCommands, delegateCommand].map((command) => command.name);
  // Every refusal happens before the environment is touched: a dummy is enough.
  const base: DelegateBase = { environment: {} as DelegateBase['environment'], settings: { ...TEAM_DEFAULTS, maxDepth: 2 }, known };
  const request = (extra: Partial<DelegateRequest> = {}): DelegateRequest => ({ description: 'd', prompt: 'p', tools: [], readOnly: true, maxTurns: 5, ...extra });

  async function refusal(depth: number, req: DelegateRequest): Promise<{ code: string; message: string }> {
    try {
      await delegateServices(base, depth).delegate!(req, new AbortController().signal);
    } catch (error) {
      if (isCodewardError(error)) return { code: error.code, message: error.message };
      throw error;
    }
    throw new Error('expected a refusal');
  }

  it('refuses past the depth limit with C240', async () => {
    const { code, message } = await refusal(2, request());
    expect(code).toBe('C240');
    expect(message).toContain('depth limit');
    expect(message).toContain('depth 2');
    expect((await refusal(3, request({ tools: ['nope'] }))).code).toBe('C240');
  });

  it('refuses an unknown tool with C210, listing the known commands', async () => {
    const { code, message } = await refusal(0, request({ tools: ['read', 'nope', 'zap'] }));
    expect(code).toBe('C210');
    expect(message).toContain('unknown commands nope, zap');
    expect(message).toContain(`known: ${known.join(', ')}`);
  });

  it('refuses a writing tool for a read-only subagent with C210, and says how to allow it', async () => {
    const { code, message } = await refusal(1, request({ tools: ['read', 'write', 'exec'] }));
    expect(code).toBe('C210');
    expect(message).toContain('read-only subagent cannot have write, exec');
    expect(message).toContain('--read-only false');
  });

  it('has default tool sets that respect read-only and exist in the engine', () => {
    expect(DELEGATE_READ_TOOLS.filter((tool) => ['write', 'patch', 'exec', 'test', 'delegate'].includes(tool))).toEqual([]);
    for (const tool of [...DELEGATE_READ_TOOLS, ...DELEGATE_EDIT_TOOLS]) expect(known).toContain(tool);
  });
});
