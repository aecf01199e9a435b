// pm21 (issue 26 debt): the package managers' options were listed twice - shell/pm-options.ts for the hook walk's
// reading of the sub-command, and the launch runner table (parse-launch-generic.ts) with a shorter list of its own
// (and the hook's flags in a third list) - so `pnpm --loglevel warn exec CMD` was read by one reader and not the
// other. ONE table now (PM_OPTIONS); this test walks it and asks both readers about every option.
import { describe, expect, it } from 'vitest';
import { pmReadings } from '../../src/permissions/hook-pm-options.js';
import { launches } from '../../src/shell/parse-launchers.js';
import { PM_OPTIONS } from '../../src/shell/pm-options.js';
import type { WordLike } from '../../src/shell/parse-wrappers.js';

const SUB: Readonly<Record<string, string>> = { npm: 'exec', pnpm: 'exec', yarn: 'exec', bun: 'x' };
const word = (value: string): WordLike => ({ value, dynamic: false });
const rows = Object.entries(PM_OPTIONS).flatMap(([manager, options]) => [...options].map(([name, option]) => [manager, name, option.kind] as const));

// Whether the launch reader finds `git push` started by the line.
function runsGitPush(manager: string, line: readonly string[]): boolean {
  const words = [manager, ...line].map(word);
  const at = words.findIndex((one) => one.value === 'git');
  return (launches(manager, words) ?? []).some((launch) => (launch.kind === 'command' && launch.index === at) || (launch.kind === 'text' && launch.text === 'git push'));
}

describe('one table of package-manager options: the launch reader and the hook reader agree on every option', () => {
  it('the table covers every manager', () => {
    expect(Object.keys(PM_OPTIONS).sort()).toEqual(['bun', 'npm', 'pnpm', 'yarn']);
  });

  it.each(rows)('%s %s (%s)', (manager, name, kind) => {
    const sub = SUB[manager]!;
    if (kind === 'valued') {
      // Its value is skipped by both: the sub-command after it is read as one.
      expect(runsGitPush(manager, [name, 'v', sub, 'git', 'push'])).toBe(true);
      expect(pmReadings(manager, [name, 'v', 'test'])).toEqual([['test']]);
    } else {
      // A flag: the next word is the sub-command for both, with no second reading.
      expect(runsGitPush(manager, [name, sub, 'git', 'push'])).toBe(true);
      expect(pmReadings(manager, [name, 'test'])).toEqual([['test']]);
    }
  });

  // Instances the two lists disagreed on (red on the old code: the launch reader took the value as the sub-command).
  it.each([
    ['pnpm', ['--loglevel', 'warn', 'exec', 'git', 'push']],
    ['pnpm', ['--workspace-concurrency', '2', 'exec', 'git', 'push']],
    ['yarn', ['--cwd', 'sub', 'exec', 'git', 'push']],
    ['bun', ['--cwd', 'sub', 'x', 'git', 'push']],
    ['bun', ['-c', 'bunfig.toml', 'x', 'git', 'push']],
  ] as const)('%s %j: the launch reader finds git push', (manager, line) => {
    expect(runsGitPush(manager, line)).toBe(true);
  });
});
