// Red team R9-12: toolchain folders were shown whole in the sandbox, so a person's script in ~/.local/bin (or a
// PATH folder of the home) carrying `export GITHUB_TOKEN=ghp_...` was printed by a sandboxed `cat`. A shown
// `bin` folder's files that look secret (the config copies' check) are hidden whole; programs stay.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ViewCache } from '../../src/sandbox/view-cache.js';
import { ToolchainSecrets } from '../../src/sandbox/view.js';
import { SCRIPT_MAX_BYTES, secretScripts } from '../../src/sandbox/secret-scripts.js';
import type { ShownPath } from '../../src/sandbox/policy.js';
import { DEFAULT_NON_ACCESSIBLE_GLOBS } from '../../src/workspace/types.js';
import { removeDir, tempDir, writeFiles } from '../helpers/fixture.js';

let home: string;
beforeAll(async () => {
  home = await tempDir('cw-secret-scripts-');
  await writeFiles(home, {
    '.local/bin/deploy': '#!/bin/sh\nexport GITHUB_TOKEN=ghp_LOCALBIN_SCRIPT_SECRET\n',
    '.local/bin/curl-api': '#!/bin/sh\ncurl -H "Authorization: Bearer abc" https://api.example\n',
    '.local/bin/tool': '#!/usr/bin/env python3\nimport sys\nprint(sys.argv)\n',
    '.local/bin/big': `#!/bin/sh\n${'#'.repeat(SCRIPT_MAX_BYTES)}\nTOKEN=never-read\n`,
    'bin/push': '#!/bin/sh\nexport NPM_TOKEN=npm_PATHFOLDER_SECRET\n',
    'bin/ok': '#!/bin/sh\necho ok\n',
  });
  writeFileSync(join(home, '.local/bin/native'), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0x41, 0x3d, 0x31, 0x0a]));
});
afterAll(async () => removeDir(home));

const names = (paths: readonly string[]): string[] => paths.map((path) => path.slice(home.length + 1)).sort();

describe('secret-looking scripts in a shown bin folder', () => {
  it('are found by the check the config copies use; programs, binaries and oversized files are not', () => {
    expect(names(secretScripts(join(home, '.local/bin')))).toEqual(['.local/bin/curl-api', '.local/bin/deploy']);
  });

  it('are hidden in the view: a toolchain bin folder and a PATH folder of the home; an edit after a cached walk is seen', async () => {
    const shown: ShownPath[] = [{ path: join(home, '.local/bin'), scan: true, toolchain: true }, { path: join(home, 'bin'), scan: true }];
    const secrets = new ToolchainSecrets(DEFAULT_NON_ACCESSIBLE_GLOBS);
    expect(names(secrets.find(shown).map((entry) => entry.path))).toEqual(['.local/bin/curl-api', '.local/bin/deploy', 'bin/push']);
    const state = await tempDir('cw-secret-scripts-state-');
    const cache = new ViewCache(join(state, 'view-cache.json'));
    cache.find('t', 'k', (log) => secrets.find(shown, log));
    writeFileSync(join(home, 'bin/ok'), '#!/bin/sh\nexport API_KEY=sk_later\n');
    expect(names(cache.find('t', 'k', (log) => secrets.find(shown, log)).map((entry) => entry.path))).toContain('bin/ok');
    await removeDir(state);
  });
});
