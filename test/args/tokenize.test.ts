import { describe, expect, it } from 'vitest';
import { tokenize } from '../../src/args/tokenize.js';
import { expectC210 } from './fixture.js';

describe('tokenize', () => {
  it.each<[string, string, string[]]>([
    ['whitespace splits', 'read  --file\ta.txt', ['read', '--file', 'a.txt']],
    ['single quotes are literal', `exec --cmd 'echo "$HOME" \\n'`, ['exec', '--cmd', 'echo "$HOME" \\n']],
    ['double quotes group words', 'write --content "hello world"', ['write', '--content', 'hello world']],
    ['escaped quote inside double quotes', 'x "say \\"hi\\""', ['x', 'say "hi"']],
    ['escaped backslash inside double quotes', 'x "a\\\\b"', ['x', 'a\\b']],
    ['other backslashes inside double quotes stay', 'x "C:\\Users\\me"', ['x', 'C:\\Users\\me']],
    ['backslash-space outside quotes', 'read my\\ file.txt', ['read', 'my file.txt']],
    ['backslash-quote outside quotes', 'x it\\\'s', ['x', "it's"]],
    ['Windows path outside quotes keeps backslashes', 'read C:\\Users\\x.txt', ['read', 'C:\\Users\\x.txt']],
    ['adjacent quoted parts join', '--file="a b".txt', ['--file=a b.txt']],
    ['empty quotes make an empty token', 'write --content ""', ['write', '--content', '']],
    ['newline inside quotes is kept', 'write --content "a\nb"', ['write', '--content', 'a\nb']],
    ['newline outside quotes splits', 'read\n--file a', ['read', '--file', 'a']],
    ['backslash-newline joins lines', 'read \\\n  --file a', ['read', '--file', 'a']],
    [
      'the docker --format example',
      'exec --cmd "docker info --format \\"{{.Server.Version}}\\""',
      ['exec', '--cmd', 'docker info --format "{{.Server.Version}}"'],
    ],
    [
      'grep -E with escaped quotes',
      'exec --cmd "docker info 2>&1 | grep -E \\"Server Version|ERROR\\""',
      ['exec', '--cmd', 'docker info 2>&1 | grep -E "Server Version|ERROR"'],
    ],
    ['empty text', '   ', []],
  ])('%s', (_name, text, expected) => {
    expect(tokenize(text)).toEqual(expected);
  });

  it.each([
    ['unbalanced double quote', 'exec --cmd "echo hi', 'unbalanced double quote'],
    ['unbalanced single quote', "exec --cmd 'echo hi", 'unbalanced single quote'],
  ])('%s is a C210', (_name, text, fragment) => {
    expectC210(() => tokenize(text), fragment, 'close the quote');
  });
});
