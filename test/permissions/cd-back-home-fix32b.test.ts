// Issue 26 (fix32b, fix31a's LEFTs): (1) `cd -` had two answers: the hook walk (hook-fed.ts) and the immune path
// classes (immune-place.ts) took it as a return to a folder met before, every other reader failed closed. bash's `cd -`
// is `cd "$OLDPWD"`, the previous folder only when the last move surely ran in this same shell: not after a `cd` that
// failed, one in a subshell or a branch not taken, nor when the line assigns OLDPWD. The one cd reader
// (shell/cd-operand.ts) now reads `cd -`, `~-`, `~+` as `unknown`, and every reader fails closed on it. (2) The immune
// path classes added no folder for `cd ~` / `cd "$HOME"` / `cd "$D"`: a relative path after them was judged from the
// run folder (`cd ~ && echo x >> .bashrc` was no home start-up file, `cd "$D" && touch hooks/pre-commit` with D=.git
// no hook, `cd ~ && rm -rf *` no rm of the home). The home is a base now, a folder only known at run time makes the
// line's relative paths unknown (asked), and rm's operands are read from where the line moved.
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCd } from '../../src/shell/cd-operand.js';
import { fedFiles } from '../../src/permissions/hook-fed.js';
import { explain, parser, policyWith, sandbox, type Sandbox } from './helpers.js';

let box: Sandbox;
beforeAll(async () => {
  await parser.ready();
  box = await sandbox();
  execFileSync('git', ['init', '-q'], { cwd: box.root });
  await mkdir(join(box.root, 'sub'), { recursive: true });
  await writeFile(join(box.root, 'a.txt'), 'a\n');
});
afterAll(async () => box.cleanup());

const judged = async (line: string): Promise<{ decision: string; source: string; reason: string }> => {
  const result = await explain(await policyWith(box, ['allow @coder exec *']), JSON.stringify({ cmd: 'exec', args: { cmd: line } }));
  return { decision: result.decision, source: result.source, reason: result.reason };
};

describe('`cd -` is OLDPWD, only known at run time, for every reader', () => {
  it.each(['cd -', 'cd -P -', 'builtin cd -- -', 'pushd -', 'cd ~-', 'cd ~-/x', 'cd ~+'])('readCd of `%s` is unknown', (line) => {
    expect(readCd(line.split(' '))?.kind).toBe('unknown');
  });
  it.each(['cd tools && cd - && node tools/x.js', 'cd tools\ncd -\nnode x.js', '(cd tools); cd - && node x.js'])('hook walk: `%s` fails closed', (line) => {
    expect(fedFiles(line).unknown).toBeDefined();
  });
  it.each(['cd sub && cd - && touch hooks/pre-commit', '(cd sub); cd - && touch hooks/pre-commit', 'OLDPWD=.git; cd sub && cd - && touch hooks/pre-commit', 'cd ~- && touch hooks/pre-commit'])(
    'allow all: `%s` is safety-immune',
    async (line) => {
      expect(await judged(line)).toMatchObject({ decision: 'ask', source: 'immune' });
    },
  );
});

describe('the immune path classes place a relative path where `cd ~` / `cd "$HOME"` / `cd "$D"` moved', () => {
  it.each(['cd ~ && echo x >> .bashrc', 'cd "$HOME" && cp a.txt .profile', 'cd && touch .bashrc', 'pushd ~ && touch .bashrc'])('allow all: `%s` writes a home start-up file: safety-immune', async (line) => {
    const found = await judged(line);
    expect(found).toMatchObject({ decision: 'ask', source: 'immune' });
    expect(found.reason).toMatch(/start-up or settings file of your home folder/);
  });
  it.each(['cd "$D" && touch hooks/pre-commit', 'cd "$(cat where)" && cp a.txt hooks/pre-commit', 'cd ~nobody && touch x'])('allow all: `%s` (a folder only known at run time) is safety-immune', async (line) => {
    expect(await judged(line)).toMatchObject({ decision: 'ask', source: 'immune' });
  });
  it.each(['cd ~ && rm -rf *', 'cd && rm -rf ./*', 'cd "$HOME" && rm -rf *', 'D=/; cd "$D" && rm -rf *', 'cd / && rm -rf *'])('allow all: `%s` asks as rm of / or the home', async (line) => {
    const found = await judged(line);
    expect(found).toMatchObject({ decision: 'ask', source: 'immune' });
    expect(found.reason).toMatch(/rm of \/ or the home folder/);
  });
  it.each(['cd ~ && rm -rf build', 'cd sub && rm -rf *'])('allow all: `%s` asks as rm -r (not of / or the home)', async (line) => {
    const found = await judged(line);
    expect(found).toMatchObject({ decision: 'ask', source: 'immune' });
    expect(found.reason).toMatch(/rm -r \/ -R/);
  });
  it.each(['cd sub && touch x', 'cd "$D" && ls', 'cd ~ && ls', 'cd "$D" && ls src', 'cd "$(git rev-parse --show-toplevel)" && cat a.txt'])('control: `%s` is allowed', async (line) => {
    expect((await judged(line)).decision).toBe('allow');
  });
});
