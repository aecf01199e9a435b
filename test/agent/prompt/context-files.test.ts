import { link, mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findContextFiles } from '../../../src/agent/prompt/context-files.js';
import { loadPersona } from '../../../src/agent/prompt/persona.js';
import { loadCustomAgents } from '../../../src/agent/agents/custom.js';
import { Workspace } from '../../../src/workspace/workspace.js';
import { removeDir, tempDir, writeFiles } from '../../helpers/fixture.js';

// The attacker ships a repository whose context, rules and agent files are links to what codeward can
// read but the model must never see: a file outside the workspace, the workspace's own .env, the
// process environment. codeward reads them on its own behalf, so each must go through the jail.

const SECRET = 'SECRET-outside-7f3a';
const DOTENV = 'DOTENV-inside-91c2';

let base: string;
let root: string;
let home: string;

beforeEach(async () => {
  base = await tempDir('codeward-context-');
  root = join(base, 'repo');
  home = join(base, 'home');
  await writeFiles(base, { 'outside/secret.md': `${SECRET}\n`, 'outside/rules/x.md': `${SECRET} rule\n`, 'repo/.env': `TOKEN=${DOTENV}\n`, 'home/.keep': '' });
});

afterEach(async () => {
  await removeDir(base);
});

const load = async (workspace = root) => findContextFiles(await Workspace.open(workspace), home);
const text = (found: { files: { content: string }[] }): string => found.files.map((file) => file.content).join('\n');

