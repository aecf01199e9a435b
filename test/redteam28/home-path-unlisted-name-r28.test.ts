// Red team round 28, R28-1 (CRITICAL): with `.` (or an empty entry) on PATH in a home start-up file, only the
// ~100 names of home-sources-relpath.ts SHADOWING are obeyed. Any other program the person types in the project
// (`jq`, `clear`, `tree`, `dircolors` of Ubuntu's default .bashrc) runs ./NAME; `git-lfs` runs on a plain
// `git lfs ...` (and as the filter process `git lfs install` configures, on `git checkout`). Checked end to end:
// HOME=h, h/.bashrc `export PATH=".:$PATH"`, `codeward --yes exec "/bin/sh src/mk.txt"` created ./jq (mode kept
// from a copied /bin/true), reported it as an ordinary change; `cd h/proj && bash -ic jq` then ran it (pwn file).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { homeRun, homeWritten } from '../permissions/home-write.js';

let base: string;
beforeAll(async () => {
  base = await tempDir('rt28-unlisted-');
});
afterAll(async () => {
  await removeDir(base);
});
const written = (rc: string, file: string): Promise<string> =>
  homeWritten(base, { files: { '.bashrc': `${rc}\n` } }, file, '#!/bin/sh\ntouch /tmp/pwn\n', { inHome: true });

describe('R28-1 CRITICAL: `.` on PATH obeys only a list of ~100 names', () => {
  test.each([
    ['export PATH=".:$PATH"', 'jq'],
    ['export PATH=".:$PATH"', 'clear'],
    ['export PATH=".:$PATH"', 'tree'],
    ['export PATH=".:$PATH"', 'dircolors'],
    ['export PATH=".:$PATH"', 'git-lfs'],
    ['export PATH=".:$PATH"', 'python3.12'],
    ['export PATH=":$PATH"', 'sub/jq'],
  ])('%j -> %s asks under --yes', async (rc, file) => {
    expect(await written(rc, file)).toBe('C241');
  }, 120_000);

  test('a sandboxed command leaves an executable ./jq: set aside, not applied', async () => {
    const script = '/bin/cp /bin/true jq; printf "#!/bin/sh\\ntouch /tmp/rt28-pwn\\n" > jq\n';
    const home = { files: { '.bashrc': 'export PATH=".:$PATH"\n' } };
    const result = await homeRun(base, home, { 'src/mk.txt': script }, ['exec', '/bin/sh src/mk.txt'], true, { inHome: true });
    const created = (result.json.data?.changes?.files ?? []).map((file: { path: string }) => file.path);
    expect(result.json.ok).toBe(true);
    expect(created).not.toContain('jq');
  }, 120_000);
});
