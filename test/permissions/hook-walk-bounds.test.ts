// Red team round 15, R15-8/R15-9 (issue 26): every bound of the hook walk stopped READING and went on as if
// nothing lay past it: a 17th makefile, an npm script chain five deep, a 17th make target, a Makefile or
// package.json over 256 KiB, an eslint `extends` chain five deep, a node script's 65th module. The code past the
// bound ran at the next commit, written unasked. A bound now fails closed: the walk is unmodeled (the
// runner-kind fallback), naming the bound. Real repositories with an executable pre-commit hook.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, tempDir } from '../helpers/fixture.js';
import { hookVerdict } from './hook-check.js';

let base: string;
beforeAll(async () => {
  base = await tempDir('cw-bounds-');
});
afterAll(async () => removeDir(base));

let count = 0;
const reached = async (hook: string, files: Record<string, string>): ReturnType<typeof hookVerdict> => hookVerdict(join(base, `r${++count}`), hook, files);
const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1);

// An npm script chain `n` deep: test -> s1 -> s2 … each `npm run sN+1`.
const chain = (n: number): Record<string, string> => ({
  'package.json': JSON.stringify({ scripts: { test: 'npm run s1', ...Object.fromEntries(range(n).map((i) => [`s${i}`, i === n ? 'node tools/last.js' : `npm run s${i + 1}`])) } }),
  'tools/last.js': '',
});

describe('a bound of the hook walk fails closed', () => {
  it.each([
    ['a 17th makefile', 'make test', Object.fromEntries([['Makefile', `${range(18).map((i) => `include m${i}.mk`).join('\n')}\ntest:\n\techo ok\n`], ...range(18).map((i) => [`m${i}.mk`, `X${i} = ${i}\n`])]), 'more than 16 makefiles'],
    ['a 17th make target', 'make test', { Makefile: `test: ${range(20).map((i) => `t${i}`).join(' ')}\n${range(20).map((i) => `t${i}:\n\techo ${i}\n`).join('')}` }, 'more than 16 targets'],
    ['a Makefile over 256 KiB', 'make test', { Makefile: `# ${'x'.repeat(300 * 1024)}\ntest:\n\tsh tools/t.sh\n` }, 'larger than 256 KiB'],
    ['an npm script chain eight deep', 'npm test', chain(8), 'levels deep'],
    ['a node script loading 70 modules', 'node s/m1.js', Object.fromEntries(range(70).map((i) => [`s/m${i}.js`, i === 70 ? '' : `require('./m${i + 1}.js');\n`])), 'more than 64 modules'],
    ['an eslint extends chain seven deep', 'npx eslint .', Object.fromEntries([['.eslintrc.json', JSON.stringify({ extends: ['./c/e1.json'] })], ...range(7).map((i) => [`c/e${i}.json`, JSON.stringify(i === 7 ? {} : { extends: [`./e${i + 1}.json`] })])]), 'configurations deep'],
  ])('%s', async (_label, hook, files, why) => {
    const found = await reached(hook, files);
    expect(found.unmodeled).toContain(why);
  });

  it('a walk inside every bound stays modelled', async () => {
    const found = await reached('npm test', chain(2));
    expect(found.unmodeled).toBeUndefined();
    expect(found.files).toContain(join(found.root, 'tools/last.js'));
  });
});
