import { describe, expect, it } from 'vitest';
import { parseCall, type CallInput } from '../../src/args/parse-call.js';
import { expectC210, registry } from './fixture.js';

function parsed(input: CallInput): { cmd: string; args: Record<string, unknown>; recovered?: string } {
  const call = parseCall(input, registry);
  return call.recovered === undefined
    ? { cmd: call.command.name, args: call.args }
    : { cmd: call.command.name, args: call.args, recovered: call.recovered };
}

describe('parseCall: argv', () => {
  it.each<[string, string[], string, Record<string, unknown>]>([
    ['--flag value', ['read', '--file', 'a.txt'], 'read', { file: 'a.txt' }],
    ['--flag=value', ['read', '--file=a.txt', '--start=3'], 'read', { file: 'a.txt', start: 3 }],
    ['-flag value (Go style)', ['read', '-file', 'a.txt', '-head', '5'], 'read', { file: 'a.txt', head: 5 }],
    ['kebab flag to camelCase', ['read', '--file', 'a', '--max-bytes', '100'], 'read', { file: 'a', maxBytes: 100 }],
    ['snake and camel spellings', ['read', '--file', 'a', '--max_bytes', '7', '--maxBytes', '8'], 'read', { file: 'a', maxBytes: 8 }],
    ['value starting with a dash', ['write', '--file', 'a', '--content', '--not-a-flag'], 'write', { file: 'a', content: '--not-a-flag' }],
    ['value with = after --x=', ['exec', '--cmd=FOO=1 env'], 'exec', { cmd: 'FOO=1 env' }],
    ['bare boolean', ['write', '--file', 'a', '--content', 'x', '--append'], 'write', { file: 'a', content: 'x', append: true }],
    ['boolean takes a literal false', ['write', '--append', 'false', '--file', 'a'], 'write', { append: false, file: 'a' }],
    ['boolean takes a literal TRUE', ['write', '--append', 'TRUE', '--file', 'a'], 'write', { append: true, file: 'a' }],
    ['boolean does not take other words', ['search', '--regex', 'foo'], 'search', { regex: true, term: 'foo' }],
    ['--flag=false for a boolean', ['write', '--append=false', '--file', 'a'], 'write', { append: false, file: 'a' }],
    ['--no-flag', ['write', '--no-append', '--file', 'a'], 'write', { append: false, file: 'a' }],
    ['--no-flag for a camelCase flag', ['search', 'x', '--no-case-sensitive'], 'search', { term: 'x', caseSensitive: false }],
    ['positional fills the positional flag', ['read', 'README.md', '--head', '5'], 'read', { file: 'README.md', head: 5 }],
    ['-- ends flags', ['read', '--', '--weird-name.txt'], 'read', { file: '--weird-name.txt' }],
    ['repeated flag: last wins', ['read', '--file', 'a', '--file', 'b'], 'read', { file: 'b' }],
    ['positional then flag: last wins', ['read', 'a', '--file', 'b'], 'read', { file: 'b' }],
    ['negative number value', ['read', '--file', 'a', '--start', '-5'], 'read', { file: 'a', start: -5 }],
    ['enum value is normalised to its choice', ['read', '--file', 'a', '--encoding', 'BASE64'], 'read', { file: 'a', encoding: 'base64' }],
    ['flag alias from the generic table', ['read', '--path', 'a.txt'], 'read', { file: 'a.txt' }],
    ['flag alias from the definition', ['exec', '--command', 'ls'], 'exec', { cmd: 'ls' }],
    ['canonical beats an alias given later', ['read', '--file', 'a', '--path', 'b'], 'read', { file: 'a' }],
    ['canonical beats an alias given earlier', ['read', '--path', 'b', '--file', 'a'], 'read', { file: 'a' }],
    ['command alias read_file', ['read_file', '--file', 'a'], 'read', { file: 'a' }],
    ['command name is case-insensitive', ['Read', '--file', 'a'], 'read', { file: 'a' }],
    ['command alias Read-File', ['Read-File', '--file', 'a'], 'read', { file: 'a' }],
    ['command alias ReadFile', ['ReadFile', 'a'], 'read', { file: 'a' }],
    ['a leading @coder token is dropped', ['@coder', 'read', 'a'], 'read', { file: 'a' }],
    ['a single JSON argument', ['{"cmd":"read","args":{"file":"a"}}'], 'read', { file: 'a' }],
    ['a single argument with the whole call', ['read --file a --head 2'], 'read', { file: 'a', head: 2 }],
  ])('%s', (_name, argv, cmd, args) => {
    expect(parsed(argv)).toEqual({ cmd, args });
  });

  it.each<[string, string[], string[]]>([
    ['unknown command lists valid ones', ['frobnicate'], ['unknown command "frobnicate"', 'valid commands: read, write, exec']],
    ['no command', [], ['no command given', 'valid commands: read']],
    ['unknown flag lists valid ones in kebab-case', ['read', '--foo', '1'], ['unknown flag --foo for read', 'valid flags: --file, --start, --end, --head, --tail, --max-bytes, --encoding']],
    ['--no- of a non-boolean flag', ['read', '--no-file'], ['unknown flag --no-file']],
    ['--no-x with a value', ['write', '--no-append=true'], ['--no-append takes no value']],
    ['flag without its value', ['read', '--file'], ['--file needs a value']],
    ['whole-number flag given text', ['read', '--file', 'a', '--start', 'abc'], ['--start expects a whole number, got "abc"']],
    ['whole-number flag given a fraction', ['read', '--file', 'a', '--head', '1.5'], ['--head expects a whole number, got "1.5"']],
    ['number flag given text', ['exec', '--cmd', 'ls', '--timeout', 'soon'], ['--timeout expects a number, got "soon"']],
    ['boolean flag given a non-boolean', ['write', '--append=maybe'], ['--append expects true or false, got "maybe"']],
    ['second positional', ['read', 'a.txt', 'b.txt'], ['unexpected extra argument "b.txt"', '--file is already set']],
    ['positional after the flag was set', ['exec', '--cmd', 'npm', 'test'], ['unexpected extra argument "test" for exec']],
    ['positional for a command without one', ['write', 'a.txt'], ['unexpected argument "a.txt"', 'write takes only flags']],
    ['json flag given twice', ['multipatch', '--edits', '[]', '--edits', '[]'], ['--edits was given more than once']],
    ['JSON followed by more arguments', ['{"cmd":"read"}', '--file', 'a'], ['must be the only argument']],
  ])('%s is a C210', (_name, argv, fragments) => {
    expectC210(() => parseCall(argv, registry), ...fragments);
  });

  it('numbers become numbers, not strings', () => {
    const { args } = parseCall(['exec', '--cmd', 'sleep 1', '--timeout', '2.5'], registry);
    expect(args.timeout).toBe(2.5);
  });
});

