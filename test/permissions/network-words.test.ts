import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { questionText } from '../../src/permissions/question.js';
import type { ApprovalRequest } from '../../src/permissions/types.js';
import { SHARED_NETWORK } from '../../src/sandbox/network-words.js';
import { runCli } from '../helpers/fixture.js';
import { sandbox, type Sandbox } from './helpers.js';

// Red team R16-3: with --sandbox-network a run shares the host's network namespace (127.0.0.1 services and
// abstract unix sockets reachable), which "with network" did not say. Nothing here can give it an
// outbound-only namespace, so every place that names the network says what it is.

let box: Sandbox;
beforeEach(async () => {
  box = await sandbox();
});
afterEach(async () => {
  await box.cleanup();
});

async function asked(network: boolean): Promise<ApprovalRequest | undefined> {
  const seen: ApprovalRequest[] = [];
  const engine = await createEngine({ workspace: box.root, env: { HOME: box.home }, sandbox: { network }, permissions: { home: box.home, approver: async (request) => (seen.push(request), 'no') } });
  try {
    await engine.run({ cmd: 'exec', args: { cmd: 'touch made' } });
  } finally {
    await engine.close();
  }
  return seen[0];
}

describe('a network-enabled run says its network is the machine\'s', () => {
  test('the approval question', async () => {
    const question = await asked(true);
    const where = question?.preview?.runs?.where ?? '';
    // Where no OS sandbox runs, the question says that instead (and nothing about a sandbox network).
    if (where.includes('inside the OS sandbox')) {
      expect(questionText(question!).join('\n')).toContain(`with network: ${SHARED_NETWORK}`);
      expect(SHARED_NETWORK).toContain('127.0.0.1');
      expect((await asked(false))?.preview?.runs?.where).toContain('no network');
    } else {
      expect(where).toContain('outside any OS sandbox');
    }
  });

  test('policy check', () => {
    const online = runCli(['-C', box.root, '--sandbox-network', 'policy', 'check', '@coder exec touch made'], { env: { HOME: box.home }, yes: false });
    expect(online.status).toBe(0);
    const runs = /\n {2}runs: (.*)\n/.exec(online.stdout)?.[1] ?? '';
    expect(runs === '' ? online.stdout : runs).toMatch(runs.includes('inside the OS sandbox') ? new RegExp(`with network: ${SHARED_NETWORK.replace(/\./g, '\\.')}`) : /outside any OS sandbox/);
    const json = runCli(['-C', box.root, '--json', '--sandbox-network', 'policy', 'check', '@coder exec touch made'], { env: { HOME: box.home }, yes: false }).json;
    expect(String(json.data?.sandbox)).toContain(runs.includes('inside') ? SHARED_NETWORK : 'outside any OS sandbox');
    const offline = runCli(['-C', box.root, 'policy', 'check', '@coder exec touch made'], { env: { HOME: box.home }, yes: false });
    expect(offline.stdout).not.toContain(SHARED_NETWORK);
    // A call that starts no process names no network.
    expect(runCli(['-C', box.root, '--sandbox-network', 'policy', 'check', '@coder write a.txt'], { env: { HOME: box.home }, yes: false }).stdout).not.toContain('runs:');
  });
});
