// Red team R6-12 (rounds 6 and 9): a per-file deny (`--deny '@coder * prod.conf'`) was honoured by a staged
// exec (its change set is judged) but `exec --no-stage` wrote in place, and the model chooses --no-stage.
// While the person has a deny or ask rule for the paths a run can change, --no-stage is that rule's
// decision: refused with C240 naming the rule under a deny (also with --yes), asked under an ask rule (its
// question says --no-stage); without such rules it runs as before. Runs the in-process engine (no sandbox:
// the run is in place either way, which is what is judged).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine/engine.js';
import { createEngine } from '../../src/setup.js';
import type { ApprovalRequest } from '../../src/permissions/types.js';
import { writeFiles } from '../helpers/fixture.js';
import { sandbox, type Sandbox } from './helpers.js';

let box: Sandbox;
const engines: Engine[] = [];
beforeEach(async () => {
  box = await sandbox();
  await writeFiles(box.root, { 'prod.conf': 'safe\n', 'build.sh': 'echo hacked > prod.conf\n' });
});
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.close();
  await box.cleanup();
});

async function engine(rules: { deny?: string[]; ask?: string[]; allow?: string[] }, approver?: (request: ApprovalRequest) => Promise<'once' | 'no'>): Promise<Engine> {
  const made = await createEngine({ workspace: box.root, env: { HOME: box.home }, sandbox: { mode: 'off' }, permissions: { home: box.home, yes: approver === undefined, cliRules: rules, ...(approver ? { approver } : {}) } });
  engines.push(made);
  return made;
}

const prod = (): Promise<string> => readFile(join(box.root, 'prod.conf'), 'utf8');

describe('--no-stage is the decision of the person\'s per-file rules (red team R6-12)', () => {
  it.each([
    ['exec', { cmd: 'sh build.sh', stage: false }],
    ['exec', { cmd: 'sh -c "sh build.sh"', stage: false }],
    ['test', { cmd: 'sh build.sh', stage: false }],
  ] as const)('%s %j under --yes and `--deny @coder * prod.conf`: C240 naming the rule, prod.conf kept', async (cmd, args) => {
    const result = await (await engine({ deny: ['@coder * prod.conf'] })).run({ cmd, args });
    expect(result.ok ? undefined : result.error).toMatchObject({ code: 'C240', message: expect.stringMatching(/writes in place \(--no-stage\).*"@coder \* prod\.conf" \(deny\).*leave out --no-stage/) });
    expect(await prod()).toBe('safe\n');
  });

  it.each(['@coder write prod.conf', '@coder delete prod.conf', '@coder * config/**', '@coder edit *.conf'])('a deny rule naming files (%s) refuses --no-stage, also against an allow rule for the line', async (rule) => {
    const result = await (await engine({ deny: [rule], allow: ['@coder exec *'] })).run({ cmd: 'exec', args: { cmd: 'sh build.sh', stage: false } });
    expect(result.ok ? 'ok' : result.error.code).toBe('C240');
    expect(await prod()).toBe('safe\n');
  });

  // Red team R11-3: a rule whose tool word is a glob judges the staged change set, so it judges --no-stage.
  it.each(['@coder w* prod.conf', '@coder ** prod.conf', '@coder ?rite prod.conf', '@coder writ? prod.conf', '@coder *e prod.conf', '@coder write* prod.conf'])(
    'a deny rule whose tool word is a glob (%s) refuses --no-stage under --yes',
    async (rule) => {
      const result = await (await engine({ deny: [rule] })).run({ cmd: 'exec', args: { cmd: 'sh build.sh', stage: false } });
      expect(result.ok ? 'ok' : result.error.code).toBe('C240');
      expect(await prod()).toBe('safe\n');
    },
  );

  // Red team R11-10 (issue 26): a rule spelled with a command's alias (resolved when the rule is loaded), in
  // any case, or naming any other writer (a rename, a move, a glob matching an alias) judges every change.
  it.each(['@coder edit prod.conf', '@coder str_replace prod.conf', '@coder Write_File prod.conf', '@coder rm prod.conf', '@coder unlink prod.conf', '@coder move prod.conf', '@coder rename-symbol prod.conf', '@coder replace_symbol prod.conf', '@coder rollback prod.conf', '@coder edi? prod.conf'])(
    'a deny rule spelled with an alias or naming another writer (%s) refuses --no-stage under --yes',
    async (rule) => {
      const result = await (await engine({ deny: [rule] })).run({ cmd: 'exec', args: { cmd: 'sh build.sh', stage: false } });
      expect(result.ok ? 'ok' : result.error.code).toBe('C240');
      expect(await prod()).toBe('safe\n');
    },
  );

  it('an ask rule naming files asks, and the question says --no-stage and why', async () => {
    const asked: ApprovalRequest[] = [];
    const made = await engine({ ask: ['@coder write prod.conf'], allow: ['@coder exec *'] }, async (request) => {
      asked.push(request);
      return 'no';
    });
    const result = await made.run({ cmd: 'exec', args: { cmd: 'sh build.sh', stage: false } });
    expect(result.ok ? 'ok' : result.error.code).toBe('C240');
    expect(asked.map((request) => request.judged)).toEqual(['@coder exec --no-stage sh build.sh']);
    expect(asked[0]!.reason).toMatch(/writes in place \(--no-stage\).*"@coder write prod\.conf" \(ask\)/);
    expect(await prod()).toBe('safe\n');
  });

  it.each([
    [{}],
    [{ deny: ['@coder exec curl *'], ask: ['@coder write'] }],
    [{ deny: ['@coder read secret.txt'] }],
    // `rea*` names only read (`r*` also names rollback, rm, rename-symbol: writers, so it judges changes).
    [{ deny: ['@coder rea* secret.txt', '@coder exec* deploy.sh'] }],
  ])('without a rule on the files a run changes (%j) --no-stage runs as before', async (rules) => {
    const result = await (await engine(rules)).run({ cmd: 'exec', args: { cmd: 'sh build.sh', stage: false } });
    expect(result.ok).toBe(true);
    expect(await prod()).toBe('hacked\n');
  });

  it('the rules do not touch a run that does not choose --no-stage', async () => {
    const result = await (await engine({ deny: ['@coder * other.conf'] })).run({ cmd: 'exec', args: { cmd: 'echo hi' } });
    expect(result.ok).toBe(true);
  });
});
