import { afterEach, describe, expect, it } from 'vitest';
import { configFromSettings, defaultConfig } from '../../src/engine/config.js';
import { tightenConfig } from '../../src/engine/config-tighten.js';
import { readProjectSettings } from '../../src/permissions/policy-load.js';
import { DEFAULT_NON_ACCESSIBLE_GLOBS } from '../../src/workspace/types.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';
import { trustWorkspaceAt } from '../helpers/trust.js';

// The project config of an untrusted workspace keeps only what tightens (THREAT-MODEL.md invariant 1).
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map(removeDir));
});

async function configOf(config: Record<string, unknown>, options: { trusted?: boolean; yaml?: boolean } = {}) {
  const root = await tempDir();
  const home = await tempDir('codeward-home-');
  dirs.push(root, home);
  const text = options.yaml ? Object.entries(config).map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join('\n') : JSON.stringify(config);
  await writeFiles(root, { [options.yaml ? '.codeward/config.yaml' : '.codeward/config.json']: text });
  if (options.trusted) await trustWorkspaceAt(root, home);
  return configFromSettings(await readProjectSettings(root, home));
}

describe('untrusted project config', () => {
  it.each([
    ['sandbox off', { sandbox: 'off' }, { sandbox: undefined }],
    ['sandbox network', { sandboxNetwork: true }, { sandboxNetwork: false }],
    ['sandboxWritable ~', { sandboxWritable: ['~'] }, { sandboxWritable: [] }],
    ['sandboxWritable inside (.git/hooks)', { sandboxWritable: ['.git/hooks'] }, { sandboxWritable: [] }],
    ['backups off', { backups: false }, { backups: true }],
    ['a raised write limit', { maxWriteBytes: 10 * 1024 * 1024 * 1024 }, { maxWriteBytes: 64 * 1024 * 1024 }],
  ])('ignores %s and names it', async (_name, given, kept) => {
    const report = await configOf(given);
    expect(report.config).toMatchObject(kept);
    expect(report.ignored).toEqual([expect.objectContaining({ file: '.codeward/config.json', setting: expect.stringContaining(Object.keys(given)[0]!) })]);
  });

  it('cannot clear or shorten the non-accessible globs; added globs apply', async () => {
    const cleared = await configOf({ nonAccessibleGlobs: [] });
    expect(cleared.config.nonAccessibleGlobs).toEqual([...DEFAULT_NON_ACCESSIBLE_GLOBS]);
    expect(cleared.ignored[0]?.reason).toContain('stay hidden');
    const added = await configOf({ nonAccessibleGlobs: [...DEFAULT_NON_ACCESSIBLE_GLOBS, 'private/**'] });
    expect(added.config.nonAccessibleGlobs).toEqual([...DEFAULT_NON_ACCESSIBLE_GLOBS, 'private/**']);
    expect(added.ignored).toEqual([]);
  });

  it('keeps what tightens: read-only sandbox, a lower write limit, quotes (YAML too)', async () => {
    const report = await configOf({ sandbox: 'read-only', maxWriteBytes: 1000, normalizeQuotes: false, sandboxNetwork: false }, { yaml: true });
    expect(report.config).toMatchObject({ sandbox: 'read-only', maxWriteBytes: 1000, normalizeQuotes: false, sandboxNetwork: false });
    expect(report.ignored).toEqual([]);
    expect((await configOf({ sandbox: 'workspace-write' })).ignored).toEqual([]);
  });

  it('a key without a tightening rule (added later) keeps its default unless the project sets the default', () => {
    const base = { ...defaultConfig(), futureSecretEnv: [] } as never;
    const loosened = tightenConfig({ ...defaultConfig(), futureSecretEnv: ['AWS_SECRET_ACCESS_KEY'] } as never, ['futureSecretEnv'], base, 'c.json');
    expect((loosened.config as Record<string, unknown>)['futureSecretEnv']).toEqual([]);
    expect(loosened.ignored[0]?.reason).toBe('not known to only tighten');
    expect(tightenConfig({ ...defaultConfig(), futureSecretEnv: [] } as never, ['futureSecretEnv'], base, 'c.json').ignored).toEqual([]);
  });

  it('applies everything once trusted', async () => {
    const report = await configOf({ sandbox: 'off', sandboxWritable: ['~'], nonAccessibleGlobs: [], backups: false }, { trusted: true });
    expect(report.config).toMatchObject({ sandbox: 'off', sandboxWritable: ['~'], nonAccessibleGlobs: [], backups: false });
    expect(report.ignored).toEqual([]);
  });
});
