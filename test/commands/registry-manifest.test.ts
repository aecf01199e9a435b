// Issue 31: the CLI registry is built from a manifest generated at build time (scripts/command-manifest.mjs)
// so a cold call imports only the definition of the command it names. Every fact still lives on the
// definition: the manifest must equal builtinCommands (names, aliases, order, and each entry loads the very
// definition builtinCommands holds), and the flag table (registry-flags.ts) what describeFlags derives from each
// schema. A stale manifest or table fails here: rebuild with node scripts/build.mjs.
import { describe, expect, it } from 'vitest';
import { builtinCommands } from '../../src/commands/index.js';
import { commandManifest, doorCommandWords } from '../../src/commands/registry-manifest.js';
import { delegateCommand } from '../../src/commands/delegate.js';
import { commandFlags } from '../../src/commands/registry-flags.js';
import { describeFlags } from '../../src/engine/flags.js';
import { Registry, type CommandEntry } from '../../src/engine/registry.js';
import { resolveCommand } from '../../src/args/aliases.js';

describe('the generated command manifest', () => {
  it('lists every built-in command with its aliases and effect, in help order', () => {
    expect(commandManifest.map(({ name, aliases, effect }) => ({ name, aliases, effect }))).toEqual(builtinCommands.map((command) => ({ name: command.name, aliases: command.aliases ?? [], effect: command.effect })));
  });

  it('lists the words of the commands a door adds (the rules a person writes may name them)', () => {
    expect(doorCommandWords).toEqual([{ name: delegateCommand.name, aliases: delegateCommand.aliases, effect: delegateCommand.effect }]);
  });

  it('has, for each command, the flags describeFlags derives from its schema (and no other command)', () => {
    expect(Object.keys(commandFlags)).toEqual(builtinCommands.map((command) => command.name));
    for (const command of builtinCommands) expect(commandFlags[command.name], command.name).toEqual(describeFlags(command));
  });

  it('loads, for each entry, the definition builtinCommands holds', async () => {
    const loaded = await Promise.all(commandManifest.map((entry) => entry.load()));
    loaded.forEach((command, index) => expect(command).toBe(builtinCommands[index]));
  });
});

describe('a registry whose definitions load on first use', () => {
  // Entries that record which definitions were imported.
  function recording(): { registry: Registry; imported: string[] } {
    const imported: string[] = [];
    const entries: CommandEntry[] = commandManifest.map((entry) => ({ ...entry, load: async () => (imported.push(entry.name), entry.load()) }));
    return { registry: Registry.lazy(entries), imported };
  }

  it('knows every name before loading any, and loads only the command a name or alias stands for', async () => {
    const { registry, imported } = recording();
    expect(registry.names()).toEqual(builtinCommands.map((command) => command.name));
    expect(registry.find('read')).toBeUndefined();
    expect((await registry.load('cat'))?.name).toBe('read');
    expect(await registry.load('nothing-such')).toBeUndefined();
    expect(resolveCommand(registry, 'read_file').name).toBe('read');
    expect(registry.commands.map((command) => command.name)).toEqual(['read']);
    expect(imported).toEqual(['read']);
  });

  it('names every command (and the near one, by its own name) for an unknown name before anything is loaded', () => {
    const { registry, imported } = recording();
    expect(() => registry.get('reed_fil')).toThrow(/did you mean read\?.*valid commands: read, write, patch/);
    expect(imported).toEqual([]);
  });

  it('loadAll gives the doors that list commands every definition, in order', async () => {
    const { registry } = recording();
    await registry.load('exec');
    expect((await registry.loadAll()).commands).toEqual(builtinCommands);
  });

  it("answers a loaded command's flags from the table (zod's JSON-schema converter is not run), the others from their schema", async () => {
    const table = { read: [{ name: 'file', cli: 'file', kind: 'string', required: true, description: 'from the table' }] } as const;
    const registry = Registry.lazy(commandManifest, table);
    const read = (await registry.load('read'))!;
    expect(registry.flags(read)).toEqual(table.read);
    // A command the table does not hold is described from its schema.
    const write = (await registry.load('write'))!;
    expect(registry.flags(write)).toEqual(describeFlags(write));
  });

  it('refuses a name two entries claim', () => {
    const [read] = commandManifest;
    expect(() => Registry.lazy([read!, { ...read!, name: 'other', aliases: ['cat'] }])).toThrow(/"cat" is used by both read and other/);
  });
});
