// Red team round 6, R6-1: rename-symbol writes files it finds as it runs (ctx.claim); they passed the jail,
// the write gate's catalogue and the staleness check, but never the user's rules, so `--deny '@coder * use.js'`
// refused a write or multipatch of use.js and not a rename that rewrote it. Every file a call claims for
// writing now passes the permission gate as if the call had named it.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir, writeFiles } from '../helpers/fixture.js';

const LIB = 'function helper() { return 1 }\nmodule.exports = { helper };\n';
const USE = 'const { helper } = require("./lib");\nhelper();\n';
let root: string;
let home: string;
beforeEach(async () => {
  root = await tempDir();
  home = await tempDir('codeward-home-');
  await writeFiles(root, { 'lib.js': LIB, 'use.js': USE });
});
afterEach(async () => {
  await removeDir(root);
  await removeDir(home);
});

const rename = (flags: readonly string[], options: { yes?: boolean } = {}) =>
  runCli(['--json', '-C', root, ...flags, 'rename-symbol', '--file', 'lib.js', '--symbol', 'helper', '--to', 'helperY', '--textual'], { env: { HOME: home }, ...options });

describe('files a call finds as it runs pass the user\'s rules', () => {
  it.each([['@coder * use.js'], ['@coder rename-symbol use.js']])('--deny %s refuses the rename with C240 and writes nothing', async (rule) => {
    const run = rename(['--deny', rule]);
    expect(run.json.error?.code, run.stdout).toBe('C240');
    expect(run.json.error?.message).toContain('use.js');
    expect(await readFile(join(root, 'use.js'), 'utf8')).toBe(USE);
    expect(await readFile(join(root, 'lib.js'), 'utf8')).toBe(LIB);
  });

  it('an ask rule on the other file asks (no one to ask: C241 naming it), though lib.js is allowed', async () => {
    const run = rename(['--allow', '@coder rename-symbol?--symbol helper --to helperY --textual .', '--allow', '@coder rename-symbol?--symbol helper --to helperY --textual lib.js', '--ask', '@coder * use.js'], { yes: false });
    expect(run.json.error?.code, run.stdout).toBe('C241');
    expect(run.json.error?.message).toContain('use.js');
    expect(await readFile(join(root, 'use.js'), 'utf8')).toBe(USE);
  });

  it('without rules on them, both files are renamed under --yes', async () => {
    const run = rename([]);
    expect(run.json.ok, run.stdout).toBe(true);
    expect(await readFile(join(root, 'use.js'), 'utf8')).toContain('helperY();');
    expect(await readFile(join(root, 'lib.js'), 'utf8')).toContain('function helperY()');
  });
});
