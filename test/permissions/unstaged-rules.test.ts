// Red team R11-4 (R6-12 class): a run writes in place not only with --no-stage but wherever it will not be
// staged: "stage": false or "sandbox": "off" in the person's ~/.codeward/config.json, --sandbox off, no OS
// sandbox (bwrap missing: CODEWARD_BWRAP=/bin/false), seatbelt. Whether a run is staged is decided once
// (shell/run-staging.ts) and the gate judges by it: under a per-file deny rule such a run is refused (C240
// naming the rule and how to get staging back), under an ask rule it is asked and the question says the
// rule cannot be kept in place. Through the real binary (the acceptance is the binary's: its flags, the
// HOME config, the bwrap it finds); the ask question in process.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '../../src/permissions/types.js';
import { createEngine } from '../../src/setup.js';
import { removeDir, runCli, tempDir } from '../helpers/fixture.js';
import { bwrapWorks, overlayWorks } from '../shell/stage-helpers.js';

let root: string;
let home: string;
let state: string;

beforeEach(async () => {
  root = await tempDir('cw-unstaged-');
  home = await tempDir('cw-unstaged-home-');
  state = await tempDir('cw-unstaged-state-');
  writeFileSync(join(root, 'prod.conf'), 'orig\n');
  writeFileSync(join(root, 'build.sh'), 'echo hacked > prod.conf\n');
});
afterEach(async () => {
  await removeDir(root);
  await removeDir(home);
  await removeDir(state);
});

const homeConfig = (config: Record<string, unknown>): void => {
  mkdirSync(join(home, '.codeward'), { recursive: true });
  writeFileSync(join(home, '.codeward/config.json'), JSON.stringify(config));
};
const cw = (args: readonly string[], env: Record<string, string> = {}) => runCli(['-C', root, '--json', '--deny', '@coder * prod.conf', ...args], { env: { HOME: home, CODEWARD_STATE_DIR: state, ...env } });
const prod = (): string => readFileSync(join(root, 'prod.conf'), 'utf8');

describe('a run that will not be staged is judged by the per-file rules before it runs (red team R11-4)', { timeout: 120_000 }, () => {
  it.each([
    ['no OS sandbox (CODEWARD_BWRAP=/bin/false)', [] as string[], { CODEWARD_BWRAP: '/bin/false' }, undefined, /no OS sandbox.*install bubblewrap/],
    ['--sandbox off', ['--sandbox', 'off'], {}, undefined, /turned off: --sandbox off.*leave out --sandbox off/],
    ['"stage": false in ~/.codeward/config.json', [], {}, { stage: false }, /"stage": false in your ~\/\.codeward\/config\.json.*pass --stage/],
    ['"sandbox": "off" in ~/.codeward/config.json', [], {}, { sandbox: 'off' }, /turned off: "sandbox": "off" in your .*config\.json/],
  ] as const)('%s, --yes, --deny "@coder * prod.conf": C240 naming the rule and how to stage, prod.conf kept', (_name, flags, env, config, fix) => {
    if (config) homeConfig(config);
    for (const cmd of [['exec', '--cmd', 'sh build.sh'], ['test', '--cmd', 'sh build.sh']]) {
      const result = cw([...flags, ...cmd], env);
      expect(result.json.error, result.stdout + result.stderr).toMatchObject({ code: 'C240', message: expect.stringMatching(/writes in place .*"@coder \* prod\.conf" \(deny\).*cannot be kept in place/) });
      expect(result.json.error!.message).toMatch(fix);
      expect(prod()).toBe('orig\n');
    }
  });

  it('policy check answers as the call would (the same staging decision)', () => {
    const check = (env: Record<string, string>) => runCli(['-C', root, '--deny', '@coder * prod.conf', 'policy', 'check', 'exec', '--cmd', 'sh build.sh'], { env: { HOME: home, CODEWARD_STATE_DIR: state, ...env }, yes: false }).stdout;
    expect(check({ CODEWARD_BWRAP: '/bin/false' })).toMatch(/^deny: @coder exec sh build\.sh\n.*no OS sandbox.*"@coder \* prod\.conf" \(deny\)[^]*outcome: C240/);
    if (bwrapWorks && overlayWorks) expect(check({})).not.toMatch(/outcome: C240/);
  });

  it('a read-only line still runs where nothing stages (it writes nothing the rule could name)', () => {
    const result = cw(['--sandbox', 'off', 'exec', '--cmd', 'cat build.sh']);
    expect(result.json, result.stderr).toMatchObject({ ok: true, data: { stdout: 'echo hacked > prod.conf\n' } });
  });

  it.skipIf(!bwrapWorks || !overlayWorks)('the same call staged runs, and the rule sets prod.conf aside', () => {
    const result = cw(['exec', '--cmd', 'sh build.sh']);
    expect(result.json, result.stderr).toMatchObject({ ok: true, data: { changes: { setAside: [{ path: 'prod.conf' }] } } });
    expect(prod()).toBe('orig\n');
  });

  it('under an ask rule the run is asked, and the question says the rule cannot be kept in place', async () => {
    const asked: ApprovalRequest[] = [];
    const engine = await createEngine({ workspace: root, env: { HOME: home }, sandbox: { mode: 'off' }, permissions: { home, yes: false, cliRules: { ask: ['@coder write prod.conf'], allow: ['@coder exec *'] }, approver: async (request) => (asked.push(request), 'no') } });
    try {
      const result = await engine.run({ cmd: 'exec', args: { cmd: 'sh build.sh' } });
      expect(result.ok ? 'ok' : result.error.code).toBe('C240');
      expect(asked.map((request) => request.reason)).toEqual([expect.stringMatching(/writes in place \(the OS sandbox is turned off: --sandbox off\).*"@coder write prod\.conf" \(ask\) from --ask: the rule cannot be kept in place/)]);
      expect(prod()).toBe('orig\n');
    } finally {
      await engine.close();
    }
  });
});
