import { describe, expect, it } from 'vitest';
import { AgentCatalog } from '../../../src/agent/agents/catalog.js';
import { BUILTIN_AGENTS, WRITING_COMMANDS, type AgentSpec } from '../../../src/agent/agents/roster.js';
import { builtinCommands } from '../../../src/commands/index.js';

const NAMES = ['file', 'coder', 'shell', 'git', 'search', 'planner', 'reviewer', 'tester', 'refactor', 'diagnostics', 'formatter', 'deps'];

function custom(name: string, extra: Partial<AgentSpec> = {}): AgentSpec {
  return { name, description: `${name} from a file`, role: `You are ${name}.`, commands: ['read'], readOnly: true, source: `/x/${name}.md`, ...extra };
}

describe('the built-in agents', () => {
  it('are the 12 expected agents, built-in, each with a role and a description', () => {
    expect(BUILTIN_AGENTS.map((spec) => spec.name)).toEqual(NAMES);
    for (const spec of BUILTIN_AGENTS) {
      expect(spec.source).toBe('builtin');
      expect(spec.role.length).toBeGreaterThan(20);
      expect(spec.description).not.toBe('');
    }
  });

  it('gives no read-only agent a command that writes or runs processes', () => {
    const readOnly = BUILTIN_AGENTS.filter((spec) => spec.readOnly);
    expect(readOnly.map((spec) => spec.name)).toEqual(['file', 'search', 'planner', 'reviewer']);
    for (const spec of readOnly) expect(spec.commands.filter((cmd) => WRITING_COMMANDS.has(cmd))).toEqual([]);
  });

  it('names only commands the engine has', () => {
    const names = new Set(builtinCommands.map((command) => command.name));
    for (const spec of BUILTIN_AGENTS) {
      for (const cmd of spec.commands) expect(names.has(cmd), `${spec.name} → ${cmd}`).toBe(true);
    }
    // And every writing command is a real one (or the agent door's delegate).
    for (const cmd of WRITING_COMMANDS) expect(names.has(cmd) || cmd === 'delegate', cmd).toBe(true);
  });
});

describe('AgentCatalog', () => {
  it('holds the built-ins by default', () => {
    const catalog = new AgentCatalog();
    expect(catalog.agents.map((spec) => spec.name)).toEqual(NAMES);
    expect(catalog.get('coder')).toBe(BUILTIN_AGENTS[1]);
    expect(catalog.get('nobody')).toBeUndefined();
  });

  it('adds a custom agent after the built-ins, and one of the same name replaces the built-in', () => {
    const auditor = custom('auditor');
    const reviewer = custom('reviewer', { description: 'my own reviewer' });
    const catalog = new AgentCatalog([auditor, reviewer]);
    expect(catalog.agents).toHaveLength(13);
    expect(catalog.agents.at(-1)).toBe(auditor);
    expect(catalog.get('auditor')).toBe(auditor);
    expect(catalog.get('reviewer')).toBe(reviewer);
    expect(catalog.agents.filter((spec) => spec.name === 'reviewer')).toEqual([reviewer]);
  });

  it('looks names up ignoring case and surrounding space', () => {
    const catalog = new AgentCatalog([custom('auditor')]);
    expect(catalog.get('CODER')?.name).toBe('coder');
    expect(catalog.get('  Auditor ')?.name).toBe('auditor');
  });

  it('can start from another list of built-ins', () => {
    const catalog = new AgentCatalog([], [custom('solo')]);
    expect(catalog.agents.map((spec) => spec.name)).toEqual(['solo']);
    expect(catalog.get('coder')).toBeUndefined();
  });

  it('prompts with the dispatch syntax and custom agents with their description, in one line; the built-ins are named by the error of an unknown one', () => {
    const catalog = new AgentCatalog([custom('auditor', { description: 'audits auth' })]);
    const prompt = catalog.prompt();
    expect(prompt.startsWith('# Agents\n')).toBe(true);
    expect(prompt).toContain('<agent_call agent="coder" task="..." />');
    expect(prompt).toContain('auditor (audits auth)');
    // Issue 29: the built-in names cost every request; dispatch.ts answers an unknown type with all of them.
    for (const spec of catalog.agents.filter((agent) => agent.source === 'builtin' && agent.name !== 'coder')) expect(prompt).not.toMatch(new RegExp(`\\b${spec.name}\\b`));
    expect(prompt).toContain("an unknown agent's error lists the types");
    // Without a coder the example names an agent that exists.
    expect(new AgentCatalog([], [custom('solo')]).prompt()).toContain('<agent_call agent="solo" task="..." />');
    // The header and one line.
    expect(prompt.split('\n')).toHaveLength(2);
  });
});
