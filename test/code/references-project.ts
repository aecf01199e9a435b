// A project in a temp folder for the references tests: written before each test, an engine on it made on
// first use and closed after, and `where` (a references call's hits as `path:line:column label`).
import { afterEach, beforeEach, expect } from 'vitest';
import type { Engine } from '../../src/engine/engine.js';
import { engineFor, removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

interface Hit { path: string; line: number; column: number; label: string; definition?: boolean }

export interface ReferencesProject {
  root(): string;
  engine(): Promise<Engine>;
  where(args: Record<string, unknown>): Promise<string[]>;
}

export function referencesProject(prefix: string, files: Record<string, string>): ReferencesProject {
  let root = '';
  let engine: Engine | undefined;
  beforeEach(async () => {
    root = await tempDir(prefix);
    await writeFiles(root, files);
  });
  afterEach(async () => {
    await engine?.close();
    engine = undefined;
    await removeDir(root);
  });
  const project: ReferencesProject = {
    root: () => root,
    engine: async () => (engine ??= await engineFor(root)),
    async where(args) {
      const result = await (await project.engine()).run({ cmd: 'references', args });
      expect(result.ok, JSON.stringify(result)).toBe(true);
      return (result as unknown as { data: { references: Hit[] } }).data.references.map((hit) => `${hit.path}:${hit.line}:${hit.column} ${hit.definition ? 'definition' : hit.label}`);
    },
  };
  return project;
}
