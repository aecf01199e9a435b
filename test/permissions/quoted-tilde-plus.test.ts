// Round 42's LEFT (fix66, after R42-b4/b6): a quoted or escaped `~+` is no tilde expansion, bash keeps it as a folder
// named `~+`. The readers of a written path (written-before.ts through written-paths.ts) and of git's folder
// (git-folders.ts) read only the word's value, so `'~+/ok.sh'` was taken for the shell folder's ok.sh: the file the
// line really writes (./~+/ok.sh) was not seen written, and `git -C '~+/r'` was placed in ./r. The word's parts now
// reach them: only an unquoted leading `~+` is the shell's folder.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitFolders } from '../../src/permissions/git-folders.js';
import { LineWrites } from '../../src/permissions/written-before.js';
import { parser } from './helpers.js';

const root = mkdtempSync(join(tmpdir(), 'cw-quoted-tilde-'));
writeFileSync(join(root, 'ok.sh'), 'echo fine\n');
mkdirSync(join(root, '~+'));
writeFileSync(join(root, '~+', 'ok.sh'), 'echo fine\n');
beforeAll(async () => parser.ready());
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function written(line: string, file: string): Promise<string | undefined> {
  const parse = await parser.parseShell(`${line}; sh ./x`);
  return new LineWrites(parse, root, root).before(parse.commands.at(-1)!)(join(root, file));
}

describe('a quoted ~+ is a folder named ~+', () => {
  it.each([
    ["cp evil '~+/ok.sh'", '~+/ok.sh'],
    ['cp evil "~+/ok.sh"', '~+/ok.sh'],
    ['cp evil \\~+/ok.sh', '~+/ok.sh'],
    ["cp -t '~+' evil", '~+/ok.sh'],
    ['cp evil ~+/ok.sh', 'ok.sh'],
  ])('`%s` may write %s', async (line, file) => {
    expect(await written(line, file)).toBeDefined();
  });
  it.each([
    ["cp evil '~+/ok.sh'", 'ok.sh'],
    ['cp evil ~+/ok.sh', '~+/ok.sh'],
  ])('`%s` does not write %s', async (line, file) => {
    expect(await written(line, file)).toBeUndefined();
  });
  it.each([
    ["git -C '~+/r' status", '/w/~+/r'],
    ['git -C "~+" status', '/w/~+'],
    ['git -C \\~+/r status', '/w/~+/r'],
    ['git -C ~+/r status', '/w/r'],
  ])('`%s` works in %s', async (line, folder) => {
    const parse = await parser.parseShell(line);
    const read = gitFolders(parse.commands.find((command) => command.name === 'git')!, parse, '/w');
    expect(read.unknown).toBeUndefined();
    expect(read.list).toContain(folder);
  });
  it.each(["env -C '~+/r' git status", 'env -C "~+" git status'])('`%s`: a wrapper folder read from the text, quoting lost, is unknown', async (line) => {
    const parse = await parser.parseShell(line);
    expect(gitFolders(parse.commands.find((command) => command.name === 'git')!, parse, '/w').unknown).toBeDefined();
  });
});
