import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { permissionsFor } from '../../src/doors/agent/approval.js';
import { authorizeJudged, DenialTracker, loadPolicy, pathJudged, type ApprovalRequest, type Approver, type Judged } from '../../src/permissions/index.js';
import { parser, sandbox, writePolicy, type Sandbox } from '../permissions/helpers.js';

// The agent door's approval modes, headless (nobody to ask) and with a person, from the attacker's side:
// a prompt-injected model wants a file edit the policy or a safety class says a person must approve.

let box: Sandbox;
beforeEach(async () => {
  box = await sandbox();
});
afterEach(async () => box.cleanup());

const write = (path: string): Judged => pathJudged('write', 'write', path, 'write');
const del = (path: string): Judged => pathJudged('delete', 'destructive', path, 'delete');

async function outcome(mode: 'ask' | 'auto-edit' | 'yolo', judged: Judged, options: { person?: Approver; denials?: DenialTracker } = {}): Promise<string> {
  const policy = await loadPolicy({ workspaceRoot: box.root, home: box.home });
  const permissions = permissionsFor(mode, options.person, undefined);
  try {
    await authorizeJudged([judged], {
      policy,
      denials: options.denials ?? new DenialTracker(),
      yes: permissions.yes ?? false,
      parser,
      ...(permissions.approver ? { approver: permissions.approver } : {}),
    });
    return 'approved';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

describe('agent headless: nobody to ask never becomes yes', () => {
  it('ask mode refuses every edit (C241)', async () => {
    expect(await outcome('ask', write('src/a.ts'))).toBe('C241');
  });

  it('auto-edit approves a plain file edit that only the built-in default asks about', async () => {
    expect(await outcome('auto-edit', write('src/a.ts'))).toBe('approved');
  });

  it('auto-edit refuses a delete, an immune path and an escalated session', async () => {
    expect(await outcome('auto-edit', del('src/a.ts'))).toBe('C241');
    expect(await outcome('auto-edit', write('.git/hooks/pre-commit'))).toBe('C241');
    expect(await outcome('auto-edit', write('.codeward/policy.json'))).toBe('C241');
    expect(await outcome('auto-edit', write('coder_policy.json'))).toBe('C241');
    const denials = new DenialTracker({ maxConsecutive: 100, maxTotal: 1 });
    denials.recordDenial('@coder exec');
    expect(denials.escalated).toBe(true);
    expect(await outcome('auto-edit', write('src/a.ts'), { denials })).toBe('C241');
  });

  it('auto-edit refuses an edit an ask rule (user or project policy) wants a person for', async () => {
    await writePolicy(box.home, '.codeward/policy.json', ['ask @coder write config/**']);
    expect(await outcome('auto-edit', write('config/prod.yaml'))).toBe('C241');
    expect(await outcome('auto-edit', write('src/a.ts'))).toBe('approved');
  });

  it('a deny rule refuses in every mode (C240), yolo included', async () => {
    await writePolicy(box.home, '.codeward/policy.json', ['deny @coder write secrets.txt']);
    for (const mode of ['ask', 'auto-edit', 'yolo'] as const) expect(await outcome(mode, write('secrets.txt')), mode).toBe('C240');
  });

  it('yolo headless still refuses a safety-immune path (C241)', async () => {
    expect(await outcome('yolo', write('.git/config'))).toBe('C241');
    expect(await outcome('yolo', write('src/a.ts'))).toBe('approved');
  });
});

describe('agent with a person: only an explicit, offered answer approves', () => {
  const person = (answer: string, seen: ApprovalRequest[] = []): Approver => async (request) => {
    seen.push(request);
    return answer as never;
  };

  it('auto-edit hands the ask rule and the immune path to the person', async () => {
    await writePolicy(box.home, '.codeward/policy.json', ['ask @coder write config/**']);
    const seen: ApprovalRequest[] = [];
    expect(await outcome('auto-edit', write('config/prod.yaml'), { person: person('once', seen) })).toBe('approved');
    expect(await outcome('auto-edit', write('.git/config'), { person: person('once', seen) })).toBe('approved');
    expect(seen.map((request) => request.source)).toEqual(['user', 'immune']);
  });

  it('an answer that was not offered is a refusal: "", "yes", "always" for an immune path', async () => {
    for (const answer of ['', 'yes', 'y', 'ONCE']) expect(await outcome('ask', write('src/a.ts'), { person: person(answer) }), answer).toBe('C240');
    expect(await outcome('ask', write('.git/config'), { person: person('always') })).toBe('C240');
  });
});
