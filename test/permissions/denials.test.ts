import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DenialStore } from '../../src/permissions/denial-store.js';
import { DenialTracker, denialLimitsFromEnv } from '../../src/permissions/denials.js';
import { judgedFor } from '../../src/permissions/explain.js';
import { authorizeJudged } from '../../src/permissions/gate.js';
import { explain, parser, policyWith, sandbox, type Sandbox } from './helpers.js';

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
});
afterAll(async () => {
  await box.cleanup();
});

describe('DenialTracker', () => {
  test('3 consecutive denials of one tool block it; other tools are not affected', () => {
    const tracker = new DenialTracker();
    expect(tracker.recordDenial('@coder exec')).toBe('normal');
    expect(tracker.recordDenial('@coder exec')).toBe('normal');
    expect(tracker.isBlocked('@coder exec')).toBe(false);
    expect(tracker.recordDenial('@coder exec')).toBe('blocked');
    expect(tracker.isBlocked('@coder exec')).toBe(true);
    expect(tracker.isBlocked('@coder write')).toBe(false);
    expect(tracker.blockedKeys()).toEqual(['@coder exec']);
  });

  test('an approval resets the consecutive count (not a block)', () => {
    const tracker = new DenialTracker();
    tracker.recordDenial('@coder exec');
    tracker.recordDenial('@coder exec');
    tracker.recordApproval('@coder exec');
    expect(tracker.consecutive('@coder exec')).toBe(0);
    tracker.recordDenial('@coder exec');
    tracker.recordDenial('@coder exec');
    expect(tracker.isBlocked('@coder exec')).toBe(false);
    expect(tracker.recordDenial('@coder exec')).toBe('blocked');
    tracker.recordApproval('@coder exec');
    expect(tracker.isBlocked('@coder exec')).toBe(true);
  });

  test('20 denials in total escalate the session', () => {
    const tracker = new DenialTracker();
    for (let i = 0; i < 19; i++) tracker.recordDenial(`@coder tool${i}`);
    expect(tracker.escalated).toBe(false);
    expect(tracker.recordDenial('@coder last')).toBe('escalated');
    expect(tracker.escalated).toBe(true);
    expect(tracker.total).toBe(20);
  });

  test('limits from CODEWARD_* and CHATCLI_* environment variables; junk keeps the default', () => {
    expect(denialLimitsFromEnv({})).toEqual({ maxConsecutive: 3, maxTotal: 20 });
    expect(denialLimitsFromEnv({ CODEWARD_MAX_CONSECUTIVE_DENIALS: '5', CODEWARD_MAX_TOTAL_DENIALS: '7' })).toEqual({ maxConsecutive: 5, maxTotal: 7 });
    expect(denialLimitsFromEnv({ CHATCLI_MAX_CONSECUTIVE_DENIALS: '2', CHATCLI_MAX_TOTAL_DENIALS: '4' })).toEqual({ maxConsecutive: 2, maxTotal: 4 });
    expect(denialLimitsFromEnv({ CODEWARD_MAX_CONSECUTIVE_DENIALS: '6', CHATCLI_MAX_CONSECUTIVE_DENIALS: '2' }).maxConsecutive).toBe(6);
    for (const junk of ['0', '-1', 'abc', '2.5', '', '1e3']) {
      expect(denialLimitsFromEnv({ CODEWARD_MAX_CONSECUTIVE_DENIALS: junk }).maxConsecutive, junk).toBe(3);
    }
    const tracker = new DenialTracker(denialLimitsFromEnv({ CODEWARD_MAX_CONSECUTIVE_DENIALS: '1', CODEWARD_MAX_TOTAL_DENIALS: '2' }));
    expect(tracker.recordDenial('@coder exec')).toBe('blocked');
    expect(tracker.recordDenial('@coder write')).toBe('escalated');
  });

  test('toJSON / fromJSON round trip; damaged snapshots give a fresh tracker', () => {
    const tracker = new DenialTracker();
    tracker.recordDenial('@coder exec');
    tracker.recordDenial('@coder exec');
    tracker.recordDenial('@coder exec');
    tracker.recordDenial('@coder write');
    const copy = DenialTracker.fromJSON(JSON.parse(JSON.stringify(tracker)));
    expect(copy.toJSON()).toEqual(tracker.toJSON());
    expect(copy.isBlocked('@coder exec')).toBe(true);
    expect(copy.consecutive('@coder write')).toBe(1);
    expect(DenialTracker.fromJSON(null).total).toBe(0);
    expect(DenialTracker.fromJSON({ total: 'x', keys: { a: 5 } }).total).toBe(0);
  });
});