describe('parseCall: CLI text', () => {
  it.each<[string, string, string, Record<string, unknown>]>([
    ['simple', 'read --file a.txt --head 10', 'read', { file: 'a.txt', head: 10 }],
    ['@coder prefix', '@coder read README.md', 'read', { file: 'README.md' }],
    ['quoted value', 'write --file "my notes.txt" --content \'a "b" c\'', 'write', { file: 'my notes.txt', content: 'a "b" c' }],
    [
      'the docker example',
      'exec --cmd "docker info --format \\"{{.Server.Version}}\\""',
      'exec',
      { cmd: 'docker info --format "{{.Server.Version}}"' },
    ],
    ['echo with escaped quotes', 'exec --cmd "echo \\"Docker is running\\""', 'exec', { cmd: 'echo "Docker is running"' }],
    ['multi-line content in quotes', 'write --file a --content "l1\nl2"', 'write', { file: 'a', content: 'l1\nl2' }],
    ['Windows path', 'read C:\\Users\\me\\a.txt', 'read', { file: 'C:\\Users\\me\\a.txt' }],
    ['quoted JSON text', `'{"cmd":"read","args":{"file":"a"}}'`, 'read', { file: 'a' }],
  ])('%s', (_name, text, cmd, args) => {
    const call = parseCall(text, registry);
    expect({ cmd: call.command.name, args: call.args }).toEqual({ cmd, args });
  });

  it.each<[string, string, string[]]>([
    ['unbalanced quote', 'exec --cmd "echo hi', ['unbalanced double quote']],
    ['empty text', '  ', ['empty call']],
    ['only @coder', '@coder', ['empty call']],
  ])('%s is a C210', (_name, text, fragments) => {
    expectC210(() => parseCall(text, registry), ...fragments);
  });
});
