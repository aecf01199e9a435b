// F8 (issue 28): `exec 'for i in 1 2; do echo $i > gen$i.txt; done'` was safety-immune (C241 even under
// --yes) because a computed redirect target is unknown before the run. A run that WILL be staged has its
// change set judged by the one write gate after it (obeyed and protected files set aside, the person's path
// rules applied), so a computed write target is an ordinary write then (asked; --yes approves); in place
// nobody judges it after, so it stays immune there. A `for` loop over plain words gives its variable
// complete values (gen1.txt, gen2.txt), unless the line has any way to set it otherwise. In-process engine
// with real bwrap and overlay mounts (skipped where they cannot run); the parser rows need neither.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UNKNOWN } from '../../src/shell/parse-walk-values.js';
import { createEngine } from '../../src/setup.js';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { parser } from '../permissions/helpers.js';
import { bwrapWorks, overlayWorks } from './stage-helpers.js';
import { spawnSync } from 'node:child_process';

let base: string;
let root: string;
let home: string;

beforeEach(async () => {
  base = await tempDir('cw-computed-');
  root = join(base, 'w');
  home = join(base, 'home');
  mkdirSync(join(root, 'scripts'), { recursive: true });
  mkdirSync(home);
  const git = (...args: string[]) => spawnSync('git', ['-c', 'user.email=a@b', '-c', 'user.name=a', ...args], { cwd: root });
  git('init', '-q');
  writeFileSync(join(root, 'scripts/check.sh'), 'echo ok\n');
  // An installed commit hook that runs scripts/check.sh: the write gate protects that script.
  writeFileSync(join(root, '.git/hooks/pre-commit'), '#!/bin/sh\nsh scripts/check.sh\n');
  chmodSync(join(root, '.git/hooks/pre-commit'), 0o755);
  git('add', '-A');
  git('commit', '-qm', 'i');
});
afterEach(() => removeDir(base));

async function exec(cmd: string, stage: boolean) {
  const engine = await createEngine({ workspace: root, env: { HOME: home, CODEWARD_STATE_DIR: join(base, 'state') }, sandbox: { mode: 'workspace-write' }, permissions: { home, yes: true } });
  try {
    return await engine.run({ cmd: 'exec', args: { cmd, stage } });
  } finally {
    await engine.close();
  }
}
const read = (rel: string): string => readFileSync(join(root, rel), 'utf8');

describe.skipIf(!bwrapWorks || !overlayWorks)('a computed write target of a staged run is judged after the run (F8)', { timeout: 120_000 }, () => {
  it('staged, --yes: the loop writes gen1.txt and gen2.txt as one undo step', async () => {
    const result = await exec('for i in 1 2; do echo $i > gen$i.txt; done', true);
    expect(result, JSON.stringify(result)).toMatchObject({ ok: true, data: { changes: { created: 2 } } });
    expect([read('gen1.txt'), read('gen2.txt')]).toEqual(['1\n', '2\n']);
  });

  it('staged, --yes: a target only known at run time is written where it lands', async () => {
    writeFileSync(join(root, 'n.txt'), 'out.txt\n');
    const result = await exec('echo x > $(cat n.txt)', true);
    expect(result, JSON.stringify(result)).toMatchObject({ ok: true, data: { changes: { files: [{ path: 'out.txt', change: 'created' }] } } });
    expect(read('out.txt')).toBe('x\n');
  });

  it('staged, --yes: computed names of obeyed and protected files are set aside or refused by the sandbox, the rest applied', async () => {
    writeFileSync(join(root, 'list.txt'), 'scripts/check.sh\n.git/hooks/post-commit\nAGENTS.md\n.vscode/tasks.json\nok.txt\n');
    const result = await exec('for f in $(cat list.txt); do mkdir -p $(dirname $f); echo evil > $f; done', true);
    expect(result, JSON.stringify(result)).toMatchObject({ ok: true, data: { changes: { files: [{ path: 'ok.txt', change: 'created' }] } } });
    const aside = ((result.ok ? result.data : {}) as { changes: { setAside: { path: string }[] } }).changes.setAside.map((each) => each.path);
    expect(aside).toEqual(expect.arrayContaining(['scripts/check.sh', 'AGENTS.md', '.vscode/tasks.json']));
    expect(read('scripts/check.sh')).toBe('echo ok\n');
    expect(existsSync(join(root, '.git/hooks/post-commit'))).toBe(false);
    expect(existsSync(join(root, 'AGENTS.md'))).toBe(false);
    expect(read('ok.txt')).toBe('evil\n');
  });

  it('staged, --yes: after a cd to a folder only known at run time, relative writes are judged after the run (lead, fix32b friction)', async () => {
    mkdirSync(join(root, 'sub'));
    writeFileSync(join(root, 'd.txt'), 'sub\n');
    const moved = await exec('cd "$(cat d.txt)" && touch made.txt && cd "$(git rev-parse --show-toplevel)" && touch top.txt', true);
    expect(moved, JSON.stringify(moved)).toMatchObject({ ok: true });
    expect([existsSync(join(root, 'sub/made.txt')), existsSync(join(root, 'top.txt'))]).toEqual([true, true]);
    writeFileSync(join(root, 'd.txt'), '.git\n');
    await exec('cd "$(cat d.txt)" && mkdir -p hooks && touch hooks/post-commit', true);
    expect(existsSync(join(root, '.git/hooks/post-commit'))).toBe(false);
    const inPlace = await exec('cd "$(cat d.txt)" && touch hooks/post-commit', false);
    expect(inPlace.ok ? 'ok' : inPlace.error.code).toBe('C241');
    expect(existsSync(join(root, '.git/hooks/post-commit'))).toBe(false);
  });

  it('staged beside a sandboxWritable folder (written in place, outside the change set): a computed target stays safety-immune', async () => {
    mkdirSync(join(home, '.codeward'));
    mkdirSync(join(home, 'cache'));
    writeFileSync(join(home, '.codeward/config.json'), JSON.stringify({ sandboxWritable: ['~/cache'] }));
    writeFileSync(join(root, 'n.txt'), 'out.txt\n');
    const result = await exec('echo x > $(cat n.txt)', true);
    expect(result.ok ? 'ok' : result.error.code).toBe('C241');
  });

  it('in place (--no-stage), --yes: a target only known at run time stays safety-immune; a known one is judged', async () => {
    writeFileSync(join(root, 'n.txt'), 'scripts/check.sh\n');
    for (const cmd of ['echo evil > $(cat n.txt)', 'for f in $(cat n.txt); do echo evil > $f; done', 'for i in pre-commit; do echo x > .git/hooks/$i; done', 'for i in check; do echo evil > scripts/$i.sh; done']) {
      const result = await exec(cmd, false);
      expect(result.ok ? 'ok' : result.error.code, cmd).toBe('C241');
    }
    expect(read('scripts/check.sh')).toBe('echo ok\n');
    const loop = await exec('for i in 1 2; do echo $i > gen$i.txt; done', false);
    expect(loop, JSON.stringify(loop)).toMatchObject({ ok: true });
    expect([read('gen1.txt'), read('gen2.txt')]).toEqual(['1\n', '2\n']);
  });
});

