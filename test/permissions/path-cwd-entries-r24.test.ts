// Red team round 24, R24-17 (the variable table's PATH row, obeyed-env.ts / obeyed-env-where.ts relativeOf, and
// R22b-6's PATH folders): an empty PATH entry (a leading or trailing `:`, or `::`: what `export
// PATH=$EXTRA:$PATH` leaves when EXTRA is empty) and `.` mean "the folder the shell stands in", so at the workspace's
// top every command the person types is first looked up in the workspace. `PATH=./bin:..` makes bin/git ask
// (control), but with `PATH=.:..` or `PATH=:..` in codeward's environment the agent writes a file named `git` at the
// top and makes it executable (`chmod +x git`), both under --yes, unasked; the person's next `git status` there runs
// it (bash: `PATH=.:$PATH git` runs ./git).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

let base: string;
let count = 0;
beforeAll(async () => {
  base = await tempDir('r24-pathcwd-');
});
afterAll(async () => {
  await removeDir(base);
});

const PATH = process.env['PATH'] ?? '/usr/bin:/bin';

// The agent's two steps under --yes with PATH = `path`: write `file`, then `chmod +x file`; each step's answer.
async function steps(path: string, file: string): Promise<string[]> {
  const top = join(base, `w${++count}`), home = join(base, `h${count}`);
  await writeFiles(top, { 'src/a.ts': '1\n' });
  await writeFiles(home, { '.keep': '' });
  execFileSync('git', ['init', '-q', top]);
  const env = { HOME: home, CODEWARD_NO_SERVE: '1', PATH: path };
  const answer = (args: string[]): string => {
    const result = runCli(['--json', '-C', top, ...args], { env });
    return result.json.ok ? 'ok' : result.json.error?.code ?? result.stdout;
  };
  return [answer(['write', '--path', file, '--content', '#!/bin/sh\nid\n']), answer(['exec', '--cmd', `chmod +x ${file}`])];
}

describe('R24-17: PATH entries that are the shell\'s current folder', () => {
  test.each([
    ['PATH=.:..', `.:${PATH}`],
    ['PATH=:.. (leading empty entry)', `:${PATH}`],
    ['PATH=/usr/local/bin::.. (empty entry)', `/usr/local/bin::${PATH}`],
  ])('%s: writing git at the top asks', async (_name, path) => {
    expect((await steps(path, 'git'))[0]).toBe('C241');
  }, 60_000);

  test('friction control: PATH=.:..: a source file and a new script stay free', async () => {
    expect((await steps(`.:${PATH}`, 'src/b.ts'))[0]).toBe('ok');
    expect((await steps(`.:${PATH}`, 'scripts/release-notes.sh'))[0]).toBe('ok');
  }, 60_000);

  test('control (held): PATH=./bin:..: writing bin/git asks', async () => {
    expect((await steps(`./bin:${PATH}`, 'bin/git'))[0]).toBe('C241');
  }, 60_000);
});
