import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';
import { trustWorkspaceAt } from '../helpers/trust.js';

// Issue 28 items 1 and 7, through the real binary: the user's own ~/.codeward/config sets the engine
// settings (sandbox, normalizeQuotes, ...) a project starts from; an untrusted project only tightens them
// and its unknown keys are named and ignored, never a failure of every command.
let home: string;
let repo: string;

beforeEach(async () => {
  home = await tempDir('codeward-base-home-');
  repo = await tempDir('codeward-base-repo-');
  await writeFiles(repo, { 'a.txt': 'hi\n' });
});

afterEach(async () => {
  await removeDir(home);
  await removeDir(repo);
});

const env = () => ({ HOME: home, CODEWARD_STATE_DIR: join(home, '.state') });
const cli = (args: string[]) => runCli(['--json', '-C', repo, ...args], { env: env() });
const warningsOf = (result: ReturnType<typeof runCli>): string => (result.json.warnings ?? []).join('\n');
const HAS_BWRAP = spawnSync('bwrap', ['--ro-bind', '/', '/', 'true']).status === 0;

describe("the user's own config sets engine settings", () => {
  it('normalizeQuotes: false is accepted and silences the typographic-quote note', async () => {
    await writeFiles(home, { '.codeward/config.json': JSON.stringify({ normalizeQuotes: false }) });
    const result = cli(['write', '--file', 'q.ts', '--content', 'const s = “x”;\n']);
    expect(result.json).toMatchObject({ ok: true, warnings: [] });
    expect(await readFile(join(repo, 'q.ts'), 'utf8')).toBe('const s = “x”;\n');
  });

  it.skipIf(!HAS_BWRAP)('sandbox: read-only applies, the message names the user file, and an untrusted project cannot turn it off (needs bubblewrap)', async () => {
    const file = join(home, '.codeward/config.json');
    await writeFiles(home, { '.codeward/config.json': JSON.stringify({ sandbox: 'read-only' }) });
    const readOnly = runCli(['-C', repo, 'exec', '--cmd', 'touch t1'], { env: env() });
    expect(readOnly.stderr).toContain(`the OS sandbox is read-only ("sandbox": "read-only" in your ${file})`);
    expect(existsSync(join(repo, 't1'))).toBe(false);
    await writeFiles(repo, { '.codeward/config.json': JSON.stringify({ sandbox: 'off' }) });
    const loosen = cli(['exec', '--cmd', 'touch t2']);
    expect(loosen.json.ok).toBe(false);
    expect(warningsOf(loosen)).toContain('"sandbox": "off" (turning the OS sandbox off loosens)');
    expect(existsSync(join(repo, 't2'))).toBe(false);
    // A trusted project replaces what it sets (the user trusted exactly these bytes).
    await trustWorkspaceAt(repo, home);
    expect(cli(['exec', '--cmd', 'touch t3']).json.ok).toBe(true);
  });

  it('sandboxNetwork and sandboxWritable of the user stay when an untrusted project repeats them', async () => {
    await writeFiles(home, { '.codeward/config.json': JSON.stringify({ sandboxNetwork: true, sandboxWritable: ['~/.cargo'] }) });
    await writeFiles(repo, { '.codeward/config.json': JSON.stringify({ sandboxNetwork: true, sandboxWritable: ['~/.cargo'] }) });
    const doctor = runCli(['--json', '-C', repo, 'doctor'], { env: env() });
    expect(doctor.status).toBe(0);
    expect(doctor.stdout).not.toContain('loosens');
    expect(doctor.stdout).toContain('~/.cargo');
  });
});

describe('a project config with a key this version does not know', () => {
  it('untrusted: the key is named and ignored, the command runs and the other keys apply', async () => {
    await writeFiles(repo, { '.codeward/config.json': JSON.stringify({ futureSetting: true, nonAccessibleGlobs: ['**/*.secret'] }), 'b.secret': 'x\n' });
    const read = cli(['read', '--file', 'a.txt']);
    expect(read.json.ok).toBe(true);
    expect(warningsOf(read)).toContain('.codeward/config.json: unknown key "futureSetting" ignored');
    expect(cli(['read', '--file', 'b.secret']).json.error?.code).toBe('C211');
  });

  it('trusted: still an error (the user vouched for the file; a typo must not drop a setting)', async () => {
    await writeFiles(repo, { '.codeward/config.json': JSON.stringify({ nonAccesibleGlobs: ['**/*.secret'] }) });
    await trustWorkspaceAt(repo, home);
    const read = cli(['read', '--file', 'a.txt']);
    expect(read.status).toBe(2);
    expect(read.json.error?.message).toContain('unknown key "nonAccesibleGlobs" (did you mean "nonAccessibleGlobs"?)');
  });
});
