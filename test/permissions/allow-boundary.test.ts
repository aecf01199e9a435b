// An allow rule for the folder's tests (`@coder test .`, the rule the gate suggests for a plain `test`) also
// allowed `test --cmd ./x.sh`: the literal `.` was a prefix of the command line `./x.sh`. Allow rules now end
// at a word gap when their literal ends in a non-word character.
import { existsSync } from 'node:fs';
import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, runCli, tempDir } from '../helpers/fixture.js';

let root: string;
beforeAll(async () => {
  root = await tempDir('codeward-allow-boundary-');
  await writeFile(join(root, 'package.json'), JSON.stringify({ name: 't', private: true, scripts: { test: 'echo 1 passed' } }));
  await writeFile(join(root, 'x.sh'), `#!/bin/sh\ntouch "${join(root, 'PWNED')}"\n`);
  await chmod(join(root, 'x.sh'), 0o755);
});
afterAll(async () => removeDir(root));

describe('an allow rule for the project tests', () => {
  it('runs the detected tests and never a --cmd line that merely starts with the same characters', () => {
    const allowed = runCli(['-C', root, '--json', '--allow', '@coder test .', 'test'], { yes: false });
    expect(allowed.json).toMatchObject({ ok: true, data: { command: 'npm test' } });
    const planted = runCli(['-C', root, '--json', '--allow', '@coder test .', 'test', '--cmd', './x.sh'], { yes: false });
    expect(planted.json).toMatchObject({ ok: false, error: { code: 'C241' } });
    expect(existsSync(join(root, 'PWNED'))).toBe(false);
  });
});
