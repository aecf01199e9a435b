// Red team R42-b6: git-folders.ts is the one reading of the folder a git command works in and the repository it
// opens. git applies its -C steps one after another (`git -C a -C b` is a/b), `--git-dir`/GIT_DIR relative to where
// they end, after the line's `cd`s and its wrappers' folders (`env -C`, `--chdir`); `~+` is the shell's folder. A step
// it cannot compose (a variable, another `~` word, a glob) is unknown, so the nested-repository rule asks.
import { beforeAll, describe, expect, it } from 'vitest';
import { gitFolders } from '../../src/permissions/git-folders.js';
import { parser } from './helpers.js';

beforeAll(async () => parser.ready());

const folders = async (line: string): Promise<{ list: string[]; unknown?: string }> => {
  const parse = await parser.parseShell(line);
  return gitFolders(parse.commands.find((command) => command.name === 'git')!, parse, '/w');
};

describe('gitFolders composes every folder step', () => {
  it.each([
    ['git -C a -C b status', '/w/a/b'],
    ['git -Ca -C b status', '/w/a/b'],
    ['cd a && git -C b status', '/w/a/b'],
    ['git -C a --git-dir=b/.git status', '/w/a/b/.git'],
    ['git --git-dir=b/.git -C a status', '/w/a/b/.git'],
    ['cd a; GIT_DIR=b/.git git status', '/w/a/b/.git'],
    ['env -C r git status', '/w/r'],
    ['env --chdir=r git -C s status', '/w/r/s'],
    ['nice env -C r git status', '/w/r'],
    ['git -C ~+/r status', '/w/r'],
    ['env -C r git -C ~+/s status', '/w/s'],
    ['git -C a -C /abs -C b status', '/abs/b'],
  ])('`%s` reaches %s', async (line, folder) => {
    const read = await folders(line);
    expect(read.list).toContain(folder);
    expect(read.unknown).toBeUndefined();
  });
  it.each(['git -C ~/r status', 'git -C ~-/r status', 'git -C "$d" -C b status', 'git -C"$d" status', 'env -C "$d" git status', 'git -C a -C b* status', 'env -C ~/r git status'])(
    '`%s`: a step it cannot compose is unknown',
    async (line) => {
      expect((await folders(line)).unknown).toBeDefined();
    },
  );
  it('a -C after the subcommand is not a folder step (`git commit -C HEAD`)', async () => {
    expect((await folders('git commit -C HEAD')).list).toEqual(['/w']);
  });
});
