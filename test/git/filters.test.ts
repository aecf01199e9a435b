// One helper switches off the filter drivers for codeward's own git on the host (git/filters.ts), used by
// git-status / git-diff / git-changed (repo.ts) and the after-run index repair (sandbox/git-state-git.ts). The
// repair's old spelling `-c filter.NAME.clean=` did not switch off a driver named with `=` (`-c` splits at the
// first one: `filter.a=b.clean=` set `filter.a`), and git writing the index runs a racily clean entry's file
// through the clean filter: the person's configured command ran on the host (R12-26 class).
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FILTER_KEYS_ARGS, filterOffConfig } from '../../src/git/filters.js';
import { updateIndex, type GitRunner } from '../../src/sandbox/git-state-git.js';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { git as gitChecked } from '../helpers/git.js';

let root: string;
let home: string;
const env = (): Record<string, string> => ({ PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: home, GIT_CONFIG_NOSYSTEM: '1' });
// git in the repository with the runner's environment: its stdout (a listing with no match exits 1).
const git = (...args: string[]): string => spawnSync('git', args, { cwd: root, encoding: 'utf8', env: env() }).stdout;
const marker = (): string => join(home, 'filter-ran');
const runner = (): GitRunner => ({ git: spawnSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).stdout.trim(), root, gitDir: join(root, '.git'), env: env() });

beforeEach(async () => {
  [root, home] = [await tempDir('cw-git-filters-'), await tempDir('cw-git-filters-home-')];
  writeFileSync(join(root, 'c.txt'), 'c\n');
  for (const args of [['init', '-q'], ['add', '-A'], ['commit', '-qm', 'init']]) gitChecked(root, ...args);
});
afterEach(async () => {
  await removeDir(root);
  await removeDir(home);
});

// A driver `name` whose clean filter leaves the marker, on every file; the index made racily clean (its
// timestamp before the entries'), so the next index write re-reads c.txt through the filter.
function plantFilter(name: string): void {
  git('config', `filter.${name}.clean`, `touch "${marker()}"; cat`);
  writeFileSync(join(root, '.gitattributes'), `* filter=${name}\n`);
  utimesSync(join(root, '.git/index'), new Date('2000-01-01'), new Date('2000-01-01'));
  rmSync(marker(), { force: true });
}

describe('filterOffConfig', () => {
  it('every driver of the listing, odd names too, reads back as no command under its pairs', () => {
    for (const name of ['evil', 'Odd.Name', 'with space']) git('config', `filter.${name}.clean`, 'cat');
    git('config', 'filter.evil.process', 'cat');
    const off = filterOffConfig(git(...FILTER_KEYS_ARGS));
    expect('config' in off).toBe(true);
    const pairs = 'config' in off ? off.config.flatMap((pair) => ['-c', pair]) : [];
    // The last value wins: each driver's commands read back empty.
    for (const key of ['filter.evil.clean', 'filter.evil.process', 'filter.Odd.Name.clean', 'filter.with space.clean']) {
      expect(git('config', '--get', key).trim(), key).not.toBe('');
      expect(git(...pairs, 'config', '--get', key), key).toBe('\n');
    }
  });
  it('a driver named with `=` or none at all: refused / nothing', () => {
    git('config', 'filter.a=b.clean', 'cat');
    expect(filterOffConfig(git(...FILTER_KEYS_ARGS))).toEqual({ unswitchable: 'a=b' });
    expect(filterOffConfig('')).toEqual({ config: [] });
  });
});

describe("the after-run index repair never runs the person's filter (R12-26 class)", () => {
  // An entry to put back (an index that changes is written; one that does not is left alone).
  const entry = (): string => `100644 ${git('rev-parse', 'HEAD:c.txt').trim()} 0\td.txt`;
  it('the set-up is real: git writing the index runs the filter on a racily clean entry', () => {
    plantFilter('plain');
    const line = entry();
    spawnSync('git', ['update-index', '-z', '--index-info'], { cwd: root, input: `${line}\0`, env: env() });
    expect(existsSync(marker())).toBe(true);
  });
  it('a plain driver name: switched off, the entry is set back, the filter never runs', () => {
    plantFilter('plain');
    const line = entry();
    expect(updateIndex(runner(), [line])).toBe(true);
    expect(existsSync(marker())).toBe(false);
  });
  it('a driver named with `=` cannot be switched off: nothing is set back (false), the filter never runs', () => {
    plantFilter('a=b');
    const line = entry();
    const done = updateIndex(runner(), [line]);
    expect(existsSync(marker())).toBe(false);
    expect(done).toBe(false);
  });
});
