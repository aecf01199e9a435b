// A package manager's script runner runs package.json's script text through a shell (vars21/pm22 LEFT): `npm run g`
// with `"g": "git push"` was allowed under `deny git push*`, `allow *`, and `CC='git push origin;' npm run m` (the
// script `make x.o`, make reading CC from its environment) too. Each runner line's scripts are now judged as the
// lines they are, with the variables the call hands the runner (permissions/decide-scripts.ts). Red on old.
import { access, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/setup.js';
import { explain, policyWith, sandbox, type Sandbox } from './helpers.js';

const DENY = ['deny @coder exec git push*', 'allow @coder exec *'];
const ASK = ['ask @coder exec git push*', 'allow @coder exec *'];
const SCRIPTS = {
  g: 'git push',
  m: 'make x.o',
  pretest: 'git push',
  test: 'vitest run',
  prepush: 'git push origin',
  push: 'echo p',
  h: 'npm run g && echo done',
  w: 'sh -c "git push origin main"',
  build: 'tsc -p . && node scripts/copy.js',
  lint: 'eslint .',
  ok: 'make x.o',
};

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
  await writeFile(join(box.root, 'package.json'), JSON.stringify({ name: 'p', scripts: SCRIPTS }));
  await writeFile(join(box.root, 'Makefile'), 'x.o:\n\t$(CC) -c x.c\n');
});
afterAll(async () => box.cleanup());
const decide = async (line: string, rules: readonly string[]): Promise<string> => (await explain(await policyWith(box, rules), `@coder exec ${line}`)).decision;

describe('the scripts a runner line runs meet the rules', () => {
  it.each([
    'npm run g',
    'npm run-script g',
    'npm test',
    'npm t',
    'npm run push',
    'npm run h',
    'npm run w',
    'pnpm g',
    'pnpm run g',
    'yarn g',
    'yarn run g',
    'bun run g',
    'npx run-s g',
    'npx npm-run-all g',
    'corepack pnpm run g',
    'sh -c "npm run g"',
    'echo x && npm run g --silent',
  ])('deny git push*: %s is denied', async (line) => {
    expect(await decide(line, DENY)).toBe('deny');
  });

  it.each(['npm run g', 'npm test', 'yarn g'])('ask git push*: %s asks', async (line) => {
    expect(await decide(line, ASK)).toBe('ask');
  });

  // make reads its whole environment: what the call hands npm reaches make (item 3).
  it.each([
    "CC='git push origin;' npm run m",
    "env CC='git push origin;' npm run m",
    "export CC='git push origin;'; npm run m",
    "CC='git push origin;' pnpm run m",
  ])('deny git push*: %s is not allowed', async (line) => {
    expect(await decide(line, DENY)).not.toBe('allow');
  });

  it.each(['npm run m', 'CC=gcc npm run m', 'npm run build', 'npm run lint', 'npm run lint --if-present', 'npx run-s lint build', 'MAKEFLAGS=-j4 npm run ok'])('ordinary: %s stays allowed under deny git push*', async (line) => {
    expect(await decide(line, DENY)).toBe('allow');
  });
});

describe('codeward exec: the denied script does not run', () => {
  it('npm run g2 (git push; touch ran) is refused and ran is never made', async () => {
    await writeFile(join(box.root, 'package.json'), JSON.stringify({ name: 'p', scripts: { ...SCRIPTS, g2: 'git push || touch ran' } }));
    const engine = await createEngine({ workspace: box.root, env: { HOME: box.home }, sandbox: { mode: 'off' }, permissions: { home: box.home, yes: true, cliRules: { deny: ['@coder exec git push*'], allow: ['@coder exec *'] } } });
    try {
      const result = await engine.run({ cmd: 'exec', args: { cmd: 'npm run g2' } });
      expect(result.ok).toBe(false);
    } finally {
      await engine.close();
    }
    await expect(access(join(box.root, 'ran'))).rejects.toThrow();
  });
});