describe('a for loop over plain words gives its variable complete values, unless the line can set it otherwise (F8 a)', () => {
  const targets = async (line: string): Promise<string[]> => {
    const parse = await parser.parse(line);
    return parse.redirections.filter((each) => each.writes).flatMap((each) => (each.target !== null ? [each.target] : (each.targetWord?.candidates ?? [])));
  };

  it.each([
    ['for i in 1 2; do echo $i > gen$i.txt; done', ['gen1.txt', 'gen2.txt']],
    ['for i in a b; do echo x > "out/${i}.log"; done', ['out/a.log', 'out/b.log']],
    ['for d in src lib; do ls $d > list-$d.txt; done', ['list-src.txt', 'list-lib.txt']],
  ])('%s -> %j', async (line, expected) => {
    expect(await targets(line)).toEqual(expected);
  });

  it.each([
    'for i in 1 2; do read i < n; echo > gen$i; done',
    'for i in 1 2; do r\\ead i < n; echo > gen$i; done',
    "for i in 1 2; do 'read' i < n; echo > gen$i; done",
    'for i in 1 2; do i=../x; echo > gen$i; done',
    'for i in 1 2; do echo > gen${i:=x}; done',
    'for i in 1 2; do printf -v i %s x; echo > gen$i; done',
    'for i in 1 2; do eval "$(cat n)"; echo > gen$i; done',
    'for i in 1 2; do . ./n.sh; echo > gen$i; done',
    'for i in 1 2; do mapfile -t i < n; echo > gen$i; done',
    'for i in 1 2; do declare -n i=j; echo > gen$i; done',
    'for i in 1 2; do (( i = 5 )); echo > gen$i; done',
    'for i in 1 2; do a[ i = 5 ]=1; echo > gen$i; done',
    'IFS=.; for i in a.b; do echo > gen$i; done',
    'for i in 1; do :; done; echo > gen$i',
    'f() { for i in evil; do :; done; }; for i in 1; do f; echo > gen$i; done',
    'for i in "*"; do echo > gen$i; done',
    'for i in $(cat n); do echo > gen$i; done',
    'c=re; for i in 1; do ${c}ad i < n; echo > gen$i; done',
    'for i in 1; do trap "i=x" DEBUG; echo > gen$i; done',
  ])('%s keeps the target unknown', async (line) => {
    expect((await targets(line)).some((each) => each.includes(UNKNOWN))).toBe(true);
  });
});
