import { z } from 'zod';
import { expect } from 'vitest';
import { defineCommand, type AnyCommand } from '../../src/engine/command.js';
import { isCodewardError } from '../../src/engine/errors.js';
import { Registry } from '../../src/engine/registry.js';

const annotations = { readOnly: true, destructive: false, idempotent: true };
const noop = { run: async () => ({}), format: () => '', touches: () => [], effectArgs: [] };

// Small stand-ins for the real commands, with the flag kinds the parser cares about.
const read = defineCommand({
  name: 'read',
  aliases: ['readfile', 'read_file', 'cat'],
  summary: 'Read a file',
  flags: z.object({
    file: z.string().describe('file to read'),
    start: z.number().int().optional().describe('first line'),
    end: z.number().int().optional().describe('last line'),
    head: z.number().int().optional().describe('first N lines'),
    tail: z.number().int().optional().describe('last N lines'),
    maxBytes: z.number().int().default(200000).describe('byte limit'),
    encoding: z.enum(['text', 'base64']).default('text').describe('output encoding'),
  }),
  positional: 'file',
  examples: ['read --file a.txt'],
  effect: 'read',
  annotations,
  ...noop,
});

const write = defineCommand({
  name: 'write',
  aliases: ['write_file', 'writefile'],
  summary: 'Write a file',
  flags: z.object({
    file: z.string().describe('file to write'),
    content: z.string().describe('text to write'),
    append: z.boolean().default(false).describe('append instead of overwrite'),
    encoding: z.enum(['text', 'base64']).default('text').describe('content encoding'),
  }),
  examples: ['write --file a.txt --content hi'],
  effect: 'write',
  annotations: { ...annotations, readOnly: false },
  ...noop,
});

const exec = defineCommand({
  name: 'exec',
  aliases: ['run_command', 'shell', 'bash'],
  summary: 'Run a shell command',
  flags: z.object({
    cmd: z.string().describe('command line'),
    dir: z.string().optional().describe('working directory'),
    timeout: z.number().positive().optional().describe('seconds'),
  }),
  flagAliases: { command: 'cmd', script: 'cmd' },
  positional: 'cmd',
  examples: ['exec --cmd "npm test"'],
  effect: 'exec',
  annotations: { ...annotations, readOnly: false },
  ...noop,
});

const multipatch = defineCommand({
  name: 'multipatch',
  summary: 'Apply several edits, all or nothing',
  flags: z.object({
    edits: z
      .array(z.object({ file: z.string(), search: z.string(), replace: z.string(), all: z.boolean().optional() }))
      .describe('edits'),
  }),
  examples: ['multipatch --edits \'[{"file":"a","search":"x","replace":"y"}]\''],
  effect: 'write',
  annotations: { ...annotations, readOnly: false },
  ...noop,
});

const search = defineCommand({
  name: 'search',
  aliases: ['grep', 'search_files'],
  summary: 'Search file contents',
  flags: z.object({
    term: z.string().describe('text or pattern'),
    dir: z.string().default('.').describe('where to search'),
    regex: z.boolean().default(false).describe('term is a regular expression'),
    caseSensitive: z.boolean().default(false).describe('match case'),
    maxResults: z.number().int().optional().describe('result limit'),
  }),
  positional: 'term',
  examples: ['search --term foo'],
  effect: 'read',
  annotations,
  ...noop,
});

const tree = defineCommand({
  name: 'tree',
  summary: 'Show a directory tree',
  flags: z.object({
    dir: z.string().default('.').describe('root'),
    maxDepth: z.number().int().optional().describe('depth limit'),
    pattern: z.string().optional().describe('glob filter'),
  }),
  examples: ['tree --dir src'],
  effect: 'read',
  annotations,
  ...noop,
});

const commands: AnyCommand[] = [read, write, exec, multipatch, search, tree];
export const registry = new Registry(commands);

// Runs `action` and checks it throws a C210 whose message contains every fragment.
export function expectC210(action: () => unknown, ...fragments: string[]): void {
  let thrown: unknown;
  try {
    action();
  } catch (error) {
    thrown = error;
  }
  expect(isCodewardError(thrown), `expected a CodewardError, got ${String(thrown)}`).toBe(true);
  if (!isCodewardError(thrown)) return;
  expect(thrown.code).toBe('C210');
  for (const fragment of fragments) expect(thrown.message).toContain(fragment);
}
