// Red team round 17, R17-8, and envrc.md "Left or doubtful" 1 (issue 26): direnv runs an `.envrc` on every `cd`, so
// `make env` in it runs the Makefile's `env` recipe in the person's shell. That line made the whole work tree obeyed
// (every write asked); it is now walked by the hook-line walker (obeyed-hooks.ts linesReached) in the folder it
// runs in: what the task runs asks, an ordinary file stays free, and a line the walker cannot follow still makes
// the whole tree obeyed. Through the real binary under --yes, also for a subfolder workspace whose enclosing
// repository holds the `.envrc`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { cliWritten } from './cli-write.js';

let base: string;
beforeAll(async () => {
  base = await tempDir('cw-envrc-tasks-');
});
afterAll(async () => removeDir(base));

const written = (files: Record<string, string>, file: string, sub?: string): Promise<string> => cliWritten(base, files, file, sub);
const MAKE = { '.envrc': 'make env\n', Makefile: 'env:\n\tsh tools/e.sh\n' };

describe('an .envrc task runner is walked: what the task runs asks, the rest stays free', () => {
  it.each([
    ['make env (the red team\'s row)', MAKE, 'tools/e.sh'],
    ['make env: the Makefile itself', MAKE, 'Makefile'],
    ['npm run env', { '.envrc': 'npm run env\n', 'package.json': '{"scripts":{"env":"node tools/v.js"}}\n' }, 'tools/v.js'],
    ['just env', { '.envrc': 'just env\n', justfile: 'env:\n    sh tools/j.sh\n' }, 'tools/j.sh'],
    ['cd pkg && make env (run in pkg)', { '.envrc': 'cd pkg && make env\n', 'pkg/Makefile': 'env:\n\tsh ../tools/e.sh\n' }, 'tools/e.sh'],
    ['a nested pkg/.envrc', { 'pkg/.envrc': 'make env\n', 'pkg/Makefile': 'env:\n\tsh tools/e.sh\n' }, 'pkg/tools/e.sh'],
  ])('%s: %s asks', async (_name, files, file) => {
    expect(await written(files, file)).toBe('C241');
  });

  it('an ordinary file stays free (the whole tree is not obeyed)', async () => {
    expect(await written(MAKE, 'src/a.ts')).toBe('ok');
    expect(await written({ '.envrc': 'npm run env\n', 'package.json': '{"scripts":{"env":"node tools/v.js"}}\n' }, 'src/a.ts')).toBe('ok');
  });

  it('a subfolder workspace: the enclosing repository\'s .envrc and Makefile are walked', async () => {
    const outer = { '.envrc': 'make env\n', Makefile: 'env:\n\tsh sub/tools/e.sh\n' };
    expect(await written(outer, 'tools/e.sh', 'sub')).toBe('C241');
    expect(await written(outer, 'src/a.ts', 'sub')).toBe('ok');
  });

  it.each([
    ['a runner the walker does not model', 'cargo make env\n'],
    ['a target only known at run time', 'make $T\n'],
    ['a cd to a folder only known at run time', 'cd "$X"\nmake env\n'],
    ['a recipe running a program the walker does not model', 'make other\n'],
  ])('%s: the whole tree asks', async (_name, envrc) => {
    expect(await written({ '.envrc': envrc, Makefile: 'env:\n\tsh tools/e.sh\nother:\n\tmytool run\n' }, 'src/a.ts')).toBe('C241');
  });
});
