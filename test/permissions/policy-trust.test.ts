import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { loadPolicy, readProjectSettings } from '../../src/permissions/policy-load.js';
import { revokeTrust, saveTrust, trustState } from '../../src/permissions/policy-trust.js';
import { explain, sandbox, trustWorkspace, writePolicy, type Sandbox } from './helpers.js';

let box: Sandbox;
beforeEach(async () => {
  box = await sandbox();
});
afterEach(async () => {
  await box.cleanup();
});

const state = async () => (await readProjectSettings(box.root, box.home)).trust;

describe('the trust record', () => {
  test('matches the exact content; a change, an added or a removed file revokes it', async () => {
    await writePolicy(box.root, 'coder_policy.json', ['allow @coder exec make *']);
    expect(await state()).toMatchObject({ trusted: false, recorded: false });
    await trustWorkspace(box);
    expect(await state()).toMatchObject({ trusted: true, recorded: true, changed: [] });
    await writePolicy(box.root, 'coder_policy.json', ['allow @coder exec make  *']);
    expect(await state()).toMatchObject({ trusted: false, recorded: true, changed: ['coder_policy.json'] });
    await trustWorkspace(box);
    await writePolicy(box.root, '.codeward/config.json', []);
    expect(await state()).toMatchObject({ trusted: false, changed: ['.codeward/config.json'] });
    await trustWorkspace(box);
    await writeFile(join(box.root, 'coder_policy.json'), '');
    await trustWorkspace(box);
    expect(await state()).toMatchObject({ trusted: true });
    await revokeTrust((await readProjectSettings(box.root, box.home)).snapshot.root, box.home);
    expect(await state()).toMatchObject({ trusted: false, recorded: false });
  });

  test('no home: nothing is trusted; a broken store: nothing is trusted, the problem is named', async () => {
    await trustWorkspace(box);
    const { snapshot } = await readProjectSettings(box.root, box.home);
    expect(await trustState(snapshot, undefined)).toMatchObject({ trusted: false });
    await writeFile(join(box.home, '.codeward', 'trust.json'), 'not json');
    expect(await state()).toMatchObject({ trusted: false, problem: expect.stringContaining('not a valid trust file') });
    await expect(saveTrust(snapshot, box.home)).rejects.toMatchObject({ code: 'C216' });
  });

  test('a project allow applies only while trusted; ignored rules are named with their file', async () => {
    await writePolicy(box.root, '.codeward/policy.json', ['allow @coder exec npm *', 'deny @coder exec rm *']);
    const untrusted = await loadPolicy({ workspaceRoot: box.root, home: box.home });
    expect((await explain(untrusted, '@coder exec npm test')).decision).toBe('ask');
    expect((await explain(untrusted, '@coder exec rm x')).decision).toBe('deny');
    expect(untrusted.ignored).toEqual([{ file: '.codeward/policy.json', setting: 'rules[0] allow "@coder exec npm *"', reason: 'an allow rule loosens' }]);
    expect(untrusted.files[0]?.ignored).toHaveLength(1);
    await trustWorkspace(box);
    const trusted = await loadPolicy({ workspaceRoot: box.root, home: box.home });
    expect((await explain(trusted, '@coder exec npm test')).decision).toBe('allow');
    expect(trusted.ignored).toEqual([]);
  });

  test('the workspace is the home folder: the user\'s own ~/.codeward/policy.json stays a user file', async () => {
    await writePolicy(box.home, '.codeward/policy.json', ['allow @coder exec make *']);
    await mkdir(join(box.home, 'x'), { recursive: true });
    const policy = await loadPolicy({ workspaceRoot: box.home, home: box.home });
    expect(await explain(policy, '@coder exec make x')).toMatchObject({ decision: 'allow', source: 'user' });
    expect(policy.files.map((info) => info.source)).toEqual(['user']);
  });
});
