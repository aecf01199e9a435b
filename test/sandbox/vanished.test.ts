import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { vanishedMountPoint } from '../../src/sandbox/vanished.js';

// Red team R38-a9: which bubblewrap failures are "a hidden path was gone by the start" (run-call.ts prepares the run
// again and starts it once more) and which are not.
const base = mkdtempSync(join(tmpdir(), 'cw-vanished-'));
const gone = join(base, 'a.log.1');
const here = join(base, 'here');
writeFileSync(here, 'x');
afterAll(() => rmSync(base, { recursive: true, force: true }));
const failed = (stderr: string, stdout = '', exitCode: number | null = 1) => ({ exitCode, stdout, stderr });

describe('vanishedMountPoint', () => {
  it.each([
    ['a hidden file gone', ['bwrap', '--ro-bind', '/dev/null', gone], failed(`bwrap: Can't create file at ${gone}: Read-only file system\n`), gone],
    ['a hidden folder gone', ['bwrap', '--tmpfs', gone], failed(`bwrap: Can't mkdir ${gone}: Read-only file system\n`), gone],
    ['the path still exists', ['bwrap', '--ro-bind', '/dev/null', here], failed(`bwrap: Can't create file at ${here}: Read-only file system\n`), undefined],
    ['a path this run does not mount', ['bwrap', '--tmpfs', '/x'], failed(`bwrap: Can't create file at ${gone}: Read-only file system\n`), undefined],
    ['the command ran (output)', ['bwrap', '--tmpfs', gone], failed(`bwrap: Can't mkdir ${gone}: Read-only file system\n`, 'out'), undefined],
    ['the command succeeded', ['bwrap', '--tmpfs', gone], failed(`bwrap: Can't mkdir ${gone}: Read-only file system\n`, '', 0), undefined],
    ['another bwrap failure', ['bwrap', '--tmpfs', gone], failed('bwrap: No permissions to creating new namespace\n'), undefined],
  ])('%s', (_name, wrapper, result, expected) => {
    expect(vanishedMountPoint(wrapper, result)).toBe(expected);
  });
});