describe('context files read through the workspace jail', () => {
  it('reads AGENTS.md, CLAUDE.md and GEMINI.md (in that order) and the rules', async () => {
    await writeFiles(root, { 'AGENTS.md': 'agents\n', 'CLAUDE.md': 'claude\n', 'GEMINI.md': 'gemini\n', '.codeward/rules/style.md': 'tabs\n' });
    const found = await load();
    expect(found.files.map((file) => file.path)).toEqual(['AGENTS.md', 'CLAUDE.md', 'GEMINI.md', '.codeward/rules/style.md'].map((name) => join(root, name)));
    expect(found.notices).toEqual([]);
  });

  it('refuses a context file that links outside the workspace, to .env inside it, or to /proc/self/environ', async () => {
    await mkdir(root, { recursive: true });
    await symlink(join(base, 'outside/secret.md'), join(root, 'AGENTS.md'));
    await symlink('.env', join(root, 'CLAUDE.md'));
    await symlink('/proc/self/environ', join(root, 'GEMINI.md'));
    await symlink('../outside/secret.md', join(root, 'RULES.md'));
    const found = await load();
    expect(found.files).toEqual([]);
    expect(text(found)).not.toContain(SECRET);
    expect(found.notices).toHaveLength(4);
    expect(found.notices.join('\n')).toMatch(/AGENTS\.md not read: C215/);
    expect(found.notices.join('\n')).toMatch(/CLAUDE\.md not read: C211/);
    expect(found.notices.join('\n')).toMatch(/GEMINI\.md not read: C21[15]/);
  });

  it('refuses a rules folder that is itself a link out, and a rule that links out or to a hidden file', async () => {
    await mkdir(join(root, '.codeward'), { recursive: true });
    await symlink(join(base, 'outside/rules'), join(root, '.codeward/rules'));
    const folder = await load();
    expect(text(folder)).not.toContain(SECRET);
    expect(folder.notices.join('\n')).toMatch(/rules folder \.codeward\/rules not read: C215/);

    await removeDir(join(root, '.codeward/rules'));
    await writeFiles(root, { '.codeward/rules/ok.md': 'fine rule\n', 'secrets/rule.md': `${DOTENV} in secrets/\n` });
    await symlink(join(base, 'outside/secret.md'), join(root, '.codeward/rules/a.md'));
    await symlink('../../.env', join(root, '.codeward/rules/b.md'));
    await symlink('../../secrets/rule.md', join(root, '.codeward/rules/c.md'));
    const files = await load();
    expect(text(files)).toBe('fine rule\n');
    expect(files.notices).toHaveLength(3);
  });

  it('follows a link from inside to inside, reads it once, and reads a hard link as the workspace file it is', async () => {
    await writeFiles(root, { 'docs/agents.md': 'shared guidance\n' });
    await symlink('docs/agents.md', join(root, 'AGENTS.md'));
    await symlink('AGENTS.md', join(root, 'CLAUDE.md'));
    await mkdir(join(root, '.codeward'));
    await symlink('../docs', join(root, '.codeward/rules'));
    await link(join(base, 'outside/secret.md'), join(root, 'GEMINI.md'));
    const found = await load();
    expect(found.notices).toEqual([]);
    expect(found.files.map((file) => file.content)).toEqual(['shared guidance\n', `${SECRET}\n`]);
  });

  it('reads the enclosing repository folders through a jail at that repository: a link out of it is refused', async () => {
    await writeFiles(root, { 'pkg/AGENTS.md': 'package\n', 'AGENTS.md': 'top\n' });
    await mkdir(join(root, '.git'));
    await symlink(join(base, 'outside/secret.md'), join(root, 'CLAUDE.md'));
    await symlink('../.env', join(root, 'pkg/GEMINI.md'));
    const found = await load(join(root, 'pkg'));
    expect(found.files.map((file) => file.content)).toEqual(['top\n', 'package\n']);
    expect(found.notices).toHaveLength(2);
  });

  it('R8-8: never climbs to a home kept as a repository, and never follows a link above the workspace', async () => {
    // The home is a dotfiles repository; an archive unpacked in ~/Downloads planted links to the home's keys.
    await writeFiles(home, { '.ssh/id_ed25519': `KEY-${SECRET}\n`, 'Downloads/proj/a.ts': 'x\n', 'Downloads/notes/AGENTS.md': 'plain\n' });
    await mkdir(join(home, '.git'));
    await symlink('../.ssh/id_ed25519', join(home, 'Downloads/AGENTS.md'));
    const found = await load(join(home, 'Downloads/proj'));
    expect(text(found)).not.toContain(SECRET);
    expect(found.files).toEqual([]);
    // Inside an ordinary repository, a link above the workspace to a file of the repository is not followed either.
    await writeFiles(root, { 'pkg/AGENTS.md': 'package\n', 'notes.md': 'repo notes\n' });
    await mkdir(join(root, '.git'));
    await symlink('notes.md', join(root, 'AGENTS.md'));
    const inRepo = await load(join(root, 'pkg'));
    expect(inRepo.files.map((file) => file.content)).toEqual(['package\n']);
    expect(inRepo.notices.join('\n')).toMatch(/symbolic link above the workspace/);
  });

  it('R9-15: a context file or rule linking to what read refuses (a credential git config, AWS credentials, an SSH key) is not read', async () => {
    await writeFiles(root, { '.git/HEAD': 'ref: refs/heads/main\n', '.git/config': '[remote "origin"]\n\turl = https://u:ghp_CLONE_TOKEN@github.com/a/b\n', '.aws/credentials': `aws_secret_access_key=${SECRET}\n`, '.ssh/id_ed25519': `KEY-${SECRET}\n` });
    await symlink('.git/config', join(root, 'AGENTS.md'));
    await symlink('.aws/credentials', join(root, 'CLAUDE.md'));
    await mkdir(join(root, '.codeward/rules'), { recursive: true });
    await symlink('../../.ssh/id_ed25519', join(root, '.codeward/rules/keys.md'));
    const found = await load();
    expect(text(found)).not.toMatch(/ghp_CLONE_TOKEN|SECRET-outside/);
    expect(found.notices.length).toBeGreaterThanOrEqual(3);
  });

  it('a persona or custom agent that links out is refused (C211), never read', async () => {
    await mkdir(join(root, '.codeward/agents'), { recursive: true });
    await symlink(join(base, 'outside/secret.md'), join(root, '.codeward/agents/spy.md'));
    await symlink('../../.env', join(root, '.codeward/agents/env.md'));
    const workspace = await Workspace.open(root);
    await expect(loadPersona('spy', workspace, home)).rejects.toMatchObject({ code: 'C211', message: expect.stringMatching(/was not read: C215/) });
    await expect(loadPersona('env', workspace, home)).rejects.toMatchObject({ code: 'C211' });
    const agents = await loadCustomAgents({ workspace, home, known: ['read'], reserved: new Set() });
    expect(agents.agents).toEqual([]);
    expect(agents.warnings).toHaveLength(2);
    expect(agents.warnings.join('\n')).not.toContain(SECRET);
    expect(agents.warnings.join('\n')).not.toContain(DOTENV);
  });

  it('an agents folder that is a link out of the workspace is refused as a whole', async () => {
    await writeFiles(base, { 'outside/agents/spy.md': `---\nname: spy\n---\n${SECRET}\n` });
    await mkdir(join(root, '.codeward'), { recursive: true });
    await symlink(join(base, 'outside/agents'), join(root, '.codeward/agents'));
    const workspace = await Workspace.open(root);
    const agents = await loadCustomAgents({ workspace, home, known: ['read'], reserved: new Set() });
    expect(agents.agents).toEqual([]);
    expect(agents.warnings.join('\n')).toMatch(/\.codeward\/agents was not read: C215/);
    await expect(loadPersona('spy', workspace, home)).rejects.toMatchObject({ code: 'C211' });
  });
});
