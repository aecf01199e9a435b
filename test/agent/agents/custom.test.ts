import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadCustomAgents } from '../../../src/agent/agents/custom.js';
import { BUILTIN_AGENTS } from '../../../src/agent/agents/roster.js';
import { delegateCommand } from '../../../src/commands/delegate.js';
import { builtinCommands } from '../../../src/commands/index.js';
import { Workspace } from '../../../src/workspace/workspace.js';
import { removeDir, tempDir, writeFiles } from '../../helpers/fixture.js';

const known = [...builtinCommands, delegateCommand].map((command) => command.name);
const reserved = new Set(BUILTIN_AGENTS.map((spec) => spec.name));

let root: string;
let home: string;

beforeEach(async () => {
  root = await tempDir('codeward-agents-root-');
  home = await tempDir('codeward-agents-home-');
});

afterEach(async () => {
  await removeDir(root);
  await removeDir(home);
});

const project = (name: string): string => join(root, '.codeward', 'agents', name);
const load = async (withHome = true) => loadCustomAgents({ workspace: await Workspace.open(root), home: withHome ? home : undefined, known, reserved });

async function projectAgents(files: Record<string, string>): Promise<void> {
  await writeFiles(root, Object.fromEntries(Object.entries(files).map(([name, text]) => [`.codeward/agents/${name}`, text])));
}

