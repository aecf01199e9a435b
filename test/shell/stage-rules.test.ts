// Red team R6-12 (issue 26, 27): the person's path rules apply to what a staged command changed, as they do
// to a file tool's call. `--deny '@coder * prod.conf'` or a policy.json deny rule sets the change aside
// (never applied, named in the result); an ask rule too (the apply cannot ask per file mid-apply), unless
// --yes approves asks. Through the engine an agent uses, with the permission gate (in process).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine, type PermissionOptions } from '../../src/setup.js';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { bwrapWorks, overlayWorks } from './stage-helpers.js';

let root: string;
let state: string;
let home: string;
const saved = process.env['CODEWARD_STATE_DIR'];

beforeEach(async () => {
  root = await tempDir('cw-stage-rules-');
  state = await tempDir('cw-stage-rules-state-');
  home = await tempDir('cw-stage-rules-home-');
  process.env['CODEWARD_STATE_DIR'] = state;
  writeFileSync(join(root, 'prod.conf'), 'port=1\n');
  writeFileSync(join(root, 'gone.txt'), 'keep me\n');
  mkdirSync(join(root, 'config'));
  writeFileSync(join(root, 'config/app.ini'), 'a=1\n');
  writeFileSync(join(root, 'build.sh'), 'echo port=2 > prod.conf; echo b=2 > config/app.ini; echo x > out.txt; rm gone.txt\n');
});

afterEach(async () => {
  if (saved === undefined) delete process.env['CODEWARD_STATE_DIR'];
  else process.env['CODEWARD_STATE_DIR'] = saved;
  await removeDir(root);
  await removeDir(state);
  await removeDir(home);
});

interface Changes {
  files: { path: string; change: string }[];
  setAside?: { path: string; reason: string }[];
}

async function build(permissions: PermissionOptions): Promise<Changes> {
  const engine = await createEngine({ workspace: root, sandbox: { mode: 'workspace-write' }, permissions: { home, ...permissions } });
  try {
    const result = await engine.run({ cmd: 'exec', args: { cmd: 'sh build.sh', stage: true } });
    expect(result.ok, JSON.stringify(result)).toBe(true);
    return (result.data as { changes: Changes }).changes;
  } finally {
    await engine.close();
  }
}

const reasons = (changes: Changes): Record<string, string> => Object.fromEntries((changes.setAside ?? []).map((each) => [each.path, each.reason]));
const read = (rel: string): string => readFileSync(join(root, rel), 'utf8');

describe.skipIf(!bwrapWorks || !overlayWorks)('the person\'s path rules on a staged change set (R6-12)', { timeout: 120_000 }, () => {
  it('--deny and --ask rules set the change aside; the rest applies', async () => {
    const changes = await build({ cliRules: { allow: ['@coder exec?--stage sh build.sh'], deny: ['@coder * prod.conf', '@coder delete gone.txt'], ask: ['@coder write config/**'] } });
    const why = reasons(changes);
    expect(Object.keys(why).sort()).toEqual(['config/app.ini', 'gone.txt', 'prod.conf']);
    expect(why['prod.conf']).toMatch(/denied by rule "@coder \* prod\.conf" \(deny\) from --deny; not applied/);
    expect(why['gone.txt']).toMatch(/denied by rule "@coder delete gone\.txt".*not removed/);
    expect(why['config/app.ini']).toMatch(/rule "@coder write config\/\*\*" \(ask\).*asks before it is written.*without a question per file; not applied/);
    expect(read('prod.conf')).toBe('port=1\n');
    expect(read('config/app.ini')).toBe('a=1\n');
    expect(read('gone.txt')).toBe('keep me\n');
    expect(read('out.txt')).toBe('x\n');
    expect(changes.files).toEqual([{ path: 'out.txt', change: 'created' }]);
  });

  it('a deny rule in the user\'s and the project\'s policy.json applies; --yes approves an ask rule, never a deny', async () => {
    mkdirSync(join(home, '.codeward'));
    writeFileSync(join(home, '.codeward/policy.json'), JSON.stringify({ rules: [{ pattern: '@coder * prod.conf', action: 'deny' }] }));
    mkdirSync(join(root, '.codeward'));
    writeFileSync(join(root, '.codeward/policy.json'), JSON.stringify({ rules: [{ pattern: '@coder * gone.txt', action: 'deny' }, { pattern: '@coder * config/**', action: 'ask' }] }));
    const changes = await build({ yes: true });
    expect(Object.keys(reasons(changes)).sort()).toEqual(['gone.txt', 'prod.conf']);
    expect(read('prod.conf')).toBe('port=1\n');
    expect(existsSync(join(root, 'gone.txt'))).toBe(true);
    expect(read('config/app.ini')).toBe('b=2\n');
  });

  it('a path rule decides even where a rule on the tool alone matches first', async () => {
    const changes = await build({ cliRules: { allow: ['@coder exec?--stage sh build.sh'], ask: ['@coder write', '@coder write config/**'] } });
    expect(Object.keys(reasons(changes))).toEqual(['config/app.ini']);
    expect(read('config/app.ini')).toBe('a=1\n');
  });

  it('a rule on the tool alone (`@coder write`) is about the call, not the change set', async () => {
    const changes = await build({ yes: true, cliRules: { ask: ['@coder write', '@coder *'] } });
    expect(changes.setAside ?? []).toEqual([]);
    expect(read('prod.conf')).toBe('port=2\n');
  });
});
