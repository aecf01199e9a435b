import { chmod } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

// A stand-in for tape's bin (the project's own node_modules/.bin/tape, which `npx tape` runs): it loads each
// file it is given and prints tape's TAP, with tape's YAML block for a failing deepEqual.
const TAPE_BIN = `#!/usr/bin/env node
const files = process.argv.slice(2);
let n = 0, pass = 0, fail = 0;
console.log('TAP version 13');
for (const file of files) {
  const cases = require(require('path').resolve(file));
  for (const [name, [got, want]] of Object.entries(cases)) {
    console.log('# ' + name);
    for (let i = 0; i < 20; i++) { n++; pass++; console.log('ok ' + n + ' should be equal'); }
    n++;
    if (JSON.stringify(got) === JSON.stringify(want)) { pass++; console.log('ok ' + n + ' should be deeply equivalent'); continue; }
    fail++;
    console.log('not ok ' + n + ' should be deeply equivalent');
    console.log('  ---\\n    operator: deepEqual\\n    expected: |-\\n      ' + JSON.stringify(want) + '\\n    actual: |-\\n      ' + JSON.stringify(got));
    console.log('    at: Test.<anonymous> (' + require('path').resolve(file) + ':3:12)');
    console.log('    stack: |-\\n      Error: should be deeply equivalent\\n          at Test.assert [as _assert] (' + process.cwd() + '/node_modules/tape/lib/test.js:548:48)\\n  ...');
  }
}
console.log('\\n1..' + n + '\\n# tests ' + n + '\\n# pass  ' + pass + (fail ? '\\n# fail  ' + fail : '\\n\\n# ok'));
process.exit(fail ? 1 : 0);
`;

// qs's layout: `npm test` runs `npm run tests-only`, which runs `nyc tape 'test/**/*.js'` (with lint around it).
const PROJECT = {
  'package.json': JSON.stringify({ name: 'q', version: '1.0.0', scripts: { pretest: 'npm run lint', test: 'npm run tests-only', 'tests-only': "nyc tape 'test/**/*.js'", lint: 'exit 0' } }),
  'package-lock.json': '{}',
  'node_modules/.bin/tape': TAPE_BIN,
  'test/parse.js': "module.exports = { 'parses arrays': [[1, 2], [1, 2]], 'limits depth with strictDepth': [{ a: 1 }, { a: 2 }] };\n",
  'test/stringify.js': "module.exports = { 'stringifies': ['a=1', 'a=1'] };\n",
};

let root: string;
beforeEach(async () => {
  root = await tempDir();
  await writeFiles(root, PROJECT);
  await chmod(join(root, 'node_modules/.bin/tape'), 0o755);
});
afterEach(async () => removeDir(root));

const cli = (...args: string[]) => runCli(['-C', root, '--yes', '--sandbox', 'off', 'test', ...args]);

describe('tape (issue 29: `--pattern strictDepth` ran `npm test -- strictDepth`, and tape\'s output was not reduced)', () => {
  it('a name runs tape on the files that mention it, and the failure is named with expected and actual', async () => {
    const result = cli('--pattern', 'strictDepth');
    expect(result.status).toBe(1);
    expect(result.stdout).toContain("$ npx tape $(grep -rlF --include='*.js' -- 'strictDepth' 'test' || echo no-test-file-mentions-the-pattern)");
    expect(result.stdout).toContain('41 passed, 1 failed');
    expect(result.stdout).toContain('✗ limits depth with strictDepth › should be deeply equivalent (test/parse.js:3)\n    operator: deepEqual\n    expected: {"a":2}\n    actual: {"a":1}');
    expect(result.stdout).not.toMatch(/^ok \d+/m);
    expect(result.stdout).not.toContain('node_modules/tape/lib');
    expect(result.stderr).toContain('tape has no test-name filter');
  });

  it('a file runs that file; a passing run is its counts, not its `ok` lines', async () => {
    const result = cli('--pattern', 'test/stringify.js');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^\$ npx tape 'test\/stringify\.js'\n/);
    expect(result.stdout).toContain('— 21 passed, 0 failed');
    expect(result.stdout).not.toMatch(/^ok \d+/m);
    expect(result.stdout.length).toBeLessThan(300);
  });

  it('a file name alone (the newcomer pass: --pattern num.js for test/num.js) runs the one file of that name', async () => {
    const result = cli('--pattern', 'stringify.js');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^\$ npx tape 'test\/stringify\.js'\n/);
    expect(result.stderr).toContain('--pattern stringify.js: no such file in .; ran test/stringify.js, the one file of that name');
  });

  it('a name no test file mentions fails and says so', async () => {
    const result = cli('--pattern', 'nowhere');
    expect(result.status).toBe(1);
    expect(`${result.stdout}${result.stderr}`).toContain('no-test-file-mentions-the-pattern');
  });
});