describe('the tracker in decisions', () => {
  test('a blocked tool is denied even under an allow rule; the reason names the tracker', async () => {
    const policy = await policyWith(box, ['allow @coder exec *']);
    const tracker = new DenialTracker();
    for (let i = 0; i < 3; i++) tracker.recordDenial('@coder exec');
    const result = await explain(policy, '@coder exec npm test', tracker);
    expect(result).toMatchObject({ decision: 'deny', source: 'denials' });
    await expect(authorizeJudged([judgedFor('exec', 'npm test')], { policy, denials: tracker, yes: true, parser })).rejects.toMatchObject({
      code: 'C240',
      message: expect.stringMatching(/blocked for this session after 3 consecutive denials.*denial tracker/),
    });
    expect((await explain(policy, '@coder read a', tracker)).decision).toBe('allow');
  });

  test('an escalated session asks for everything, and --yes no longer approves', async () => {
    const policy = await policyWith(box, ['allow @coder *']);
    const tracker = new DenialTracker();
    for (let i = 0; i < 20; i++) tracker.recordDenial(`@coder t${i}`);
    expect(await explain(policy, '@coder read a', tracker)).toMatchObject({ decision: 'ask', source: 'denials' });
    await expect(authorizeJudged([judgedFor('read', 'a')], { policy, denials: tracker, yes: true, parser })).rejects.toMatchObject({ code: 'C241', message: expect.stringContaining('escalated') });
  });

  test('denials through the approver block the tool on the third "no"', async () => {
    const policy = await policyWith(box);
    const tracker = new DenialTracker();
    const options = { policy, denials: tracker, yes: false, parser, approver: async () => 'no' as const };
    for (let i = 0; i < 2; i++) await expect(authorizeJudged([judgedFor('exec', 'npm install')], options)).rejects.toMatchObject({ code: 'C240' });
    await expect(authorizeJudged([judgedFor('exec', 'npm install')], options)).rejects.toMatchObject({ message: expect.stringContaining('now blocked') });
    let asked = false;
    await expect(authorizeJudged([judgedFor('exec', 'ls')], { ...options, approver: async () => {
          asked = true;
          return 'once' as const;
        } })).rejects.toMatchObject({ code: 'C240' });
    expect(asked).toBe(false);
  });
});

describe('DenialStore', () => {
  test('persists per workspace and session in <cache>/denials/, atomically, mode 0600', async () => {
    const cacheDir = join(box.home, 'cache');
    const store = await DenialStore.open({ workspaceRoot: box.root, sessionId: 's1', cacheDir });
    const tracker = await store.load();
    expect(tracker.total).toBe(0);
    tracker.recordDenial('@coder exec');
    tracker.recordDenial('@coder exec');
    tracker.recordDenial('@coder exec');
    await store.save(tracker);
    expect(store.file.startsWith(join(cacheDir, 'denials'))).toBe(true);
    expect((await stat(store.file)).mode & 0o777).toBe(0o600);
    expect(await readdir(join(cacheDir, 'denials'))).toEqual([store.file.split('/').pop()]);
    const again = await (await DenialStore.open({ workspaceRoot: box.root, sessionId: 's1', cacheDir })).load();
    expect(again.isBlocked('@coder exec')).toBe(true);
    const other = await (await DenialStore.open({ workspaceRoot: box.root, sessionId: 's2', cacheDir })).load();
    expect(other.total).toBe(0);
    expect(JSON.parse(await readFile(store.file, 'utf8'))).toMatchObject({ version: 1, total: 3 });
  });

  test('a damaged file gives a fresh tracker; a bad session id is C210', async () => {
    const cacheDir = join(box.home, 'cache2');
    const store = await DenialStore.open({ workspaceRoot: box.root, sessionId: 'x', cacheDir });
    await store.save(new DenialTracker());
    await writeFile(store.file, '{not json');
    expect((await store.load()).total).toBe(0);
    await expect(DenialStore.open({ workspaceRoot: box.root, sessionId: '../evil', cacheDir })).rejects.toMatchObject({ code: 'C210' });
  });

  test('limits come from the environment', async () => {
    const store = await DenialStore.open({ workspaceRoot: box.root, sessionId: 'env', cacheDir: join(box.home, 'cache3'), env: { CODEWARD_MAX_CONSECUTIVE_DENIALS: '1' } });
    const tracker = await store.load();
    expect(tracker.recordDenial('@coder exec')).toBe('blocked');
  });
});

test('a cache folder inside the workspace is not used (the agent could reset its own denials)', async () => {
  const store = await DenialStore.open({ workspaceRoot: box.root, sessionId: 'in', cacheDir: join(box.root, '.cache', 'codeward') });
  expect(store.file.startsWith(box.root)).toBe(false);
});