describe('loadCustomAgents', () => {
  it('finds nothing and warns about nothing when neither folder exists', async () => {
    expect(await load()).toEqual({ agents: [], warnings: [] });
  });

  it('reads name, description, tools (YAML list), model and readOnly from the front matter', async () => {
    await projectAgents({
      'auditor.md': '---\nname: Security-Auditor\ndescription: audits auth code\ntools:\n  - read\n  - search\nmodel: small-model\nreadOnly: true\n---\nYou audit code.\n',
      'notes.txt': 'not an agent',
    });
    const { agents, warnings } = await load();
    expect(warnings).toEqual([]);
    expect(agents).toEqual([
      { name: 'security-auditor', description: 'audits auth code', role: 'You audit code.', commands: ['read', 'search'], readOnly: true, model: 'small-model', source: project('auditor.md') },
    ]);
  });

  it('accepts tools as a comma string and in the "@coder read" spelling', async () => {
    await projectAgents({
      'a.md': '---\ntools: "read, tree ,search"\n---\nA.\n',
      'b.md': '---\ntools: ["@coder read", "@coder  write"]\n---\nB.\n',
      'c.md': '---\ntools: "@coder exec, @coder read"\n---\nC.\n',
    });
    const { agents, warnings } = await load();
    expect(warnings).toEqual([]);
    const byName = new Map(agents.map((spec) => [spec.name, spec]));
    expect(byName.get('a')!.commands).toEqual(['read', 'tree', 'search']);
    expect(byName.get('b')!.commands).toEqual(['read', 'write']);
    expect(byName.get('c')!.commands).toEqual(['exec', 'read']);
  });

  it('uses the file name without .md when there is no name, and a default description', async () => {
    await projectAgents({ 'doc-writer.md': '---\ntools: [read]\n---\nWrite docs.\n' });
    const [spec] = (await load()).agents;
    expect(spec!.name).toBe('doc-writer');
    expect(spec!.description).toBe(`custom agent from ${project('doc-writer.md')}`);
    expect(spec!.model).toBeUndefined();
  });

  it('makes a file without front matter an agent with no tools whose role is the whole text', async () => {
    await projectAgents({ 'thinker.md': '  Think hard, then answer.\n' });
    const { agents, warnings } = await load();
    expect(warnings).toEqual([]);
    expect(agents).toHaveLength(1);
    expect(agents[0]).toMatchObject({ name: 'thinker', role: 'Think hard, then answer.', commands: [] });
  });

  it('reads the user folder too, and a project agent wins over a user agent of the same name', async () => {
    await projectAgents({ 'helper.md': '---\ndescription: from project\n---\nProject helper.\n' });
    await writeFiles(home, {
      '.codeward/agents/helper.md': '---\ndescription: from home\n---\nHome helper.\n',
      '.codeward/agents/only-home.md': '---\ntools: [tree]\n---\nHome only.\n',
    });
    const { agents, warnings } = await load();
    expect(warnings).toEqual([]);
    expect(agents.map((spec) => spec.name).sort()).toEqual(['helper', 'only-home']);
    expect(agents.find((spec) => spec.name === 'helper')).toMatchObject({ description: 'from project', role: 'Project helper.', source: project('helper.md') });
    expect(agents.find((spec) => spec.name === 'only-home')!.source).toBe(join(home, '.codeward', 'agents', 'only-home.md'));
    // Without a home, only the project folder is read.
    expect((await load(false)).agents.map((spec) => spec.name)).toEqual(['helper']);
  });

  it('skips a built-in name without override: true, naming the file and the fix', async () => {
    await projectAgents({ 'coder.md': '---\nname: coder\n---\nMy coder.\n', 'reviewer.md': '---\noverride: "yes"\n---\nMy reviewer.\n' });
    const { agents, warnings } = await load();
    expect(agents).toEqual([]);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain(project('coder.md'));
    expect(warnings[0]).toContain('"coder" is a built-in agent');
    expect(warnings[0]).toContain('override: true');
    expect(warnings[1]).toContain(project('reviewer.md'));
  });

  it('accepts a built-in name with override: true', async () => {
    await projectAgents({ 'coder.md': '---\nname: coder\noverride: true\ntools: [read, patch]\n---\nMy coder.\n' });
    const { agents, warnings } = await load();
    expect(warnings).toEqual([]);
    expect(agents).toEqual([expect.objectContaining({ name: 'coder', role: 'My coder.', commands: ['read', 'patch'], readOnly: false })]);
  });

  it('skips an agent with an unknown tool, listing the known commands', async () => {
    await projectAgents({ 'bad.md': '---\ntools: [read, frobnicate]\n---\nBad.\n' });
    const { agents, warnings } = await load();
    expect(agents).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(project('bad.md'));
    expect(warnings[0]).toContain('frobnicate');
    expect(warnings[0]).toContain(`known: ${known.join(', ')}`);
  });

  it('skips a read-only agent that lists a writing tool', async () => {
    await projectAgents({ 'ro.md': '---\nreadOnly: true\ntools: [read, write, exec]\n---\nRO.\n' });
    const { agents, warnings } = await load();
    expect(agents).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(project('ro.md'));
    expect(warnings[0]).toContain('read-only agent cannot have write, exec');
  });

  it('skips invalid YAML and an empty body, and keeps loading the other files', async () => {
    await projectAgents({
      'broken.md': '---\nname: [unclosed\n---\nBody.\n',
      'empty.md': '---\nname: empty\n---\n\n   \n',
      'good.md': '---\ntools: read\n---\nGood.\n',
    });
    const { agents, warnings } = await load();
    expect(agents.map((spec) => spec.name)).toEqual(['good']);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain(project('broken.md'));
    expect(warnings[0]).toContain('not valid YAML');
    expect(warnings[1]).toContain(project('empty.md'));
    expect(warnings[1]).toContain('empty');
    for (const warning of warnings) expect(warning).toMatch(/^custom agent skipped: /);
  });

  it('is read-only when every tool is read-only, not when one writes or there are none', async () => {
    await projectAgents({
      'looker.md': '---\ntools: [read, search, git-diff]\n---\nLook.\n',
      'doer.md': '---\ntools: [read, exec]\n---\nDo.\n',
      'flagged.md': '---\nread_only: true\n---\nOnly reason.\n',
    });
    const byName = new Map((await load()).agents.map((spec) => [spec.name, spec.readOnly]));
    expect(byName).toEqual(new Map([['doer', false], ['flagged', true], ['looker', true]]));
  });
  it('warns about a second file with the same name in one folder, and reads front matter after a BOM', async () => {
    await projectAgents({
      'a.md': '\uFEFF---\nname: twin\ntools: read\n---\nFirst.\n',
      'b.md': '---\nname: twin\ntools: search\n---\nSecond.\n',
    });
    const { agents, warnings } = await load();
    expect(agents.map((agent) => [agent.name, agent.role, agent.commands])).toEqual([['twin', 'First.', ['read']]]);
    expect(warnings).toEqual([`custom agent skipped: ${project('b.md')}: agent name "twin" is already defined by ${project('a.md')}`]);
  });

  it('keeps an explicit readOnly: false', async () => {
    await projectAgents({ 'r.md': '---\ntools: read\nreadOnly: false\n---\nReads.\n' });
    expect((await load()).agents[0]!.readOnly).toBe(false);
  });
});
