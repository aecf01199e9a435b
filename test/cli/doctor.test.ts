import { spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/fixture.js';

describe('codeward doctor', () => {
  it('lists the sandbox, the gate, the danger check and the hidden files', async () => {
    const root = await tempDir();
    const result = runCli(['-C', root, 'doctor', '--verbose'], { yes: false });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^workspace {8}/);
    expect(result.stdout).toMatch(/OS sandbox {7}(bwrap \(.*\): workspace-write, network off\n|none: )/);
    // One group per line, wrapped: a path is read in the group it belongs to (~/.ssh under hidden, not read-only).
    const lines = result.stdout.split('\n');
    if (/OS sandbox {7}bwrap/.test(result.stdout)) {
      const groupOf = (needle: string): string | undefined => {
        const at = lines.findIndex((line) => line.includes(needle));
        for (let index = at; index >= 0; index -= 1) {
          const label = /^ {17}(writable|read-only|read-only home|hidden):/.exec(lines[index]!);
          if (label) return label[1];
        }
        return undefined;
      };
      expect(groupOf('$TMPDIR (a private, throw-away folder; the real /tmp is not writable)')).toBe('writable');
      expect(groupOf('coder_policy.json')).toBe('read-only');
      expect(groupOf('.git (cannot be renamed')).toBe('read-only');
      expect(groupOf('~/.gitconfig')).toBe('read-only home');
      expect(groupOf('~/.ssh,')).toBe('hidden');
      // The workspace's own path (a temp folder of any length) is not the layout's to wrap.
      for (const line of lines) expect(line.replace(root, '<workspace>').length, line).toBeLessThanOrEqual(110);
    }
    expect(result.stdout).toContain('danger check     on');
    expect(result.stdout).toMatch(/trust {12}not trusted: the project's files \(none\) can only tighten/);
    expect(result.stdout).toContain('**/.env');
  });

  it('is short by default (newcomer pass: 94 lines): one line per healthy area, long groups counted; --verbose lists all', async () => {
    const root = await tempDir();
    const short = runCli(['-C', root, 'doctor'], { yes: false });
    expect(short.status).toBe(0);
    const lines = short.stdout.trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(16);
    for (const area of ['workspace ', 'OS sandbox ', 'permission gate ', 'trust ', 'user config ', 'danger check ', 'hidden files ']) expect(short.stdout).toContain(area);
    if (/OS sandbox {7}bwrap/.test(short.stdout)) {
      expect(short.stdout).toMatch(/read-only: {7}\.codeward, \.chatcli, and \d+ more \(doctor --verbose lists them\)/);
      const verbose = runCli(['-C', root, 'doctor', '--verbose'], { yes: false });
      expect(verbose.stdout).toContain('coder_policy.json');
      expect(verbose.stdout).not.toContain('more (doctor --verbose');
    }
    expect(runCli(['-C', root, 'doctor', '--loud'], { yes: false }).stderr).toContain('doctor takes only --verbose (got "--loud")');
  });

  it('says what sandboxed commands may do to git here: none, its own (git alone), an enclosing repository (newcomer pass 2, N13)', async () => {
    const top = await tempDir();
    const probe = runCli(['-C', top, 'doctor'], { yes: false });
    if (!/OS sandbox {7}bwrap/.test(probe.stdout)) return;
    expect(probe.stdout).toContain('git              no repository here');
    spawnSync('git', ['init', '-q', top]);
    await mkdir(join(top, 'pkg'));
    expect(runCli(['-C', top, 'doctor'], { yes: false }).stdout).toContain('except a line that runs git alone');
    const sub = runCli(['-C', join(top, 'pkg'), 'doctor'], { yes: false }).stdout;
    expect(sub).toMatch(/git {14}\S+ holds the workspace: its git folder is read-only inside the sandbox/);
    expect(sub).toContain('(-C ');
  });

  it('follows --sandbox, --sandbox-network and the config file (its loosening part once trusted), and answers in JSON', async () => {
    const root = await tempDir();
    const home = await tempDir('codeward-home-');
    const env = { HOME: home };
    await mkdir(join(root, '.codeward'));
    await writeFile(join(root, '.codeward', 'config.json'), '{"sandbox": "read-only", "sandboxNetwork": true}');
    const untrusted = JSON.parse(runCli(['-C', root, '--json', 'doctor'], { yes: false, env }).stdout);
    expect(untrusted.data.trust).toMatchObject({ trusted: false, recorded: false, ignored: [{ file: '.codeward/config.json', setting: '"sandboxNetwork": true' }] });
    if (untrusted.data.sandbox.backend) expect(untrusted.data.sandbox).toMatchObject({ mode: 'read-only', network: false });
    expect(runCli(['-C', root, 'trust'], { yes: false, env }).status).toBe(0);
    const fromConfig = JSON.parse(runCli(['-C', root, '--json', 'doctor'], { yes: false, env }).stdout);
    expect(fromConfig.data.trust).toMatchObject({ trusted: true, ignored: [] });
    if (fromConfig.data.sandbox.backend) expect(fromConfig.data.sandbox).toMatchObject({ mode: 'read-only', network: true });
    else expect(fromConfig.data.sandbox.reason).toMatch(/bwrap|sandbox-exec|no sandbox/);
    const off = JSON.parse(runCli(['-C', root, '--json', '--sandbox', 'off', 'doctor'], { yes: false }).stdout);
    expect(off.data.sandbox).toMatchObject({ backend: null, mode: 'off' });
    expect(off.data.sandbox.reason).toContain('turned off');
  });

  it('refuses an unknown --sandbox mode naming the valid ones', () => {
    const result = runCli(['--sandbox', 'maybe', 'doctor'], { yes: false });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--sandbox maybe is not a mode; use off, workspace-write, read-only');
  });
});
