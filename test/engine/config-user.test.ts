import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

// The user's own ~/.codeward/config through the real binary: one loader (src/engine/config-user.ts) owns
// its file names and keys, a typo is an error naming the file and the key, and a project's config says
// exactly what of it applies.
let home: string;
let repo: string;

beforeEach(async () => {
  home = await tempDir('codeward-user-home-');
  repo = await tempDir('codeward-user-repo-');
  await writeFiles(repo, { 'a.txt': 'hi\n', 'data.secret': 'SECRET=1\n' });
});

afterEach(async () => {
  await removeDir(home);
  await removeDir(repo);
});

const env = (extra: Record<string, string> = {}) => ({ HOME: home, CODEWARD_STATE_DIR: join(home, '.state'), MY_TOKEN: 'tok-123', ...extra });
const cli = (args: string[], yes = true) => runCli(['-C', repo, ...args], { env: env(), yes });
const warningsOf = (result: ReturnType<typeof runCli>): string => ((result.json as unknown as { warnings?: string[] }).warnings ?? []).join('\n');

describe('~/.codeward/config', () => {
  it('a typo is C210 naming the file, the key and what it was meant to be, on every command; never a silent fallback', async () => {
    await writeFiles(home, { '.codeward/config.json': JSON.stringify({ passEnv: ['MY_TOKEN'], sandbx: 'off' }) });
    for (const args of [['read', '--file', 'a.txt'], ['exec', '--cmd', 'echo tok=$MY_TOKEN']]) {
      const result = cli(args);
      expect(result.status).toBe(2);
      expect(result.stdout).not.toContain('tok=');
      expect(result.stderr).toContain(`C210: ${join(home, '.codeward/config.json')}: unknown key "sandbx" (did you mean "sandbox"?)`);
    }
    // doctor does not fail on it: it shows it.
    const doctor = cli(['doctor']);
    expect(doctor.status).toBe(0);
    expect(doctor.stdout).toMatch(/^user config {6}error: .*config\.json: unknown key "sandbx"/m);
    await writeFiles(home, { '.codeward/config.json': JSON.stringify({ pasEnv: ['MY_TOKEN'] }) });
    expect(cli(['read', '--file', 'a.txt']).stderr).toMatch(/unknown key "pasEnv" \(did you mean "passEnv"\?\); valid keys: passEnv, sandboxReadable, envPlaces, nonAccessibleGlobs, normalizeQuotes, .*sandbox, .*provider/);
    // A bad value of an engine setting names the user's file.
    await writeFiles(home, { '.codeward/config.json': JSON.stringify({ sandbox: 'of' }) });
    const bad = cli(['read', '--file', 'a.txt']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain(`C210: ${join(home, '.codeward/config.json')}: sandbox`);
    // Case and separators of a known key are read as that key (as the agent always did).
    await writeFiles(home, { '.codeward/config.json': JSON.stringify({ passENV: ['MY_TOKEN'] }) });
    expect(cli(['exec', '--cmd', 'echo tok=$MY_TOKEN']).stdout).toContain('tok=tok-123');
  });

  it('~/.codeward/config (no extension, as agent --help recommends) is what exec reads passEnv from too', async () => {
    await writeFiles(home, { '.codeward/config': 'passEnv: [MY_TOKEN]\n' });
    const result = cli(['exec', '--cmd', 'echo tok=$MY_TOKEN']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('tok=tok-123');
    expect(result.stderr).not.toContain('warning');
  });

  it('two config files side by side: the one read is named, and the other is said to be not read', async () => {
    await writeFiles(home, { '.codeward/config.json': JSON.stringify({ passEnv: ['MY_TOKEN'] }), '.codeward/config.yaml': 'passEnv: [OTHER_TOKEN]\n' });
    const result = cli(['exec', '--cmd', 'echo tok=$MY_TOKEN']);
    expect(result.stdout).toContain('tok=tok-123');
    expect(result.stderr).toContain(`warning: ${join(home, '.codeward/config.json')} is the user config read; ${join(home, '.codeward/config.yaml')} is not read`);
  });
});

describe('a project config and the trust notice', () => {
  it('passEnv in a project is never claimed to apply: not by the notice, not by codeward trust', async () => {
    await writeFiles(repo, { '.codeward/config.json': JSON.stringify({ passEnv: ['MY_TOKEN'], sandbox: 'read-only' }) });
    const first = runCli(['--json', '-C', repo, 'read', '--file', 'a.txt'], { env: env() });
    expect(warningsOf(first)).toContain('never applied from a project, trusted or not: .codeward/config.json: "passEnv" (set it in your own ~/.codeward/config.json)');
    expect(warningsOf(first)).not.toMatch(/passEnv[^;]*codeward trust/);
    const trust = runCli(['-C', repo, 'trust'], { env: env(), yes: false });
    expect(trust.status).toBe(0);
    expect(trust.stdout).not.toMatch(/now applied:.*passEnv/);
    expect(trust.stdout).toMatch(/still not applied \(no project can set it, trusted or not; set it in your own ~\/\.codeward\/config\.json\): \.codeward\/config\.json: "passEnv"/);
    expect(cli(['exec', '--cmd', 'echo tok=$MY_TOKEN', '--sandbox', 'off']).stdout).not.toContain('tok-123');
  });

  it('names what is applied and what is not, in one line, once per state of the files', async () => {
    await writeFiles(repo, { '.codeward/config.json': JSON.stringify({ nonAccessibleGlobs: ['**/*.secret'] }) });
    const json = (args: string[]) => runCli(['--json', '-C', repo, ...args], { env: env() });
    const first = json(['read', '--file', 'a.txt']);
    const notice = warningsOf(first);
    expect(notice).toContain('"nonAccessibleGlobs" leaving out "**/.env", "**/.env.!(example|sample|template|dist)", "**/*.pem", "**/*.key", "**/secrets/**" (those stay hidden; the glob it adds ("**/*.secret") is applied)');
    expect(notice).not.toContain('\n');
    // Applied indeed: the added glob hides the file.
    expect(json(['read', '--file', 'data.secret']).json.error?.code).toBe('C211');
    // Said once: the next calls are quiet while the files stay the same...
    expect(warningsOf(json(['read', '--file', 'a.txt']))).toBe('');
    // ...and a change of the files says it again.
    await writeFiles(repo, { '.codeward/config.json': JSON.stringify({ nonAccessibleGlobs: ['**/*.secret'], sandboxNetwork: true }) });
    expect(warningsOf(json(['read', '--file', 'a.txt']))).toContain('"sandboxNetwork": true (network access in the sandbox loosens)');
    // Trusted (no notice), then revoked: the same notice is new again.
    expect(runCli(['-C', repo, 'trust'], { env: env(), yes: false }).status).toBe(0);
    expect(warningsOf(json(['read', '--file', 'a.txt']))).toBe('');
    expect(runCli(['-C', repo, 'trust', '--revoke'], { env: env(), yes: false }).status).toBe(0);
    expect(warningsOf(json(['read', '--file', 'a.txt']))).toContain('"sandboxNetwork": true');
    // The stamp lives in the state folder, outside the workspace.
    expect((await readFile(join(home, '.state'), 'utf8').catch((error: NodeJS.ErrnoException) => error.code))).toBe('EISDIR');
  });
});

const HAS_BWRAP = spawnSync('bwrap', ['--ro-bind', '/', '/', 'true']).status === 0;

describe('the home folder as the workspace', () => {
  it('its .codeward/config.json is both files: project keys are no error, passEnv applies and is not called a project key', async () => {
    await writeFiles(home, { '.codeward/config.json': JSON.stringify({ nonAccessibleGlobs: ['**/*.secret'], passEnv: ['MY_TOKEN'] }), 'a.txt': 'hi\n' });
    const result = runCli(['--json', '-C', home, 'exec', '--cmd', 'echo tok=$MY_TOKEN', '--sandbox', 'off'], { env: env(), yes: true });
    expect(result.json.ok).toBe(true);
    expect(result.stdout).toContain('tok=tok-123');
    expect(warningsOf(result)).not.toContain('never applied from a project');
    // From another workspace, the same keys are the user's own settings: the added glob hides there too.
    await writeFiles(repo, { 'b.secret': 'x\n' });
    expect(runCli(['--json', '-C', repo, 'read', '--file', 'b.secret'], { env: env() }).json.error?.code).toBe('C211');
  });
});

describe('a project with two config files', () => {
  it('says which one is read instead of ignoring the other silently', async () => {
    await writeFiles(repo, { '.codeward/config.json': JSON.stringify({ maxWriteBytes: 1000 }), '.codeward/config.yaml': 'nonAccessibleGlobs: ["**/*.txt"]\n' });
    const result = runCli(['--json', '-C', repo, 'read', '--file', 'a.txt'], { env: env() });
    expect(result.json.ok).toBe(true);
    expect(warningsOf(result)).toContain('.codeward/config.json is the config read; .codeward/config.yaml is not read (merge it into .codeward/config.json)');
  });
});

describe('a read-only sandbox', () => {
  it.skipIf(!HAS_BWRAP)('says the workspace is not writable either, and where the mode came from (needs bubblewrap)', async () => {
    await writeFiles(repo, { '.codeward/config.json': JSON.stringify({ sandbox: 'read-only' }) });
    const fromConfig = cli(['exec', '--cmd', 'touch t1']);
    expect(fromConfig.stderr).toContain('C253');
    expect(fromConfig.stderr).toContain('the OS sandbox is read-only ("sandbox": "read-only" in the project\'s .codeward/config): commands cannot write anywhere, not even in the workspace');
    expect(fromConfig.stderr).not.toContain('lets commands write only inside the workspace');
    expect(existsSync(join(repo, 't1'))).toBe(false);
    await writeFiles(repo, { '.codeward/config.json': '{}' });
    expect(cli(['--sandbox', 'read-only', 'exec', '--cmd', 'touch t1']).stderr).toContain('the OS sandbox is read-only (--sandbox read-only)');
  });
});
