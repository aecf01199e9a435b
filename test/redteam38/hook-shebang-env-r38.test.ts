// R38-b8 — MAJOR (write gate, Invariant 2; stop 61 LEFT "other env readers not folded into envCommand", made concrete)
// — what a hook runs is obeyed through the #! line of the script it runs (permissions/hook-native-loads.ts
// obeyShebang), but that reader splits env's words on blanks itself and does not read env -S's quoting and escapes
// (`"…"`, `'…'`, `\_`) as env does (shell/parse-wrappers.ts envSplit, which the line's and task-runner-shell.ts's
// readers use). `#!/usr/bin/env -S "tools/x"` runs tools/x, but the walk obeys a file literally named `"tools/x"`:
// tools/x (and bin/python3 under `-S "PATH=./bin" python3`) is written unasked under --yes, and the next
// `git commit` runs it outside any sandbox.
//
// Reproduction (integ 8bf2b72d; test/permissions/hook-check.ts checkHookRow: a git repository whose executable
// .git/hooks/pre-commit runs ./scripts/ci, the in-process engine under --yes writing the file):
//   scripts/ci = '#!/usr/bin/env -S "tools/x"\n: ok\n'          write tools/x    -> ok (written, unasked)
//   scripts/ci = "#!/usr/bin/env -S 'tools/x' -a\n: ok\n"        write tools/x    -> ok
//   scripts/ci = '#!/usr/bin/env -S "PATH=./bin" python3\n…'    write bin/python3 -> ok
//   scripts/ci = '#!/usr/bin/env -S\_tools/x\n…' / '-S A=1\_tools/x'  write tools/x -> ok
//   control (held): '#!/usr/bin/env -S tools/x' -> C241 (test/permissions/native-loads-r22.test.ts).
// Expected: C241 (obeyed), or the walk's "not modeled" (the tree asks).
// ONE place for the class fix: hook-native-loads.ts obeyShebang reads env's words with envCommand/envSplit (one env
// reader; returning the assignments too, see R38-b2), never its own split; what that reader cannot read is unmodeled.
import { chmod } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { writeFiles } from '../helpers/fixture.js';
import { checkHookRow, rowPlace } from '../permissions/hook-check.js';

const SOURCES = { 'package.json': '{"name":"w","version":"1.0.0"}\n', 'src/a.js': 'export const a = 1;\n', 'tools/keep': '' };
const place = rowPlace('cw-rt38b-hook-');
async function row(files: Record<string, string>, asks: string[], free: string[]): Promise<void> {
  const root = place.next();
  await writeFiles(root, files);
  await chmod(join(root, 'scripts/ci'), 0o755);
  await checkHookRow(root, place.home, { hook: './scripts/ci', files: SOURCES, asks, free, content: '// ok\n' });
}

describe('R38-b8 MAJOR: a hook script\'s #! env -S with quotes or escapes: the program it runs is not obeyed', () => {
  it.each([
    ['#!/usr/bin/env -S "tools/x"', 'tools/x'],
    ["#!/usr/bin/env -S 'tools/x' -a", 'tools/x'],
    ['#!/usr/bin/env -S "PATH=./bin" python3', 'bin/python3'],
    ['#!/usr/bin/env -S\\_tools/x', 'tools/x'],
    ['#!/usr/bin/env -S A=1\\_tools/x', 'tools/x'],
  ])('%s: writing %s asks', async (bang, file) => row({ 'scripts/ci': `${bang}\n: ok\n` }, [file], ['src/a.js']));
  it('control: #!/usr/bin/env -S tools/x: writing tools/x asks', async () => row({ 'scripts/ci': '#!/usr/bin/env -S tools/x\n: ok\n' }, ['tools/x'], ['src/a.js']));
});
