// opts31 (issue 26 LEFT from round 28: pnpm/yarn/bun option spellings). pnpm reads its argv with nopt (pnpm 9.15's
// @pnpm/parse-cli-args: abbrev of every key, a key after one dash, `--C` for a shorthand, a word of one-letter
// shorthands as each, `--prefix` renamed `--dir`); checked against the real pnpm 9.15.9 (`pnpm --prefi sub run g`,
// `-dir sub`, `--C sub`, `--pre=sub`, `-rC sub`, `--rec`, `--filter-p sub` all ran sub's script `g`). yarn 1
// (commander) and yarn berry (clipanion) and bun 1.4 take no prefixes (`yarn --cw=sub run g` and `bun --cw=sub run g`
// ran the root's `g`). With `--deny '@coder exec git push*'` and sub's `g` = `git push origin main`, each line that
// runs sub's `g` must be denied: on the old code the readers knew `-C`/`--dir`/`--filter` as written only, and the
// line ran under --yes.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

let base: string;
let count = 0;
beforeAll(async () => {
  base = await tempDir('opts31-pm-');
});
afterAll(async () => {
  await removeDir(base);
});

async function code(line: string): Promise<string> {
  const top = join(base, `w${++count}`), home = join(base, `h${count}`);
  await writeFiles(top, {
    'package.json': '{"name":"root","scripts":{"g":"echo root"}}',
    'pnpm-workspace.yaml': 'packages:\n  - sub\n',
    'sub/package.json': '{"name":"sub","scripts":{"g":"git push origin main"}}',
  });
  await writeFiles(home, { '.keep': '' });
  execFileSync('git', ['init', '-q', top]);
  const result = runCli(['--json', '--deny', '@coder exec git push*', '-C', top, 'exec', '--cmd', line], { env: { HOME: home, CODEWARD_NO_SERVE: '1' }, yes: true });
  return result.json.ok ? 'ran' : result.json.error?.code ?? result.stdout;
}

const PNPM = ['pnpm --prefix sub run g', 'pnpm --prefi sub run g', 'pnpm -dir sub run g', 'pnpm -prefix sub run g', 'pnpm --C sub run g', 'pnpm --C=sub run g', 'pnpm --pre=sub run g', 'pnpm -rF sub run g', 'pnpm --rec run g', 'pnpm --filter-p sub run g', 'pnpm --F sub run g', 'pnpm --prefi sub g'];

describe('pnpm option spellings nopt reads as a place', () => {
  test.each(PNPM)('`%s` is denied (C240)', async (line) => {
    expect(await code(line)).toBe('C240');
  }, 120_000);
});

// npm's `-g` before the sub-command hid the script read (npm 11 ran sub's `g` for `npm -g -C sub run g`); nopt
// drops a word's dashes before it splits its shorthand letters (`npm --gC sub run g`, `--sC sub` ran sub's `g`).
describe('npm -g before a place, shorthand letters after two dashes', () => {
  test.each(['npm -g -C sub run g', 'npm -g --prefix sub run g', 'npm --gC sub run g', 'npm --gC=sub run g', 'npm --sC sub run g', 'npm run g --gC sub', 'npm run g -g -C sub', 'pnpm --rF sub run g'])('`%s` is denied (C240)', async (line) => {
    expect(await code(line)).toBe('C240');
  }, 120_000);
});

describe('control (held before)', () => {
  test.each(['pnpm --dir sub run g', 'pnpm -F sub run g', 'yarn --cwd sub run g', 'bun --cwd=sub run g', 'bun -Fsub run g'])('`%s` is denied', async (line) => {
    expect(await code(line)).toBe('C240');
  }, 120_000);
});
