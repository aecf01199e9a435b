// rev32 (issue 26): one table of interpreters' options (src/shell/interpreter-table.ts) read by every reader: the
// hook walker (permissions/hook-fed.ts fedFiles), the unconfined reader (permissions/unconfined-interpreters.ts
// scriptWord) and the short-cluster splitter (shell/long-canon.ts canonicalWords, then the same operand reader).
// Each row: the script word all of them see (undefined: code given on the line, stdin or a module, no script file).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fedFiles } from '../../src/permissions/hook-fed.js';
import { family, scriptOperand } from '../../src/permissions/hook-fed-operands.js';
import { scriptWord } from '../../src/permissions/unconfined-interpreters.js';
import { canonicalWords } from '../../src/shell/long-canon.js';
import { ShellParser, listSimpleCommands } from '../../src/shell/parse.js';
import { INTERPRETER_OPTIONS } from '../../src/shell/interpreter-options.js';

const parser = new ShellParser();
beforeAll(async () => parser.ready());
afterAll(async () => parser.dispose());

const ROWS: [string, string | undefined][] = [
  ['python3 -X dev -W ignore s.py', 's.py'],
  ['python3 -Wignore::DeprecationWarning s.py', 's.py'],
  ['python3 -I -Xdev s.py', 's.py'],
  ['python3 -Bm tools.z', undefined],
  ['python3 -c "print(1)" s.py', undefined],
  ['node --import ./x.mjs s.js', 's.js'],
  ['node -r ./x s.js', 's.js'],
  ['node --preserve-symlinks-main s.js', 's.js'],
  ['node --disable-warning ExperimentalWarning s.js', 's.js'],
  ['node -pe 1 s.js', undefined],
  ['perl -I lib -Mstrict s.pl', 's.pl'],
  ['perl -I/usr/share/perl5 s.pl', 's.pl'],
  ['perl -l0 -w s.pl', 's.pl'],
  ['perl -lne print s.pl', undefined],
  ['ruby -r ./x s.rb', 's.rb'],
  ['ruby -rset s.rb', 's.rb'],
  ['ruby -x s.rb', 's.rb'],
  ['ruby -v s.rb', 's.rb'],
  ['ruby -we 1', undefined],
  ['php -d display_errors=1 s.php', 's.php'],
  ['php -ddisplay_errors=1 s.php', 's.php'],
  ['php -f s.php', 's.php'],
  ['php -r "echo 1;"', undefined],
  ['lua -l socket s.lua', 's.lua'],
  ['lua -e "x=1" s.lua', 's.lua'],
  ['deno run -c deno.json s.ts', 's.ts'],
  ['bun --cwd sub s.ts', 's.ts'],
  ['tsx --tsconfig t.json s.ts', 's.ts'],
  ['bash -o pipefail s.sh', 's.sh'],
  ['sh -ec "true"', undefined],
];

describe('every reader sees the same script word', () => {
  it.each(ROWS)('%s -> %s', async (line, script) => {
    const command = listSimpleCommands(await parser.parseShell(line))[0]!;
    const words = command.words.map((word) => word.value);
    // The unconfined reader.
    expect(scriptWord(command)?.value).toBe(script);
    // The hook walker (a script it obeys; code on the line is read as code, never as a file).
    const scripts = fedFiles(line).scripts;
    if (script === undefined) expect(scripts).toEqual([]);
    else expect(scripts).toContain(script);
    // long-canon's split of the short clusters, read again: the same word.
    const split = canonicalWords(words);
    const name = words[0]!;
    expect(scriptOperand(family(name), split.slice(1), name).script).toBe(script);
  });

  it('long-canon reads python, perl and ruby from the same table', () => {
    expect(INTERPRETER_OPTIONS['python']).toMatchObject({ shortValued: 'cmWX', endShort: 'cm' });
    expect(INTERPRETER_OPTIONS['perl']).toMatchObject({ shortValued: 'eEI', optionalShort: 'MmiCdDVxF', digitShort: 'l0' });
    expect(INTERPRETER_OPTIONS['ruby']).toMatchObject({ shortValued: 'CeEIr', optionalShort: 'iWxFK', digitShort: '0' });
  });
});
