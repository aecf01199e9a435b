import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

// Newcomer pass 45: `codeward trust` recorded a config with an unknown key; trusted, a project's config is read
// strictly (as the user's own), so every later call failed with C210 until the person revoked the trust. Files that
// would fail once trusted are refused, nothing recorded; a good file is still trusted.
let repo: string;
let home: string;

beforeEach(async () => {
  repo = await tempDir('cw-trust-failing-');
  home = await tempDir('cw-trust-failing-home-');
  await writeFiles(repo, { '.codeward/config.yaml': 'sandboxNetwork: false\nbogusKey: 1\n', 'a.txt': 'a\n' });
});

afterEach(async () => {
  await removeDir(repo);
  await removeDir(home);
});

describe('codeward trust refuses files that would fail every call once trusted', () => {
  it('an unknown key: C210 naming it, no trust recorded, calls go on working', () => {
    const env = { HOME: home };
    const refused = runCli(['-C', repo, 'trust'], { env });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/C210.*nothing recorded.*unknown key "bogusKey"/s);
    expect(existsSync(join(home, '.codeward', 'trust.json')) ? readFileSync(join(home, '.codeward', 'trust.json'), 'utf8') : '').not.toContain(repo);
    const read = runCli(['-C', repo, 'read', '--file', 'a.txt'], { env });
    expect(read.status, read.stderr).toBe(0);
    // Fixed, the same files are trusted.
    writeFileSync(join(repo, '.codeward', 'config.yaml'), 'sandboxNetwork: false\n');
    const trusted = runCli(['-C', repo, 'trust'], { env });
    expect(trusted.status, trusted.stderr).toBe(0);
    expect(readFileSync(join(home, '.codeward', 'trust.json'), 'utf8')).toContain(JSON.stringify(repo).slice(1, -1));
  });
});
