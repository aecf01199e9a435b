import { describe, expect, it } from 'vitest';
import { parseCall } from '../../src/args/parse-call.js';
import { resolveCommand } from '../../src/args/aliases.js';
import { expectC210, registry } from './fixture.js';

function argsOf(cmd: string, args: Record<string, unknown>): Record<string, unknown> {
  return parseCall({ cmd, args }, registry).args;
}

describe('command names', () => {
  it.each<[string, string]>([
    ['read', 'read'],
    ['READ', 'read'],
    ['read_file', 'read'],
    ['Read-File', 'read'],
    ['readFile', 'read'],
    ['cat', 'read'],
    ['write_file', 'write'],
    ['Write-File', 'write'],
    ['run_command', 'exec'],
    ['Bash', 'exec'],
    ['search-files', 'search'],
    ['grep', 'search'],
    ['coder::read-file', 'read'],
    ['@coder read', 'read'],
  ])('%s → %s', (name, expected) => {
    expect(resolveCommand(registry, name).name).toBe(expected);
  });

  it('an unknown name lists the valid commands', () => {
    expectC210(() => resolveCommand(registry, 'delete_everything'), 'unknown command "delete_everything"', 'valid commands: read, write, exec');
  });
});

describe('flag aliases', () => {
  it.each<[string, string, Record<string, unknown>, Record<string, unknown>]>([
    ['path → file', 'read', { path: 'a' }, { file: 'a' }],
    ['filePath → file', 'read', { filePath: 'a' }, { file: 'a' }],
    ['file_path → file', 'read', { file_path: 'a' }, { file: 'a' }],
    ['filename → file', 'write', { filename: 'a', content: 'x' }, { file: 'a', content: 'x' }],
    ['FILE → file (case)', 'read', { FILE: 'a' }, { file: 'a' }],
    ['path → dir when there is no file flag', 'tree', { path: 'src' }, { dir: 'src' }],
    ['cwd → dir', 'exec', { cmd: 'ls', cwd: 'src' }, { cmd: 'ls', dir: 'src' }],
    ['workdir → dir', 'exec', { cmd: 'ls', workdir: 'src' }, { cmd: 'ls', dir: 'src' }],
    ['directory → dir', 'search', { term: 't', directory: 'lib' }, { term: 't', dir: 'lib' }],
    ['query → term', 'search', { query: 'foo' }, { term: 'foo' }],
    ['pattern → term when the command has no pattern flag', 'search', { pattern: 'foo' }, { term: 'foo' }],
    ['pattern stays pattern when the command has one', 'tree', { pattern: '*.ts' }, { pattern: '*.ts' }],
    ['command → cmd', 'exec', { command: 'ls' }, { cmd: 'ls' }],
    ['definition alias script → cmd', 'exec', { script: 'ls' }, { cmd: 'ls' }],
    ['contents → content', 'write', { file: 'a', contents: 'x' }, { file: 'a', content: 'x' }],
    ['text → content', 'write', { file: 'a', text: 'x' }, { file: 'a', content: 'x' }],
    ['begin/to → start/end', 'read', { file: 'a', begin: 3, to: 9 }, { file: 'a', start: 3, end: 9 }],
    ['offset → start', 'read', { file: 'a', offset: '4' }, { file: 'a', start: 4 }],
    ['depth → maxDepth', 'tree', { depth: 2 }, { maxDepth: 2 }],
    ['max_depth → maxDepth (spelling)', 'tree', { max_depth: 2 }, { maxDepth: 2 }],
    ['limit → maxResults', 'search', { term: 'x', limit: '20' }, { term: 'x', maxResults: 20 }],
    ['case_sensitive → caseSensitive', 'search', { term: 'x', case_sensitive: 'yes' }, { term: 'x', caseSensitive: true }],
    ['canonical wins over an alias given after it', 'read', { file: 'real', path: 'alias' }, { file: 'real' }],
    ['canonical wins over an alias given before it', 'read', { path: 'alias', file: 'real' }, { file: 'real' }],
    ['a null canonical lets the alias through', 'read', { file: null, path: 'a' }, { file: 'a' }],
  ])('%s', (_name, cmd, args, expected) => {
    expect(argsOf(cmd, args)).toEqual(expected);
  });

  it.each<[string, string, Record<string, unknown>, string]>([
    ['regex is a real flag of search, so it is not a term', 'search', { regex: 'foo.*' }, '--regex expects true or false'],
    ['query does not map when the command has no term', 'read', { file: 'a', query: 'x' }, 'unknown flag --query for read'],
    ['limit does not map without maxResults', 'read', { file: 'a', limit: 5 }, 'unknown flag --limit for read'],
  ])('%s', (_name, cmd, args, fragment) => {
    expectC210(() => argsOf(cmd, args), fragment);
  });
});

describe('value coercion', () => {
  it.each<[string, string, Record<string, unknown>, Record<string, unknown>]>([
    ['integer from text', 'read', { file: 'a', start: '10' }, { file: 'a', start: 10 }],
    ['integer from padded text', 'read', { file: 'a', head: ' 7 ' }, { file: 'a', head: 7 }],
    ['number from text', 'exec', { cmd: 'x', timeout: '1.5' }, { cmd: 'x', timeout: 1.5 }],
    ['boolean from "true"', 'write', { file: 'a', content: 'x', append: 'true' }, { file: 'a', content: 'x', append: true }],
    ['boolean from "no"', 'write', { file: 'a', content: 'x', append: 'no' }, { file: 'a', content: 'x', append: false }],
    ['boolean from 1', 'write', { file: 'a', content: 'x', append: 1 }, { file: 'a', content: 'x', append: true }],
    ['boolean from "False"', 'write', { file: 'a', content: 'x', append: 'False' }, { file: 'a', content: 'x', append: false }],
    ['string from a number', 'write', { file: 123, content: 45 }, { file: '123', content: '45' }],
    ['string from a boolean', 'write', { file: 'a', content: false }, { file: 'a', content: 'false' }],
    ['empty string stays', 'write', { file: 'a', content: '' }, { file: 'a', content: '' }],
  ])('%s', (_name, cmd, args, expected) => {
    expect(argsOf(cmd, args)).toEqual(expected);
  });

  it.each<[string, string, Record<string, unknown>, string]>([
    ['boolean from a word', 'write', { file: 'a', append: 'sometimes' }, '--append expects true or false, got "sometimes"'],
    ['integer from an array', 'read', { file: 'a', start: [1] }, '--start expects a whole number, got an array'],
    ['integer from a boolean', 'read', { file: 'a', start: true }, '--start expects a whole number, got true'],
    ['number from text', 'exec', { cmd: 'x', timeout: '5s' }, '--timeout expects a number, got "5s"'],
    ['string from an array', 'write', { file: ['a', 'b'] }, '--file expects text, got an array'],
  ])('%s is a C210', (_name, cmd, args, fragment) => {
    expectC210(() => argsOf(cmd, args), fragment);
  });
});
