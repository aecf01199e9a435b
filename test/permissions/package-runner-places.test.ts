// Round 42's LEFT (fix66, after fix60): a package manager's place option before its sub-command (`npm --prefix d
// exec x`, `npm -C d`, `pnpm -C d`, `yarn --cwd d`, `bun --cwd d`) hid the sub-command from written-before.ts (the
// first word that is no option was `d`) and sent the readers to the run folder's package.json and .npmrc instead of
// d's. One reading of the place options (decide-script-places.ts placeWords) now serves both.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scriptPlaces } from '../../src/permissions/decide-script-places.js';
import { LineWrites } from '../../src/permissions/written-before.js';
import { parser } from './helpers.js';

const root = mkdtempSync(join(tmpdir(), 'cw-pm-places-'));
mkdirSync(join(root, 'd'));
writeFileSync(join(root, 'package.json'), '{}');
writeFileSync(join(root, 'd', 'package.json'), '{}');
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function written(line: string, file: string): Promise<string | undefined> {
  const parse = await parser.parseShell(`${line}; sh ./x`);
  return new LineWrites(parse, root, root).before(parse.commands.at(-1)!)(join(root, file));
}

describe('a place option before the sub-command', () => {
  it.each([
    ['npm --prefix d exec gen', 'ok.sh'],
    ['npm --prefix=d exec gen', 'ok.sh'],
    ['npm -C d exec gen', 'ok.sh'],
    ['pnpm -C d exec gen', 'ok.sh'],
    ['pnpm --dir d dlx gen', 'ok.sh'],
    ['yarn --cwd d dlx gen', 'ok.sh'],
    ['bun --cwd d x gen', 'ok.sh'],
    ['npm --prefix d pkg set scripts.test=x', 'd/package.json'],
    ['pnpm -C d add left-pad', 'd/package.json'],
    ['npm --prefix "$D" pkg set scripts.test=x', 'd/package.json'],
  ])('`%s` may write %s', async (line, file) => {
    expect(await written(line, file)).toBeDefined();
  });
  it.each([
    ['npm --prefix d pkg set scripts.test=x', 'package.json'],
    ['npm --prefix d pkg set scripts.test=x', 'ok.sh'],
  ])('`%s` does not write %s', async (line, file) => {
    expect(await written(line, file)).toBeUndefined();
  });
  it.each(['npm --prefix d exec gen', 'npm -C d exec -- gen', 'npm --prefix=d x gen'])('`%s` reads d\'s package files', (line) => {
    expect(scriptPlaces(line, root, root)?.places.map((place) => place.folder)).toEqual([join(root, 'd')]);
  });
});
