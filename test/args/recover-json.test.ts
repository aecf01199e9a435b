import { describe, expect, it } from 'vitest';
import { recoverJson } from '../../src/args/recover-json.js';
import { expectC210 } from './fixture.js';

const READ_A = { cmd: 'read', args: { file: 'a.txt' } };

describe('recoverJson', () => {
  it.each<[string, string, unknown, string | undefined]>([
    ['valid JSON is unchanged', '{"cmd":"read","args":{"file":"a.txt"}}', READ_A, undefined],
    ['any valid JSON value', '123', 123, undefined],
    ['surrounding whitespace', '  \n{"cmd":"read","args":{"file":"a.txt"}}\n ', READ_A, undefined],
    ['valid escaped quotes stay', '{"cmd":"exec","args":{"cmd":"echo \\"hi\\""}}', { cmd: 'exec', args: { cmd: 'echo "hi"' } }, undefined],
    [
      'Windows path with invalid escapes',
      '{"cmd":"read","args":{"file":"C:\\Users\\x"}}',
      { cmd: 'read', args: { file: 'C:\\Users\\x' } },
      'invalid-escapes',
    ],
    [
      'invalid escapes are repaired per literal, all or nothing',
      '{"file":"C:\\new\\Users","content":"a\\nb"}',
      { file: 'C:\\new\\Users', content: 'a\nb' },
      'invalid-escapes',
    ],
    [
      'single-quoted strings',
      `{'cmd': 'read', 'args': {'file': 'it\\'s "x".txt'}}`,
      { cmd: 'read', args: { file: `it's "x".txt` } },
      'single-quotes',
    ],
    ['unquoted keys', '{cmd: "read", args: {file: "a.txt"}}', READ_A, 'unquoted-keys'],
    ['unquoted kebab keys', '{file: "a", max-bytes: 5}', { file: 'a', 'max-bytes': 5 }, 'unquoted-keys'],
    ['unquoted keys keep strings with colons', '{cmd: "exec", args: {cmd: "a: b, c"}}', { cmd: 'exec', args: { cmd: 'a: b, c' } }, 'unquoted-keys'],
    ['single quotes and unquoted keys', "{cmd: 'read', args: {file: 'a.txt'}}", READ_A, 'single-quotes+unquoted-keys'],
    ['trailing commas', '{"cmd":"read","args":{"file":"a.txt",},}', READ_A, 'trailing-commas'],
    ['trailing comma in an array', '{"paths":["a","b",]}', { paths: ['a', 'b'] }, 'trailing-commas'],
    ['missing closing brace (jsonrepair)', '{"cmd":"read","args":{"file":"a.txt"}', READ_A, 'jsonrepair'],
    ['missing comma (jsonrepair)', '{"a":"b" "c":1}', { a: 'b', c: 1 }, 'jsonrepair'],
    ['Python literals (jsonrepair)', '{"cmd": "write", "args": {"append": True}}', { cmd: 'write', args: { append: true } }, 'jsonrepair'],
    ['raw newline inside a string (jsonrepair)', '{"content":"line1\nline2"}', { content: 'line1\nline2' }, 'jsonrepair'],
    ['object literal with unquoted values', '{cmd: ls -la /tmp, dir: .}', { cmd: 'ls -la /tmp', dir: '.' }, 'object-literal'],
    [
      'object literal with loose literals and calls',
      '{search: foo(bar), replace: baz, all: TRUE, x: none}',
      { search: 'foo(bar)', replace: 'baz', all: true, x: null },
      'object-literal',
    ],
    ['object literal: a comma inside a value', '{content: hello, world}', { content: 'hello, world' }, 'object-literal'],
    ['object literal: quoted values and numbers', "{cmd: git log --format=\"%h %s\", n: 5, t: 'a b'}", { cmd: 'git log --format="%h %s"', n: 5, t: 'a b' }, 'object-literal'],
    ['outer double quotes (JSON text as a JSON string)', '"{\\"cmd\\":\\"read\\",\\"args\\":{\\"file\\":\\"a.txt\\"}}"', READ_A, 'outer-quotes'],
    ['outer single quotes', `'{"cmd":"read","args":{"file":"a.txt"}}'`, READ_A, 'outer-quotes'],
    ['two rounds of outer quotes', JSON.stringify(JSON.stringify(JSON.stringify(READ_A))), READ_A, 'outer-quotes+outer-quotes'],
    ['escaped quotes without outer quotes', '{\\"cmd\\":\\"read\\",\\"args\\":{\\"file\\":\\"a.txt\\"}}', READ_A, 'escaped-quotes'],
    [
      'escaped quotes keep inner escapes',
      '{\\"cmd\\":\\"exec\\",\\"args\\":{\\"cmd\\":\\"echo \\\\\\"hi\\\\\\"\\"}}',
      { cmd: 'exec', args: { cmd: 'echo "hi"' } },
      'escaped-quotes',
    ],
    ['HTML entities', '{&quot;cmd&quot;:&quot;read&quot;,&quot;args&quot;:{&quot;file&quot;:&quot;a.txt&quot;}}', READ_A, 'html-entities'],
    ['HTML entities are left alone in valid JSON', '{"content":"&quot;x&quot;"}', { content: '&quot;x&quot;' }, undefined],
  ])('%s', (_name, text, value, strategy) => {
    const result = recoverJson(text);
    expect(result.value).toEqual(value);
    expect(result.strategy).toBe(strategy);
  });

  it('jsonrepair is not trusted with bare calls it would mangle', () => {
    // jsonrepair alone turns `foo(bar)` into "bar)"; the object-literal repair keeps it.
    expect(recoverJson('{search: foo(bar), replace: baz}').value).toEqual({ search: 'foo(bar)', replace: 'baz' });
  });

  it('says where the JSON broke when nothing works', () => {
    expectC210(() => recoverJson('{:}'), 'invalid JSON at character 2', '<<HERE>>', 'double-quoted');
  });

  it('empty text is a C210', () => {
    expectC210(() => recoverJson('   '), 'empty JSON text');
  });
});
