import { describe, expect, it } from 'vitest';
import { parseCall, type CallInput } from '../../src/args/parse-call.js';
import { expectC210, registry } from './fixture.js';

interface Expected {
  cmd: string;
  args: Record<string, unknown>;
  recovered?: string;
}

function parsed(input: CallInput): Expected {
  const call = parseCall(input, registry);
  const result: Expected = { cmd: call.command.name, args: call.args };
  if (call.recovered !== undefined) result.recovered = call.recovered;
  return result;
}

const EDIT = { file: 'a.ts', search: 'x', replace: 'y' };

describe('parseCall: JSON envelopes', () => {
  it.each<[string, CallInput, Expected]>([
    ['object envelope', { cmd: 'read', args: { file: 'a.txt', start: 10, end: 50 } }, { cmd: 'read', args: { file: 'a.txt', start: 10, end: 50 } }],
    ['envelope as text', '{"cmd":"read","args":{"file":"README.md"}}', { cmd: 'read', args: { file: 'README.md' } }],
    ['flags instead of args', { cmd: 'read', flags: { file: 'a' } }, { cmd: 'read', args: { file: 'a' } }],
    ['kebab keys as in the seed', '{"cmd":"read","args":{"file":"i.png","encoding":"base64","max-bytes":500000}}', { cmd: 'read', args: { file: 'i.png', encoding: 'base64', maxBytes: 500000 } }],
    ['args as a JSON string', { cmd: 'read', args: '{"file":"a","head":"3"}' }, { cmd: 'read', args: { file: 'a', head: 3 } }],
    ['args as a malformed JSON string', { cmd: 'read', args: "{'file': 'a'}" }, { cmd: 'read', args: { file: 'a' }, recovered: 'single-quotes' }],
    ['args as CLI-style text', { cmd: 'read', args: '--file a --tail 4' }, { cmd: 'read', args: { file: 'a', tail: 4 } }],
    ['args as CLI text with a positional', { cmd: 'read', args: 'README.md --head 5' }, { cmd: 'read', args: { file: 'README.md', head: 5 } }],
    ['args as an argv array', { cmd: 'read', args: ['--file', 'a'] }, { cmd: 'read', args: { file: 'a' } }],
    ['plain string wraps into the positional', '{"cmd":"read","args":"README.md"}', { cmd: 'read', args: { file: 'README.md' }, recovered: 'plain-string' }],
    ['plain command line wraps into exec --cmd', '{"cmd":"exec","args":"ls -la"}', { cmd: 'exec', args: { cmd: 'ls -la' }, recovered: 'plain-string' }],
    ['plain text with a short dash option is not CLI-style', { cmd: 'exec', args: 'ls -l' }, { cmd: 'exec', args: { cmd: 'ls -l' }, recovered: 'plain-string' }],
    ['text starting with [ that is no JSON', { cmd: 'exec', args: '[ -f a ] && echo y' }, { cmd: 'exec', args: { cmd: '[ -f a ] && echo y' }, recovered: 'plain-string' }],
    ['flattened top-level keys', { cmd: 'read', file: 'a', head: 2 }, { cmd: 'read', args: { file: 'a', head: 2 } }],
    ['args win over flattened keys', { cmd: 'read', file: 'flat', args: { file: 'env' } }, { cmd: 'read', args: { file: 'env' } }],
    ['flattened and args merge', { cmd: 'read', head: 2, args: { file: 'a' } }, { cmd: 'read', args: { file: 'a', head: 2 } }],
    ['"command" names the command when cmd is missing', { command: 'read', args: { file: 'a' } }, { cmd: 'read', args: { file: 'a' } }],
    ['exec flag called cmd', '{"cmd":"exec","args":{"cmd":"ls"}}', { cmd: 'exec', args: { cmd: 'ls' } }],
    ['exec flag called command (definition alias)', '{"cmd":"exec","args":{"command":"mkdir -p testeapi"}}', { cmd: 'exec', args: { cmd: 'mkdir -p testeapi' } }],
    ['flattened command is the exec flag', { cmd: 'exec', command: 'ls' }, { cmd: 'exec', args: { cmd: 'ls' } }],
    ['swapped cmd and command', { command: 'exec', cmd: 'ls' }, { cmd: 'exec', args: { cmd: 'ls' } }],
    ['cmd written as CLI text', { cmd: 'read --file a.txt' }, { cmd: 'read', args: { file: 'a.txt' } }],
    ['OpenAI name/arguments with a JSON string', { name: 'read_file', arguments: '{"path":"a.txt"}' }, { cmd: 'read', args: { file: 'a.txt' } }],
    ['OpenAI function wrapper', { type: 'function', function: { name: 'read_file', arguments: '{"file_path":"a"}' } }, { cmd: 'read', args: { file: 'a' } }],
    ['Anthropic tool_use with input', { type: 'tool_use', id: 'toolu_1', name: 'Read', input: { path: 'a' } }, { cmd: 'read', args: { file: 'a' } }],
    ['tool key', { tool: 'run_command', args: { command: 'ls' } }, { cmd: 'exec', args: { cmd: 'ls' } }],
    ['argv key', { argv: ['read', '--file', 'x'] }, { cmd: 'read', args: { file: 'x' } }],
    ['argv key with cmd already given', { cmd: 'read', argv: ['read', '--file', 'x'] }, { cmd: 'read', args: { file: 'x' } }],
    ['argv key without the command name', { cmd: 'exec', argv: ['--cmd', 'ls'] }, { cmd: 'exec', args: { cmd: 'ls' } }],
    ['argv key whose first item names another command', { cmd: 'exec', argv: ['read'] }, { cmd: 'exec', args: { cmd: 'read' } }],
    ['JSON array text is argv', '["read","--file","x"]', { cmd: 'read', args: { file: 'x' } }],
    ['null values are dropped', { cmd: 'read', args: { file: 'a', start: null, bogus: null } }, { cmd: 'read', args: { file: 'a' } }],
    ['edits as a real array', { cmd: 'multipatch', args: { edits: [EDIT] } }, { cmd: 'multipatch', args: { edits: [EDIT] } }],
    ['edits as a JSON string', { cmd: 'multipatch', args: { edits: JSON.stringify([EDIT]) } }, { cmd: 'multipatch', args: { edits: [EDIT] } }],
    ['edits as a malformed JSON string', { cmd: 'multipatch', args: { edits: "[{'file':'a.ts','search':'x','replace':'y'}]" } }, { cmd: 'multipatch', args: { edits: [EDIT] }, recovered: '--edits: single-quotes' }],
    ['a single edit object becomes a list', { cmd: 'multipatch', args: { edits: EDIT } }, { cmd: 'multipatch', args: { edits: [EDIT] } }],
    ['edits on the command line', ['multipatch', '--edits', JSON.stringify([EDIT])], { cmd: 'multipatch', args: { edits: [EDIT] } }],
    ['write with append true', '{"cmd":"write","args":{"file":"n.txt","content":"\\nNew line","append":true}}', { cmd: 'write', args: { file: 'n.txt', content: '\nNew line', append: true } }],
    ['patch-like escaped quotes in values', '{"cmd":"write","args":{"file":"m.go","content":"fmt.Println(\\"old\\")"}}', { cmd: 'write', args: { file: 'm.go', content: 'fmt.Println("old")' } }],
  ])('%s', (_name, input, expected) => {
    expect(parsed(input)).toEqual(expected);
  });

  it.each<[string, string, Expected]>([
    ['Windows path', '{"cmd":"read","args":{"file":"C:\\Users\\x"}}', { cmd: 'read', args: { file: 'C:\\Users\\x' }, recovered: 'invalid-escapes' }],
    ['single quotes', "{'cmd':'read','args':{'file':'a'}}", { cmd: 'read', args: { file: 'a' }, recovered: 'single-quotes' }],
    ['unquoted keys', '{cmd:"read",args:{file:"a",head:3}}', { cmd: 'read', args: { file: 'a', head: 3 }, recovered: 'unquoted-keys' }],
    ['trailing commas', '{"cmd":"read","args":{"file":"a",},}', { cmd: 'read', args: { file: 'a' }, recovered: 'trailing-commas' }],
    ['missing closing brace', '{"cmd":"read","args":{"file":"a"}', { cmd: 'read', args: { file: 'a' }, recovered: 'jsonrepair' }],
    ['aggressive repair of a flat literal', '{cmd: exec, command: ls -la /tmp, timeout: 5}', { cmd: 'exec', args: { cmd: 'ls -la /tmp', timeout: 5 }, recovered: 'object-literal' }],
    ['escaped-quote JSON text', '{\\"cmd\\":\\"write\\",\\"args\\":{\\"file\\":\\"main.go\\",\\"encoding\\":\\"base64\\"}}', { cmd: 'write', args: { file: 'main.go', encoding: 'base64' }, recovered: 'escaped-quotes' }],
    ['JSON text inside double quotes', '"{\\"cmd\\":\\"read\\",\\"args\\":{\\"file\\":\\"a\\"}}"', { cmd: 'read', args: { file: 'a' }, recovered: 'outer-quotes' }],
    ['HTML entities', '@coder {&quot;cmd&quot;:&quot;read&quot;,&quot;args&quot;:{&quot;file&quot;:&quot;a&quot;}}', { cmd: 'read', args: { file: 'a' }, recovered: 'html-entities' }],
    ['recovery of the call and of a flag value', `{'cmd':'multipatch','args':{'edits':"[{file: 'a.ts', search: 'x', replace: 'y',}]"}}`, { cmd: 'multipatch', args: { edits: [EDIT] }, recovered: 'single-quotes, --edits: jsonrepair' }],
  ])('recovers %s', (_name, text, expected) => {
    expect(parsed(text)).toEqual(expected);
  });

  it.each<[string, CallInput, string[]]>([
    ['no command key', { args: { file: 'a' } }, ['no command in the JSON call', 'add "cmd"']],
    ['unknown command', { cmd: 'frob', args: {} }, ['unknown command "frob"', 'valid commands: read, write, exec, multipatch, search, tree']],
    ['cmd is not a string', { cmd: { name: 'read' } }, ['"cmd" must be the command name as a string']],
    ['unknown flag', '{"cmd":"read","args":{"file":"a","colour":"red"}}', ['unknown flag --colour for read', 'valid flags: --file']],
    ['unknown flattened key', { cmd: 'read', file: 'a', reason: 'because' }, ['unknown flag --reason for read']],
    ['plain text for a command without a positional', { cmd: 'write', args: 'hello' }, ['args for write must be an object of flags', '--file, --content']],
    ['args of the wrong type', { cmd: 'read', args: 5 }, ['args for read must be an object of flags']],
    ['argv with objects', { argv: ['read', { file: 'a' }] }, ['argv must contain only strings']],
    ['object for a text flag', { cmd: 'read', args: { file: { name: 'a' } } }, ['--file expects text, got an object']],
    ['number text for a whole-number flag', { cmd: 'read', args: { file: 'a', start: 'ten' } }, ['--start expects a whole number, got "ten"']],
    ['fraction for a whole-number flag', { cmd: 'read', args: { file: 'a', start: 1.5 } }, ['--start expects a whole number, got 1.5']],
    ['unrecoverable JSON', '{:}', ['invalid JSON at character 2']],
    ['broken edits JSON', { cmd: 'multipatch', args: { edits: '[{:}]' } }, ['--edits is not valid JSON']],
    ['a JSON array of objects', '[{"cmd":"read"}]', ['argv must contain only strings']],
  ])('%s is a C210', (_name, input, fragments) => {
    expectC210(() => parseCall(input, registry), ...fragments);
  });
});
