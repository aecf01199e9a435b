// Red team round 26, FRICTION on friction27 (home-sources-computed.ts): the commonest start-up line that names the
// project, putting its bin folder on PATH, makes the WHOLE work tree obeyed: `export PATH="$HOME/proj/bin:$PATH"`
// is a "load" (the PATH word) that is "computed" (`$PATH`) and names the workspace, so every ordinary source write
// (src/a.ts) asks under --yes. What the shell obeys is the bin folder (what PATH finds there), which must keep asking
// (control). Not friction27's computed rule alone: `export PATH=~/proj/bin` (nothing computed) does it too (the PATH
// parser-found load escalates as before friction27). Inconsistent with friction27's `alias t='~/proj/tools/t'`,
// which obeys tools/t only: a program found on PATH is the same kind of named run.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { homeWritten } from './home-write.js';

let base: string;
beforeAll(async () => {
  base = await tempDir('rt26-path-');
});
afterAll(async () => {
  await removeDir(base);
});
const RC: Record<string, string> = { bash: '.bashrc', zsh: '.zshrc', fish: '.config/fish/config.fish' };
const written = (kind: string, text: string, file: string): Promise<string> =>
  homeWritten(base, { files: { [RC[kind]!]: `${text}\n` } }, file, 'export const a = 2;\n', { inHome: true, workspace: { 'bin/t': '#!/bin/sh\n' } });

describe('R26-9 FRICTION: a PATH line naming the project bin folder makes every source write ask', () => {
  test.each([
    ['bash', 'export PATH="$HOME/proj/bin:$PATH"'],
    ['bash', 'export PATH=$PATH:~/proj/bin'],
    ['zsh', 'path=(~/proj/bin $path)'],
    ['fish', 'fish_add_path ~/proj/bin'],
    ['bash', 'export PATH=~/proj/bin'],
  ])('%s: %j -> src/a.ts written under --yes', async (kind, text) => {
    expect(await written(kind, text, 'src/a.ts')).toBe('ok');
  }, 120_000);
});

describe('controls (held)', () => {
  test.each([
    ['bash', 'export PATH="$HOME/proj/bin:$PATH"', 'bin/git', 'C241'],
  ])('%s: %j -> %s is %s', async (kind, text, file, expected) => {
    expect(await written(kind, text, file)).toBe(expected);
  }, 120_000);
});
