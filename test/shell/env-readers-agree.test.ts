// env55 (issue 26, round 40's whole-diff review): the shell parse's wrapper reading (parse-wrappers.ts unwrap) and the
// string readers' (env-words.ts readEnv) read env's words through ONE loop (env-words.ts). Before, unwrap had its own
// env spec: `env =x sh` ran `=x` there and `sh` in GNU env, `env -- A=1 sh` (R40-b5) and `env 'F%%=…' sh` (R39-b10)
// were fixed twice, `env --help sh` ran sh in one and nothing in the other. Every env line the permission and red team
// tests spell is read by both here, and must mean the same command.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEnv } from '../../src/shell/env-words.js';
import { unwrap, WRAPPERS } from '../../src/shell/parse-wrappers.js';
import { REPO_ROOT } from '../helpers/fixture.js';

const folders = ['test/permissions', ...readdirSync(join(REPO_ROOT, 'test')).filter((name) => name.startsWith('redteam')).map((name) => `test/${name}`)];
const spelled = folders.flatMap((folder) => readdirSync(join(REPO_ROOT, folder)).filter((name) => name.endsWith('.ts')).map((name) => readFileSync(join(REPO_ROOT, folder, name), 'utf8')));
// `env -…` up to the quote that closes the test's string, as plain words (the test strings' own quotes end them).
const LINES = [...new Set(spelled.flatMap((text) => [...text.matchAll(/(?<=["'`])env -[^"'`\n]*/g)].map((match) => match[0].trim())))].sort();
// Spellings the tests of the round that set this rule wrote around (quotes removed: words as env gets them).
const MORE = ['env =x sh', 'env -- -x=1 =y sh', 'env BASH_FUNC_ls%%=x bash -c ls', 'env --help git push', 'env --list-signal-handling rm -rf b', 'env -P /bin git push', 'env -v -0 -- A=1 git push', 'env -iSgit push', 'env --sp=git push'];

// What the shell parse takes env to run: the command's words, or the -S string (read again as env's words).
function parsed(words: readonly string[]): string[] | 'split' {
  const found = unwrap(WRAPPERS['env']!, words.map((value) => ({ value, dynamic: false })));
  if (found.kind === 'string') return 'split';
  return found.kind === 'command' ? words.slice(found.index) : [];
}

describe("env's two callers read every spelling the tests use the same", () => {
  it('the tests spell enough env lines to mean something', () => {
    expect(LINES.length).toBeGreaterThan(60);
  });
  it.each([...LINES, ...MORE])('`%s`', (line) => {
    const words = line.split(/\s+/);
    const read = readEnv(words);
    const shell = parsed(words);
    if (shell === 'split') expect(read.split).toBe(true);
    else expect([read.split, read.command]).toEqual([false, shell]);
  });
  it.each([['env =x sh', ['sh']], ['env -- -x=1 =y sh', ['sh']], ['env --list-signal-handling rm -rf b', ['rm', '-rf', 'b']], ['env --help git push', []], ['env -P /bin git push', ['git', 'push']]] as const)('`%s` runs %j (GNU env 9.1)', (line, command) => {
    expect(parsed(line.split(' '))).toEqual(command);
    expect(readEnv(line.split(' ')).command).toEqual(command);
  });
});
