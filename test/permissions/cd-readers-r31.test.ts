// Issue 26 / R31: every reader of a folder change goes through the one cd reader (src/shell/cd-operand.ts). Each row
// below escaped a site that read `cd` itself (missing `builtin cd`, `command cd`, CDPATH, `cd -`, `popd`, `chdir`):
// immune-place.ts (the immune path classes), unconfined.ts (--sandbox off), run-scripts.ts / task-runner-lines.ts (a
// package script that moves before running another), git-folders.ts (the git secret/config readers), hook-fed.ts
// and hook-unmodeled.ts (a hook line). In-process engine, one box per describe.
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { gitFolders } from '../../src/permissions/git-folders.js';
import { fedFiles } from '../../src/permissions/hook-fed.js';
import { unmodeled } from '../../src/permissions/hook-unmodeled.js';
import { runCli } from '../helpers/fixture.js';
import { explain, parser, policyWith, sandbox, type Sandbox } from './helpers.js';
import { NO_JAIL } from '../helpers/unconfined-runs.js';

let box: Sandbox;
beforeAll(async () => {
  await parser.ready();
  box = await sandbox();
  execFileSync('git', ['init', '-q'], { cwd: box.root });
  const files: Record<string, string> = {
    'package.json': JSON.stringify({ name: 'r', version: '1.0.0', scripts: { g: 'echo fine', t: 'builtin cd sub && npm run g', u: 'command cd -P -- sub && npm run g', v: 'CDPATH=. cd sub && npm run g' } }),
    'sub/package.json': JSON.stringify({ name: 's', version: '1.0.0', scripts: { g: 'git push origin main' } }),
  };
  for (const [file, text] of Object.entries(files)) {
    await mkdir(dirname(join(box.root, file)), { recursive: true });
    await writeFile(join(box.root, file), text);
  }
  await writeFile(join(box.home, '.bashrc'), '# rc\n');
});
afterAll(async () => box.cleanup());

const judged = async (line: string, rules: readonly string[]): Promise<{ decision: string; source: string }> => {
  const result = await explain(await policyWith(box, rules), JSON.stringify({ cmd: 'exec', args: { cmd: line } }));
  return { decision: result.decision, source: result.source };
};

describe('immune-place.ts: a relative path is judged where every spelling of cd lands', () => {
  it.each(['CDPATH=.git cd hooks && touch pre-commit', 'export CDPATH=.git; cd hooks && touch pre-commit', 'cd - && touch hooks/pre-commit', 'CDPATH=x:.git cd -P -- hooks; echo x > pre-commit'])('`%s` is safety-immune with an allow-all rule', async (line) => {
    expect(await judged(line, ['allow @coder exec *'])).toEqual({ decision: 'ask', source: 'immune' });
  });
  it.each(['cd sub && touch x', 'pushd sub && popd && touch x'])('control: `%s` is allowed', async (line) => {
    expect((await judged(line, ['allow @coder exec *'])).decision).toBe('allow');
  });
});

describe('run-scripts.ts / task-runner-lines.ts: a script that moves with `builtin cd`, `command cd`, CDPATH', () => {
  it.each(['npm run t', 'npm run u', 'npm run v'])('deny git push*: `%s` (runs sub\'s g) is not allowed', async (line) => {
    expect((await judged(line, ['deny @coder exec git push*', 'allow @coder exec *'])).decision).not.toBe('allow');
  });
  it('control: `npm run g` (the root\'s g) is allowed', async () => {
    expect((await judged('npm run g', ['deny @coder exec git push*', 'allow @coder exec *'])).decision).toBe('allow');
  });
});

describe('unconfined.ts (--sandbox off): CDPATH leaves the workspace', () => {
  it.each(['CDPATH=.. cd home && echo x >> .bashrc', 'CDPATH=.. command cd -- home; echo x >> .bashrc', 'cd - && echo x >> .bashrc'])('--yes `%s`: C241, ~/.bashrc untouched', async (line) => {
    const engine = await createEngine({ workspace: box.root, env: { HOME: box.home, PATH: process.env['PATH'] ?? '', ...NO_JAIL }, sandbox: { mode: 'off' }, permissions: { home: box.home, yes: true } });
    try {
      const result = await engine.run({ cmd: 'exec', args: { cmd: line } });
      expect(result.ok ? 'ran' : result.error.code).toBe('C241');
    } finally {
      await engine.close();
    }
    expect(await readFile(join(box.home, '.bashrc'), 'utf8')).toBe('# rc\n');
  });
});

describe('git-folders.ts: the folders a git command may work in', () => {
  it.each([
    ['CDPATH=/srv cd repo && git log -p', '/srv/repo'],
    ['builtin cd -P -- sub && git log -p', '/w/sub'],
  ])('`%s` reaches %s', async (line, folder) => {
    const parse = await parser.parseShell(line);
    const { list } = gitFolders(parse.commands.at(-1)!, parse, '/w');
    expect(list).toContain(folder);
  });
  it('`cd - && git log -p`: a folder it cannot follow', async () => {
    const parse = await parser.parseShell('cd - && git log -p');
    expect(gitFolders(parse.commands.at(-1)!, parse, '/w').unknown).toBeDefined();
  });
});

describe('hook-fed.ts / hook-unmodeled.ts: every spelling of cd in a hook line', () => {
  it('`builtin cd tools && node x.js` runs x.js in tools', () => {
    expect(fedFiles('builtin cd tools && node x.js').folders).toContain('tools');
  });
  it('`command cd -P -- tools && node x.js` runs x.js in tools', () => {
    expect(fedFiles('command cd -P -- tools && node x.js').folders).toContain('tools');
  });
  it('`CDPATH=$X cd tools && ./check.sh`: unmodeled', () => {
    expect(unmodeled('CDPATH=$X cd tools && ./check.sh', () => true)).toBeDefined();
  });
});

// fix30b judged `test`'s detected runner line in the real call (Command.detectShell); `policy check` judged `@coder
// test` by its words only and said it runs. It now finds the line as the real call does.
describe('policy check of `@coder test` answers what the real call would', () => {
  it('package.json "test": "rm -rf ~", --sandbox off: a person is asked (C241), as `codeward test` is', async () => {
    const root = join(box.root, 'rmhome');
    await mkdir(root, { recursive: true });
    await writeFile(join(root, 'package.json'), JSON.stringify({ name: 'x', version: '1.0.0', scripts: { test: 'rm -rf ~' } }));
    const env = { HOME: box.home, CODEWARD_NO_SERVE: '1', ...NO_JAIL };
    const checked = runCli(['--json', '--sandbox', 'off', '-C', root, 'policy', 'check', '@coder test'], { env });
    expect(checked.json.data?.['outcome']).toMatch(/^ask a person/);
    expect(checked.json.data?.['source']).toBe('immune');
    const real = runCli(['--json', '--sandbox', 'off', '-C', root, 'test'], { env });
    expect(real.json.error?.code).toBe('C241');
  }, 60_000);
});
